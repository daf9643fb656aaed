/**
 * The DuckDB file used when none is named. Apart from open-store.ts so that the command line can
 * show it in its help without loading DuckDB (half a second of start-up).
 */
export const DEFAULT_DB = 'warden.duckdb';
