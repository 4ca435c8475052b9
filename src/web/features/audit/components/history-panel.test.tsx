import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../../contract/audit.js';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { HistoryPanel } from './history-panel.js';

const declared: AuditRecord = {
  seq: 7,
  at: '2026-12-07T15:12:57.000Z',
  actorId: 'staff@demo-agency.fr',
  actorName: 'Samuel Staff',
  actorRole: 'staff',
  operation: 'addRentalDebt',
  projectId: null,
  claimId: CLAIM_ID,
  tenant: 'Léa Martin',
  details: { month: '2026-04', rentAmount: 780 },
  result: 'success',
  status: 201,
  requestId: 'r1',
  address: '127.0.0.1',
};

describe('a file’s history', () => {
  it('says what was done in the trail’s words, and in sandbox mode that its times are the real ones', async () => {
    server.use(http.get('/api/audit/history', () => HttpResponse.json({ items: [declared], total: 1, page: 1, pageSize: 100 })));
    const view = await renderApp(<HistoryPanel on={{ claimId: CLAIM_ID }} realTime />);
    expect(await screen.findByText(/^Mois d’avril 2026 déclaré \(780,00\s€\) par Samuel Staff le 7 décembre 2026 à /)).toBeInTheDocument();
    expect(screen.getByText(/^Heures réelles : /)).toBeInTheDocument();
    view.unmount();
    await renderApp(<HistoryPanel on={{ claimId: CLAIM_ID }} />, { lang: 'en' });
    expect(
      await screen.findByText(/^Month of April 2026 declared \(€780\.00\) by Samuel Staff on 7 December 2026 at /),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Real times: /)).toBeNull();
  });
});
