import { http, HttpResponse } from 'msw';
import type { FollowState } from '../../contract/follows.js';

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
