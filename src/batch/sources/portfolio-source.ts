/**
 * The port every portfolio source implements (CSV, Parquet, a DuckDB table): rows in portfolio
 * order, resumable by row ordinal, with enough progress information for an ETA.
 */
import type { PortfolioRow } from '../portfolio-row.js';

export interface PortfolioSource {
  /** What was opened, e.g. "portfolio.csv (12.3 MB)". */
  readonly description: string;
  /** Identifies the input's content cheaply (path, size, modification time), for the checkpoint. */
  readonly fingerprint: string;
  /** Rows in portfolio order, in batches of any size, starting after the first `skip` rows. */
  rows(skip: number): AsyncIterable<readonly PortfolioRow[]>;
  /** Share of the input read so far (0..1), or null when unknown. */
  progress(): number | null;
  /** Total rows when known up front (Parquet, DuckDB). */
  readonly totalRows: number | null;
  close(): Promise<void>;
}
