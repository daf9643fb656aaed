import { describe, expect, it } from 'vitest';
import { locateAddress, locateListedAddress } from '../../src/wallet/locate-address.js';
import { TRON_ADDRESS_LISTED_AS_XBT } from './support/real-addresses.js';

describe('locateAddress', () => {
  it.each([
    [
      'Ethereum',
      '0x8589427373D6D84E98730D7795D8f6f8731FDA16',
      'Ethereum',
      '0x8589427373d6d84e98730d7795d8f6f8731fda16',
    ],
    [
      'Bitcoin',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'Bitcoin',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ],
    ['TRON', 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81', 'TRON', 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81'],
    // USDT on the Omni layer lives in ordinary Bitcoin addresses.
    [
      'Bitcoin (Omni layer)',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      'Bitcoin',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    ],
    // OFAC's data error: a TRON address filed under XBT is placed where a TRON query looks.
    ['Bitcoin', TRON_ADDRESS_LISTED_AS_XBT, 'TRON', TRON_ADDRESS_LISTED_AS_XBT],
    [
      'BNB Smart Chain',
      '0xAbC0000000000000000000000000000000000001',
      'BNB Smart Chain',
      '0xabc0000000000000000000000000000000000001',
    ],
    [
      'Litecoin',
      'LTC1QQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L',
      'Litecoin',
      'ltc1qqpzry9x8gf2tvdw0s3jn54khce6mua7l',
    ],
    ['Monero', '4AbCdEf', 'Monero', '4AbCdEf'],
  ])('%s %s → %s %s', (network, address, home, canonical) => {
    expect(locateAddress(network, address)).toEqual({ network: home, canonical });
  });

  it.each([
    ['Bitcoin', '1Gq'],
    ['Bitcoin', '3F6bbvS1krsc1qR8FsbTDfYQyvkMm'],
    ['Ethereum', '0x8589427373D6D84E98730D7795D8f6f8731FDA17'],
  ])('gives no home to %s %s, which no valid query can meet', (network, address) => {
    expect(locateAddress(network, address)).toBeNull();
  });
});

describe('locateListedAddress', () => {
  it.each([
    ['XBT', '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h', 'Bitcoin'],
    ['ETH', '0x8589427373D6D84E98730D7795D8f6f8731FDA16', 'Ethereum'],
    ['TRX', 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81', 'TRON'],
    ['USDT', 'TA3941uFAvmVibSkQ6fMJXxmaSNovX86mz', 'TRON'],
    ['USDT', '0x8589427373D6D84E98730D7795D8f6f8731FDA16', 'Ethereum'],
    ['USDC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'Bitcoin'],
    ['LTC', 'LVbJYn2X6Z5wsuHajH6CVuJPnN6JzQTfTs', 'Litecoin'],
    ['ZZZ', 'anything', 'ZZZ'],
  ])('places an OFAC %s address on %s', (asset, address, network) => {
    expect(locateListedAddress(asset, address)?.network).toBe(network);
  });
});
