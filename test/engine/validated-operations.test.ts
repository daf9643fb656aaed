/**
 * The engine's internal door for already-parsed requests (VALIDATED, used by the HTTP adapter so a
 * body is parsed once) does what the public operations do after their own parse, and the public
 * library API keeps parsing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { VALIDATED, type Engine } from '../../src/engine/types.js';
import * as library from '../../src/index.js';
import { WardenError } from '../../src/model/errors.js';
import { RegistrationRequest } from '../../src/model/registration.js';
import { ListTransactionsQuery, SubmitTransactionRequest } from '../../src/model/transaction.js';
import { TRANSACTIONS_COLLECTION } from '../../src/transactions/transaction-record.js';
import {
  aCryptoTransaction,
  aFiatTransaction,
  aRegistrationRequest,
  aSubmitCryptoRequest,
  aSubmitFiatRequest,
} from '../support/factories.js';
import { houseList } from '../support/house-list.js';

const credentials = { client_id: 'cl_0123456789abcdef', client_secret: 'the-client-secret' };

let engine: Engine;
beforeAll(async () => {
  engine = await createEngine({ db: ':memory:', lists: [houseList()] });
});
afterAll(() => engine.close());

describe('engine[VALIDATED]', () => {
  it.each([
    [
      'FIAT',
      aSubmitFiatRequest({
        ...credentials,
        transaction: aFiatTransaction({ external_transaction_id: 'tx-v-1' }),
      }),
    ],
    // Spelled as a client may (lower-case network and asset): the parse canonicalises them once.
    [
      'CRYPTO',
      aSubmitCryptoRequest({
        ...credentials,
        transaction: aCryptoTransaction({ external_transaction_id: 'tx-v-2', network: 'trx', asset: 'usdt' }),
      }),
    ],
  ])(
    'submits a parsed %s request as the public operation would, and keeps no credential',
    async (_type, request) => {
      const id = request.transaction.external_transaction_id;
      const report = await engine[VALIDATED]('client-v').submitTransaction(
        SubmitTransactionRequest.parse(request),
      );
      expect(report.external_transaction_id).toBe(id);

      // The same body through the public door is the same request (same fingerprint): the stored report.
      const { client_id: _id, client_secret: _secret, ...body } = request;
      expect(await engine.forClient('client-v').submitTransaction(body)).toEqual(report);

      const stored = await engine.store.records.getByKey(TRANSACTIONS_COLLECTION, 'client-v', id);
      expect(JSON.stringify(stored)).not.toContain(credentials.client_secret);
    },
  );

  it('lists with a parsed query as the public operation does', async () => {
    const validated = await engine[VALIDATED]('client-v').getTransactions(
      ListTransactionsQuery.parse({ ...credentials, limit: '5' }),
    );
    expect(validated).toEqual(await engine.forClient('client-v').getTransactions({ limit: 5 }));
    expect(validated.items).toHaveLength(2);
  });

  it('registers a parsed participant', async () => {
    const entity = await engine[VALIDATED]('client-v').registerRemitter(
      RegistrationRequest.parse(aRegistrationRequest(credentials)),
    );
    expect(entity).toMatchObject({ id: expect.any(String), analyzed_at: expect.any(Number) });
  });

  it('is not part of the public surface, whose operations keep parsing', async () => {
    expect(Object.values(library)).not.toContain(VALIDATED);
    const bad = aSubmitFiatRequest({ transaction: aFiatTransaction({ sending_amount: -5 }) });
    await expect(async () => engine.forClient('client-v').submitTransaction(bad)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'transaction.sending_amount: must be a positive number, at least 1e-18',
    });
    await expect(engine.forClient('client-v').getTransactions({ limit: 0 })).rejects.toThrow(WardenError);
  });

  it('answers bad input of the public operations with a rejected promise, never a synchronous throw', async () => {
    const client = engine.forClient('client-v');
    const bad = aSubmitFiatRequest({ transaction: aFiatTransaction({ sending_amount: -5 }) });
    // Called plainly, not inside an async wrapper: a synchronous throw fails the test here.
    const answers = [
      client.submitTransaction(bad),
      client.registerRemitter({ external_id: '' } as never),
      client.registerBeneficiary({ external_id: '' } as never),
      client.getTransactions({ limit: 0 }),
    ];
    for (const answer of answers) await expect(answer).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
