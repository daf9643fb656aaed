/**
 * A shard's input file (`DIR/runs/RUN/shards/NNNNNN.jsonl`): the rows of a few consecutive chunks,
 * cut exactly as a local run cuts them (runBatch's pump: at the chunk size, and after at most
 * MAX_CHUNK_SPAN chunks' worth of ordinals a delta run skips), each chunk a header line
 * `{"first","count","rows","ordinals"}` then its rows, one JSON value a line (a raw CSV record as a
 * string, or a row already read). The coordinator writes them while it reads the portfolio; a worker
 * reads one whole (a few MB) and hands its chunks to its pool.
 */
import { readFile } from 'node:fs/promises';
import { writeFileDurably } from '../batch/checkpoint.js';
import type { ChunkTask } from '../batch/chunk-task.js';
import type { GatedSelection } from '../batch/gated-selection.js';
import type { RowInput } from '../batch/sources/csv-record.js';
import type { PortfolioSource } from '../batch/sources/portfolio-source.js';
import type { ShardPlan } from './run-manifest.js';
import { shardInputPath } from './work-dir.js';

/** As runBatch: most chunks' worth of ordinals one chunk covers when a delta run skips most rows. */
const MAX_CHUNK_SPAN = 20;

interface ChunkHeader {
  readonly first: number;
  readonly count: number;
  readonly rows: number;
  readonly ordinals: readonly number[] | null;
}

export interface WriteShardsOptions {
  /** Rows per shard (the last one may hold fewer; a shard ends at a chunk's end). */
  readonly shardRows: number;
  /** Rows per chunk, the pool's task (capped at `shardRows`). */
  readonly chunkRows: number;
  /** Called after each shard file is written, with the rows read so far. */
  readonly onShard?: (rows: number) => void;
}

/**
 * Reads the portfolio (only the rows `selection` keeps, for a delta run the gate decided) and writes
 * it as shard files into `runDir`; returns the shards' plan, in portfolio order.
 */
export async function writeShards(
  source: PortfolioSource,
  selection: GatedSelection | null,
  runDir: string,
  options: WriteShardsOptions,
): Promise<ShardPlan[]> {
  const chunkRows = Math.max(1, Math.min(options.chunkRows, options.shardRows));
  const shards: ShardPlan[] = [];
  let lines: string[] = [];
  let shard: ShardPlan = { first: 0, count: 0, rows: 0 };
  let readRows = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    await writeFileDurably(shardInputPath(runDir, shards.length), `${lines.join('\n')}\n`);
    shards.push(shard);
    shard = { first: shard.first + shard.count, count: 0, rows: 0 };
    lines = [];
    options.onShard?.(readRows);
  };
  let rows: RowInput[] = [];
  let ordinals: number[] | null = selection === null ? null : [];
  let first = 0;
  let covered = 0;
  const cut = async (end: number) => {
    const header: ChunkHeader = { first, count: end - first, rows: rows.length, ordinals };
    lines.push(JSON.stringify(header));
    for (const row of rows) lines.push(JSON.stringify(row));
    shard = { first: shard.first, count: shard.count + header.count, rows: shard.rows + rows.length };
    readRows += rows.length;
    first = end;
    rows = [];
    ordinals = selection === null ? null : [];
    if (shard.rows >= options.shardRows) await flush();
  };
  const only = selection === null ? undefined : (ordinal: number) => selection.wanted(ordinal);
  for await (const batch of source.read(0, only, selection?.seeks ?? undefined)) {
    await selection?.decided(batch.to);
    for (let i = 0; i < batch.rows.length; i++) {
      const ordinal = batch.ordinals === null ? batch.from + i : batch.ordinals[i]!;
      if (selection !== null && selection.selected[ordinal] !== 1) continue;
      rows.push(batch.rows[i]!);
      ordinals?.push(ordinal);
      if (rows.length >= chunkRows) await cut(ordinal + 1);
    }
    covered = batch.to;
    if (covered - first >= MAX_CHUNK_SPAN * chunkRows) await cut(covered);
  }
  if (covered > first) await cut(covered);
  await flush();
  return shards;
}

/** The chunks of a shard's input file, as the pool's tasks. */
export async function readShardInput(path: string): Promise<ChunkTask[]> {
  const lines = (await readFile(path, 'utf8')).split('\n');
  const chunks: ChunkTask[] = [];
  let at = 0;
  while (at < lines.length && lines[at] !== '') {
    const header = JSON.parse(lines[at++]!) as ChunkHeader;
    if (
      typeof header.first !== 'number' ||
      typeof header.rows !== 'number' ||
      at + header.rows > lines.length
    ) {
      throw new Error(`The shard file ${path} is damaged (a chunk header or its rows are missing).`);
    }
    const rows: RowInput[] = [];
    for (let i = 0; i < header.rows; i++) rows.push(JSON.parse(lines[at++]!) as RowInput);
    chunks.push({ first: header.first, count: header.count, rows, ordinals: header.ordinals });
  }
  return chunks;
}
