/** Query keys of the signed-in user's own account and of the links' page: area → kind. */
export const accountKeys = {
  all: ['account'] as const,
  link: (token: string) => [...accountKeys.all, 'link', token] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};
