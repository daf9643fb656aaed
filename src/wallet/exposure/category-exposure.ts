/**
 * Exposure per category: the hits of one direction and one kind (direct or indirect) summed by
 * category, as the wallet record reports them (`sanctioned_categories`: category_id, value, exposureType).
 */
import { ALERT_LEVEL_RANK } from '../tables/alert-levels.js';
import { ADDRESS_CATEGORY_NAMES, type AddressCategory } from '../tables/categories.js';
import type { TransferDirection } from './chain-data.js';
import type { ExposureHit } from './trace-flow.js';

export type ExposureType = 'direct' | 'indirect';

/** How many contributing addresses an exposure names: enough for an analyst to start from. */
const ADDRESSES_NAMED = 10;

export interface CategoryExposure {
  readonly category: AddressCategory;
  readonly exposureType: ExposureType;
  readonly direction: TransferDirection;
  /** The nearest hop at which the category was reached (1 for direct). */
  readonly hop: number;
  /** USD weighted by haircut^(hop-1) per path; equals tracedUsd for direct exposure. */
  readonly usd: number;
  /** `usd` over the wallet's total USD in this direction, 0…1 (0 when the wallet moved nothing). */
  readonly share: number;
  /** USD of the wallet's flow that reached the category, before the haircut. */
  readonly tracedUsd: number;
  /** Contributing addresses, largest first, at most ten. */
  readonly addresses: readonly string[];
  readonly addressCount: number;
}

const CATEGORY_ORDER = new Map<string, number>(ADDRESS_CATEGORY_NAMES.map((n, i) => [n, i]));

/**
 * Sums hits by category into exposures of one kind.
 *
 * @example aggregateHits(hits.values(), 'indirect', wallet.outgoingUsd)
 */
export function aggregateHits(
  hits: Iterable<ExposureHit>,
  exposureType: ExposureType,
  directionTotalUsd: number,
): CategoryExposure[] {
  const groups = new Map<string, ExposureHit[]>();
  for (const hit of hits) {
    const group = groups.get(hit.category.name);
    if (group === undefined) groups.set(hit.category.name, [hit]);
    else group.push(hit);
  }
  const out: CategoryExposure[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => b.weightedUsd - a.weightedUsd || a.hop - b.hop || compareText(a.address, b.address));
    const first = group[0];
    if (first === undefined) continue;
    let usd = 0;
    let tracedUsd = 0;
    let hop = first.hop;
    for (const hit of group) {
      usd += hit.weightedUsd;
      tracedUsd += hit.tracedUsd;
      hop = Math.min(hop, hit.hop);
    }
    out.push({
      category: first.category,
      exposureType,
      direction: first.direction,
      hop,
      usd,
      share: directionTotalUsd > 0 ? Math.min(1, usd / directionTotalUsd) : 0,
      tracedUsd,
      addresses: group.slice(0, ADDRESSES_NAMED).map((h) => h.address),
      addressCount: group.length,
    });
  }
  return out;
}

/** Worst first: alert level, then direct before indirect, then value, then table order. */
export function compareExposures(a: CategoryExposure, b: CategoryExposure): number {
  return (
    ALERT_LEVEL_RANK[b.category.alertLevel] - ALERT_LEVEL_RANK[a.category.alertLevel] ||
    Number(a.exposureType === 'indirect') - Number(b.exposureType === 'indirect') ||
    b.usd - a.usd ||
    (CATEGORY_ORDER.get(a.category.name) ?? 0) - (CATEGORY_ORDER.get(b.category.name) ?? 0) ||
    compareText(a.direction, b.direction)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
