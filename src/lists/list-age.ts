/**
 * How old a list version's data is. The list's own publication date is the truth when the file
 * carries one (OFAC advanced, UN, UK OFSI): re-importing an old file today does not make its data
 * new. Formats without a date (legacy OFAC CSV, PEP, generic CSV) fall back to the import time.
 */
import type { ListVersion } from '../model/list-version.js';

/**
 * Epoch milliseconds the version's data dates from.
 *
 * @example listUpdatedAt({ ...version, published_at: '2026-02-27' }) // Date.parse('2026-02-27T00:00:00Z')
 */
export function listUpdatedAt(version: Pick<ListVersion, 'published_at' | 'imported_at'>): number {
  if (version.published_at === null) return version.imported_at;
  const published = Date.parse(`${version.published_at}T00:00:00Z`);
  return Number.isNaN(published) ? version.imported_at : published;
}

/** Whole seconds from the version's date to `now`; never negative (a clock behind a publication date). */
export function listAgeSeconds(
  version: Pick<ListVersion, 'published_at' | 'imported_at'>,
  now: number,
): number {
  return Math.max(0, Math.floor((now - listUpdatedAt(version)) / 1000));
}
