// No zod here: the app's first load (session-tabs.ts, the sign-in page) reads it without the schemas.

/**
 * Where to go back after signing in: a path of this site only (never `//host` or `/\host`, which
 * browsers read as another site), without control characters, at most 2,000 characters.
 */
export function isReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 2000 &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    !/\p{Cc}/u.test(value)
  );
}
