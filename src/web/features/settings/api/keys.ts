/** Query keys of the organization's settings: area → kind. */
export const settingsKeys = {
  all: ['settings'] as const,
  declarant: () => [...settingsKeys.all, 'declarant'] as const,
};
