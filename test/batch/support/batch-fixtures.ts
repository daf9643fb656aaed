/** Shared pieces of the batch suites: the real OFAC SDN entities, temp folders, portfolio files. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { checkpointPath, type RowResult } from '../../../src/batch/index.js';
import { readOfacLegacyFolder } from '../../../src/lists/read-source.js';
import type { Entity } from '../../../src/model/entity.js';
import { sharedPath } from '../../support/datasets.js';

export const OFAC_2023 = () => sharedPath('ofac', 'sdn_2023-12-28');
export const OFAC_2024 = () => sharedPath('ofac', 'sdn_2024-05-03');

let cached: Entity[] | null = null;
/** The OFAC SDN list of 2023-12-28 with aliases (parsed once per test file). */
export function ofacEntities(): Entity[] {
  cached ??= readOfacLegacyFolder(OFAC_2023()).entities;
  return cached;
}

/** A temp folder removed after the file's tests. */
export function tempFolder(prefix = 'warden-batch-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const PORTFOLIO_HEADER =
  'external_id,full_name,entity_type,birth_date,nationality,gender,document_number';

/** Writes a CSV portfolio from lines (the header is added); returns its path. */
export function writePortfolio(
  dir: string,
  name: string,
  lines: readonly string[],
  header = PORTFOLIO_HEADER,
): string {
  const path = join(dir, name);
  writeFileSync(path, `${[header, ...lines].join('\n')}\n`);
  return path;
}

export function readJsonl(path: string): RowResult[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as RowResult);
}

/** Results by external_id (error rows without one are left out). */
export function byId(results: readonly RowResult[]): Map<string, RowResult> {
  return new Map(results.flatMap((r) => (r.external_id === null ? [] : [[r.external_id, r] as const])));
}

/**
 * A stop signal that is raised from the first checkpoint of a run writing `out` on, as the run reads
 * it at its chunk boundaries: the run is then surely under way, and surely stops before its end. (A
 * timer that polled for the checkpoint and aborted raced the run, which sometimes finished first.)
 */
export function stopAfterFirstCheckpoint(out: string): AbortSignal {
  return {
    get aborted() {
      return existsSync(checkpointPath(out));
    },
  } as AbortSignal;
}
