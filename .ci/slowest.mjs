// The ten slowest test files of one runner, from its JSON report: node .ci/slowest.mjs vitest|playwright report.json
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [kind, file] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const byFile = new Map();
const add = (name, ms) => byFile.set(name, (byFile.get(name) ?? 0) + ms);

if (kind === 'vitest') {
  for (const r of report.testResults ?? []) add(relative(process.cwd(), r.name), (r.endTime ?? 0) - (r.startTime ?? 0));
} else {
  const walk = (suite, fileName) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) add(spec.file ?? fileName, r.duration ?? 0);
    for (const s of suite.suites ?? []) walk(s, s.file ?? fileName);
  };
  for (const s of report.suites ?? []) walk(s, s.file);
}
const rows = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
for (const [name, ms] of rows) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
