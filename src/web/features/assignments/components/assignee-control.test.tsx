import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../contract/session.js';
import { i18n } from '../../../lib/i18n.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { server } from '../../../test/server.js';
import { AssigneeControl } from './assignee-control.js';

const ID = '3f2b6c1e-8a4d-4e2f-9b1a-5c6d7e8f9a0b';
const COLLEAGUES = {
  me: 'u-staff',
  colleagues: [
    { id: 'u-manager', name: 'Marion Manager' },
    { id: 'u-staff', name: 'Samuel Staff' },
  ],
};
const none = { assignee: null, assignedBy: null, assignedAt: null };

function setup(role: Role, lang = 'fr', initial: Record<string, unknown> = none) {
  const sent: unknown[] = [];
  let current: Record<string, unknown> = initial;
  server.use(
    http.get('/api/colleagues', () => HttpResponse.json(COLLEAGUES)),
    http.get(`/api/assignments/claim/${ID}`, () => HttpResponse.json(current)),
    http.put(`/api/assignments/claim/${ID}`, async ({ request }) => {
      const body = (await request.json()) as { userId: string | null };
      sent.push(body);
      if (body.userId === 'u-manager')
        return HttpResponse.json(
          { code: 'ASSIGNEE_INVALID', message: 'raw', requestId: 'r1' },
          { status: 400, headers: { 'x-request-id': 'r1' } },
        );
      const who = COLLEAGUES.colleagues.find((c) => c.id === body.userId) ?? null;
      current = who ? { assignee: who, assignedBy: { id: 'u-staff', name: 'Samuel Staff' }, assignedAt: '2026-06-15T10:00:00.000Z' } : none;
      return HttpResponse.json(current);
    }),
  );
  void i18n.changeLanguage(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <AssigneeControl kind="claim" id={ID} role={role} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { sent };
}

describe('AssigneeControl (“Suivi par / Looked after by”)', () => {
  it('draws its label above the choice shown, “Personne” included (not over it)', async () => {
    setup('staff');
    const select = await screen.findByLabelText('Suivi par');
    expect(select).toHaveValue('');
    // MUI's mark of a label moved up out of the field (else it sits on the option shown)
    expect(document.querySelector(`label[for="${select.id}"]`)).toHaveAttribute('data-shrink', 'true');
  });

  it('lets staff take the file themselves, then give it to nobody, saying what was saved', async () => {
    const { sent } = setup('staff');
    const select = await screen.findByLabelText('Suivi par');
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Moi (Samuel Staff)' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Moi (Samuel Staff)');
    expect(await screen.findByText('Suivi par Samuel Staff.')).toBeInTheDocument();
    expect(select).toHaveValue('u-staff');
    await userEvent.selectOptions(select, 'Personne');
    expect(await screen.findByText('Plus personne ne suit ce dossier.')).toBeInTheDocument();
    expect(sent).toEqual([{ userId: 'u-staff' }, { userId: null }]);
  });

  it('shows a refusal in words and keeps the saved choice', async () => {
    setup('manager', 'en');
    const select = await screen.findByLabelText('Looked after by');
    await userEvent.selectOptions(select, 'Marion Manager');
    expect(await screen.findByText(/This colleague cannot look after this file/)).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue(''));
  });

  it('shows intermediaries who looks after it, with no control', async () => {
    setup('intermediary', 'en', {
      assignee: { id: 'u-manager', name: 'Marion Manager' },
      assignedBy: { id: 'u-staff', name: 'Samuel Staff' },
      assignedAt: '2026-06-15T10:00:00.000Z',
    });
    expect(await screen.findByText('Looked after by: Marion Manager')).toBeInTheDocument();
    expect(screen.getByText(/assigned by Samuel Staff/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
