/** The query string of a list (a repeated status as ?status=a&status=b; what is unset left out). */
export function listSearch(q: object): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    for (const x of Array.isArray(v) ? (v as unknown[]) : [v]) p.append(k, String(x));
  }
  return p.toString();
}
