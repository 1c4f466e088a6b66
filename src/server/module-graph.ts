import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/*
 * The graph of imports between the server's parts (issue 33): each folder
 * `src/server/modules/<name>` is one part, so is each other folder of `src/server` (`http`, `ssr`,
 * `db`, `jobs`, …) and each file directly in it (`app.ts`, `errors.ts`, …). Tests are left out (a
 * test may import whatever it exercises). Every relative import counts, types included (`import
 * type` couples the parts as much as a value does), and `export … from` and `import('…')` too.
 * module-graph.test.ts fails on a cycle.
 */

/** A part's name: `modules/quotes`, `jobs`, `app.ts`; null outside src/server. */
export function partOf(serverDir: string, file: string): string | null {
  const path = relative(serverDir, file).split(sep);
  if (path[0] === '..' || path.length === 0) return null;
  if (path[0] === 'modules' && path.length > 2) return `modules/${path[1]}`;
  return path[0] ?? null;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The relative specifiers a source file imports from (comments are not skipped: keep them out). */
export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1] as string);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every part's parts it imports from, and through which file (the first found). */
export function partGraph(serverDir: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(serverDir)) {
    const from = partOf(serverDir, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const to = partOf(serverDir, resolve(dirname(file), specifier));
      if (to && to !== from && !edges.has(to)) edges.set(to, relative(serverDir, file));
    }
  }
  return graph;
}

/** The strongly connected parts with more than one member (each a cycle), sorted (Tarjan). */
export function cyclesOf(graph: Map<string, Map<string, string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const lowest = (node: string, value: number) =>
    low.set(node, Math.min(low.get(node) ?? value, value));
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest(node, low.get(next) ?? Infinity);
      } else if (onStack.has(next)) lowest(node, index.get(next) ?? Infinity);
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        members.push(member);
        if (member === node) break;
      }
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
