// @vitest-environment node
import { matchQuery, QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PartnerEvent } from '../../contract/session.js';
import { claimKeys } from '../features/claims/api/keys.js';
import { eventKeys } from '../features/events/api/keys.js';
import { projectKeys } from '../features/projects/api/keys.js';
import { roundKeys } from '../features/round/api/get-round.js';
import { inboxKeys } from '../lib/query-keys.js';
import { affectedKeys } from './affected-keys.js';

const event = (type: string, data: Record<string, unknown>): PartnerEvent => ({
  seq: 1,
  id: 'e',
  type,
  createdAt: '',
  receivedAt: '',
  data,
  own: false,
  write: null,
});

/**
 * Whether an event refreshes a query the app reads, as invalidateQueries decides it (by prefix),
 * for keys made by the features' own factories: a key renamed in a factory fails here.
 */
function refreshes(e: PartnerEvent, queryKey: QueryKey): boolean {
  const client = new QueryClient();
  const query = client.getQueryCache().build(client, { queryKey });
  return affectedKeys(e).some((prefix) => matchQuery({ queryKey: prefix }, query));
}

const READS = {
  claim: claimKeys.claim('c1'),
  debts: claimKeys.debts('c1'),
  pending: claimKeys.pending('c1'),
  payments: claimKeys.payments('c1'),
  stats: claimKeys.stats('c1'),
  claimDocuments: claimKeys.required('c1'),
  files: claimKeys.files('c1'),
  claimList: claimKeys.list({ page: 1, status: [10] }),
  otherClaim: claimKeys.debts('c2'),
  project: projectKeys.detail('p1'),
  projectDocuments: projectKeys.documents('p1'),
  projectPayment: projectKeys.payment('p1'),
  projectList: projectKeys.list({ search: 'Martin' }),
  otherProject: projectKeys.detail('p2'),
  inbox: inboxKeys.list({ kind: 'claim.months' }),
  events: eventKeys.recent(),
  roundCount: roundKeys.summary,
  round: roundKeys.all,
} as const;

const refreshed = (e: PartnerEvent) => (Object.keys(READS) as (keyof typeof READS)[]).filter((k) => refreshes(e, READS[k]));

describe('affectedKeys: what a partner event refreshes, against the key factories', () => {
  it('a project event: that project (all it reads), the project lists, the inbox and the event log', () => {
    expect(refreshed(event('project.updated', { projectId: 'p1' }))).toEqual([
      'project',
      'projectDocuments',
      'projectPayment',
      'projectList',
      'inbox',
      'events',
    ]);
  });

  it("a claim or month event: that claim (all its workspace reads), the claim lists, the inbox, the log and the round's count (not the round); no project", () => {
    for (const type of ['claim.updated', 'rental_debt.created', 'rental_debt.receipt.signed'])
      expect(refreshed(event(type, { claimId: 'c1', projectId: 'p1' })), type).toEqual([
        'claim',
        'debts',
        'pending',
        'payments',
        'stats',
        'claimDocuments',
        'files',
        'claimList',
        'inbox',
        'events',
        'roundCount',
      ]);
  });

  it('a new claim also refreshes its project (whose page says it has an active claim)', () => {
    expect(refreshed(event('claim.created', { claimId: 'c1', projectId: 'p1' }))).toContain('project');
  });

  it('an event without ids or of an unknown type refreshes the lists it can, never another item', () => {
    expect(refreshed(event('project.updated', {}))).toEqual(['projectList', 'inbox', 'events']);
    expect(refreshed(event('something.else', { claimId: 'c1' }))).toEqual(['inbox', 'events']);
  });
});
