import { describe, expect, it } from 'vitest';
import { counterpartyOf, directionOf } from '../../../src/wallet/exposure/chain-data.js';
import { transfer } from '../support/transfers.js';

describe('directionOf / counterpartyOf', () => {
  it.each([
    [transfer('W', 'A', 1), 'outgoing', 'A'],
    [transfer('A', 'W', 1), 'incoming', 'A'],
    [transfer('W', 'W', 1), null, 'W'],
  ])('%j seen from W is %s with %s', (t, direction, counterparty) => {
    expect(directionOf(t, 'W')).toBe(direction);
    expect(counterpartyOf(t, 'W')).toBe(counterparty);
  });
});
