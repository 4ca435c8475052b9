import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { pick, typeDate } from '../../../test/form-helpers.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { AuditFilters } from './audit-filters.js';

describe('AuditFilters', () => {
  it('filters by a person, an operation and a period, each back to the first page, and "all" lifts a filter', async () => {
    server.use(http.get('/api/audit/actors', () => HttpResponse.json({ items: [{ id: 'staff@demo.fr', name: 'Samuel Staff' }] })));
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderApp(<AuditFilters filter={{ operation: 'createClaim' }} onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: 'Opération' })).toHaveTextContent('Sinistre ouvert');
    await user.click(screen.getByRole('combobox', { name: 'Personne' }));
    await user.click(await screen.findByRole('option', { name: 'Samuel Staff' }));
    expect(onChange).toHaveBeenLastCalledWith({ actor: 'staff@demo.fr', page: null });
    await pick(user, 'Opération', 'Toutes');
    expect(onChange).toHaveBeenLastCalledWith({ operation: null, page: null });
    await typeDate(user, 'Au', '30042026');
    expect(onChange).toHaveBeenLastCalledWith({ to: '2026-04-30', page: null });
  });
});
