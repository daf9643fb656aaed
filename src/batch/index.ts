export type { BatchReviewOptions, RunBatchOptions } from './batch-options.js';
export type {
  BatchAlignment,
  BatchFeature,
  BatchMatch,
  ErrorRow,
  RemovedMatch,
  RowResult,
  ScreenedRow,
  SuppressedMatch,
} from './batch-result.js';
export { emptyStats, type BatchStats, type TopMatch } from './batch-stats.js';
export { checkpointPath, readCheckpoint, type Checkpoint, type ListVersionRef } from './checkpoint.js';
export { loadCurrentLists, planDelta, type DeltaPlan, type ListDelta, type ScreenedList } from './delta.js';
export { portfolioCacheBeside } from './portfolio-cache.js';
export { indexCacheBeside, indexCurrentLists, snapshotActiveLists } from './index-cache.js';
export { generatePortfolio, type GeneratePortfolioOptions } from './generate-portfolio.js';
export { defaultWorkers } from './pool.js';
export {
  PORTFOLIO_COLUMNS,
  rowOf,
  validateRow,
  type ColumnMapping,
  type PortfolioColumn,
  type PortfolioRow,
} from './portfolio-row.js';
export type { ProgressMode } from './progress.js';
export type { BatchSummary, ReviewSummary } from './report.js';
export { readRunRecord, runRecordPath, type RunRecord } from './run-record.js';
export { reportPath, runBatch } from './run-batch.js';
export { screenRows, type PreviousMatch, type ScreenRowsOptions } from './screen-rows.js';
export { stopOnSignals, type SignalStop } from './stop-signals.js';
