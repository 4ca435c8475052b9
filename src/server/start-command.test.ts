import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const serve = (JSON.parse(read('package.json')) as { scripts: { serve: string } }).scripts.serve;
/** The node options of `npm run serve` (what the README, the end-to-end tests and the bench start: bench/support/live.ts serveOptions). */
const options = /^node ((?:--\S+ )*)build\/server\/main\.js$/.exec(serve)?.[1]?.trim().split(' ') ?? [];

describe('the production start command', () => {
  it('is the one the Docker image and the README run, and node accepts its options', () => {
    expect(serve).toMatch(/^node (--\S+ )*build\/server\/main\.js$/);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1] ?? '[]';
    expect(JSON.parse(cmd)).toEqual(['node', ...options, 'build/server/main.js']);
    expect(read('README.md')).toContain(`\`${serve}\``);
    expect(execFileSync(process.execPath, [...options, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });
});
