/**
 * What makes two coordinator starts the same distributed run: the portfolio (its content
 * fingerprint), OUT, the lists' latest versions, the name-preparing code and every option that
 * decides the output or the shards. A `--resume` whose identity differs is refused, as a local
 * resume is; it is worked out without planning (no list is read, no earlier output).
 */
import { resolve } from 'node:path';
import { paramsHash } from '../batch/checkpoint.js';
import { latestVersions } from '../batch/delta.js';
import { normalizationVersion } from '../batch/normalization-version.js';
import { encodingOf } from '../batch/sinks/open-sink.js';
import { openPortfolio } from '../batch/sources/open-portfolio.js';
import { DEFAULT_MATCH_CONFIG } from '../names/index.js';
import { DEFAULT_SHARD_ROWS, type DistributedBatchOptions } from './distributed-options.js';

export async function runIdentity(options: DistributedBatchOptions): Promise<string> {
  const source = await openPortfolio(options.portfolio, { columns: options.columns ?? {}, db: options.db });
  const fingerprint = source.fingerprint;
  await source.close();
  const lists =
    options.entities !== undefined
      ? { entities: options.entities.length, versions: (options.listVersions ?? []).map((v) => v.id) }
      : { versions: options.store ? (await latestVersions(options.store.lists)).map((v) => v.id) : [] };
  return paramsHash({
    kind: 'distributed',
    input: fingerprint,
    out: resolve(options.out),
    encoding: encodingOf(options.out),
    columns: options.columns ?? {},
    cfg: options.cfg ?? DEFAULT_MATCH_CONFIG,
    limit: options.limit ?? 10,
    lists,
    delta_since: options.deltaSince ?? null,
    since_run: options.sinceRun ?? null,
    previous_output: options.previousOutput ?? null,
    review: options.review
      ? { client: options.review.clientId, queue: options.review.feedQueue === true }
      : null,
    shard_rows: options.shardRows ?? DEFAULT_SHARD_ROWS,
    chunk_rows: options.chunkSize ?? null,
    normalization: await normalizationVersion(),
  });
}
