/**
 * Which rows an earlier run matched to entities that have since been removed or changed, read from
 * that run's output (JSONL, CSV or DuckDB — the same formats this runner writes). The output is the
 * record of what was reported, so no extra per-row index is kept; only the few affected rows are
 * held in memory.
 */
import { createReadStream, existsSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { WardenError } from '../model/errors.js';
import { entityKey } from './narrowed-index.js';
import type { PreviousMatch } from './screen-rows.js';
import { readCsvFields } from './sources/csv-source.js';

type Wanted = ReadonlyMap<string, PreviousMatch['change']>;
type Found = Map<string, PreviousMatch[]>;

function note(found: Found, wanted: Wanted, externalId: string, list: string, entityId: string): void {
  const change = wanted.get(entityKey(list, entityId));
  if (change === undefined) return;
  const entries = found.get(externalId) ?? [];
  if (!entries.some((e) => e.list === list && e.entity_id === entityId))
    entries.push({ list, entity_id: entityId, change });
  found.set(externalId, entries);
}

interface MatchLine {
  external_id?: string;
  matches?: { list: string; entity_id: string }[];
}

/** What a JSONL line with matches has (every other line has `"matches":[]`). */
const HAS_MATCHES = '"matches":[{';

async function fromJsonl(path: string, wanted: Wanted, found: Found): Promise<void> {
  // Most rows match nothing: the text is searched for lines with matches, and only those are parsed
  // (a line-by-line read took 1.3 s for a 1M-row output, this ~0.1 s).
  let carry = '';
  const parse = (line: string) => {
    let row: MatchLine;
    try {
      row = JSON.parse(line) as MatchLine;
    } catch {
      return; // a torn last line of an interrupted output carries no complete match
    }
    for (const m of row.matches ?? []) note(found, wanted, row.external_id ?? '', m.list, m.entity_id);
  };
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = carry + (chunk as string);
    const complete = text.lastIndexOf('\n') + 1;
    for (let at = text.indexOf(HAS_MATCHES); at >= 0 && at < complete; at = text.indexOf(HAS_MATCHES, at)) {
      const start = text.lastIndexOf('\n', at) + 1;
      const end = text.indexOf('\n', at);
      parse(text.slice(start, end));
      at = end;
    }
    carry = text.slice(complete);
  }
  if (carry.includes(HAS_MATCHES)) parse(carry);
}

async function fromCsv(path: string, wanted: Wanted, found: Found): Promise<void> {
  let at: { id: number; list: number; entity: number; change: number } | null = null;
  for await (const records of readCsvFields(path)) {
    for (const fields of records) {
      if (at === null) {
        at = {
          id: fields.indexOf('external_id'),
          list: fields.indexOf('list'),
          entity: fields.indexOf('entity_id'),
          change: fields.indexOf('change'),
        };
        if (at.list < 0 || at.entity < 0) {
          throw new WardenError('VALIDATION_ERROR', `The previous output ${path} is not a Warden batch CSV.`);
        }
        continue;
      }
      const [list, entityId] = [fields[at.list] ?? '', fields[at.entity] ?? ''];
      // Rows with a `change` are withdrawn matches, not matches.
      if (list === '' || entityId === '' || (fields[at.change] ?? '') !== '') continue;
      note(found, wanted, fields[at.id] ?? '', list, entityId);
    }
  }
}

async function fromDuckDb(path: string, wanted: Wanted, found: Found): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const con = await instance.connect();
  try {
    const result = await con.stream(
      'SELECT external_id, list, entity_id FROM results WHERE change IS NULL AND entity_id IS NOT NULL',
    );
    for await (const chunk of result) {
      for (const [id, list, entityId] of chunk.getRows())
        note(found, wanted, String(id), String(list), String(entityId));
    }
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}

/**
 * Earlier matches to removed or changed entities, by external_id.
 *
 * @example await readPreviousMatches('results.jsonl', new Map([['ofac-sdn:36', 'removed']]))
 */
export async function readPreviousMatches(
  path: string,
  wanted: Wanted,
): Promise<Map<string, PreviousMatch[]>> {
  const found: Found = new Map();
  if (wanted.size === 0) return found;
  if (!existsSync(path)) {
    throw new WardenError('VALIDATION_ERROR', `The previous output ${path} does not exist.`, {
      path: ['previous_output'],
    });
  }
  if (/\.jsonl$/i.test(path)) await fromJsonl(path, wanted, found);
  else if (/\.csv$/i.test(path)) await fromCsv(path, wanted, found);
  else if (/\.duckdb$/i.test(path)) await fromDuckDb(path, wanted, found);
  else
    throw new WardenError('VALIDATION_ERROR', `The previous output ${path} must be .jsonl, .csv or .duckdb.`);
  return found;
}
