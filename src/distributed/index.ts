export {
  DEFAULT_SHARD_ROWS,
  type DistributedBatchOptions,
  type ShardWorkerOptions,
} from './distributed-options.js';
export {
  distributedRecordPath,
  readDistributedRecord,
  type DistributedRecord,
} from './distributed-record.js';
export { RUN_QUEUE, SHARD_QUEUE } from './redis-connection.js';
export { runDistributedBatch } from './run-distributed-batch.js';
export { runShardWorker, type ShardWorker } from './run-shard-worker.js';
