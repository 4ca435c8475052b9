/**
 * npm run build:server — compiles the dashboard server, the sandbox (which the server starts in
 * sandbox mode), `db:migrate`, `audit:verify`, `backup`, `restore` and `user:add` to plain JavaScript in build/ (or `--outdir <dir>`:
 * the tests compile into a folder of their own, inside the checkout so packages resolve), so production runs `node` alone:
 * no tsx, no TypeScript, no dev dependency. Type checking stays `npm run typecheck` (tsc); this
 * only strips types and bundles our own modules (packages stay imports of node_modules).
 * It fails when the compiled code imports a package that is not in `dependencies` (an image
 * installed with `npm ci --omit=dev` would not start).
 */
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : 'build';
if (!outdir) throw new Error('--outdir needs a folder');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    'server/main': 'src/server/main.ts',
    'server/migrate': 'src/server/db/migrate-main.ts',
    'server/audit-verify': 'src/server/audit/audit-verify-main.ts',
    'server/backup': 'src/server/backup/backup-main.ts',
    'server/restore': 'src/server/backup/restore-main.ts',
    'sandbox/main': 'src/sandbox/main.ts',
    'scripts/user-add': 'scripts/user-add.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
});

const builtins = new Set(builtinModules);
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const imported = new Set();
for (const output of Object.values(result.metafile.outputs))
  for (const i of output.imports) if (i.external && !i.path.startsWith('node:') && !builtins.has(i.path)) imported.add(packageOf(i.path));
const missing = [...imported].filter((p) => !(p in (pkg.dependencies ?? {})));
if (missing.length) {
  console.error(
    `The server imports packages that are not in "dependencies" (npm ci --omit=dev would not install them): ${missing.join(', ')}`,
  );
  process.exit(1);
}
console.log(
  `${outdir}/: server, db:migrate, audit:verify, backup, restore, sandbox and user:add compiled; ${imported.size} runtime packages, all in dependencies`,
);
