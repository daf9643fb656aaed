/**
 * Where the shared real datasets live, and how tests that need them behave when they are missing:
 * under CI (CI=true) they fail loudly; on a developer machine without ../shared they are skipped.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const SHARED_DATASETS = process.env.WARDEN_SHARED_DATASETS ?? resolve(repoRoot, '../shared/datasets');
export const hasSharedDatasets = existsSync(join(SHARED_DATASETS, 'SOURCES.md'));

/** Absolute path of a file under ../shared/datasets. */
export function sharedPath(...parts: string[]): string {
  return join(SHARED_DATASETS, ...parts);
}

/** `describe` for suites that read ../shared/datasets: fails under CI when missing, skips elsewhere. */
export const describeWithDatasets: (name: string, fn: () => void) => void = (name, fn) => {
  if (hasSharedDatasets) return describe(name, fn);
  if (process.env.CI) {
    return describe(name, () => {
      it('needs ../shared/datasets', () => {
        throw new Error(`The shared datasets are missing at ${SHARED_DATASETS}; this suite cannot run.`);
      });
    });
  }
  return describe.skip(name, fn);
};

export const REPO_ROOT = repoRoot;
