import { describe, expect, it } from 'vitest';
import { encodeBase58Check } from '../../../src/wallet/address/base58check.js';
import { checkTronAddress, tronHexToBase58 } from '../../../src/wallet/address/tron.js';
import { describeWithDatasets } from '../../support/datasets.js';
import { BASE58_ALPHABET, ofacAddressesOf, substituteCharacter } from '../support/real-addresses.js';

function problemOf(address: string): string {
  const check = checkTronAddress(address);
  return check.ok ? 'valid' : check.problem;
}

describe('checkTronAddress', () => {
  it('accepts a TRON address and keeps it exactly as given for lookup (base58 is case-sensitive)', () => {
    const address = 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81';
    expect(checkTronAddress(address)).toEqual({ ok: true, format: 'tron', canonical: address });
  });

  it('converts the hex form back to the base58 form', () => {
    const base58 = tronHexToBase58('418840E6C55B9ADA326D211D818C34A994AECED808');
    expect(checkTronAddress(base58).ok).toBe(true);
    expect(base58.startsWith('T')).toBe(true);
  });

  it.each([
    ['TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH82', /checksum does not match/],
    ['TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH8', /is 33 characters long; a TRON address has 34/],
    ['tNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81', /does not start with "T"/],
    ['TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH8O', /"O", which is not a base58 character/],
    ['418840e6c55b9ada326d211d818c34a994aeced808', /hex form; use its base58 form T\w{33}$/],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', /does not start with "T"/],
  ])('%s is refused: %s', (address, problem) => {
    expect(problemOf(address)).toMatch(problem);
  });

  it('refuses a base58check string of the right shape whose version byte is not 0x41', () => {
    // Version 0x42 with this hash still encodes to 34 characters starting with "T".
    const payload = Uint8Array.from([0x42, ...new Array<number>(20).fill(0)]);
    const address = encodeBase58Check(payload);
    if (address.length === 34 && address.startsWith('T')) {
      expect(problemOf(address)).toMatch(/does not decode to a TRON account/);
    } else {
      expect(problemOf(address)).not.toBe('valid');
    }
  });
});

describeWithDatasets('checkTronAddress: real OFAC-listed TRON addresses (TRX and USDT/USDC TRC-20)', () => {
  const listed = ofacAddressesOf('TRON');

  it('finds the listed addresses', () => {
    expect(listed.length).toBeGreaterThan(100);
  });

  it('accepts every listed address', () => {
    expect(listed.filter((a) => !checkTronAddress(a).ok)).toEqual([]);
  });

  it('refuses every listed address with one character changed, because its checksum does not match', () => {
    const mutated = listed.flatMap((a) => [2, 17, 33].map((i) => substituteCharacter(a, i, BASE58_ALPHABET)));
    expect(mutated.filter((a) => !/checksum does not match/.test(problemOf(a)))).toEqual([]);
  });
});
