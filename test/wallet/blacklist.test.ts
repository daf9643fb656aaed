import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlacklistRecord } from '../../src/model/blacklist.js';
import { WardenError } from '../../src/model/errors.js';
import { BlacklistService, openBlacklistRecords } from '../../src/wallet/blacklist.js';
import { type OpenedStore, STORE_KINDS } from '../support/temp-stores.js';

const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TRON = 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81';

async function rejection(promise: Promise<unknown>): Promise<WardenError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof WardenError)) throw new Error(`expected a WardenError, got ${String(error)}`);
  return error;
}

function thrown(fn: () => unknown): WardenError {
  try {
    fn();
  } catch (e) {
    if (e instanceof WardenError) return e;
    throw e;
  }
  throw new Error('expected a WardenError');
}

describe.each(STORE_KINDS)('blacklist on the %s store', (_kind, open) => {
  let opened: OpenedStore;
  let clock: number;
  let ids: number;
  const serviceOn = async (store: OpenedStore['store']) =>
    new BlacklistService({
      records: await openBlacklistRecords(store.records),
      now: () => clock,
      newId: () => `bl_${++ids}`,
    });
  let blacklist: BlacklistService;

  beforeEach(async () => {
    opened = await open();
    clock = 1_714_000_000_000;
    ids = 0;
    blacklist = await serviceOn(opened.store);
  });
  afterEach(() => opened.dispose());

  it('creates a WALLET entry in lookup form, on the catalog network name', async () => {
    const record = await blacklist.create('client-a', {
      type: 'WALLET',
      value: ETH,
      network: 'eth',
      asset: 'usdt',
      reason: 'Chargeback fraud',
    });
    expect(record).toEqual({
      id: 'bl_1',
      type: 'WALLET',
      value: ETH.toLowerCase(),
      network: 'Ethereum',
      asset: 'USDT',
      reason: 'Chargeback fraud',
      created_at: clock,
      updated_at: clock,
    });
    expect(BlacklistRecord.safeParse(record).success).toBe(true);
    expect(blacklist.get('client-a', 'bl_1')).toEqual(record);
  });

  it.each([
    [{ type: 'WALLET', value: ETH.replace('a', 'A') }, 'network', 'VALIDATION_ERROR'],
    [{ type: 'WALLET', value: ETH.replace('aA', 'Aa'), network: 'Ethereum' }, 'address', 'INVALID_ADDRESS'],
    [{ type: 'WALLET', value: BTC, network: 'Bitcoin', asset: 'USDC' }, 'asset', 'INVALID_NETWORK_ASSET'],
    [{ type: 'INDIVIDUAL', value: 'Ivan Petrov', network: 'Bitcoin' }, 'network', 'VALIDATION_ERROR'],
    [{ type: 'VESSEL', value: 'Ever Given' }, 'type', 'VALIDATION_ERROR'],
    [{ type: 'ORGANIZATION', value: '   ' }, 'value', 'VALIDATION_ERROR'],
  ] as const)('refuses %o (%s: %s)', async (input, field, code) => {
    const error = await rejection(blacklist.create('client-a', input as never));
    expect(error.code).toBe(code);
    expect(error.path[0]).toBe(field);
  });

  it('refuses a duplicate of the same client (any spelling), but not of another client', async () => {
    await blacklist.create('client-a', { type: 'WALLET', value: ETH, network: 'Ethereum' });
    const dup = await rejection(
      blacklist.create('client-a', {
        type: 'WALLET',
        value: ETH.toLowerCase(),
        network: 'ETH',
        asset: 'USDC',
      }),
    );
    expect(dup.code).toBe('CONFLICT');
    expect(dup.message).toContain('bl_1');
    await blacklist.create('client-a', { type: 'ORGANIZATION', value: 'Acme  Trading Ltd' });
    expect(
      (await rejection(blacklist.create('client-a', { type: 'ORGANIZATION', value: 'ACME trading ltd' })))
        .code,
    ).toBe('CONFLICT');
    // The same name as another type is another entry.
    await blacklist.create('client-a', { type: 'INDIVIDUAL', value: 'Acme Trading Ltd' });
    await blacklist.create('client-b', { type: 'WALLET', value: ETH, network: 'Ethereum' });
    expect(blacklist.list('client-b').totalItems).toBe(1);
  });

  it('refuses two concurrent creates of one value', async () => {
    const results = await Promise.allSettled([
      blacklist.create('client-a', { type: 'WALLET', value: TRON, network: 'TRON' }),
      blacklist.create('client-a', { type: 'WALLET', value: TRON, network: 'TRON' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(blacklist.list('client-a').totalItems).toBe(1);
  });

  it('lists newest first, paged, optionally by type', async () => {
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      await blacklist.create('client-a', { type: 'INDIVIDUAL', value: `Person ${i}` });
    }
    clock += 1000;
    await blacklist.create('client-a', { type: 'WALLET', value: BTC, network: 'Bitcoin' });
    const first = blacklist.list('client-a', { page: 1, limit: 4 });
    expect(first).toMatchObject({ totalItems: 6, page: 1, totalPages: 2 });
    expect(first.items.map((r) => r.value)).toEqual([BTC, 'Person 4', 'Person 3', 'Person 2']);
    expect(blacklist.list('client-a', { page: '2', limit: '4' }).items.map((r) => r.value)).toEqual([
      'Person 1',
      'Person 0',
    ]);
    expect(blacklist.list('client-a', { type: 'WALLET' }).items.map((r) => r.type)).toEqual(['WALLET']);
    expect(thrown(() => blacklist.list('client-a', { limit: 1000 })).code).toBe('VALIDATION_ERROR');
  });

  it('updates with PATCH semantics: absent keeps, null clears, the value is checked again', async () => {
    const created = await blacklist.create('client-a', {
      type: 'WALLET',
      value: ETH,
      network: 'Ethereum',
      asset: 'USDT',
      reason: 'Fraud',
    });
    clock += 5000;
    const cleared = await blacklist.update('client-a', created.id, { asset: null, reason: null });
    expect(cleared).toEqual({ ...created, asset: null, reason: null, updated_at: clock });
    const moved = await blacklist.update('client-a', created.id, { value: TRON, network: 'TRX' });
    expect(moved).toMatchObject({ value: TRON, network: 'TRON', created_at: created.created_at });
    expect((await rejection(blacklist.update('client-a', created.id, { value: ETH }))).code).toBe(
      'INVALID_ADDRESS',
    );
    expect((await rejection(blacklist.update('client-a', created.id, { network: null }))).code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await rejection(blacklist.update('client-a', created.id, {}))).code).toBe('VALIDATION_ERROR');
    // Changing to a value another entry holds is a conflict; re-saving one's own value is not.
    await blacklist.create('client-a', { type: 'WALLET', value: BTC, network: 'Bitcoin' });
    expect(
      (await rejection(blacklist.update('client-a', created.id, { value: BTC, network: 'Bitcoin' }))).code,
    ).toBe('CONFLICT');
    await blacklist.update('client-a', created.id, { value: TRON, reason: 'Still fraud' });
  });

  it("never shows, changes or deletes another client's record", async () => {
    const record = await blacklist.create('client-a', { type: 'INDIVIDUAL', value: 'Ivan Petrov' });
    expect(thrown(() => blacklist.get('client-b', record.id)).code).toBe('RESOURCE_NOT_FOUND');
    expect((await rejection(blacklist.update('client-b', record.id, { reason: 'x' }))).code).toBe(
      'RESOURCE_NOT_FOUND',
    );
    expect((await rejection(blacklist.delete('client-b', record.id))).code).toBe('RESOURCE_NOT_FOUND');
    expect(blacklist.list('client-b').items).toEqual([]);
    expect(await blacklist.delete('client-a', record.id)).toEqual({ success: true, id: record.id });
    expect(thrown(() => blacklist.get('client-a', record.id)).code).toBe('RESOURCE_NOT_FOUND');
  });

  it('keeps settings per client, defaults first', async () => {
    expect(blacklist.settingsOf('client-a')).toEqual({ enabled: true, match_action: 'EVALUATION' });
    expect(await blacklist.updateSettings('client-a', { match_action: 'REJECTED' })).toEqual({
      enabled: true,
      match_action: 'REJECTED',
    });
    expect(await blacklist.updateSettings('client-a', { enabled: false })).toEqual({
      enabled: false,
      match_action: 'REJECTED',
    });
    expect(blacklist.matchActionOf('client-a')).toBe('REJECTED');
    expect(blacklist.settingsOf('client-b')).toEqual({ enabled: true, match_action: 'EVALUATION' });
    expect((await rejection(blacklist.updateSettings('client-a', {}))).code).toBe('VALIDATION_ERROR');
    expect(
      (await rejection(blacklist.updateSettings('client-a', { match_action: 'BLOCK' as never }))).code,
    ).toBe('VALIDATION_ERROR');
  });

  it('serves cached wallet and name views, rebuilt after every write, empty while disabled', async () => {
    const wallet = await blacklist.create('client-a', { type: 'WALLET', value: ETH, network: 'Ethereum' });
    await blacklist.create('client-a', { type: 'ORGANIZATION', value: 'Acme Ltd' });
    const epoch = blacklist.epochOf('client-a');
    const view = blacklist.walletBlacklistOf('client-a');
    expect([...view.keys()]).toEqual([ETH.toLowerCase()]);
    expect(blacklist.walletBlacklistOf('client-a')).toBe(view);
    expect(blacklist.nameBlacklistOf('client-a').map((r) => r.value)).toEqual(['Acme Ltd']);
    expect(blacklist.walletBlacklistOf('client-b').size).toBe(0);

    await blacklist.update('client-a', wallet.id, { value: TRON, network: 'TRON' });
    expect(blacklist.epochOf('client-a')).toBeGreaterThan(epoch);
    expect([...blacklist.walletBlacklistOf('client-a').keys()]).toEqual([TRON]);

    await blacklist.updateSettings('client-a', { enabled: false });
    expect(blacklist.walletBlacklistOf('client-a').size).toBe(0);
    expect(blacklist.nameBlacklistOf('client-a')).toEqual([]);
    await blacklist.updateSettings('client-a', { enabled: true });
    await blacklist.delete('client-a', wallet.id);
    expect(blacklist.walletBlacklistOf('client-a').size).toBe(0);
    expect(blacklist.nameBlacklistOf('client-a')).toHaveLength(1);
  });

  it('keeps entries and settings across a reopen', async () => {
    const record = await blacklist.create('client-a', { type: 'WALLET', value: BTC, network: 'Bitcoin' });
    await blacklist.updateSettings('client-a', { match_action: 'REJECTED' });
    const reopened = await serviceOn(await opened.reopen());
    expect(reopened.get('client-a', record.id)).toEqual(record);
    expect(reopened.settingsOf('client-a').match_action).toBe('REJECTED');
    expect([...reopened.walletBlacklistOf('client-a').keys()]).toEqual([BTC]);
    expect(
      (await rejection(reopened.create('client-a', { type: 'WALLET', value: BTC, network: 'BTC' }))).code,
    ).toBe('CONFLICT');
  });
});
