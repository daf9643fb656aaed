import { describe, expect, it } from 'vitest';
import {
  BlacklistList,
  BlacklistRecord,
  BlacklistSettings,
  CreateBlacklistRequest,
  DEFAULT_BLACKLIST_SETTINGS,
  ListBlacklistQuery,
  UpdateBlacklistRequest,
  UpdateBlacklistSettingsRequest,
} from '../../src/model/blacklist.js';
import { CREDENTIALS, aBlacklistRecord, aCreateBlacklistRequest } from '../support/factories.js';
import { withValueAt } from '../support/mutate.js';
import { requestErrorOf, validationErrorOf } from '../support/validation.js';

describe('CreateBlacklistRequest', () => {
  it('parses a wallet entry', () => {
    expect(CreateBlacklistRequest.parse(aCreateBlacklistRequest({ network: 'eth' }))).toMatchObject({
      type: 'WALLET',
      network: 'Ethereum',
      asset: 'USDT',
    });
  });

  it('parses a name entry without network or asset', () => {
    const parsed = CreateBlacklistRequest.parse({
      ...CREDENTIALS,
      type: 'INDIVIDUAL',
      value: 'Juan Pérez Gómez',
    });
    expect(parsed).toMatchObject({ network: null, asset: null, reason: null });
  });

  it.each([
    [{ network: null }, ['network'], 'is required when type is WALLET'],
    [
      { type: 'ORGANIZATION', value: 'Acme Ltd', asset: null },
      ['network'],
      'applies only to WALLET records, not ORGANIZATION',
    ],
    [{ type: 'INDIVIDUAL', network: null }, ['asset'], 'applies only to WALLET records, not INDIVIDUAL'],
    [{ type: 'VESSEL' }, ['type'], 'Invalid option'],
    [{ value: '' }, ['value'], 'must not be empty'],
  ])('rejects %j', (overrides, path, message) => {
    const error = validationErrorOf(CreateBlacklistRequest, aCreateBlacklistRequest(overrides as never));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });

  it('refuses an asset the network does not carry with INVALID_NETWORK_ASSET', () => {
    const error = requestErrorOf(
      CreateBlacklistRequest,
      aCreateBlacklistRequest({ network: 'Bitcoin', asset: 'USDT' }),
    );
    expect(error.code).toBe('INVALID_NETWORK_ASSET');
    expect(error.message).toContain('Bitcoin supports BTC');
  });
});

describe('UpdateBlacklistRequest', () => {
  it('keeps absent fields absent and null as "clear"', () => {
    expect(UpdateBlacklistRequest.parse({ ...CREDENTIALS, reason: null })).toEqual({
      ...CREDENTIALS,
      reason: null,
    });
  });

  it('refuses a PATCH that changes nothing', () => {
    const error = validationErrorOf(UpdateBlacklistRequest, { ...CREDENTIALS });
    expect(error.message).toBe('the request: must change at least one of value, network, asset, reason');
  });

  it('checks a network/asset pair given together', () => {
    expect(
      requestErrorOf(UpdateBlacklistRequest, { ...CREDENTIALS, network: 'TRON', asset: 'ETH' }).code,
    ).toBe('INVALID_NETWORK_ASSET');
  });
});

describe('blacklist records', () => {
  it('parses a record and a page of records', () => {
    expect(BlacklistRecord.parse(aBlacklistRecord())).toEqual(aBlacklistRecord());
    const page = { items: [aBlacklistRecord()], totalItems: 1, page: 1, totalPages: 1 };
    expect(BlacklistList.parse(page)).toEqual(page);
  });

  it.each([
    [['created_at'], '2024-05-01T10:00:00Z'],
    [['type'], 'ADDRESS'],
    [['asset'], 'XRP'],
  ])('rejects %j = %j', (path, value) => {
    expect(validationErrorOf(BlacklistRecord, withValueAt(aBlacklistRecord(), path, value)).path).toEqual(
      path,
    );
  });

  it('lists with page and limit from the query string', () => {
    expect(ListBlacklistQuery.parse({ ...CREDENTIALS, page: '2', type: 'WALLET' })).toMatchObject({
      page: 2,
      limit: 10,
      type: 'WALLET',
    });
  });
});

describe('blacklist settings', () => {
  it('defaults to enabled, holding hits for review', () => {
    expect(BlacklistSettings.parse(DEFAULT_BLACKLIST_SETTINGS)).toEqual({
      enabled: true,
      match_action: 'EVALUATION',
    });
  });

  it.each([
    [{ match_action: 'REJECTED' }, { match_action: 'REJECTED' }],
    [{ enabled: false }, { enabled: false }],
  ])('updates %j', (change, expected) => {
    expect(UpdateBlacklistSettingsRequest.parse({ ...CREDENTIALS, ...change })).toEqual({
      ...CREDENTIALS,
      ...expected,
    });
  });

  it.each([
    [{ match_action: 'COMPLETED' }, ['match_action']],
    [{ enabled: 'no' }, ['enabled']],
    [{}, []],
  ])('rejects %j', (change, path) => {
    expect(validationErrorOf(UpdateBlacklistSettingsRequest, { ...CREDENTIALS, ...change }).path).toEqual(
      path,
    );
  });
});
