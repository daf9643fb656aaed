/**
 * A transaction service over real parts: the project's rules/ compiled, a real screening index of a
 * few real-looking entities, the client's blacklist as a real blacklist index, and a store of either
 * kind. Only the wallet analysis is a stand-in (SEVERE for one known address) until the engine wires
 * the real analyzer; webhooks are recorded instead of sent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRuleSet, loadRuleSet } from '../../src/decision/index.js';
import type { BlacklistRecord } from '../../src/model/blacklist.js';
import { ClientSettings } from '../../src/model/client.js';
import type { EntityInput } from '../../src/model/entity.js';
import { WardenError } from '../../src/model/errors.js';
import type { CryptoWallet } from '../../src/model/participant.js';
import { buildBlacklistIndex, buildEntityIndex, type EntityIndex } from '../../src/screening/index.js';
import type { Store } from '../../src/store/index.js';
import {
  createTransactionService,
  indexScreeningPort,
  type NotifyPort,
  type WalletPort,
  type WalletRiskSummary,
} from '../../src/transactions/index.js';
import type { WebhookSubject } from '../../src/model/webhook.js';
import { anEntity } from '../support/entities.js';
import { REPO_ROOT } from '../support/datasets.js';
import { LISTED } from '../support/entities.js';
import { REQUEST_AT } from '../support/factories/transactions.js';

export const RULES = compileRuleSet(
  loadRuleSet((file) => readFileSync(join(REPO_ROOT, 'rules', file), 'utf8')),
);

export { LISTED };

export const indexOf = (entities: readonly Partial<EntityInput>[]): EntityIndex =>
  buildEntityIndex(entities.map((e) => anEntity(e)));

/** Tornado Cash router, on the OFAC SDN list since 2022: the stand-in analyzer calls it SEVERE. */
export const SEVERE_ADDRESS = '0x8589427373D6D84E98730D7795D8f6f8731FDA16';
export const INVALID_ADDRESS = 'not-a-wallet';

const CLEAN: WalletRiskSummary = { risk_level: 'NONE', alerts: [], directExposure: { direct: null } };
const SEVERE: WalletRiskSummary = {
  risk_level: 'SEVERE',
  alerts: [
    {
      alertLevel: 'SEVERE',
      category: 'Sanctions',
      service: 'Tornado Cash',
      externalId: null,
      alertAmount: 125000,
      exposureType: 'direct',
      categoryId: 3,
    },
  ],
  directExposure: { direct: { name: 'Tornado Cash', category: 'Sanctions', categoryId: 3 } },
};

export const standInWallet = {
  analyze(_clientId: string, wallet: CryptoWallet): WalletRiskSummary {
    if (wallet.address === INVALID_ADDRESS) {
      throw new WardenError(
        'INVALID_ADDRESS',
        `address "${wallet.address}" is not a valid ${wallet.network} address.`,
      );
    }
    return wallet.address === SEVERE_ADDRESS ? SEVERE : CLEAN;
  },
};

export interface SentWebhook {
  readonly clientId: string;
  readonly event: string;
  readonly payload: unknown;
  readonly subject: WebhookSubject;
  /** Stable per state change: whd_<transaction id>_<change number>. */
  readonly deliveryId: string;
}

export const CLIENT = 'cl_00000000000000a1';
export const OTHER_CLIENT = 'cl_00000000000000b2';
export const LIST_VERSIONS = ['ofac-sdn@1', 'un@2', 'pep-us@1'];

export interface Harness {
  readonly service: ReturnType<typeof createTransactionService>;
  readonly webhooks: SentWebhook[];
  /** The clock: every now() returns this, then advances it by 1 ms. */
  time: number;
  index: EntityIndex;
  readonly settings: Map<string, ClientSettings>;
  readonly blacklists: Map<string, BlacklistRecord[]>;
}

let nextHarness = 0;

/** A service over `store`; a second harness on a reopened store sees the first one's records. */
export function aHarness(
  store: Store,
  options: { usdRates?: Record<string, number>; wallet?: WalletPort } = {},
): Harness {
  const webhooks: SentWebhook[] = [];
  const prefix = `h${++nextHarness}`;
  let seq = 0;
  const newId = () => `${prefix}_${(++seq).toString().padStart(6, '0')}`;
  // No outbox record: the webhook counts as sent once the service schedules it, after its commit.
  const notify: NotifyPort = {
    prepare: (clientId, event, payload, subject, deliveryId) => ({
      record: null,
      schedule: () => {
        webhooks.push({ clientId, event, payload, subject, deliveryId });
      },
    }),
  };
  const h: Omit<Harness, 'service'> = {
    webhooks,
    time: REQUEST_AT,
    index: indexOf(LISTED),
    settings: new Map(),
    blacklists: new Map(),
  };
  const now = () => h.time++;
  const settingsOf = (clientId: string) => h.settings.get(clientId) ?? ClientSettings.parse({});
  const screening = indexScreeningPort({
    index: () => h.index,
    blacklistOf: (clientId) => {
      const records = h.blacklists.get(clientId);
      return records && settingsOf(clientId).blacklist.enabled ? buildBlacklistIndex(records) : null;
    },
    now,
    newId,
  });
  return Object.assign(h, {
    service: createTransactionService({
      store,
      screening,
      wallet: options.wallet ?? standInWallet,
      notify,
      rules: RULES,
      settingsOf,
      listVersions: () => LIST_VERSIONS,
      now,
      newId,
      ...(options.usdRates ? { usdRates: options.usdRates } : {}),
    }),
  });
}

/** A blacklist record of a name, as the blacklist API stores it. */
export function aBlacklistedName(value: string, id = 'bl_0001'): BlacklistRecord {
  return {
    id,
    type: 'INDIVIDUAL',
    value,
    network: null,
    asset: null,
    reason: 'Chargeback fraud, case 2024-117',
    created_at: REQUEST_AT,
    updated_at: REQUEST_AT,
  };
}
