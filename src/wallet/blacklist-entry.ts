/**
 * What a blacklist entry is once accepted: a wallet in its lookup form on a catalog network, or a
 * trimmed name, plus the key that makes it unique within one client's blacklist. The request schemas
 * of model/blacklist.ts check the shape; here the entry is checked against the coin catalog and the
 * address formats, which only wallet/ knows.
 */
import { z } from 'zod';
import { type Asset, assertNetworkAsset } from '../model/coins.js';
import { type BlacklistType, CreateBlacklistRequest, UpdateBlacklistRequest } from '../model/blacklist.js';
import { WardenError } from '../model/errors.js';
import { validateAddress } from './validate-address.js';

// The request schemas without the credentials: the service is called with an authenticated client id.
const { client_id: _createId, client_secret: _createSecret, ...createFields } = CreateBlacklistRequest.shape;
const { client_id: _updateId, client_secret: _updateSecret, ...updateFields } = UpdateBlacklistRequest.shape;

/** A new entry's fields (CreateBlacklistRequest without credentials); the request body itself also fits. */
export const BlacklistEntry = z.object(createFields);
export type BlacklistEntryInput = z.input<typeof BlacklistEntry>;

/** A PATCH's fields (UpdateBlacklistRequest without credentials): absent keeps, null clears. */
export const BlacklistPatch = z.object(updateFields);
export type BlacklistPatchInput = z.input<typeof BlacklistPatch>;

export interface BlacklistEntryFields {
  readonly type: BlacklistType;
  readonly value: string;
  readonly network: string | null;
  readonly asset: Asset | null;
}

export interface NormalizedBlacklistEntry {
  /** A wallet's lookup form (EVM lower-cased, base58 as given), or the name as written, trimmed. */
  readonly value: string;
  readonly network: 'Bitcoin' | 'Ethereum' | 'TRON' | null;
  readonly asset: Asset | null;
  /** Unique per client: one address per network, one name per type whatever its case and spacing. */
  readonly key: string;
}

/**
 * Checks an entry and gives its stored form: WALLET needs a catalog network, a valid address and an
 * asset of that network (or none: every asset); names carry no network or asset.
 *
 * @example normalizeBlacklistEntry({ type: 'WALLET', value: '0xAbC…', network: 'ETH', asset: null }).value // '0xabc…'
 */
export function normalizeBlacklistEntry(entry: BlacklistEntryFields): NormalizedBlacklistEntry {
  const value = entry.value.trim();
  if (entry.type !== 'WALLET') {
    if (entry.network !== null || entry.asset !== null) {
      const field = entry.network !== null ? 'network' : 'asset';
      throw new WardenError(
        'VALIDATION_ERROR',
        `${field}: applies only to WALLET records, not ${entry.type}.`,
        {
          path: [field],
        },
      );
    }
    return { value, network: null, asset: null, key: `${entry.type}:${foldName(value)}` };
  }
  if (entry.network === null) {
    throw new WardenError('VALIDATION_ERROR', 'network: is required when type is WALLET.', {
      path: ['network'],
    });
  }
  if (entry.asset !== null) assertNetworkAsset(entry.network, entry.asset, ['asset']);
  const address = validateAddress(entry.network, value);
  return {
    value: address.canonical,
    network: address.network,
    asset: entry.asset,
    key: `WALLET:${address.network}:${address.canonical}`,
  };
}

/** Names compare case-folded with spaces collapsed: "ACME  Ltd" and "acme ltd" are one entry. */
function foldName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
}
