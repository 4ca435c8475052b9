import { http, HttpResponse } from 'msw';
import type { FollowState, Notification } from '../../contract/follows.js';
import { CLAIM_ID } from './fixtures.js';

/**
 * What the dashboard server answers about following, for the tests of pages that show it beside
 * what they test: a file nobody follows with nothing new, the visit recorded, nothing unread.
 */
export const quietFollows = (over: Partial<FollowState> = {}) => {
  const state: FollowState = { following: false, reason: null, lastVisitAt: null, sinceLastVisit: [], ...over };
  return [
    http.get('/api/follows/:kind/:id', () => HttpResponse.json(state)),
    http.post('/api/follows/:kind/:id/visit', () => HttpResponse.json(state)),
    http.get('/api/notifications/unread', () => HttpResponse.json({ unread: 0 })),
  ];
};

/** A notification about the fixtures' claim (a payment Samuel Staff recorded, unread), changed by `over`. */
export const notificationFixture = (over: Partial<Notification> & Pick<Notification, 'id'>): Notification => ({
  kind: 'payment.recorded',
  file: { kind: 'claim', id: CLAIM_ID, label: 'Sarah Leroy' },
  params: { amount: 200, date: '2026-12-03' },
  actor: 'Samuel Staff',
  createdAt: '2026-12-04T09:30:00.000Z',
  readAt: null,
  ...over,
});
