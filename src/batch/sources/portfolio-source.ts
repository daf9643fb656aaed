/**
 * The port every portfolio source implements (CSV, Parquet, a DuckDB table): rows in portfolio
 * order, resumable by row ordinal, with enough progress information for an ETA.
 */
import type { CsvLayout, RowInput } from './csv-record.js';

/** Rows read from the portfolio: the ordinals [from, to) were passed over, `rows` are the ones wanted. */
export interface RowBatch {
  readonly from: number;
  readonly to: number;
  readonly rows: readonly RowInput[];
  /** Ordinal of each row of `rows`; null when they are every row of [from, to), in order. */
  readonly ordinals: readonly number[] | null;
}

/**
 * Where a file's rows can be read without framing what comes before them (a full run's CSV read
 * leaves them; a delta run reads only the blocks holding rows it wants): the ordinal and the byte
 * offset of a record's start every few hundred rows, ascending, from row 0; `rows` in all.
 */
export interface SeekPoints {
  readonly rows: number;
  readonly ordinals: Uint32Array;
  readonly offsets: Float64Array;
}

/** Which rows a reader wants, by ordinal (0-based, header excluded). */
export type RowSelection = (ordinal: number) => boolean;

export interface PortfolioSource {
  /** What was opened, e.g. "portfolio.csv (12.3 MB)". */
  readonly description: string;
  /**
   * Identifies the input's content cheaply (a file's path, size and modification time; a table's
   * row count and checksum), for the checkpoint and the token sidecar.
   */
  readonly fingerprint: string;
  /**
   * True when the fingerprint changes whenever the rows do; only then may a delta run trust a
   * sidecar written for it (a DuckDB view has no cheap content fingerprint).
   */
  readonly stable: boolean;
  /** How the workers split the raw records this source hands out (null: it hands out rows only). */
  readonly csv: CsvLayout | null;
  /**
   * Rows in portfolio order, in batches of any size, starting after the first `skip` rows. With
   * `only`, the other rows are passed over as cheaply as the format allows (a CSV record is framed
   * but not split; a DuckDB chunk without a wanted row is not converted); with `seeks` too (an earlier
   * read's of this very file), a CSV's blocks without a wanted row are not read at all.
   */
  read(skip: number, only?: RowSelection, seeks?: SeekPoints): AsyncIterable<RowBatch>;
  /** The seek points the last read found, when it read the whole input; null otherwise or for sources that need none. */
  seekPoints(): SeekPoints | null;
  /** Share of the input read so far (0..1), or null when unknown. */
  progress(): number | null;
  /** Total rows when known up front (Parquet, DuckDB). */
  readonly totalRows: number | null;
  close(): Promise<void>;
}
