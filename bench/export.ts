/** A CSV export of 10,000 projects, for `npm run bench`: first byte, whole file and the server's memory. */
import { peakDuring, rss, startLive } from './support/live.js';

/**
 * A CSV export of 10,000 projects: a sandbox seeded with them and a server in front; times the
 * first byte and the whole file, and samples the server's memory while it streams.
 */
export async function measureExport(workDir: string, users: string) {
  const live = await startLive(workDir, 'export', users, { SANDBOX_SEED_PROJECTS: '10000' });
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const before = rss(live.pid);
    const t0 = performance.now();
    const { result, peak } = await peakDuring(live.pid, async () => {
      const res = await fetch(`${live.base}/api/exports/projects.csv?lang=fr`, {
        headers: { cookie: live.headers.cookie, 'accept-encoding': 'identity' },
      });
      const firstByte = Math.round(performance.now() - t0);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body ?? []) {
        bytes += (chunk as Uint8Array).length;
        for (const b of chunk as Uint8Array) if (b === 10) lines++;
      }
      return { firstByte, bytes, rows: lines - 1, status: res.status };
    });
    return { ...result, total: Math.round(performance.now() - t0), growth: peak - before };
  } finally {
    live.stop();
  }
}
