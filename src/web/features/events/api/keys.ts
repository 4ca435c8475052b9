export const eventKeys = {
  all: ['events'] as const,
  recent: () => [...eventKeys.all, 'recent'] as const,
};
