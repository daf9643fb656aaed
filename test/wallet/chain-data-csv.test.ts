import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadTransfersCsv } from '../../src/wallet/chain-data-csv.js';
import { computeExposure } from '../../src/wallet/exposure/compute-exposure.js';
import { attributionOf } from './support/transfers.js';

const W = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const W_LOWER = W.toLowerCase();
const A = '0x' + 'a'.repeat(40);
const S = '0x' + 'b'.repeat(40);

describe('loadTransfersCsv', () => {
  it('loads transfers in lookup form, with ms, s and ISO timestamps, from text or a stream', async () => {
    const csv = [
      'timestamp,from,to,asset,amount,usd,tx_hash',
      `1735689600000,${W},${A},usdt,600,600,0x01`,
      `1735689660,${A},${S},USDT,500,500,0x02`,
      `2025-01-01T00:02:00Z,${W_LOWER},${S},ETH,0.1,330.5,0x03`,
    ].join('\n');
    for (const input of [csv, Readable.from([csv.slice(0, 50), csv.slice(50)])]) {
      const loaded = await loadTransfersCsv(input, { network: 'ETH' });
      expect(loaded).toMatchObject({ transfers: 3, issues: [], issueCount: 0 });
      expect(loaded.chain.transfersOf(W_LOWER)).toEqual([
        { from: W_LOWER, to: A, asset: 'USDT', amount: 600, usd: 600, timestamp: 1_735_689_600_000 },
        { from: W_LOWER, to: S, asset: 'ETH', amount: 0.1, usd: 330.5, timestamp: 1_735_689_720_000 },
      ]);
      expect(loaded.chain.transfersOf(A)[1]?.timestamp).toBe(1_735_689_660_000);
    }
  });

  it('feeds the exposure walk: direct and 2-hop exposure from the file', async () => {
    const csv = [
      'from,to,asset,amount,usd,timestamp',
      `${W},${A},USDT,600,600,1`,
      `${A},${S},USDT,600,600,2`,
      `${W},${S},USDT,400,400,3`,
    ].join('\n');
    const { chain } = await loadTransfersCsv(csv, { network: 'Ethereum' });
    const exposure = computeExposure(chain, W_LOWER, attributionOf({ [S]: 'sanctioned' }), {
      direction: 'outgoing',
    });
    expect(exposure.exposures.map((e) => [e.exposureType, e.hop, e.tracedUsd])).toEqual([
      ['direct', 1, 400],
      ['indirect', 2, 600],
    ]);
  });

  it('leaves out bad rows with their line and reason, and goes on', async () => {
    const csv = [
      'from,to,asset,amount,usd,timestamp',
      `${W},${A},USDT,1,1,1`,
      `${W.replace('aA', 'Aa')},${A},USDT,1,1,1`,
      `${W},${A},USDT,-5,1,1`,
      `${W},${A},USDT,1,,1`,
      `${W},${A},,1,1,1`,
      `${W},${A},USDT,1,1,yesterday`,
      `bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4,${A},USDT,1,1,1`,
    ].join('\n');
    const loaded = await loadTransfersCsv(csv, { network: 'Ethereum' });
    expect(loaded.transfers).toBe(1);
    expect(loaded.issueCount).toBe(6);
    expect(loaded.issues.map((i) => i.location)).toEqual([
      'line 3',
      'line 4',
      'line 5',
      'line 6',
      'line 7',
      'line 8',
    ]);
    expect(loaded.issues[0]?.reason).toMatch(/EIP-55 checksum/);
    expect(loaded.issues[1]?.reason).toMatch(/amount "-5"/);
    expect(loaded.issues[5]?.reason).toMatch(/is a Bitcoin address, not an Ethereum address/);
    // A refused row leaves no address behind.
    expect(loaded.chain.addressCount).toBe(2);
  });

  it('refuses a file that is not a transfers CSV, and a network Warden does not screen', async () => {
    await expect(loadTransfersCsv('address,network\n', { network: 'Ethereum' })).rejects.toMatchObject({
      code: 'INVALID_LIST_FILE',
      message: expect.stringContaining('"from", "to", "asset", "amount", "usd", "timestamp"'),
    });
    await expect(loadTransfersCsv('', { network: 'Ethereum' })).rejects.toMatchObject({
      code: 'INVALID_LIST_FILE',
    });
    await expect(loadTransfersCsv('from,to\n', { network: 'Dogecoin' })).rejects.toMatchObject({
      code: 'INVALID_NETWORK_ASSET',
    });
  });
});
