/** How the benchmarks summarize and date their figures. */
import { execFileSync } from 'node:child_process';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** The machine's load average now (uptime): printed beside every figure of a shared machine. */
export const loadAverage = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .replace(/^.*load average:\s*/, '')
    .trim();
