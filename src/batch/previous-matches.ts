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
const HAS_MATCHES = Buffer.from('"matches":[{');
const ENTITY_ID = Buffer.from('"entity_id":"');
const NEWLINE = 10;
const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Whether a line (bytes start..end) of the compact JSON this runner writes names one of `ids` as an
 * entity_id, or one written with an escape (not compared here): only then is it worth parsing. Most
 * matched rows match unchanged entities.
 */
function mayName(bytes: Buffer, start: number, end: number, ids: ReadonlySet<string>): boolean {
  for (let at = bytes.indexOf(ENTITY_ID, start); at >= 0 && at < end; at = bytes.indexOf(ENTITY_ID, at)) {
    at += ENTITY_ID.length;
    const close = bytes.indexOf(QUOTE, at);
    if (close < 0 || close > end) return true;
    for (let i = at; i < close; i++) if (bytes[i] === BACKSLASH) return true;
    if (ids.has(bytes.toString('utf8', at, close))) return true;
    at = close;
  }
  return false;
}

async function fromJsonl(path: string, wanted: Wanted, found: Found): Promise<void> {
  // Most rows match nothing, and most matches are to unchanged entities: the bytes are searched for
  // lines with matches that name a changed entity, and only those are decoded and parsed (a 71 MB,
  // 1M-row output with 21k matched rows: line by line 1.3 s, parsing every matched line ~0.4 s,
  // this ~0.2 s).
  const ids = new Set([...wanted.keys()].map((key) => key.slice(key.indexOf(':') + 1)));
  const parse = (line: string) => {
    let row: MatchLine;
    try {
      row = JSON.parse(line) as MatchLine;
    } catch {
      return; // a torn last line of an interrupted output carries no complete match
    }
    for (const m of row.matches ?? []) note(found, wanted, row.external_id ?? '', m.list, m.entity_id);
  };
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const bytes = carry.length === 0 ? (chunk as Buffer) : Buffer.concat([carry, chunk as Buffer]);
    const complete = bytes.lastIndexOf(NEWLINE) + 1;
    for (let at = bytes.indexOf(HAS_MATCHES); at >= 0 && at < complete; at = bytes.indexOf(HAS_MATCHES, at)) {
      const start = bytes.lastIndexOf(NEWLINE, at) + 1;
      const end = bytes.indexOf(NEWLINE, at);
      if (mayName(bytes, at, end, ids)) parse(bytes.toString('utf8', start, end));
      at = end;
    }
    carry = bytes.subarray(complete);
  }
  if (carry.includes(HAS_MATCHES)) parse(carry.toString('utf8'));
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
