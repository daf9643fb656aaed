import { describe, expect, it } from 'vitest';
import {
  decodeBase58Check,
  encodeBase58Check,
  firstNonBase58Character,
} from '../../../src/wallet/address/base58check.js';

describe('decodeBase58Check', () => {
  it('decodes the genesis block address to version 0x00 and a 20-byte hash', () => {
    const decoded = decodeBase58Check('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      expect(decoded.payload.length).toBe(21);
      expect(decoded.payload[0]).toBe(0x00);
    }
  });

  it('round-trips a payload through encodeBase58Check', () => {
    const payload = Uint8Array.from([0x41, ...new Array<number>(20).fill(7)]);
    const decoded = decodeBase58Check(encodeBase58Check(payload));
    expect(decoded.ok && Array.from(decoded.payload)).toEqual(Array.from(payload));
  });

  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', /checksum does not match/],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7Div0Na', /contains "0", which is not a base58 character/],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivlNa', /contains "l"/],
    ['1', /too short to hold a checksum/],
    ['', /too short to hold a checksum/],
  ])('%s → %s', (text, problem) => {
    const decoded = decodeBase58Check(text);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.problem).toMatch(problem);
  });

  it.each([
    ['abc', undefined],
    ['ab0c', '0'],
    ['ABOC', 'O'],
    ['xI', 'I'],
    ['é', 'é'],
  ])('firstNonBase58Character(%j) = %j', (text, bad) => {
    expect(firstNonBase58Character(text)).toBe(bad);
  });
});
