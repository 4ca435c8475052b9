import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, pageHtml } from './static.js';

const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div>
<script>(function(){document.documentElement.lang='fr'})();</script></body></html>`;

const dirs: string[] = [];
function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'static-test-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("each page's HTML names that page's code", () => {
  const preloads = JSON.stringify({
    preloads: [
      { pattern: '^\\/claims$', files: ['/assets/page-claims-11111111.js', '/assets/Table-22222222.js'] },
      { pattern: '^\\/claims\\/[^/]+$', files: ['/assets/page-claim-workspace-33333333.js'] },
    ],
  });

  it('adds a modulepreload for each file of the page the address names, before </head>, and nothing for an unknown address', () => {
    const html = pageHtml(dist({ 'index.html': INDEX, 'preloads.json': preloads }));
    const links = (page: string) => [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(links(html('/claims'))).toEqual(['/assets/page-claims-11111111.js', '/assets/Table-22222222.js']);
    expect(links(html('/claims/7b2a'))).toEqual(['/assets/page-claim-workspace-33333333.js']);
    expect(html('/claims/7b2a').indexOf('modulepreload')).toBeLessThan(html('/claims/7b2a').indexOf('</head>'));
    expect(html('/nowhere')).toBe(INDEX);
    expect(html('/claims/7b2a/more')).toBe(INDEX);
  });

  it('serves index.html as it is when the build wrote no preloads (an older build)', () => {
    expect(pageHtml(dist({ 'index.html': INDEX }))('/claims')).toBe(INDEX);
  });
});

describe('the CSP allows the inline scripts of the built app by their hash', () => {
  it('hashes each inline script (not the module script) as the browser does', () => {
    const body = "(function(){document.documentElement.lang='fr'})();";
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(dist({ 'index.html': INDEX }))).toEqual([expected]);
  });

  it('allows none without a built app', () => {
    expect(inlineScriptHashes(dist({}))).toEqual([]);
  });
});
