/**
 * The client's own blacklist (spec: Create / Get All / Get / Delete / Update BlackList, Update Blacklist
 * Settings Account): wallets and names the client wants flagged whatever the public lists say.
 * Timestamps are epoch ms like the rest of the transaction and screening area.
 */
import { z } from 'zod';
import { Asset, Network, checkNetworkAsset } from './coins.js';
import { ClientCredentials, EXAMPLE_CREDENTIALS } from './credentials.js';
import { PageQuery, pageOf } from './page.js';
import { MatchStrength } from './risk.js';
import { EpochMillis, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const BlacklistType = z.enum(['WALLET', 'INDIVIDUAL', 'ORGANIZATION']);
export type BlacklistType = z.infer<typeof BlacklistType>;

/** What a blacklist hit does to a transaction: hold it for review, or reject it outright. */
export const BlacklistMatchAction = z.enum(['EVALUATION', 'REJECTED']);
export type BlacklistMatchAction = z.infer<typeof BlacklistMatchAction>;

export const BlacklistRecord = z.object({
  id: z.string(),
  type: BlacklistType,
  value: z.string().describe('Wallet address (WALLET) or name (INDIVIDUAL, ORGANIZATION)'),
  network: Network.nullable().describe('Network of a WALLET record; null for names'),
  asset: Asset.nullable().describe('Asset of a WALLET record; null means every asset of the network'),
  reason: z.string().nullable(),
  created_at: EpochMillis,
  updated_at: EpochMillis,
});
export type BlacklistRecord = z.infer<typeof BlacklistRecord>;
nameSchema(BlacklistRecord, 'BlacklistRecord', [
  {
    id: 'bl_62470cbe-d020-436f-ad77-77abdb634c46',
    type: 'WALLET',
    value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    network: 'TRON',
    asset: 'USDT',
    reason: 'Chargeback fraud reported by the compliance team',
    created_at: 1777629630000,
    updated_at: 1777629630000,
  },
]);

export const CreateBlacklistRequest = ClientCredentials.extend({
  type: BlacklistType,
  value: RequiredText.describe('Wallet address (WALLET) or name (INDIVIDUAL, ORGANIZATION)'),
  network: Network.nullable().default(null).describe('Required for WALLET; not allowed otherwise'),
  asset: Asset.nullable().default(null).describe('WALLET only; null blacklists every asset of the network'),
  reason: RequiredText.nullable().default(null),
})
  .check((ctx) => {
    const { type, network, asset } = ctx.value;
    // An address means nothing without its chain; a name has no chain.
    if (type === 'WALLET' && network === null) {
      ctx.issues.push({
        code: 'custom',
        message: 'is required when type is WALLET',
        input: network,
        path: ['network'],
      });
    }
    if (type !== 'WALLET' && (network !== null || asset !== null)) {
      ctx.issues.push({
        code: 'custom',
        message: `applies only to WALLET records, not ${type}`,
        input: network ?? asset,
        path: [network !== null ? 'network' : 'asset'],
      });
    }
  })
  .check(checkNetworkAsset);
export type CreateBlacklistRequest = z.infer<typeof CreateBlacklistRequest>;
export type CreateBlacklistRequestInput = z.input<typeof CreateBlacklistRequest>;
nameSchema(CreateBlacklistRequest, 'CreateBlacklistRequest', [
  {
    ...EXAMPLE_CREDENTIALS,
    type: 'WALLET',
    value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    network: 'TRON',
    asset: 'USDT',
    reason: 'Chargeback fraud reported by the compliance team',
  },
]);

/** A PATCH: absent fields are kept, null clears network/asset/reason; the type of a record never changes. */
export const UpdateBlacklistRequest = ClientCredentials.extend({
  value: RequiredText.optional(),
  network: Network.nullable().optional(),
  asset: Asset.nullable().optional(),
  reason: RequiredText.nullable().optional(),
})
  .check((ctx) => {
    const { value, network, asset, reason } = ctx.value;
    if ([value, network, asset, reason].every((field) => field === undefined)) {
      ctx.issues.push({
        code: 'custom',
        message: 'must change at least one of value, network, asset, reason',
        input: ctx.value,
        path: [],
      });
    }
  })
  .check(checkNetworkAsset);
export type UpdateBlacklistRequest = z.infer<typeof UpdateBlacklistRequest>;
nameSchema(UpdateBlacklistRequest, 'UpdateBlacklistRequest');

export const ListBlacklistQuery = ClientCredentials.extend(PageQuery.shape).extend({
  type: BlacklistType.optional(),
});
export type ListBlacklistQuery = z.infer<typeof ListBlacklistQuery>;

export const BlacklistList = pageOf(BlacklistRecord);
export type BlacklistList = z.infer<typeof BlacklistList>;
nameSchema(BlacklistList, 'BlacklistList');

export const DeleteBlacklistResponse = z.object({ success: z.literal(true), id: z.string() });
export type DeleteBlacklistResponse = z.infer<typeof DeleteBlacklistResponse>;
nameSchema(DeleteBlacklistResponse, 'DeleteBlacklistResponse');

export const BlacklistSettings = z.object({
  enabled: z.boolean().describe('When false the blacklist is kept but not consulted'),
  match_action: BlacklistMatchAction.describe('State given to a transaction with a blacklist hit'),
});
export type BlacklistSettings = z.infer<typeof BlacklistSettings>;
nameSchema(BlacklistSettings, 'BlacklistSettings');

/** EVALUATION by default: the spec's example of a soft match needing review is a blacklist match. */
export const DEFAULT_BLACKLIST_SETTINGS: BlacklistSettings = { enabled: true, match_action: 'EVALUATION' };

export const UpdateBlacklistSettingsRequest = ClientCredentials.extend(
  BlacklistSettings.partial().shape,
).check((ctx) => {
  if (ctx.value.enabled === undefined && ctx.value.match_action === undefined) {
    ctx.issues.push({
      code: 'custom',
      message: 'must change at least one of enabled, match_action',
      input: ctx.value,
      path: [],
    });
  }
});
export type UpdateBlacklistSettingsRequest = z.infer<typeof UpdateBlacklistSettingsRequest>;
nameSchema(UpdateBlacklistSettingsRequest, 'UpdateBlacklistSettingsRequest', [
  { ...EXAMPLE_CREDENTIALS, match_action: 'REJECTED' },
]);

/** A blacklist record a screened name matched (screening result's blacklistMatches). */
export const BlacklistNameMatch = BlacklistRecord.pick({
  id: true,
  type: true,
  value: true,
  reason: true,
}).extend({
  score: z.number().min(0).max(1),
  strength: MatchStrength,
});
export type BlacklistNameMatch = z.infer<typeof BlacklistNameMatch>;
nameSchema(BlacklistNameMatch, 'BlacklistNameMatch');
