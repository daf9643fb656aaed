/**
 * An engine with no watchlist refuses every name screening with LISTS_NOT_LOADED — never a
 * "no match" — and stores nothing for a refused transaction, registration or onboarding. Wallet
 * analysis keeps answering (it reads address lists). Once a list is imported, the same calls work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/types.js';
import { WardenError } from '../../src/model/errors.js';
import { SubmitTransactionRequest } from '../../src/model/transaction.js';
import { openDuckDbStore } from '../../src/store/index.js';
import { transactionBodyOf } from '../../src/transactions/request-hash.js';
import {
  newTransactionRecord,
  TRANSACTIONS_COLLECTION,
  type StoredTransaction,
} from '../../src/transactions/transaction-record.js';
import {
  aCreateOnboardingRequest,
  aRegistrationRequest,
  aSubmitFiatRequest,
  aWalletAnalysisRequest,
  anIndividualRequest,
  anOrganizationRequest,
  aSummaryRequest,
} from '../support/factories.js';
import { HOUSE_ENTITY_NAME, houseList } from '../support/house-list.js';
import { tempDbPath } from '../support/temp-stores.js';

const notLoaded = { code: 'LISTS_NOT_LOADED', status: 503 };

function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to throw');
}

describe('an engine with no list loaded', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ db: ':memory:' });
  });
  afterAll(() => engine.close());

  it.each([
    ['screenIndividual', () => engine.screenIndividual(anIndividualRequest())],
    ['screenOrganization', () => engine.screenOrganization(anOrganizationRequest())],
    ['screenSummary', () => engine.screenSummary(aSummaryRequest())],
  ])('%s throws LISTS_NOT_LOADED (503), not a result with risk NONE', (_name, call) => {
    const error = thrownBy(call);
    expect(error).toBeInstanceOf(WardenError);
    expect(error).toMatchObject(notLoaded);
    expect((error as WardenError).message).toMatch(/import a list/);
  });

  it('still answers a malformed request with its VALIDATION_ERROR first', () => {
    expect(thrownBy(() => engine.screenIndividual({ full_name: '' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('refuses a transaction before storing it', async () => {
    await expect(engine.submitTransaction(aSubmitFiatRequest())).rejects.toMatchObject(notLoaded);
    expect((await engine.getTransactions()).totalItems).toBe(0);
  });

  it('refuses remitter and beneficiary registrations', async () => {
    await expect(engine.registerRemitter(aRegistrationRequest())).rejects.toMatchObject(notLoaded);
    await expect(engine.registerBeneficiary(aRegistrationRequest())).rejects.toMatchObject(notLoaded);
  });

  it('refuses an onboarding instead of approving an unscreened applicant, and stores none', async () => {
    const flow = await engine.onboarding.createFlow('default', { name: 'Personal accounts' });
    await expect(
      engine.onboarding.createOnboarding('default', aCreateOnboardingRequest({ flow: flow._id })),
    ).rejects.toMatchObject(notLoaded);
    expect((await engine.onboarding.searchOnboardings('default')).items).toEqual([]);
  });

  it('keeps answering wallet analysis (address lists, blacklist)', () => {
    expect(engine.analyzeWallet(aWalletAnalysisRequest())).toMatchObject({
      address: aWalletAnalysisRequest().address,
    });
  });

  it('screens once a list is imported, without a restart', async () => {
    await engine.importList(houseList());
    const result = engine.screenIndividual(anIndividualRequest({ full_name: HOUSE_ENTITY_NAME }));
    expect(result.coincidences).toBe(true);
    expect(result.response[0]).toMatchObject({ list: 'house', name: HOUSE_ENTITY_NAME });
    const clear = engine.screenIndividual(anIndividualRequest());
    expect(clear.coincidences).toBe(false);
  });
});

describe('a transaction an interrupted process left in PROGRESS, on a DuckDB file', () => {
  it('stays in PROGRESS while no list is loaded, and is decided once one is imported', async () => {
    const db = tempDbPath('warden-resume-');
    try {
      const store = await openDuckDbStore(db.path);
      const body = transactionBodyOf(SubmitTransactionRequest.parse(aSubmitFiatRequest()));
      const stored = newTransactionRecord(body, 'txn_crash', 1_000, 250);
      await store.records.put<StoredTransaction>({
        collection: TRANSACTIONS_COLLECTION,
        id: 'txn_crash',
        client_id: 'default',
        key: body.transaction.external_transaction_id,
        created_at: 1_000,
        updated_at: 1_000,
        // As the service writes it: the tag is the state (the engine resumes PROGRESS by its tag).
        tag: 'PROGRESS',
        data: stored,
      });
      await store.close();

      const engine = await createEngine({ db: db.path });
      try {
        const state = async () => (await engine.getTransactions()).items[0]?.transaction.state;
        expect(await state()).toBe('PROGRESS');
        await engine.importList(houseList());
        await expect.poll(state).toBe('COMPLETED');
      } finally {
        await engine.close();
      }
    } finally {
      db.remove();
    }
  });
});
