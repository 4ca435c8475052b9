/** The ids one `where … in (…)` binds at most: SQLite bounds a statement's variables, PostgreSQL its parameters. */
export const IN_CHUNK = 500;

/**
 * The rows `read` gives for every id, in statements of IN_CHUNK ids at most (a page of a list,
 * a round of every open claim, a pass over the whole organization).
 */
export async function inChunks<R>(ids: readonly string[], read: (chunk: string[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < ids.length; i += IN_CHUNK) out.push(...(await read(ids.slice(i, i + IN_CHUNK))));
  return out;
}
