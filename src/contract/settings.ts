import { z } from 'zod';
import { LegalInfoSchema } from './claims.js';
import { TimestampSchema } from './common.js';

/**
 * The organization's declarant details (GET and PUT /api/settings/declarant): the legal
 * information a claim is declared with (the claim creation body's `legalInfo`), typed once by a
 * manager, kept by the dashboard server and offered on every new claim (editable there).
 */
export const DeclarantBodySchema = z.object({ legalInfo: LegalInfoSchema });
export type DeclarantBody = z.infer<typeof DeclarantBodySchema>;

export const DeclarantSchema = z.object({
  /** Null until a manager saves them. */
  legalInfo: LegalInfoSchema.nullable(),
  updatedAt: TimestampSchema.nullable(),
  /** Name of the manager who saved them last. */
  updatedBy: z.string().nullable(),
});
export type Declarant = z.infer<typeof DeclarantSchema>;
