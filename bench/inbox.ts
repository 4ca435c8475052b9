/**
 * The work inbox (GET /api/inbox) at 500 projects and 100 claims, for `npm run bench`: timed with an
 * empty cache, cached, after a change to one claim and once stale.
 */

/** The inbox's cache lifetime the bench's servers run with (INBOX_CACHE_MS). */
export const INBOX_TTL_MS = 2_000;

/** Times GET /api/inbox: first (every read), cached, after a change to one claim, after the cache expired. */
export async function measureInbox(base: string, headers: Record<string, string>) {
  const timed = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/inbox`, { headers });
    const body = (await res.json()) as {
      lines: { area: string; claimId?: string }[];
      total: number;
      areas: { claims: number; projects: number };
    };
    if (res.status !== 200) throw new Error(`inbox answered ${res.status}`);
    return { ms: Math.round(performance.now() - t0), body };
  };
  // the server reads the partner once at start (its warm-up); wait until what it read is too old
  // even to be answered stale (5 x the TTL), so the first figure is every read again
  await new Promise((r) => setTimeout(r, INBOX_TTL_MS * 5 + 1000));
  const first = await timed();
  const warm: number[] = [];
  for (let i = 0; i < 20; i++) warm.push((await timed()).ms);
  warm.sort((a, b) => a - b);
  const claimId = first.body.lines.find((l) => l.area === 'claim')?.claimId;
  await fetch(`${base}/api/v1/claims/${claimId}/payments`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 10, applyDate: new Date().toISOString().slice(0, 10) }),
  });
  const afterChange = await timed();
  await new Promise((r) => setTimeout(r, INBOX_TTL_MS + 500));
  const expired = await timed();
  return {
    items: `${first.body.areas.claims} claim lines, ${first.body.areas.projects} project lines, ${first.body.lines.length} on the first page`,
    cold: first.ms,
    warm: { median: warm[10] ?? 0, max: warm.at(-1) ?? 0 },
    afterChange: afterChange.ms,
    expired: expired.ms,
  };
}
