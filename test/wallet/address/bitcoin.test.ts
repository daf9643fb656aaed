import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { checkBitcoinAddress } from '../../../src/wallet/address/bitcoin.js';
import { encodeBase58Check } from '../../../src/wallet/address/base58check.js';
import { describeWithDatasets } from '../../support/datasets.js';
import {
  BASE58_ALPHABET,
  BECH32_ALPHABET,
  ofacAddressesOf,
  substituteCharacter,
} from '../support/real-addresses.js';

function problemOf(address: string): string {
  const check = checkBitcoinAddress(address);
  return check.ok ? `valid (${check.format})` : check.problem;
}

/** Re-encodes a segwit address's words with the other checksum, or with a different witness version. */
function reencode(address: string, coder: typeof bech32, version?: number): string {
  const decoded = (address.startsWith('bc1p') ? bech32m : bech32).decode(address as `bc1${string}`);
  const words = [...decoded.words];
  if (version !== undefined) words[0] = version;
  return coder.encode('bc', words);
}

describe('checkBitcoinAddress: textbook addresses', () => {
  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'p2pkh', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'p2sh', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'p2wpkh', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    [
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'p2wsh',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    ],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      'p2tr',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ],
  ])('%s is %s with lookup form %s', (address, format, canonical) => {
    expect(checkBitcoinAddress(address)).toEqual({ ok: true, format, canonical });
  });

  it.each([
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', /testnet address; only mainnet/],
    [bech32.encode('bcrt', [0, ...bech32.toWords(new Uint8Array(20))]), /testnet address; only mainnet/],
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy', /checksum does not match/],
    [encodeBase58Check(Uint8Array.from([0x6f, ...new Array<number>(20).fill(1)])), /testnet address/],
    [encodeBase58Check(Uint8Array.from([0xc4, ...new Array<number>(20).fill(1)])), /testnet address/],
    ['Bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', /mixes upper and lower case/],
    [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb',
      /contains "b" after "bc1", which is not a bech32 character/,
    ],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', /checksum does not match/],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', /contains "o"/],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', /checksum does not match/],
    ['0A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', /not a base58 character/],
    // Real truncated OFAC entries (sdn.csv remarks of 2024-05-03, cut off mid-address).
    ['1Gq', /is 3 characters long/],
    ['3', /is 1 character long/],
    ['3F6bbvS1krsc1qR8FsbTDfYQyvkMm', /checksum does not match/],
    [encodeBase58Check(Uint8Array.from([0x30, ...new Array<number>(20).fill(1)])), /version byte 0x30/],
    [encodeBase58Check(Uint8Array.from([0x00, ...new Array<number>(21).fill(1)])), /decodes to 22 bytes/],
  ])('%s is refused: %s', (address, problem) => {
    expect(problemOf(address)).toMatch(problem);
  });

  it('refuses a witness program of the wrong length for its version', () => {
    const v0Short = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(16))]);
    const v1Short = bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(20))]);
    const v2 = bech32m.encode('bc', [2, ...bech32m.toWords(new Uint8Array(32))]);
    expect(problemOf(v0Short)).toMatch(/16-byte version 0 program; it must be 20 \(P2WPKH\) or 32 \(P2WSH\)/);
    expect(problemOf(v1Short)).toMatch(/20-byte taproot \(version 1\) program; it must be 32/);
    expect(problemOf(v2)).toMatch(/witness version 2, which Bitcoin does not define yet/);
  });
});

describeWithDatasets('checkBitcoinAddress: real OFAC-listed Bitcoin addresses', () => {
  const legacy = ofacAddressesOf('Bitcoin', /^[13]/);
  const segwit = ofacAddressesOf('Bitcoin', /^bc1/);

  it('finds hundreds of legacy and over a hundred segwit addresses in the list', () => {
    expect(legacy.length).toBeGreaterThan(300);
    expect(segwit.length).toBeGreaterThan(100);
  });

  it('accepts every listed address, with its lookup form unchanged (all are lower-case bech32 or base58)', () => {
    const refused = [...legacy, ...segwit].filter((a) => {
      const check = checkBitcoinAddress(a);
      return !check.ok || check.canonical !== a;
    });
    expect(refused).toEqual([]);
  });

  it('refuses every listed base58 address with one character changed, because its checksum does not match', () => {
    const accepted = legacy.flatMap((a) =>
      [1, 10, a.length - 1].map((i) => substituteCharacter(a, i, BASE58_ALPHABET)),
    );
    const wrongSentence = accepted.filter((a) => !/checksum does not match/.test(problemOf(a)));
    expect(wrongSentence).toEqual([]);
  });

  it('refuses every listed segwit address with one character changed (bech32 catches any single substitution)', () => {
    const mutated = segwit.flatMap((a) =>
      [4, 20, a.length - 1].map((i) => substituteCharacter(a, i, BECH32_ALPHABET)),
    );
    const wrongSentence = mutated.filter((a) => !/checksum does not match/.test(problemOf(a)));
    expect(wrongSentence).toEqual([]);
  });

  it('refuses a listed v0 address re-encoded with bech32m, and its program as taproot under bech32', () => {
    const p2wpkh = segwit.find((a) => a.length === 42) ?? '';
    const p2wsh = segwit.find((a) => a.length === 62) ?? '';
    expect(problemOf(reencode(p2wpkh, bech32m))).toMatch(/version 0 address encoded with bech32m/);
    expect(problemOf(reencode(p2wsh, bech32, 1))).toMatch(
      /version 1 address encoded with bech32; .* bech32m/,
    );
    expect(problemOf(reencode(p2wsh, bech32m, 1))).toBe('valid (p2tr)');
  });
});
