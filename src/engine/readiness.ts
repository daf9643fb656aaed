/**
 * Whether an engine should receive traffic: ready once listed names are loaded (screening would
 * otherwise answer LISTS_NOT_LOADED) and, when a maximum age is set, while every active list is
 * younger than it. Off by default, since a fixed bound on list age fails every probe of a host that
 * serves the lists bundled with it; a host that updates its lists daily sets e.g. 36 hours.
 */
import { listAgeSeconds, listUpdatedAt } from '../lists/index.js';
import type { ListVersion } from '../model/list-version.js';
import type { NotReadyReason, Readiness } from '../model/readiness.js';
import type { ActiveLists } from './watchlists.js';

const HOUR_MS = 3_600_000;

/**
 * The readiness of the active lists at `now`; `maxListAgeMs` null checks no age.
 *
 * @example assessReadiness(engine.activeLists(), Date.now(), 36 * 3600_000).status // 'ready'
 */
export function assessReadiness(
  active: Pick<ActiveLists, 'index' | 'versions'>,
  now: number,
  maxListAgeMs: number | null,
): Readiness {
  const reasons: NotReadyReason[] = [];
  if (active.index.entities.length === 0) {
    reasons.push({
      code: 'NO_LIST_LOADED',
      message: 'No watchlist with listed names is loaded; import one (warden lists import).',
      list: null,
    });
  }
  const maxAgeSeconds = maxListAgeMs === null ? null : maxListAgeMs / 1000;
  const lists = active.versions.map((version: ListVersion) => ({
    list: version.list,
    version: version.id,
    updated_at: listUpdatedAt(version),
    age_seconds: listAgeSeconds(version, now),
  }));
  for (const list of lists) {
    if (maxListAgeMs === null || now - list.updated_at <= maxListAgeMs) continue;
    reasons.push({
      code: 'LIST_TOO_OLD',
      message: `List ${list.list} (${list.version}) dates from ${new Date(list.updated_at).toISOString()}, older than the maximum age of ${maxListAgeMs / HOUR_MS} hours; update it (warden lists update or import).`,
      list: list.list,
    });
  }
  return {
    status: reasons.length === 0 ? 'ready' : 'not_ready',
    reasons,
    max_list_age_seconds: maxAgeSeconds,
    lists,
  };
}
