import type { z } from 'zod';
import { OPERATION_BODIES } from '../../contract/bodies.js';
import type { OperationId } from '../../contract/paths.js';

/**
 * The contract schema each JSON operation's body must satisfy before it is forwarded, with the
 * partner's "today" and, for the writes bound to a lease (a claim, a tenant payment), its start.
 */
export const BODY_SCHEMAS: Partial<Record<OperationId, (today: string, leaseStart?: string | null) => z.ZodType>> = OPERATION_BODIES;
