/** Picks the source for a portfolio argument (DESIGN.md §5): `.csv`, `.parquet`, or `duckdb:TABLE`. */
import { WardenError } from '../../model/errors.js';
import type { ColumnMapping } from '../portfolio-row.js';
import { openCsvPortfolio } from './csv-source.js';
import { openDuckDbTablePortfolio, openParquetPortfolio } from './duckdb-source.js';
import type { PortfolioSource } from './portfolio-source.js';

/**
 * Opens a portfolio and checks its columns; nothing is read beyond the header yet.
 *
 * @example await openPortfolio('duckdb:customers', { db: 'warden.duckdb' })
 */
export async function openPortfolio(
  portfolio: string,
  options: { columns?: ColumnMapping; db?: string } = {},
): Promise<PortfolioSource> {
  const columns = options.columns ?? {};
  if (portfolio.startsWith('duckdb:')) {
    if (!options.db) {
      throw new WardenError('VALIDATION_ERROR', `A duckdb:TABLE portfolio needs the database file (--db).`);
    }
    return openDuckDbTablePortfolio(options.db, portfolio.slice('duckdb:'.length), columns);
  }
  if (/\.parquet$/i.test(portfolio)) return openParquetPortfolio(portfolio, columns);
  if (/\.csv$/i.test(portfolio)) return openCsvPortfolio(portfolio, columns);
  throw new WardenError(
    'VALIDATION_ERROR',
    `The portfolio ${portfolio} is not a .csv or .parquet file or a duckdb:TABLE reference.`,
  );
}
