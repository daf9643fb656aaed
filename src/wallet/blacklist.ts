/**
 * The client's own blacklist (spec: Create / Get All / Get / Update / Delete BlackList, Update Blacklist
 * Settings Account) over the Store port: collection "blacklist" (one record per entry) and
 * "blacklist_settings" (one per client). Every record belongs to one client; another client's id reads
 * as missing. The screening side reads it through two cached views, rebuilt after any write.
 */
import { z } from 'zod';
import {
  type BlacklistList,
  type BlacklistMatchAction,
  type BlacklistRecord,
  BlacklistSettings,
  BlacklistType,
  DEFAULT_BLACKLIST_SETTINGS,
  type DeleteBlacklistResponse,
} from '../model/blacklist.js';
import { parseOrThrow, WardenError } from '../model/errors.js';
import { PageQuery } from '../model/page.js';
import { ResidentRecords } from '../store/resident-records.js';
import type { RecordStore } from '../store/store.js';
import {
  BlacklistEntry,
  type BlacklistEntryInput,
  BlacklistPatch,
  type BlacklistPatchInput,
  normalizeBlacklistEntry,
} from './blacklist-entry.js';

export const BLACKLIST_COLLECTION = 'blacklist';
export const BLACKLIST_SETTINGS_COLLECTION = 'blacklist_settings';
/** The one settings record of a client. */
const SETTINGS_ID = 'settings';

const ListQuery = z.object({ ...PageQuery.shape, type: BlacklistType.optional() });
export type ListBlacklistInput = z.input<typeof ListQuery>;
const SettingsPatch = BlacklistSettings.partial();
export type BlacklistSettingsPatch = z.input<typeof SettingsPatch>;

/**
 * The blacklist collections kept in memory: every wallet analysis and name screening consults them
 * synchronously, and their size is the client's own list, not its traffic.
 */
export function openBlacklistRecords(records: RecordStore): Promise<ResidentRecords> {
  return ResidentRecords.open(records, [BLACKLIST_COLLECTION, BLACKLIST_SETTINGS_COLLECTION]);
}

export interface BlacklistServiceOptions {
  /** openBlacklistRecords(store.records). */
  readonly records: ResidentRecords;
  /** Epoch milliseconds. */
  readonly now: () => number;
  readonly newId: () => string;
}

export class BlacklistService {
  readonly #records: ResidentRecords;
  readonly #now: () => number;
  readonly #newId: () => string;
  readonly #wallets = new Map<string, ReadonlyMap<string, BlacklistRecord>>();
  readonly #names = new Map<string, readonly BlacklistRecord[]>();
  readonly #epochs = new Map<string, number>();
  /** Keys being written: two concurrent creates of one value must not both pass the check. */
  readonly #pendingKeys = new Set<string>();

  constructor(options: BlacklistServiceOptions) {
    this.#records = options.records;
    this.#now = options.now;
    this.#newId = options.newId;
  }

  /**
   * Adds an entry; a WALLET value is stored in its lookup form. CONFLICT when the client already
   * blacklists that address on that network, or that name (case and spacing aside).
   *
   * @example await blacklist.create('client-a', { type: 'WALLET', value: 'bc1q…', network: 'BTC' })
   */
  async create(clientId: string, input: BlacklistEntryInput): Promise<BlacklistRecord> {
    const entry = parseOrThrow(BlacklistEntry, input);
    const normalized = normalizeBlacklistEntry(entry);
    const at = this.#now();
    const record: BlacklistRecord = {
      id: this.#newId(),
      type: entry.type,
      value: normalized.value,
      network: normalized.network,
      asset: normalized.asset,
      reason: entry.reason,
      created_at: at,
      updated_at: at,
    };
    await this.#write(clientId, record, normalized.key);
    return record;
  }

  /** One page of the client's entries, newest first, optionally of one type. */
  list(clientId: string, query: ListBlacklistInput = {}): BlacklistList {
    const { page, limit, type } = parseOrThrow(ListQuery, query);
    const all = this.#records
      .list<BlacklistRecord>(BLACKLIST_COLLECTION, clientId)
      .map((r) => r.data)
      .filter((r) => type === undefined || r.type === type)
      .reverse();
    return {
      items: all.slice((page - 1) * limit, page * limit),
      totalItems: all.length,
      page,
      totalPages: Math.ceil(all.length / limit),
    };
  }

  /** The entry, or RESOURCE_NOT_FOUND (also for another client's id). */
  get(clientId: string, id: string): BlacklistRecord {
    const record = this.#records.get<BlacklistRecord>(BLACKLIST_COLLECTION, clientId, id);
    if (record === undefined) {
      throw new WardenError('RESOURCE_NOT_FOUND', `No blacklist record has the id "${id}".`, {
        path: ['id'],
      });
    }
    return record.data;
  }

  /** A PATCH: absent fields are kept, null clears network, asset or reason; the type never changes. */
  async update(clientId: string, id: string, input: BlacklistPatchInput): Promise<BlacklistRecord> {
    const patch = parseOrThrow(BlacklistPatch, input);
    if ([patch.value, patch.network, patch.asset, patch.reason].every((f) => f === undefined)) {
      throw new WardenError(
        'VALIDATION_ERROR',
        'The request must change at least one of value, network, asset, reason.',
      );
    }
    const current = this.get(clientId, id);
    const normalized = normalizeBlacklistEntry({
      type: current.type,
      value: patch.value ?? current.value,
      network: patch.network === undefined ? current.network : patch.network,
      asset: patch.asset === undefined ? current.asset : patch.asset,
    });
    const record: BlacklistRecord = {
      ...current,
      value: normalized.value,
      network: normalized.network,
      asset: normalized.asset,
      reason: patch.reason === undefined ? current.reason : patch.reason,
      updated_at: this.#now(),
    };
    await this.#write(clientId, record, normalized.key);
    return record;
  }

  async delete(clientId: string, id: string): Promise<DeleteBlacklistResponse> {
    this.get(clientId, id);
    await this.#records.delete(BLACKLIST_COLLECTION, clientId, id);
    this.#changed(clientId);
    return { success: true, id };
  }

  /** The client's settings; the defaults until it changes them. */
  settingsOf(clientId: string): BlacklistSettings {
    const stored = this.#records.get<BlacklistSettings>(BLACKLIST_SETTINGS_COLLECTION, clientId, SETTINGS_ID);
    return stored === undefined ? { ...DEFAULT_BLACKLIST_SETTINGS } : stored.data;
  }

  async updateSettings(clientId: string, input: BlacklistSettingsPatch): Promise<BlacklistSettings> {
    const patch = parseOrThrow(SettingsPatch, input);
    if (patch.enabled === undefined && patch.match_action === undefined) {
      throw new WardenError(
        'VALIDATION_ERROR',
        'The request must change at least one of enabled, match_action.',
      );
    }
    const stored = this.#records.get<BlacklistSettings>(BLACKLIST_SETTINGS_COLLECTION, clientId, SETTINGS_ID);
    const settings: BlacklistSettings = {
      enabled: patch.enabled ?? stored?.data.enabled ?? DEFAULT_BLACKLIST_SETTINGS.enabled,
      match_action:
        patch.match_action ?? stored?.data.match_action ?? DEFAULT_BLACKLIST_SETTINGS.match_action,
    };
    const at = this.#now();
    await this.#records.put({
      collection: BLACKLIST_SETTINGS_COLLECTION,
      id: SETTINGS_ID,
      client_id: clientId,
      key: null,
      created_at: stored?.created_at ?? at,
      updated_at: at,
      data: settings,
    });
    this.#changed(clientId);
    return settings;
  }

  /** What a blacklist hit does for this client (its settings' match_action). */
  matchActionOf(clientId: string): BlacklistMatchAction {
    return this.settingsOf(clientId).match_action;
  }

  /**
   * The client's blacklisted wallets by lookup form, for `analyzeWallet`; empty while the client has
   * its blacklist disabled. Cached until the client's next blacklist write.
   */
  walletBlacklistOf(clientId: string): ReadonlyMap<string, BlacklistRecord> {
    let wallets = this.#wallets.get(clientId);
    if (wallets === undefined) {
      wallets = new Map(this.#consulted(clientId, 'WALLET').map((r) => [r.value, r]));
      this.#wallets.set(clientId, wallets);
    }
    return wallets;
  }

  /** The client's blacklisted names (INDIVIDUAL and ORGANIZATION), for the name screening; cached. */
  nameBlacklistOf(clientId: string): readonly BlacklistRecord[] {
    let names = this.#names.get(clientId);
    if (names === undefined) {
      names = this.#consulted(clientId, 'INDIVIDUAL', 'ORGANIZATION');
      this.#names.set(clientId, names);
    }
    return names;
  }

  /** Grows with every write to the client's blacklist or settings: part of a cached result's key. */
  epochOf(clientId: string): number {
    return this.#epochs.get(clientId) ?? 0;
  }

  #consulted(clientId: string, ...types: BlacklistType[]): BlacklistRecord[] {
    if (!this.settingsOf(clientId).enabled) return [];
    return this.#records
      .list<BlacklistRecord>(BLACKLIST_COLLECTION, clientId)
      .map((r) => r.data)
      .filter((r) => types.includes(r.type));
  }

  async #write(clientId: string, record: BlacklistRecord, key: string): Promise<void> {
    const pending = `${clientId}\u0000${key}`;
    const holder = this.#records.getByKey<BlacklistRecord>(BLACKLIST_COLLECTION, clientId, key);
    if ((holder !== undefined && holder.id !== record.id) || this.#pendingKeys.has(pending)) {
      const on = record.network === null ? '' : ` on ${record.network}`;
      throw new WardenError(
        'CONFLICT',
        `The blacklist already has the ${record.type} ${JSON.stringify(record.value)}${on}` +
          `${holder === undefined ? '' : ` (record "${holder.id}")`}.`,
        { path: ['value'] },
      );
    }
    this.#pendingKeys.add(pending);
    try {
      await this.#records.put({
        collection: BLACKLIST_COLLECTION,
        id: record.id,
        client_id: clientId,
        key,
        created_at: record.created_at,
        updated_at: record.updated_at,
        data: record,
      });
    } finally {
      this.#pendingKeys.delete(pending);
    }
    this.#changed(clientId);
  }

  #changed(clientId: string): void {
    this.#wallets.delete(clientId);
    this.#names.delete(clientId);
    this.#epochs.set(clientId, this.epochOf(clientId) + 1);
  }
}
