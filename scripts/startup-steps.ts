/**
 * The start-up's modules, fetched at once and run in steps (issue 14). main.tsx imports the app's
 * parts one after the other (dynamic imports, a yield to the browser between them) so that no task
 * evaluates them all; this Vite plugin names every chunk those steps reach as a modulepreload of
 * dist/index.html, so the browser fetches (and compiles) them beside the entry script, as it
 * fetched the entry's static imports before, and each step only runs code that is already there.
 */
import type { Plugin, Rollup } from 'vite';

const chunkOf = (bundle: Rollup.OutputBundle, file: string) => {
  const chunk = bundle[file];
  return chunk?.type === 'chunk' ? chunk : undefined;
};

/** The entry chunk of the app (main.tsx). */
export function entryChunk(bundle: Rollup.OutputBundle): Rollup.OutputChunk {
  const entry = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry);
  if (!entry) throw new Error('start-up steps: no entry chunk');
  return entry;
}

/**
 * What the start-up runs: the entry, its steps (the entry's own dynamic imports) and everything
 * those import statically; not what the steps import dynamically (the pages, the features' copy).
 */
export function startupFiles(bundle: Rollup.OutputBundle): Set<string> {
  const entry = entryChunk(bundle);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const dep of chunkOf(bundle, file)?.imports ?? []) visit(dep);
  };
  visit(entry.fileName);
  for (const step of entry.dynamicImports) visit(step);
  return files;
}

export function startupSteps(): Plugin {
  return {
    name: 'startup-steps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const entry = entryChunk(bundle).fileName;
        const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
        const links = [...startupFiles(bundle)]
          .filter((file) => file !== entry && !named.has(file))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');
        return html.replace('</head>', `${links}  </head>`);
      },
    },
  };
}
