/**
 * The lists the held-out evaluation reads, through the product's own parsers (src/lists): OFAC's
 * advanced XML (the one with native-script names), the UN consolidated list, the UK OFSI list and
 * the US PEP CSV, from ../shared/datasets (SOURCES.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Entity } from '../../../src/model/entity.js';
import { parseOfacAdvanced } from '../../../src/lists/ofac-advanced.js';
import { readListSource } from '../../../src/lists/read-source.js';
import { SHARED } from '../datasets.js';

export interface EvalLists {
  readonly ofac: readonly Entity[];
  readonly un: readonly Entity[];
  readonly uk: readonly Entity[];
  readonly pep: readonly Entity[];
}

/** The sanctions lists by the key queries name them with. */
export type ListKey = 'ofac' | 'un' | 'uk';
export const LIST_KEYS: readonly ListKey[] = ['ofac', 'un', 'uk'];

const OFAC_ADVANCED = 'ofac/sdn_advanced_2025-11-19/sdn_advanced.xml.bz2';

/** OFAC's 120 MB XML: system bzcat takes 2 s where the pure-JS bunzip2 of read-source takes ~40 s. */
async function readOfacAdvanced(path: string): Promise<Entity[]> {
  if (spawnSync('bzcat', ['--help']).error !== undefined) {
    return (await readListSource('ofac-advanced', path)).entities;
  }
  const bzcat = spawn('bzcat', [path], { stdio: ['ignore', 'pipe', 'inherit'] });
  return (await parseOfacAdvanced(bzcat.stdout)).entities;
}

/** Reads the four lists (about 7 s, most of it OFAC). */
export async function loadEvalLists(shared: string = SHARED): Promise<EvalLists> {
  const [ofac, un, uk, pep] = await Promise.all([
    readOfacAdvanced(join(shared, OFAC_ADVANCED)),
    readListSource('un', join(shared, 'un/consolidated_2026-02-27.xml')),
    readListSource('uk', join(shared, 'uk/ofsi_conlist_2025-04-10.csv.gz')),
    readListSource('pep', join(shared, 'pep/us_congress_and_executive_peps_2026-06-15.csv')),
  ]);
  return { ofac, un: un.entities, uk: uk.entities, pep: pep.entities };
}
