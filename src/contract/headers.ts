/** The header the SPA sends on every state-changing request (with the session's token). */
export const CSRF_HEADER = 'x-csrf-token';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** On every /api answer to a signed-in request: the role the server read for it (a change shows at once). */
export const SESSION_ROLE_HEADER = 'x-session-role';
/** On a write: the browser's id for it, which the live events that report its result carry back (events/causes.ts). */
export const WRITE_ID_HEADER = 'x-write-id';
