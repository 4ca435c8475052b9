import { describe, expect, it } from 'vitest';
import { firstLoadScripts, pageChunks } from './first-load-budget.js';

const manifest = JSON.stringify({
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_vendor-b.js'], dynamicImports: ['src/web/app/routes/inbox.tsx'] },
  '_vendor-b.js': { file: 'assets/vendor-b.js', imports: ['_runtime-c.js'] },
  '_runtime-c.js': { file: 'assets/runtime-c.js' },
  'src/web/app/routes/inbox.tsx': { file: 'assets/inbox-d.js', isDynamicEntry: true, imports: ['_vendor-b.js', '_mui-e.js'] },
  '_mui-e.js': { file: 'assets/mui-e.js' },
});

describe('the first load', () => {
  it('is the entry and every file it imports, however deep; not what a page imports when it loads', () => {
    expect(firstLoadScripts(manifest).sort()).toEqual(['/assets/index-a.js', '/assets/runtime-c.js', '/assets/vendor-b.js']);
  });

  it('knows each page’s own file', () => {
    expect([...pageChunks(manifest)]).toEqual(['/assets/inbox-d.js']);
  });
});
