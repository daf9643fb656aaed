import { describe, expect, it } from 'vitest';
import { WardenError } from '../../src/model/errors.js';
import { SeededRandom } from '../../src/wallet/seeded-random.js';
import { resolveWalletNetwork, validateAddress } from '../../src/wallet/validate-address.js';
import { describeWithDatasets } from '../support/datasets.js';
import {
  BASE58_ALPHABET,
  BECH32_ALPHABET,
  ofacAddresses,
  TRON_ADDRESS_LISTED_AS_XBT,
} from './support/real-addresses.js';

function errorOf(network: string, address: string): WardenError {
  try {
    validateAddress(network, address);
  } catch (e) {
    if (e instanceof WardenError) return e;
    throw e;
  }
  throw new Error(`${address} was accepted on ${network}`);
}

describe('validateAddress', () => {
  it.each([
    ['Bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['Bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['Ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['TRON', 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81', 'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81'],
  ])('%s %s → lookup form %s', (network, address, canonical) => {
    expect(validateAddress(network, address)).toMatchObject({ network, address, canonical });
  });

  it.each([
    ['bitcoin', 'Bitcoin'],
    ['BTC', 'Bitcoin'],
    ['ethereum', 'Ethereum'],
    ['eth', 'Ethereum'],
    ['Tron', 'TRON'],
    ['TRX', 'TRON'],
  ])('reads the network %s as %s', (given, network) => {
    expect(resolveWalletNetwork(given)).toBe(network);
  });

  it.each([
    [
      'Bitcoin',
      TRON_ADDRESS_LISTED_AS_XBT,
      `"${TRON_ADDRESS_LISTED_AS_XBT}" is a TRON address, not a Bitcoin address.`,
    ],
    [
      'TRON',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" is an Ethereum address, not a TRON address.',
    ],
    [
      'Ethereum',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      '"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" is a Bitcoin address, not an Ethereum address.',
    ],
    [
      'Ethereum',
      'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81',
      '"TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH81" is a TRON address, not an Ethereum address.',
    ],
  ])('on %s, %s is named for the network it belongs to', (network, address, sentence) => {
    const error = errorOf(network, address);
    expect(error.code).toBe('INVALID_ADDRESS');
    expect(error.message).toBe(sentence);
  });

  it.each([
    ['Bitcoin', '', 'The Bitcoin address is empty.'],
    [
      'Ethereum',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      'The Ethereum address "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe" has 39 hex digits, needs 40.',
    ],
    [
      'TRON',
      'TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH82',
      'The TRON address "TNiq9AXBp9EjUqhDhrwrfvAA8U3GUQZH82" is invalid: its checksum does not match (a character is mistyped or missing).',
    ],
    [
      'Bitcoin',
      ' 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      'The Bitcoin address " 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa" has spaces or line breaks around it.',
    ],
    [
      'Bitcoin',
      'x'.repeat(5000),
      'The Bitcoin address is 5000 characters long, longer than any Bitcoin address.',
    ],
  ])('on %s, %j is refused with one sentence', (network, address, sentence) => {
    const error = errorOf(network, address);
    expect(error.code).toBe('INVALID_ADDRESS');
    expect(error.path).toEqual(['address']);
    expect(error.message).toBe(sentence);
  });

  it('refuses an address that is not a string (a JavaScript caller can pass anything)', () => {
    expect(errorOf('Bitcoin', 42 as unknown as string).message).toBe('The Bitcoin address must be a string.');
  });

  it.each([['Solana'], [''], ['Bitcoin Cash']])(
    'refuses the network %j as INVALID_NETWORK_ASSET',
    (network) => {
      const error = errorOf(network, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
      expect(error.code).toBe('INVALID_NETWORK_ASSET');
      expect(error.path).toEqual(['network']);
      expect(error.message).toMatch(/is not supported; use Bitcoin, Ethereum or TRON\.$/);
    },
  );
});

describe('validateAddress never crashes', () => {
  const random = new SeededRandom(20251119);
  const ALPHABETS = [
    BASE58_ALPHABET,
    BECH32_ALPHABET + BECH32_ALPHABET.toUpperCase() + '1bio',
    '0123456789abcdefABCDEFxX',
    '\u0000\t\n "\\é€😀\u200bT1bc0x',
  ];
  const PREFIXES = ['', '1', '3', 'bc1q', 'bc1p', 'BC1Q', 'tb1q', 'T', '0x', '41', 'bcrt1'];

  function randomAddress(): string {
    const alphabet = random.pick(ALPHABETS);
    const length = random.int(random.chance(0.05) ? 200 : 70);
    let text = random.pick(PREFIXES);
    for (let i = 0; i < length; i++) text += alphabet.charAt(random.int(alphabet.length));
    return text;
  }

  it('answers 5,000 random strings on every network with a result or a WardenError sentence', () => {
    const strays: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const address = randomAddress();
      for (const network of ['Bitcoin', 'Ethereum', 'TRON']) {
        try {
          validateAddress(network, address);
        } catch (e) {
          const ok = e instanceof WardenError && e.code === 'INVALID_ADDRESS' && /\.$/.test(e.message);
          if (!ok) strays.push(`${network} ${JSON.stringify(address)}: ${String(e)}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });
});

describeWithDatasets('validateAddress: every real OFAC address on its own network', () => {
  it('accepts them all, and refuses each on the other two networks by naming its own', () => {
    const problems: string[] = [];
    for (const { network, address } of ofacAddresses()) {
      const own = validateAddress(network, address);
      if (own.network !== network) problems.push(address);
      for (const other of ['Bitcoin', 'Ethereum', 'TRON'].filter((n) => n !== network)) {
        const message = errorOf(other, address).message;
        if (
          !message.endsWith(
            `is ${network === 'Ethereum' ? 'an' : 'a'} ${network} address, not ${other === 'Ethereum' ? 'an' : 'a'} ${other} address.`,
          )
        ) {
          problems.push(`${other} ${address}: ${message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
