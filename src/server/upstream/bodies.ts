import type { z } from 'zod';
import { OPERATION_BODIES } from '../../contract/bodies.js';
import type { OperationId } from '../../contract/paths.js';

/** The contract schema each JSON operation's body must satisfy before it is forwarded. */
export const BODY_SCHEMAS: Partial<Record<OperationId, (today: string) => z.ZodType>> = OPERATION_BODIES;
