import type { ProjectStatus } from '../../../contract/enums.js';

export type Actor = 'agency' | 'manager' | 'tenant' | 'owner' | 'none';

/** Who must act for a project in each status (the lifecycle of spec 3.3). */
export const PROJECT_ACTOR: Record<ProjectStatus, Actor> = {
  0: 'agency',
  1: 'manager',
  2: 'agency',
  3: 'manager',
  4: 'tenant',
  5: 'tenant',
  6: 'owner',
  7: 'none',
  9: 'agency',
  12: 'none',
  13: 'none',
  14: 'none',
};
