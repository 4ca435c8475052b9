import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A built dist/ with these assets, and the plugin's closeBundle run on it as Vite runs it. */
async function build(assets: Record<string, string | Buffer>): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'precompress-'));
  dirs.push(root);
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  for (const [name, body] of Object.entries(assets)) writeFileSync(join(root, 'dist', 'assets', name), body);
  const plugin = precompress();
  (plugin.configResolved as (c: ResolvedConfig) => void)({ root, build: { outDir: 'dist' } } as ResolvedConfig);
  await (plugin.closeBundle as () => Promise<void>)();
  return join(root, 'dist', 'assets');
}

describe('precompress', () => {
  it('writes a brotli and a gzip copy of each script, style sheet and SVG, each the same bytes once decompressed', async () => {
    const script = `export const words = ${JSON.stringify('Łukasz Nguyễn 王小明 '.repeat(400))};\n`;
    const style = `.a{color:red}\n`.repeat(200);
    const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(60)}</svg>`;
    const assets = await build({ 'index-abc.js': script, 'index-abc.css': style, 'logo.svg': icon });
    for (const [name, body] of [
      ['index-abc.js', script],
      ['index-abc.css', style],
      ['logo.svg', icon],
    ] as const) {
      expect(brotliDecompressSync(readFileSync(join(assets, `${name}.br`))).toString()).toBe(body);
      expect(gunzipSync(readFileSync(join(assets, `${name}.gz`))).toString()).toBe(body);
      expect(readFileSync(join(assets, `${name}.br`)).length).toBeLessThan(body.length);
    }
  });

  it('leaves files under 1 KB and other kinds of files as they are', async () => {
    const assets = await build({ 'tiny.js': 'export {};\n', 'photo.png': Buffer.alloc(4096, 7), 'font.woff2': Buffer.alloc(4096, 3) });
    expect(readdirSync(assets).sort()).toEqual(['font.woff2', 'photo.png', 'tiny.js']);
  });

  it('writes nothing when the build made no assets folder (a failed build says why itself)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'precompress-'));
    dirs.push(root);
    const plugin = precompress();
    (plugin.configResolved as (c: ResolvedConfig) => void)({ root, build: { outDir: 'dist' } } as ResolvedConfig);
    await expect((plugin.closeBundle as () => Promise<void>)()).resolves.toBeUndefined();
    expect(readdirSync(root)).toEqual([]);
  });
});
