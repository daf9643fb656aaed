/**
 * A shard's result: its chunks' outputs merged in order into one ChunkOutput, written by an attempt
 * as one file and committed by a hard link that only the first attempt can make. A shard may run
 * twice (a worker killed after it wrote, a lock lost, a paused machine waking up); every attempt
 * writes `NNNNNN.ATTEMPT.partial`, fsyncs it and links it to `NNNNNN.result`: link() fails with
 * EEXIST for every attempt after the first, whose result stands. Attempts screen the same rows with
 * the same lists and setup, so whichever wins, the rows are the same.
 *
 * The file: a line `WARDEN-SHARD 1`, a JSON header line (the shard, the rows, who wrote it, and the
 * byte length of each section), then the sections back to back: the encoded rows (text for JSONL
 * and CSV, JSON records for DuckDB), the counts (BatchStats), the review queue's rows, and for full
 * runs the token sidecar's arrays and strings.
 */
import { link, open, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { emptyStats, mergeStats, type BatchStats } from '../batch/batch-stats.js';
import type { ChunkEncoding, ChunkOutput } from '../batch/chunk-task.js';
import type { ResultRecord } from '../batch/result-records.js';
import type { ChunkRowSources } from '../batch/row-sources.js';
import type { FoundRow } from '../review/index.js';
import { shardAttemptPath, shardResultPath } from './work-dir.js';

const MAGIC = 'WARDEN-SHARD 1';

/** Who wrote a result, and what it covers. */
export interface ShardResultMeta {
  readonly shard: number;
  readonly first: number;
  readonly count: number;
  /** Rows screened (lines of the output). */
  readonly rows: number;
  readonly attempt: string;
  readonly worker: string;
}

export interface ShardResult {
  readonly meta: ShardResultMeta;
  readonly output: ChunkOutput;
}

const SECTIONS = [
  'body',
  'stats',
  'hits',
  'heads',
  'idHashes',
  'secondary',
  'hashes',
  'classes',
  'strings',
] as const;
type Section = (typeof SECTIONS)[number];

interface Header extends ShardResultMeta {
  readonly records: boolean;
  readonly string_count: number | null;
  /** Byte length of each section; null when absent. */
  readonly sections: Record<Section, number | null>;
}

const concat = <T extends Uint8Array | Uint16Array | Uint32Array>(
  parts: readonly T[],
  make: (length: number) => T,
): T => {
  const out = make(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

function mergeSources(parts: readonly ChunkRowSources[]): ChunkRowSources {
  return {
    heads: concat(
      parts.map((p) => p.heads),
      (n) => new Uint16Array(n),
    ),
    idHashes: concat(
      parts.map((p) => p.idHashes),
      (n) => new Uint32Array(n),
    ),
    secondary: concat(
      parts.map((p) => p.secondary),
      (n) => new Uint32Array(n),
    ),
    hashes: concat(
      parts.map((p) => p.hashes),
      (n) => new Uint32Array(n),
    ),
    classes: concat(
      parts.map((p) => p.classes),
      (n) => new Uint8Array(n),
    ),
    strings: parts.map((p) => p.strings).join(''),
    stringCount: parts.reduce((n, p) => n + p.stringCount, 0),
  };
}

/** A shard's chunk outputs (in order, contiguous) as one output, as the gather writes it. */
export function mergeChunkOutputs(outputs: readonly ChunkOutput[], encoding: ChunkEncoding): ChunkOutput {
  const stats: BatchStats = emptyStats();
  for (const o of outputs) mergeStats(stats, o.stats);
  const first = outputs[0]?.first ?? 0;
  const last = outputs.at(-1);
  const sources = outputs.map((o) => o.sources).filter((s): s is ChunkRowSources => s !== null);
  const hits = outputs.flatMap((o) => o.hits ?? []);
  return {
    first,
    count: last === undefined ? 0 : last.first + last.count - first,
    bytes:
      encoding === 'records'
        ? null
        : concat(
            outputs.map((o) => o.bytes ?? new Uint8Array(0)),
            (n) => new Uint8Array(n),
          ),
    records: encoding === 'records' ? outputs.flatMap((o) => o.records ?? []) : null,
    stats,
    sources: sources.length === 0 ? null : mergeSources(sources),
    hits: outputs.some((o) => o.hits !== null) ? hits : null,
  };
}

const bytesOf = (a: Uint8Array | Uint16Array | Uint32Array) =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const encoder = new TextEncoder();

/** The file an attempt writes for a shard. */
export function encodeShardResult(meta: ShardResultMeta, output: ChunkOutput): Uint8Array[] {
  const s = output.sources;
  const parts: Record<Section, Uint8Array | null> = {
    body:
      output.records !== null
        ? encoder.encode(JSON.stringify(output.records))
        : (output.bytes ?? new Uint8Array(0)),
    stats: encoder.encode(JSON.stringify(output.stats)),
    hits: output.hits === null ? null : encoder.encode(JSON.stringify(output.hits)),
    heads: s === null ? null : bytesOf(s.heads),
    idHashes: s === null ? null : bytesOf(s.idHashes),
    secondary: s === null ? null : bytesOf(s.secondary),
    hashes: s === null ? null : bytesOf(s.hashes),
    classes: s === null ? null : bytesOf(s.classes),
    strings: s === null ? null : encoder.encode(s.strings),
  };
  const header: Header = {
    ...meta,
    records: output.records !== null,
    string_count: s === null ? null : s.stringCount,
    sections: Object.fromEntries(SECTIONS.map((k) => [k, parts[k]?.length ?? null])) as Header['sections'],
  };
  return [
    encoder.encode(`${MAGIC}\n${JSON.stringify(header)}\n`),
    ...SECTIONS.flatMap((k) => (parts[k] === null ? [] : [parts[k]])),
  ];
}

const NEWLINE = 10;
const decoder = new TextDecoder();

/** Reads a result file back; throws when it is not one, or is cut short. */
export function decodeShardResult(file: Uint8Array, path: string): ShardResult {
  const damaged = () => new Error(`The shard result ${path} is damaged.`);
  const magicEnd = file.indexOf(NEWLINE);
  const headerEnd = magicEnd < 0 ? -1 : file.indexOf(NEWLINE, magicEnd + 1);
  if (headerEnd < 0 || decoder.decode(file.subarray(0, magicEnd)) !== MAGIC) throw damaged();
  const header = JSON.parse(decoder.decode(file.subarray(magicEnd + 1, headerEnd))) as Header;
  const views: Partial<Record<Section, Uint8Array>> = {};
  let at = headerEnd + 1;
  for (const k of SECTIONS) {
    const length = header.sections[k];
    if (length === null) continue;
    if (at + length > file.length) throw damaged();
    // A copy: typed arrays need their own aligned buffer.
    views[k] = new Uint8Array(file.subarray(at, at + length));
    at += length;
  }
  if (at !== file.length || views.body === undefined || views.stats === undefined) throw damaged();
  const text = (k: Section) => decoder.decode(views[k]);
  const sources: ChunkRowSources | null =
    views.heads === undefined
      ? null
      : {
          heads: new Uint16Array(views.heads.buffer),
          idHashes: new Uint32Array(views.idHashes!.buffer),
          secondary: new Uint32Array(views.secondary!.buffer),
          hashes: new Uint32Array(views.hashes!.buffer),
          classes: views.classes!,
          strings: text('strings'),
          stringCount: header.string_count ?? 0,
        };
  const { shard, first, count, rows, attempt, worker } = header;
  return {
    meta: { shard, first, count, rows, attempt, worker },
    output: {
      first,
      count,
      bytes: header.records ? null : views.body,
      records: header.records ? (JSON.parse(text('body')) as ResultRecord[]) : null,
      stats: JSON.parse(text('stats')) as BatchStats,
      sources,
      hits: views.hits === undefined ? null : (JSON.parse(text('hits')) as FoundRow[]),
    },
  };
}

async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * Writes an attempt's result and commits it; true when this attempt's result is the shard's, false
 * when another attempt committed first (this one's file is then dropped).
 */
export async function commitShardResult(
  runDir: string,
  shard: number,
  attempt: string,
  parts: readonly Uint8Array[],
): Promise<boolean> {
  const partial = shardAttemptPath(runDir, shard, attempt);
  const final = shardResultPath(runDir, shard);
  const file = await open(partial, 'wx');
  try {
    for (const part of parts) {
      for (let done = 0; done < part.length;) done += (await file.write(part, done)).bytesWritten;
    }
    await file.sync();
  } finally {
    await file.close();
  }
  let won: boolean;
  try {
    await link(partial, final);
    won = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    won = false;
  } finally {
    await rm(partial, { force: true });
  }
  if (won) await syncFolder(dirname(final));
  return won;
}

/** A committed result. */
export async function readShardResult(runDir: string, shard: number): Promise<ShardResult> {
  const path = shardResultPath(runDir, shard);
  return decodeShardResult(await readFile(path), path);
}
