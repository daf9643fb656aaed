import { describe, expect, it } from 'vitest';
import { checkEthereumAddress, toEip55Address } from '../../../src/wallet/address/ethereum.js';
import { describeWithDatasets } from '../../support/datasets.js';
import { HEX_DIGITS, ofacAddressesOf, substituteCharacter } from '../support/real-addresses.js';

function problemOf(address: string): string {
  const check = checkEthereumAddress(address);
  return check.ok ? 'valid' : check.problem;
}

/** Flips the case of the first letter (a–f) at or after `from`. */
function flipCaseOfLetter(address: string, from: number): string {
  for (let i = from; i < address.length; i++) {
    const ch = address.charAt(i);
    if (/[a-f]/i.test(ch)) {
      const flipped = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
      return address.slice(0, i) + flipped + address.slice(i + 1);
    }
  }
  throw new Error(`no letter after ${from} in ${address}`);
}

describe('checkEthereumAddress', () => {
  // The four EIP-55 examples from the EIP itself.
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('accepts the EIP-55 example %s and lower-cases it for lookup', (address) => {
    expect(checkEthereumAddress(address)).toEqual({
      ok: true,
      format: 'evm',
      canonical: address.toLowerCase(),
    });
    expect(toEip55Address(address.toLowerCase())).toBe(address);
  });

  it.each([
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'all lower case carries no checksum'],
    ['0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', 'all upper case carries no checksum'],
  ])('accepts %s (%s)', (address) => {
    expect(checkEthereumAddress(address)).toEqual({
      ok: true,
      format: 'evm',
      canonical: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    });
  });

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', /EIP-55 checksum does not match/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', /has 39 hex digits, needs 40/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0', /has 41 hex digits, needs 40/],
    ['0x', /has 0 hex digits, needs 40/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', /contains "g", which is not a hex digit/],
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /missing the "0x" prefix/],
    ['0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /starts with "0X"/],
    ['TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81', /does not start with "0x"/],
  ])('%s is refused: %s', (address, problem) => {
    expect(problemOf(address)).toMatch(problem);
  });
});

describeWithDatasets('checkEthereumAddress: real OFAC-listed Ethereum addresses', () => {
  const listed = ofacAddressesOf('Ethereum');
  const checksummed = listed.filter((a) => a !== a.toLowerCase() && a !== `0x${a.slice(2).toUpperCase()}`);

  it('finds the listed addresses, dozens of them EIP-55 checksummed', () => {
    expect(listed.length).toBeGreaterThan(80);
    expect(checksummed.length).toBeGreaterThan(40);
  });

  it('accepts every listed address', () => {
    expect(listed.filter((a) => !checkEthereumAddress(a).ok)).toEqual([]);
  });

  it('refuses every checksummed address with the case of one letter flipped', () => {
    const mutated = checksummed.flatMap((a) => [flipCaseOfLetter(a, 2), flipCaseOfLetter(a, 30)]);
    expect(mutated.filter((a) => !/EIP-55 checksum does not match/.test(problemOf(a)))).toEqual([]);
  });

  it('refuses every checksummed address with one digit changed', () => {
    const mutated = checksummed.map((a) => substituteCharacter(a, 21, HEX_DIGITS));
    expect(mutated.filter((a) => !/EIP-55 checksum does not match/.test(problemOf(a)))).toEqual([]);
  });
});
