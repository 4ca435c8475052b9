import type { z } from 'zod';
import type { ProjectCreateBodySchema } from '../../../../contract/projects.js';

/** What the project form holds: the contract body's input type. */
export type ProjectFormValues = z.input<typeof ProjectCreateBodySchema>;
