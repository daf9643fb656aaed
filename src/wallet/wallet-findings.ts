/**
 * What a wallet analysis found, in the record's terms: the address's own identifications, its alerts,
 * its largest attributed counterparty, the value per category, and the risk level.
 *
 * Levels (the spec shows only observed values): an alert about the address itself, or about a direct
 * counterparty, carries its category's level (tables/categories.ts); an indirect one is one level
 * lower, because attribution weakens with every hop and the walk's pro-rata model is an estimate; a
 * blacklist hit carries the level of the client's blacklist action (REJECTED SEVERE, EVALUATION HIGH).
 * Alert amounts are real USD: the wallet's whole volume for what the address itself is, and the traced
 * flow (before the per-hop haircut) for exposure.
 */
import type { BlacklistRecord } from '../model/blacklist.js';
import type { RiskLevel } from '../model/risk.js';
import type { CustomAddress, DirectExposure, SanctionedCategory, WalletAlert } from '../model/wallet.js';
import type { AddressAttribution } from './address-book.js';
import type { CategoryExposure } from './exposure/category-exposure.js';
import type { WalletExposure } from './exposure/compute-exposure.js';
import { type AlertLevel, ALERT_LEVEL_RANK, worstAlertLevel } from './tables/alert-levels.js';
import type { AddressCategory } from './tables/categories.js';

/** Level of an indirect exposure alert, by its category's level. */
export const INDIRECT_ALERT_LEVEL: Readonly<Record<AlertLevel, AlertLevel>> = {
  SEVERE: 'HIGH',
  HIGH: 'MEDIUM',
  MEDIUM: 'LOW',
  LOW: 'LOW',
};

/** How a counterparty is named in alerts and in `directExposure`. */
export interface CounterpartyListing {
  readonly name: string;
  /** The listing behind it: "<list>:<entity_id>", or a blacklist record id. */
  readonly externalId: string;
}

/** Who names counterparties: the address book, then the client's blacklist. */
export interface CounterpartyListings {
  listingOf(address: string): CounterpartyListing | null;
}

export interface FindingsInput {
  /** The address's own attributions, worst first. */
  readonly attributions: readonly AddressAttribution[];
  readonly exposure: WalletExposure | null;
  /** The client's blacklist entry for the address, when there is one. */
  readonly blacklisted: BlacklistRecord | null;
  /** The blacklist category at the level of the client's blacklist action. */
  readonly blacklistCategory: AddressCategory;
  readonly listings: CounterpartyListings;
}

export interface WalletFindings {
  readonly customAddresses: CustomAddress[];
  readonly alerts: WalletAlert[];
  readonly directExposure: DirectExposure;
  readonly sanctionedCategories: SanctionedCategory[];
  readonly riskLevel: RiskLevel;
}

/**
 * Assembles the findings of one analysis.
 *
 * @example walletFindings({ attributions, exposure, blacklisted: null, blacklistCategory, listings }).riskLevel
 */
export function walletFindings(input: FindingsInput): WalletFindings {
  const { attributions, exposure, blacklisted, blacklistCategory } = input;
  const volume = cents((exposure?.totals.incomingUsd ?? 0) + (exposure?.totals.outgoingUsd ?? 0));
  const alerts: WalletAlert[] = attributions.map((a) => ({
    alertLevel: a.category.alertLevel,
    category: a.category.categoryName,
    service: a.entity_name,
    externalId: `${a.list}:${a.entity_id}`,
    alertAmount: volume,
    exposureType: 'direct',
    categoryId: a.category.categoryId,
  }));
  if (blacklisted !== null) {
    alerts.push({
      alertLevel: blacklistCategory.alertLevel,
      category: 'Blacklist',
      service: 'Blacklist',
      externalId: blacklisted.id,
      alertAmount: volume,
      exposureType: 'Blacklist',
      categoryId: blacklistCategory.categoryId,
    });
  }
  for (const e of exposure?.exposures ?? []) alerts.push(exposureAlert(e, input.listings));
  alerts.sort((a, b) => ALERT_LEVEL_RANK[b.alertLevel] - ALERT_LEVEL_RANK[a.alertLevel]);

  const own = attributions.map((a) => a.category);
  if (blacklisted !== null) own.push(blacklistCategory);
  return {
    customAddresses: attributions.map((a) => ({
      addressName: a.entity_name,
      categoryName: a.category.categoryName,
      description: describeAttribution(a),
      categoryId: a.category.categoryId,
    })),
    alerts,
    directExposure: { direct: largestCounterparty(exposure, input.listings) },
    sanctionedCategories: categoryValues(own, volume, exposure?.exposures ?? []),
    riskLevel: worstAlertLevel(alerts.map((a) => a.alertLevel)) ?? 'NONE',
  };
}

function exposureAlert(e: CategoryExposure, listings: CounterpartyListings): WalletAlert {
  const top = e.addresses[0];
  const listing = top === undefined ? null : listings.listingOf(top);
  return {
    alertLevel:
      e.exposureType === 'direct' ? e.category.alertLevel : INDIRECT_ALERT_LEVEL[e.category.alertLevel],
    category: e.category.categoryName,
    service: listing?.name ?? e.category.categoryName,
    externalId: listing?.externalId ?? null,
    alertAmount: cents(e.tracedUsd),
    exposureType: e.exposureType,
    categoryId: e.category.categoryId,
  };
}

/** The direct counterparty with a category that moved the most USD (the worse one on a tie). */
function largestCounterparty(
  exposure: WalletExposure | null,
  listings: CounterpartyListings,
): DirectExposure['direct'] {
  let largest: WalletExposure['counterparties'][number] | undefined;
  // Counterparties come worst first, so a strict ">" keeps the worse of two equal amounts.
  for (const c of exposure?.counterparties ?? [])
    if (largest === undefined || c.usd > largest.usd) largest = c;
  if (largest === undefined) return null;
  return {
    name: listings.listingOf(largest.address)?.name ?? largest.category.categoryName,
    category: largest.category.categoryName,
    categoryId: largest.category.categoryId,
  };
}

/**
 * USD per category and exposure type. The address's own categories count as direct with the wallet's
 * whole volume; a category met both ways keeps the larger figure (direct exposure is part of the volume).
 */
function categoryValues(
  own: readonly AddressCategory[],
  volume: number,
  exposures: readonly CategoryExposure[],
): SanctionedCategory[] {
  const values = new Map<string, SanctionedCategory>();
  // Exposures first and summed over directions; the address's own categories then take the maximum.
  for (const e of exposures)
    addValue(values, e.category.categoryId, e.exposureType, cents(e.tracedUsd), 'sum');
  for (const category of own) addValue(values, category.categoryId, 'direct', volume, 'max');
  return [...values.values()].sort(
    (a, b) =>
      Number(a.exposureType === 'indirect') - Number(b.exposureType === 'indirect') || b.value - a.value,
  );
}

function addValue(
  values: Map<string, SanctionedCategory>,
  categoryId: number,
  exposureType: 'direct' | 'indirect',
  value: number,
  merge: 'sum' | 'max',
): void {
  const key = `${categoryId}:${exposureType}`;
  const known = values.get(key);
  if (known === undefined) values.set(key, { category_id: categoryId, value, exposureType });
  else {
    const combined = merge === 'sum' ? known.value + value : Math.max(known.value, value);
    values.set(key, { ...known, value: cents(combined) });
  }
}

function describeAttribution(a: AddressAttribution): string {
  const parts = [a.label, `list ${a.list}, entity ${a.entity_id}`];
  if (a.reference !== null) parts.push(a.reference);
  if (a.source !== a.list) parts.push(`source ${a.source}`);
  return parts.join('; ');
}

function cents(usd: number): number {
  return Math.round(usd * 100) / 100;
}
