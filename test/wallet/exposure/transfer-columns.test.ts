import { describe, expect, it } from 'vitest';
import { WardenError } from '../../../src/model/errors.js';
import { TransferColumnsBuilder } from '../../../src/wallet/exposure/transfer-columns.js';
import { transfer } from '../support/transfers.js';

describe('TransferColumnsBuilder', () => {
  it('interns addresses and assets and stores the numbers column-wise, growing past its first capacity', () => {
    const builder = new TransferColumnsBuilder(1);
    for (let i = 0; i < 100; i++)
      builder.add(transfer(`a${i % 3}`, `b${i % 5}`, i, { asset: i % 2 ? 'ETH' : 'USDT' }));
    const columns = builder.build();
    expect(columns.length).toBe(100);
    expect(columns.addresses).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2', 'b3', 'b4']);
    expect(columns.assets).toEqual(['USDT', 'ETH']);
    expect([columns.from[7], columns.to[7], columns.asset[7], columns.usd[7]]).toEqual([2, 5, 1, 7]);
    expect(columns.usd.length).toBe(100);
  });

  it.each([
    [{ usd: Number.NaN }],
    [{ usd: -1 }],
    [{ amount: Number.POSITIVE_INFINITY }],
    [{ timestamp: Number.NaN }],
  ])('refuses a transfer with %j', (overrides) => {
    const builder = new TransferColumnsBuilder();
    builder.add(transfer('a', 'b', 1));
    let error: unknown;
    try {
      builder.add(transfer('a', 'b', 1, overrides));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WardenError);
    expect((error as WardenError).code).toBe('VALIDATION_ERROR');
    expect((error as WardenError).path).toEqual(['transfers', 1]);
  });
});
