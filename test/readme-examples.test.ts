/**
 * The TypeScript examples of the README and of docs/ compile against the package's public surface (`warden` is
 * src/index.ts here): an example a newcomer copies must not refer to what does not exist.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './support/datasets.js';

// tsc checks the whole public surface behind the examples: tens of seconds on a busy machine.
it('compiles every ```ts block of the README and docs/', { timeout: 240_000 }, () => {
  const pages = [
    'README.md',
    ...readdirSync(join(REPO_ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const blocks = pages.flatMap((page) =>
    [...readFileSync(join(REPO_ROOT, page), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!),
  );
  expect(blocks.length).toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), 'warden-readme-'));
  try {
    // Each block is a module of its own (top-level await, its own imports).
    const files = blocks.map((code, i) => {
      const file = join(dir, `example-${i + 1}.mts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      return file;
    });
    const tsconfig = {
      extends: join(REPO_ROOT, 'tsconfig.json'),
      compilerOptions: {
        noEmit: true,
        rootDir: '/',
        baseUrl: REPO_ROOT,
        paths: { warden: ['src/index.ts'] },
        typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
      },
      files,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
      {
        encoding: 'utf8',
      },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
