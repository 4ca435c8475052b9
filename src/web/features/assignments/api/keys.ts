import type { AssignedKind } from '../../../../contract/assignments.js';

/** Query keys of who looks after a file, and of the colleagues one may choose: area → kind → params. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  colleagues: () => [...assignmentKeys.all, 'colleagues'] as const,
  of: (kind: AssignedKind, id: string) => [...assignmentKeys.all, 'of', kind, id.toLowerCase()] as const,
};
