/**
 * The engine as a host uses it: real OFAC list, real rules, a real webhook receiver on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { verifyWebhookSignature, WEBHOOK_HEADERS } from '../../src/webhooks/index.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const person = (name: string, birth_date = '1980-01-01', nationality = 'USA') => ({
  external_id: `p-${name}`,
  entity_type: 'PERSON' as const,
  natural_person: {
    full_name: name,
    document_type: 'PASSPORT',
    document_number: 'X1234567',
    nationality,
    birth_date,
  },
});
const fiat = (id: string, amount: number) => ({
  external_transaction_id: id,
  transaction_type: 'FIAT' as const,
  sending_amount: amount,
  sending_currency: 'USD',
  receiving_amount: amount,
  receiving_currency: 'USD',
});

interface Received {
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

describeWithDatasets('createEngine with the real OFAC list', () => {
  let engine: Engine;
  let server: Server;
  let url: string;
  const received: Received[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        if (failuresLeft > 0) {
          failuresLeft--;
          res.writeHead(500).end();
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    engine = await createEngine(
      { lists: [{ source: 'ofac', path: sharedPath('ofac/sdn_2023-12-28') }] },
      { webhookRetry: { baseDelayMs: 20 } },
    );
  });
  afterAll(async () => {
    await engine.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('screens a listed person with their date of birth as a sanctions match', () => {
    const result = engine.screenIndividual({ full_name: 'Nicolas Maduro', date_of_birth: '1962-11-23' });
    expect(result.risk_level).toBe('HIGH');
    expect(result.response[0]).toMatchObject({ list: 'ofac-sdn', entityId: '22790' });
    expect(['EXACT', 'STRONG']).toContain(result.response[0]!.strength);
  });

  it('rejects a transaction whose remitter is listed, naming the list entry', async () => {
    const report = await engine.submitTransaction({
      transaction: fiat('tx-maduro', 250),
      remitter: person('MADURO MOROS, Nicolas', '1962-11-23', 'VEN'),
      beneficiary: person('Jane Doe'),
    });
    expect(report.transaction.state).toBe('REJECTED');
    expect(report.transaction.reasons_rejection_analysis).toMatch(/MADURO MOROS/);
    expect(report.transaction.reasons_rejection_analysis).toMatch(/22790/);
  });

  it.each([
    ['tx-clean', 250, 'COMPLETED'],
    ['tx-large', 5_000_000, 'COMPLIANCE'],
  ])('%s for %d USD between unlisted people ends %s', async (id, amount, state) => {
    const report = await engine.submitTransaction({
      transaction: fiat(id, amount),
      remitter: person('Margaret Holloway'),
      beneficiary: person('Tobias Lindqvist'),
    });
    expect(report.transaction.state).toBe(state);
  });

  it('rejects a crypto transaction to a real sanctioned wallet', async () => {
    // YAN Xiaobing's XBT address from the OFAC 2023-12-28 remarks.
    const report = await engine.submitTransaction({
      transaction: {
        external_transaction_id: 'tx-wallet',
        transaction_type: 'CRYPTO',
        sending_dollar_amount: 900,
        asset: 'BTC',
        network: 'Bitcoin',
        receiving_wallet: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h',
      },
      remitter: person('Margaret Holloway'),
      beneficiary: {
        external_id: 'w-1',
        entity_type: 'CRYPTO',
        crypto: { address: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h', network: 'Bitcoin', asset: 'BTC' },
      },
    });
    expect(report.transaction.state).toBe('REJECTED');
  });

  it('keeps each client to its own transactions', async () => {
    const other = engine.forClient('someone-else');
    expect((await other.getTransactions()).totalItems).toBe(0);
    expect((await engine.getTransactions()).totalItems).toBeGreaterThanOrEqual(4);
  });

  it('delivers signed webhooks, retries a failing receiver and records the notification', async () => {
    const { client_id, webhook_secret } = await engine.clients.createClient({
      name: 'Hooked',
      webhookUrl: url,
      now: Date.now(),
    });
    failuresLeft = 2;
    const acme = engine.forClient(client_id);
    const report = await acme.submitTransaction({
      transaction: fiat('tx-hooked', 100),
      remitter: person('Margaret Holloway'),
      beneficiary: person('Tobias Lindqvist'),
    });
    const deadline = Date.now() + 10_000;
    let notification = report.transaction.notification;
    while (Date.now() < deadline && !notification?.successful) {
      await new Promise((r) => setTimeout(r, 50));
      notification = (await acme.getTransactions({ external_transaction_id: 'tx-hooked' })).items[0]!
        .transaction.notification;
    }
    expect(notification).toMatchObject({ webhook: url, successful: true, error: null });
    const mine = received.filter((r) => r.body.includes('tx-hooked'));
    expect(mine).toHaveLength(3);
    const last = mine[2]!;
    const signature = last.headers[WEBHOOK_HEADERS.signature] as string;
    const timestamp = last.headers[WEBHOOK_HEADERS.timestamp] as string;
    expect(verifyWebhookSignature(webhook_secret, timestamp, last.body, signature)).toBe(true);
    expect(
      verifyWebhookSignature(
        webhook_secret,
        timestamp,
        last.body.replace('COMPLETED', 'REJECTED'),
        signature,
      ),
    ).toBe(false);
    expect(JSON.parse(last.body).data).toMatchObject({ previous_state: 'PROGRESS', state: 'COMPLETED' });
  });

  it('swaps the index when a new list version is imported, and tells subscribers', async () => {
    const seen: string[][] = [];
    const unsubscribe = engine.onListVersion((active) => seen.push(active.versions.map((v) => v.list)));
    const summary = await engine.importList({
      source: 'un',
      path: sharedPath('un/consolidated_2026-02-27.xml'),
    });
    unsubscribe();
    expect(summary).toMatchObject({ list: 'un', entities: 1_003, new_version: true });
    expect(seen).toEqual([['ofac-sdn', 'un']]);
    // Eric Badege (UN CDi.001) is on the UN list; he was not screened against it before the import.
    const un = engine.screenIndividual({ full_name: 'Eric Badege' });
    expect(un.response.map((m) => m.referenceId)).toContain('un:CDi.001');
  });

  it('refuses bad input with a typed WardenError naming the field', async () => {
    expect(() => engine.screenIndividual({ full_name: 'x', citizenship: 'XYZ' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', path: ['citizenship'] }),
    );
    expect(() =>
      engine.analyzeWallet({
        network: 'Bitcoin',
        asset: 'USDC',
        address: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h',
      }),
    ).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/INVALID_NETWORK_ASSET|VALIDATION_ERROR/) }),
    );
  });
});

describe('createEngine options', () => {
  it('refuses a rules folder that does not exist, at start-up', async () => {
    await expect(createEngine({ rulesDir: '/no/such/rules' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
