/** Dependencies of analyzeWallet with overrides: a fixed clock, counting ids, no chain, no blacklist. */
import type { BlacklistRecord } from '../../../src/model/blacklist.js';
import type { AnalyzeWalletDeps } from '../../../src/wallet/analyze-wallet.js';
import { type AddressBook, buildAddressBook } from '../../../src/wallet/address-book.js';
import { labelledAddressToEntity } from '../../../src/wallet/address-entities.js';
import type { AddressCategory } from '../../../src/wallet/tables/categories.js';

export const ANALYZED_AT = Date.UTC(2026, 0, 15, 9, 30);

export function walletDeps(overrides: Partial<AnalyzeWalletDeps> = {}): AnalyzeWalletDeps {
  let ids = 0;
  return {
    addressBook: buildAddressBook([]),
    chain: null,
    walletBlacklist: new Map(),
    blacklistAction: 'EVALUATION',
    now: () => ANALYZED_AT,
    newId: () => `wra_${++ids}`,
    clientId: 'client-a',
    ...overrides,
  };
}

/** An address book of Ethereum addresses labelled by category name (as a labelled address list would). */
export function bookOfLabels(labels: ReadonlyMap<string, AddressCategory>, version = 1): AddressBook {
  const entities = [...labels].map(([address, category]) =>
    labelledAddressToEntity({
      address,
      network: 'Ethereum',
      asset: null,
      label: `${category.categoryName} ${address.slice(2, 8)}`,
      categories: [category.name],
      status: null,
      date: null,
      source: 'synthetic',
      ofac_ent_num: null,
      address_case_verified: true,
    }),
  );
  return buildAddressBook(entities, { version });
}

/** A WALLET blacklist entry as BlacklistService stores it. */
export function aBlacklistEntry(overrides: Partial<BlacklistRecord> = {}): BlacklistRecord {
  return {
    id: 'bl_1',
    type: 'WALLET',
    value: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    network: 'Ethereum',
    asset: null,
    reason: 'Chargeback fraud',
    created_at: ANALYZED_AT - 86_400_000,
    updated_at: ANALYZED_AT - 86_400_000,
    ...overrides,
  };
}
