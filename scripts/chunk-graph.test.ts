import { describe, expect, it } from 'vitest';
import { chunkImports, circles } from './chunk-graph.js';

describe('the built files’ imports', () => {
  it('are read from the manifest by file, each chunk with the files it imports', () => {
    const graph = chunkImports({
      'index.html': { file: 'assets/index-a.js', imports: ['_vendor-b.js'] },
      '_vendor-b.js': { file: 'assets/vendor-b.js' },
      'src/web/app/routes/inbox.tsx': { file: 'assets/inbox-c.js', imports: ['_vendor-b.js', 'index.html'] },
    });
    expect(Object.fromEntries(graph)).toEqual({
      'assets/index-a.js': ['assets/vendor-b.js'],
      'assets/vendor-b.js': [],
      'assets/inbox-c.js': ['assets/vendor-b.js', 'assets/index-a.js'],
    });
  });

  it('have no circle when every file only imports files that do not import it back', () => {
    const graph = new Map([
      ['index', ['vendor', 'first']],
      ['first', ['vendor']],
      ['page', ['first', 'vendor', 'shared']],
      ['shared', ['vendor']],
      ['vendor', []],
    ]);
    expect(circles(graph)).toEqual([]);
  });

  it('find each circle, however long, and a file importing itself', () => {
    const graph = new Map([
      ['index', ['a']],
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['d']],
      ['e', ['index']],
    ]);
    expect(circles(graph).sort()).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
