import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';
import { RuleRefSchema } from './rules.js';

export * from './error-codes.js';

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * One refused value: where, the API's English, and the rule (key and parameters, rules.ts) the
 * message renders, which clients use to say it in their own language.
 */
export const ErrorDetailSchema = z.object({ path: z.string(), message: z.string(), rule: RuleRefSchema.optional() });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** The error body of the sandbox and of the dashboard server (sandbox contract, "Errors"). */
export const ErrorEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
  details: z.array(ErrorDetailSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
