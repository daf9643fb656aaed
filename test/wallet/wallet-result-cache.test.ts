import { describe, expect, it } from 'vitest';
import { openMemoryStore } from '../../src/store/memory.js';
import { analyzeWalletQuery } from '../../src/wallet/analyze-wallet.js';
import { BlacklistService, openBlacklistRecords } from '../../src/wallet/blacklist.js';
import { resolveWalletQuery } from '../../src/wallet/wallet-query.js';
import {
  DEFAULT_WALLET_RESULT_TTL_MS,
  WalletResultCache,
  type WalletResultKey,
} from '../../src/wallet/wallet-result-cache.js';
import { ANALYZED_AT, walletDeps } from './support/wallet-deps.js';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** A host's wallet screening: resolve the query, key the cache, analyse on a miss. */
async function screeningHost(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const blacklist = new BlacklistService({
    records: await openBlacklistRecords(openMemoryStore().records),
    now: () => ANALYZED_AT,
    newId: () => 'bl_1',
  });
  const cache = new WalletResultCache(options);
  let analyses = 0;
  let ids = 0;
  const screen = (clientId: string, address: string, now: number, forceSearch = false, bookVersion = 1) => {
    const query = resolveWalletQuery({ network: 'Ethereum', address, asset: 'USDT' });
    const key: WalletResultKey = {
      clientId,
      network: query.network,
      asset: query.asset,
      address: query.address.canonical,
      bookVersion,
      blacklistEpoch: blacklist.epochOf(clientId),
    };
    return cache.resolve(key, now, forceSearch, () => {
      analyses += 1;
      const deps = walletDeps({
        clientId,
        now: () => now,
        newId: () => `wra_${++ids}`,
        walletBlacklist: blacklist.walletBlacklistOf(clientId),
        blacklistAction: blacklist.matchActionOf(clientId),
      });
      return analyzeWalletQuery(query, null, deps);
    });
  };
  return { cache, blacklist, screen, analyses: () => analyses };
}

describe('WalletResultCache', () => {
  it('serves the last record again until force_search asks for a fresh one', async () => {
    const host = await screeningHost();
    const first = host.screen('client-a', ADDRESS, ANALYZED_AT);
    expect(first.cached).toBe(false);
    // Any spelling of the address is the same wallet.
    const again = host.screen('client-a', ADDRESS.toLowerCase(), ANALYZED_AT + 60_000);
    expect(again).toEqual({ record: first.record, cached: true });
    const forced = host.screen('client-a', ADDRESS, ANALYZED_AT + 120_000, true);
    expect(forced.cached).toBe(false);
    expect(forced.record.id).not.toBe(first.record.id);
    expect(forced.record.analyzed_at).toBe(ANALYZED_AT + 120_000);
    // The forced result replaced the old one.
    expect(host.screen('client-a', ADDRESS, ANALYZED_AT + 180_000).record.id).toBe(forced.record.id);
    expect(host.analyses()).toBe(2);
  });

  it('keeps results per client', async () => {
    const host = await screeningHost();
    const a = host.screen('client-a', ADDRESS, ANALYZED_AT);
    const b = host.screen('client-b', ADDRESS, ANALYZED_AT);
    expect(b.cached).toBe(false);
    expect(b.record.userId).toBe('client-b');
    expect(host.screen('client-a', ADDRESS, ANALYZED_AT).record).toBe(a.record);
  });

  it('expires a result after the TTL (10 minutes by default)', async () => {
    expect(DEFAULT_WALLET_RESULT_TTL_MS).toBe(600_000);
    const host = await screeningHost();
    host.screen('client-a', ADDRESS, ANALYZED_AT);
    expect(host.screen('client-a', ADDRESS, ANALYZED_AT + 599_999).cached).toBe(true);
    expect(host.screen('client-a', ADDRESS, ANALYZED_AT + 600_000).cached).toBe(false);
  });

  it('misses when the address book or the client blacklist changed since', async () => {
    const host = await screeningHost();
    expect(host.screen('client-a', ADDRESS, ANALYZED_AT).record.risk_level).toBe('NONE');
    expect(host.screen('client-a', ADDRESS, ANALYZED_AT, false, 2).cached).toBe(false);
    await host.blacklist.create('client-a', { type: 'WALLET', value: ADDRESS, network: 'Ethereum' });
    const after = host.screen('client-a', ADDRESS, ANALYZED_AT, false, 2);
    expect(after.cached).toBe(false);
    expect(after.record.risk_level).toBe('HIGH');
    // Another client's blacklist is not this client's.
    host.screen('client-b', ADDRESS, ANALYZED_AT, false, 2);
    await host.blacklist.updateSettings('client-a', { match_action: 'REJECTED' });
    expect(host.screen('client-b', ADDRESS, ANALYZED_AT, false, 2).cached).toBe(true);
    expect(host.screen('client-a', ADDRESS, ANALYZED_AT, false, 2).record.risk_level).toBe('SEVERE');
  });

  it('stays within its bound, dropping the least recently used', async () => {
    const host = await screeningHost({ maxEntries: 2 });
    const addresses = ['0x' + '1'.repeat(40), '0x' + '2'.repeat(40), '0x' + '3'.repeat(40)];
    host.screen('client-a', addresses[0]!, ANALYZED_AT);
    host.screen('client-a', addresses[1]!, ANALYZED_AT);
    host.screen('client-a', addresses[0]!, ANALYZED_AT); // now the most recent
    host.screen('client-a', addresses[2]!, ANALYZED_AT);
    expect(host.cache.size).toBe(2);
    expect(host.screen('client-a', addresses[0]!, ANALYZED_AT).cached).toBe(true);
    expect(host.screen('client-a', addresses[1]!, ANALYZED_AT).cached).toBe(false);
  });

  it('forgets one client on request', async () => {
    const host = await screeningHost();
    host.screen('client-a', ADDRESS, ANALYZED_AT);
    host.screen('client-b', ADDRESS, ANALYZED_AT);
    host.cache.forgetClient('client-a');
    expect(host.screen('client-a', ADDRESS, ANALYZED_AT).cached).toBe(false);
    expect(host.screen('client-b', ADDRESS, ANALYZED_AT).cached).toBe(true);
  });
});
