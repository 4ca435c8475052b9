/** The months of a claim's chart: at most `max`, the latest ones, unless none of those was declared. */
export interface ChartWindow<T> {
  months: T[];
  /** The window stops at the last declared month: the months after it are not declared yet. */
  endsAtLastDeclared: boolean;
}

/**
 * A claim can span years with only its first months declared: the latest `max` months would all
 * be empty while "still due" shows an amount. Then the window ends at the last declared month, so
 * what is due is always drawn.
 */
export function chartWindow<T extends { declared: boolean }>(all: readonly T[], max: number): ChartWindow<T> {
  const latest = all.slice(-max);
  if (latest.some((m) => m.declared)) return { months: latest, endsAtLastDeclared: false };
  const last = all.findLastIndex((m) => m.declared);
  if (last < 0) return { months: latest, endsAtLastDeclared: false };
  return { months: all.slice(Math.max(0, last + 1 - max), last + 1), endsAtLastDeclared: true };
}
