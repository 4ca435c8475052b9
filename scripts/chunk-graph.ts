/**
 * The built files' imports have no circle. When file A statically imports file B and B imports A
 * (through any number of files), the browser runs one of them before the other is done: a module
 * then runs before the one it uses, and what it reads is undefined. Grouping modules into files
 * (vite.config.ts) can make such a circle without any error at build time; this check fails the
 * build instead (`npm run build` runs it after the first-load budget):
 *   tsx scripts/chunk-graph.ts [dist]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Each chunk file and the chunk files it imports statically, from Vite's build manifest. */
export function chunkImports(manifest: Manifest): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const chunk of Object.values(manifest))
    graph.set(
      chunk.file,
      (chunk.imports ?? []).map((key) => manifest[key]?.file).filter((f): f is string => f !== undefined),
    );
  return graph;
}

/** The circles of a graph: each group of two or more files that reach one another (Tarjan's strongly connected components). */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      for (;;) {
        const w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
        if (w === v) break;
      }
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

function main() {
  const dist = process.argv[2] ?? 'dist';
  const graph = chunkImports(JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest);
  const found = circles(graph);
  console.log(`chunk graph: ${graph.size} files, ${found.length} circles of imports`);
  if (found.length) {
    for (const c of found) console.error(`chunk graph: these files import one another in a circle: ${c.join(', ')}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
