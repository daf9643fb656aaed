/**
 * The package as npm would ship it (issue #31): what the tarball holds, and that both `import` and
 * `require` load it by name. Runs on dist/, which `npm test` builds first.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/datasets.js';

describe('the package', () => {
  it('ships the build, the rules and the review views, and no build state or source maps', () => {
    // --ignore-scripts: dist is already built; prepack builds it for a real `npm pack`.
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(pack.status).toBe(0);
    const files = (JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/index.js',
        'dist/index.d.ts',
        'dist/cli/main.js',
        'views/review/item.eta',
      ]),
    );
    expect(files.some((f) => f.startsWith('rules/'))).toBe(true);
    expect(
      files.filter(
        (f) =>
          f.endsWith('.map') || f.endsWith('.tsbuildinfo') || f.startsWith('src/') || f.startsWith('test/'),
      ),
    ).toEqual([]);
  });

  it('loads by name with import and with require', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-consumer-'));
    try {
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(REPO_ROOT, join(dir, 'node_modules', 'warden'));
      const viaRequire = spawnSync(
        process.execPath,
        ['-e', "console.log(typeof require('warden').createEngine)"],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      expect(viaRequire.stdout.trim()).toBe('function');
      const viaImport = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const w = await import('warden'); console.log(typeof w.runBatch, typeof w.startServer)",
        ],
        { cwd: dir, encoding: 'utf8' },
      );
      expect(viaImport.stdout.trim()).toBe('function function');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
