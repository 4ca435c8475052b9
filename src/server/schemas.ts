import { ErrorEnvelopeSchema } from '../contract/errors.js';

/** What every route answers on failure (documented in the OpenAPI description; one error handler sends it). */
export const ERROR_RESPONSES = { '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema } as const;
