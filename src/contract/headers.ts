/** The header the SPA sends on every state-changing request (with the session's token). */
export const CSRF_HEADER = 'x-csrf-token';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
