/**
 * engine.observe(): every door that screens reports to the observers — direct, summary,
 * transaction, onboarding, wallet — and a failing observer never fails a screening.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type ScreeningKind } from '../../src/index.js';
import {
  aCreateOnboardingRequest,
  aSubmitFiatRequest,
  aSummaryRequest,
  aWalletAnalysisRequest,
  anIndividualRequest,
  anOrganizationRequest,
} from '../support/factories.js';
import { HOUSE_ENTITY_NAME, houseList } from '../support/house-list.js';

let engine: Engine;
beforeAll(async () => {
  engine = await createEngine({ lists: [houseList()] });
});
afterAll(() => engine.close());

/** The kinds screened, and the states decided, while `act` ran. */
async function observed(act: () => unknown) {
  const kinds: ScreeningKind[] = [];
  const strengths: string[] = [];
  const states: string[] = [];
  const stop = engine.observe({
    screened(kind, matches) {
      kinds.push(kind);
      for (const match of matches) strengths.push(match.strength);
    },
    transactionDecided: (state) => states.push(state),
  });
  try {
    await act();
  } finally {
    stop();
  }
  return { kinds, strengths, states };
}

describe('engine.observe', () => {
  it.each<[string, () => unknown, ScreeningKind[]]>([
    ['an individual', () => engine.screenIndividual(anIndividualRequest()), ['individual']],
    ['an organization', () => engine.screenOrganization(anOrganizationRequest()), ['organization']],
    [
      'a summary, entity by entity',
      () => engine.screenSummary(aSummaryRequest()),
      ['individual', 'organization'],
    ],
    ['a wallet', () => engine.analyzeWallet(aWalletAnalysisRequest()), ['wallet']],
    [
      'both parties of a transaction',
      () => engine.submitTransaction(aSubmitFiatRequest()),
      ['individual', 'individual'],
    ],
  ])('hears the screening of %s', async (_case, act, kinds) => {
    expect((await observed(act)).kinds).toEqual(kinds);
  });

  it('hears the decision of a submitted transaction', async () => {
    const request = aSubmitFiatRequest({
      transaction: { ...aSubmitFiatRequest().transaction, external_transaction_id: 'tx-observed-1' },
    });
    let state = '';
    const { states } = await observed(async () => {
      state = (await engine.submitTransaction(request)).transaction.state;
    });
    expect(states).toEqual([state]);
  });

  it('hears the screening of an onboarding applicant', async () => {
    const flow = await engine.onboarding.createFlow('default', { name: 'Personal accounts' });
    const { kinds } = await observed(() =>
      engine.onboarding.createOnboarding('default', aCreateOnboardingRequest({ flow: flow._id })),
    );
    expect(kinds).toContain('individual');
  });

  it('hears the strength of each match', async () => {
    const result = engine.screenIndividual(anIndividualRequest({ full_name: HOUSE_ENTITY_NAME }));
    const { strengths } = await observed(() =>
      engine.screenIndividual(anIndividualRequest({ full_name: HOUSE_ENTITY_NAME })),
    );
    expect(strengths).toEqual(result.response.map((match) => match.strength));
    expect(strengths).toHaveLength(1);
  });

  it('stops after the unsubscribe, and a throwing observer fails no screening', async () => {
    const heard: ScreeningKind[] = [];
    const stop = engine.observe({ screened: (kind) => void heard.push(kind) });
    const stopFaulty = engine.observe({
      screened: () => {
        throw new Error('counter broke');
      },
    });
    expect(engine.screenIndividual(anIndividualRequest()).id).toEqual(expect.any(String));
    stop();
    stopFaulty();
    engine.screenIndividual(anIndividualRequest());
    expect(heard).toEqual(['individual']);
  });
});
