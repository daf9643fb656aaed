/**
 * Blockchain Analysis (spec: POST /api/v1/analysis-crypto/risk-wallet/send): the request and the wallet
 * risk analysis record. Observed spellings are kept, mixed case included (external_id and externalId,
 * category_id beside categoryId).
 */
import { z } from 'zod';
import { Asset, Network, checkNetworkAsset } from './coins.js';
import { ClientCredentials, EXAMPLE_CREDENTIALS } from './credentials.js';
import { RiskLevel } from './risk.js';
import { EpochMillis, IsoDateTime, NonNegativeAmount, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const WalletAnalysisRequest = ClientCredentials.extend({
  network: Network,
  address: RequiredText.describe('Wallet address to analyse'),
  force_search: z.boolean().default(false).describe('Run a fresh analysis even when a recent one exists'),
  asset: Asset.nullable()
    .default(null)
    .describe('Warden addition, optional: the asset to analyse; null means the network as a whole'),
  external_id: RequiredText.nullable().default(null).describe("Client's identifier, echoed in the record"),
}).check(checkNetworkAsset);
export type WalletAnalysisRequest = z.infer<typeof WalletAnalysisRequest>;
export type WalletAnalysisRequestInput = z.input<typeof WalletAnalysisRequest>;
nameSchema(WalletAnalysisRequest, 'WalletAnalysisRequest', [
  { ...EXAMPLE_CREDENTIALS, network: 'TRON', asset: 'USDT', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
]);

export const WalletAnalysisStatus = z
  .enum(['pending', 'completed', 'failed'])
  .describe('Lower case, as observed');
export type WalletAnalysisStatus = z.infer<typeof WalletAnalysisStatus>;

/** Alert levels are risk levels without NONE; the old service wrote "Severe" beside "SEVERE", read as one. */
export const AlertLevel = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(RiskLevel.exclude(['NONE']));
export type AlertLevel = z.infer<typeof AlertLevel>;

export const ExposureType = z
  .enum(['direct', 'indirect'])
  .describe('direct: the address itself; indirect: via counterparties');
export type ExposureType = z.infer<typeof ExposureType>;

/** An alert's exposure is also "Blacklist" when the address is on the client's blacklist. */
export const AlertExposureType = z.enum([...ExposureType.options, 'Blacklist']);
export type AlertExposureType = z.infer<typeof AlertExposureType>;

const categoryId = z.number().int().describe('Numeric id of the risk category');

export const CustomAddress = z.object({
  addressName: z.string(),
  categoryName: z.string(),
  description: z.string(),
  categoryId,
});
export type CustomAddress = z.infer<typeof CustomAddress>;

/** The spec shows this array empty; Warden lists the address lists that label the address. */
export const ProviderIdentification = CustomAddress.extend({
  provider: z.string().describe('Warden addition: the list that labels the address, e.g. ofac-sdn'),
});
export type ProviderIdentification = z.infer<typeof ProviderIdentification>;

export const AddressIdentification = z.object({
  customAddresses: z.array(CustomAddress),
  providerIdentifications: z.array(ProviderIdentification),
});
export type AddressIdentification = z.infer<typeof AddressIdentification>;

export const WalletAlert = z.object({
  alertLevel: AlertLevel,
  category: z.string().describe('Risk category, e.g. Sanctions; Blacklist for a blacklist match'),
  service: z.string().describe('Named service or list behind the exposure; Blacklist for a blacklist match'),
  externalId: z.string().nullable(),
  alertAmount: NonNegativeAmount.describe('USD value exposed'),
  exposureType: AlertExposureType,
  categoryId,
});
export type WalletAlert = z.infer<typeof WalletAlert>;

export const ExposureCounterparty = z.object({ name: z.string(), category: z.string(), categoryId });
export type ExposureCounterparty = z.infer<typeof ExposureCounterparty>;

export const DirectExposure = z.object({
  direct: ExposureCounterparty.nullable().describe('Null when the address has no identified direct exposure'),
});
export type DirectExposure = z.infer<typeof DirectExposure>;

export const SanctionedCategory = z.object({
  category_id: categoryId,
  value: NonNegativeAmount.describe('USD value exposed to the category'),
  exposureType: ExposureType,
});
export type SanctionedCategory = z.infer<typeof SanctionedCategory>;

export const GraphNode = z.object({
  id: z.string().describe('The address, or the name of a labelled entity'),
  type: z.enum(['address', 'entity']),
});
export type GraphNode = z.infer<typeof GraphNode>;

/** The spec shows edges only as arrays; Warden's edge is one counterparty with its flows and label. */
export const GraphEdge = z.object({
  counterparty: GraphNode,
  asset: Asset,
  amount: NonNegativeAmount.describe('Total in asset units'),
  usdAmount: NonNegativeAmount.nullable(),
  txCount: z.number().int().positive(),
  hops: z.number().int().positive().describe('1 for a direct counterparty, more for indirect exposure'),
  category: z.string().nullable().describe('Risk category of the counterparty when labelled'),
  categoryId: categoryId.nullable(),
});
export type GraphEdge = z.infer<typeof GraphEdge>;

export const WalletGraph = z.object({
  status: z.enum(['ready', 'pending', 'failed']),
  centerNode: GraphNode,
  incomingEdges: z.array(GraphEdge).describe('Counterparties that sent to the centre'),
  outgoingEdges: z.array(GraphEdge).describe('Counterparties the centre sent to'),
  timestamp: EpochMillis,
});
export type WalletGraph = z.infer<typeof WalletGraph>;

export const TokenBalance = z.object({
  asset: Asset,
  contract: z.string().nullable().describe('Token contract address'),
  amount: z.string().describe('Decimal amount in token units'),
  rawAmount: z.string().describe('Integer amount in the smallest unit'),
});
export type TokenBalance = z.infer<typeof TokenBalance>;

export const WalletBalance = z.object({
  address: z.string(),
  native: z.string().describe('Decimal balance of the native coin, as a string to keep precision'),
  rawNative: z.string().describe('Integer balance in the smallest unit (satoshi, wei, sun)'),
  tokens: z.array(TokenBalance),
});
export type WalletBalance = z.infer<typeof WalletBalance>;

export const WalletRiskAnalysis = z.object({
  id: z.string(),
  external_id: z
    .string()
    .nullable()
    .describe("Client's identifier from the request; null when none was sent"),
  externalId: z.string().nullable().describe('Same value as external_id (both spellings are in the spec)'),
  beneficiaryId: z.string().nullable(),
  ownerId: z.string().nullable(),
  alias: z.string().nullable(),
  attemptIdentifier: z.string().nullable(),
  userId: z.string().describe('client_id of the requester'),
  asset: Asset.describe("The request's asset, or the network's native coin when none was sent"),
  network: Network,
  address: z.string(),
  assetAmount: NonNegativeAmount.describe('Balance in asset units'),
  usdAmount: NonNegativeAmount.describe('Balance in USD'),
  status: WalletAnalysisStatus,
  risk_level: RiskLevel,
  addressIdentification: AddressIdentification,
  alerts: z.array(WalletAlert),
  directExposure: DirectExposure,
  sanctioned_categories: z.array(SanctionedCategory),
  wallet_graph: z.array(WalletGraph),
  wallet_balance: z.array(WalletBalance),
  analyzed_at: EpochMillis,
  createdAt: IsoDateTime,
});
export type WalletRiskAnalysis = z.infer<typeof WalletRiskAnalysis>;
nameSchema(WalletRiskAnalysis, 'WalletRiskAnalysis');
