/**
 * Arrows point inwards (DESIGN.md §2, STYLE.md §3): the functional core imports no I/O module and
 * none of the edges. A violation names the file and the import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/datasets.js';

const CORE = ['model', 'names', 'lists', 'screening', 'wallet', 'decision'];
const EDGES = ['api', 'batch', 'cli', 'distributed'];
const IO_MODULES = [
  /^node:(fs|net|http|https|child_process|dgram|worker_threads)(\/|$)/,
  /^fastify/,
  /^@duckdb\//,
];
// Files of a core folder that are the shell by design, named for what they touch.
const SHELL_FILES = new Set<string>(['lists/read-source.ts', 'lists/bunzip2-in-worker.ts']);

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('architecture', () => {
  const src = join(REPO_ROOT, 'src');
  const coreFiles = CORE.flatMap((folder) => {
    try {
      return sourceFiles(join(src, folder));
    } catch {
      return [];
    }
  }).filter((f) => !SHELL_FILES.has(relative(src, f)));

  it('finds the core folders', () => {
    expect(coreFiles.length).toBeGreaterThan(0);
  });

  it('keeps I/O and the edges out of the core', () => {
    const violations: string[] = [];
    for (const file of coreFiles) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const io = IO_MODULES.some((re) => re.test(spec));
        const edge = EDGES.some((e) => spec.includes(`/${e}/`) || spec.startsWith(`../${e}`));
        if (io || edge) violations.push(`${relative(REPO_ROOT, file)} imports ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('keeps model/ free of every other Warden folder', () => {
    const modelFiles = sourceFiles(join(src, 'model'));
    const outward = modelFiles.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter(
          (spec) => spec.startsWith('.') && !resolve(dirname(file), spec).startsWith(join(src, 'model')),
        )
        .map((spec) => `${relative(REPO_ROOT, file)} imports ${spec}`),
    );
    expect(outward).toEqual([]);
  });
});
