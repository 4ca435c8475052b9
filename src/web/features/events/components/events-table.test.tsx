import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PartnerEvent } from '../../../../contract/session.js';
import { PROJECT_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { EventsTable } from './events-table.js';

const event = (type: string, data: Record<string, unknown>): PartnerEvent => ({
  seq: 1,
  id: `${type}-${JSON.stringify(data)}`,
  type,
  createdAt: '2026-11-20T08:13:00.000Z',
  receivedAt: '2026-11-20T08:13:01.000Z',
  data,
  own: false,
  write: null,
});

describe('EventsTable', () => {
  it('names each event in the UI language (no partner code), says what changed and whom it is about', async () => {
    await renderApp(
      <EventsTable
        events={[
          event('rental_debt.updated', { claimId: 'c-1', rentDueDate: '2026-10-05' }),
          event('project.updated', { projectId: PROJECT_ID, status: 4, previousStatus: 3 }),
          event('project.updated', { projectId: 'p-unknown', status: 1, documentAdded: 'd-1' }),
        ]}
        nameOf={(kind, id) => (kind === 'project' && id === PROJECT_ID ? 'Łukasz Nguyễn' : null)}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [debt, project, doc] = rows.map((r) => within(r).getAllByRole('cell'));
    expect(debt?.[1]).toHaveTextContent(/^Mois de loyer$/);
    expect(debt?.[2]).toHaveTextContent('Mois de loyer mis à jour : octobre 2026');
    expect(project?.[1]).toHaveTextContent(/^Projet$/);
    expect(project?.[2]).toHaveTextContent(/^Projet mis à jour : /);
    expect(within(project?.[3] as HTMLElement).getByRole('link')).toHaveTextContent('Projet de Łukasz Nguyễn');
    expect(doc?.[2]).toHaveTextContent('Projet mis à jour : document déposé');
    expect(within(doc?.[3] as HTMLElement).getByRole('link')).toHaveTextContent('Le projet');
    expect(screen.queryByText(/rental_debt\.|project\.updated/)).toBeNull();
  });
});
