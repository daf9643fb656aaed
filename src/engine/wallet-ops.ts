/**
 * The engine's wallet side: the address book built from the active lists (rebuilt when they
 * change), the client blacklist, cached wallet analyses, and the name blacklist index for screening.
 */
import type { ClientRegistry } from '../clients/index.js';
import { parseOrThrow } from '../model/errors.js';
import { WalletAnalysisRequest } from '../model/wallet.js';
import { buildBlacklistIndex, type BlacklistIndex } from '../screening/index.js';
import type { ResidentRecords, Store } from '../store/index.js';
import {
  analyzeWalletQuery,
  BlacklistService,
  buildAddressBook,
  resolveWalletQuery,
  WalletResultCache,
  type AddressBook,
  type ChainData,
} from '../wallet/index.js';
import { asLibraryRequest } from './library-request.js';
import type { ClientOperations } from './types.js';
import type { Watchlists } from './watchlists.js';

export interface WalletOpsOptions {
  readonly store: Store;
  /** openBlacklistRecords(store.records). */
  readonly blacklistRecords: ResidentRecords;
  readonly lists: Watchlists;
  readonly now: () => number;
  readonly newId: (prefix: string) => string;
  /** Transfers for exposure; null until a host loads its own (see wallet/chain-data-csv.ts). */
  readonly chain?: ChainData | null;
  /** Called on every analysis, cached or not (the engine's observers count screenings). */
  readonly onAnalyzed?: () => void;
}

type WalletClientOps = Pick<
  ClientOperations,
  | 'analyzeWallet'
  | 'createBlacklistRecord'
  | 'listBlacklist'
  | 'getBlacklistRecord'
  | 'updateBlacklistRecord'
  | 'deleteBlacklistRecord'
  | 'getBlacklistSettings'
  | 'updateBlacklistSettings'
>;

export function createWalletOps(o: WalletOpsOptions) {
  const blacklist = new BlacklistService({
    records: o.blacklistRecords,
    now: o.now,
    newId: () => o.newId('bl'),
  });
  const cache = new WalletResultCache();
  let book: AddressBook = buildAddressBook(o.lists.active.entities, { version: 0 });
  let bookVersion = 0;
  o.lists.subscribe((active) => {
    book = buildAddressBook(active.entities, { version: ++bookVersion });
  });
  const nameIndexes = new Map<string, { epoch: number; index: BlacklistIndex | null }>();

  /** The client's name blacklist as an index, rebuilt only when the blacklist changed; null when off. */
  function nameBlacklist(clientId: string): BlacklistIndex | null {
    if (!blacklist.settingsOf(clientId).enabled) return null;
    const epoch = blacklist.epochOf(clientId);
    const cached = nameIndexes.get(clientId);
    if (cached && cached.epoch === epoch) return cached.index;
    const names = blacklist.nameBlacklistOf(clientId);
    const index = names.length === 0 ? null : buildBlacklistIndex(names);
    nameIndexes.set(clientId, { epoch, index });
    return index;
  }

  function forClient(clientId: string, _clients: ClientRegistry): WalletClientOps {
    return {
      analyzeWallet(request) {
        const r = parseOrThrow(WalletAnalysisRequest, asLibraryRequest(request));
        o.onAnalyzed?.();
        const query = resolveWalletQuery(r);
        const settings = blacklist.settingsOf(clientId);
        const key = {
          clientId,
          network: query.network,
          asset: query.asset,
          address: query.address.canonical,
          bookVersion: book.version,
          blacklistEpoch: blacklist.epochOf(clientId),
        };
        const now = o.now();
        const cached = r.force_search ? undefined : cache.get(key, now);
        if (cached && cached.external_id === r.external_id) return cached;
        const record = analyzeWalletQuery(query, r.external_id, {
          addressBook: book,
          chain: o.chain ?? null,
          walletBlacklist: settings.enabled ? blacklist.walletBlacklistOf(clientId) : new Map(),
          blacklistAction: settings.match_action,
          now: o.now,
          newId: () => o.newId('wra'),
          clientId,
        });
        cache.set(key, record, now);
        return record;
      },
      createBlacklistRecord: (request) => blacklist.create(clientId, request),
      listBlacklist: (query) => blacklist.list(clientId, query ?? {}),
      getBlacklistRecord: (id) => blacklist.get(clientId, id),
      updateBlacklistRecord: (id, patch) => blacklist.update(clientId, id, patch),
      deleteBlacklistRecord: (id) => blacklist.delete(clientId, id),
      getBlacklistSettings: () => blacklist.settingsOf(clientId),
      updateBlacklistSettings: (patch) => blacklist.updateSettings(clientId, patch),
    };
  }

  return {
    blacklist,
    nameBlacklist,
    forClient,
    /** The book screening transactions' wallets against. */
    addressBook: () => book,
  };
}

export type WalletOps = ReturnType<typeof createWalletOps>;
