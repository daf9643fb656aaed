import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fingerprintOf, writeFileHashes } from '../../src/engine/code-version.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'warden-code-version-'));
  mkdirSync(join(root, 'names'));
  writeFileSync(join(root, 'names', 'a.js'), 'export const a = 1;');
  writeFileSync(join(root, 'names', 'b.js'), 'export const b = 2;');
  writeFileSync(join(root, 'other.js'), 'export const c = 3;');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('gives the same fingerprint from the hashes a build recorded as from the files themselves', async () => {
  const read = await fingerprintOf(['names/', 'other'], root);
  await writeFileHashes(root);
  expect(await fingerprintOf(['names/', 'other'], root)).toBe(read);
  expect(await fingerprintOf(['names/'], root)).not.toBe(read);
});

it('reads a file again when it changed after the build recorded it, same size included', async () => {
  await writeFileHashes(root);
  const before = await fingerprintOf(['names/'], root);
  writeFileSync(join(root, 'names', 'a.js'), 'export const a = 9;'); // same length
  const later = new Date(Date.now() + 5_000);
  utimesSync(join(root, 'names', 'a.js'), later, later);
  expect(await fingerprintOf(['names/'], root)).not.toBe(before);
});
