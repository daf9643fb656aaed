/**
 * The review queue shows what an onboarding's screening found (issue #30): an applicant named as the
 * house list's entity but born another year is a MEDIUM sanctions match, so the onboarding waits in
 * PENDING_REVIEW, and GET /api/v1/review/queue?kind=ONBOARDING shows the match beside the name, with
 * the declared PEP as a rule. The client API's onboarding responses stay the spec's record: the
 * audit is stored beside it, never in it.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Flow } from '../../src/model/flow.js';
import { OnboardingList, OnboardingRecord } from '../../src/model/onboarding.js';
import { QueueList } from '../../src/model/review-queue.js';
import { aCreateOnboardingRequest, aDataIndividual, aNewIdentity } from '../support/factories.js';
import { HOUSE_ENTITY_NAME } from '../support/house-list.js';
import { anApiHarness, type ApiHarness } from './harness.js';

const ONBOARDINGS = '/api/v1/client-api/onboardings';

let h: ApiHarness;
let client: { authorization: string };
let analyst: { authorization: string };
let created: OnboardingRecord;

/** The response is the spec's record and nothing more, at any depth: parsing it drops no key. */
function expectSpecRecord(response: LightMyRequestResponse): void {
  const body = response.json<unknown>();
  expect(body).toStrictEqual(OnboardingRecord.parse(body));
  expect(response.body).not.toMatch(/"(subjects|findings|onboarding_id|secondary_fields|screened_at)"/);
}

async function queue(query: string) {
  const response = await h.inject({ method: 'GET', url: `/api/v1/review/queue?${query}`, headers: analyst });
  expect(response.statusCode).toBe(200);
  return QueueList.parse(response.json());
}

beforeAll(async () => {
  h = await anApiHarness();
  client = await h.bearer(h.a);
  const { password } = await h.engine.review.reviewers.create({
    clientId: h.a.client_id,
    name: 'ana',
    role: 'analyst',
    now: h.now(),
  });
  const login = await h.inject({
    method: 'POST',
    url: '/api/v1/review/auth/token',
    payload: { client_id: h.a.client_id, name: 'ana', password },
  });
  analyst = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };

  const flow = Flow.parse(
    (
      await h.inject({
        method: 'POST',
        url: '/api/v1/client-api/flows',
        headers: client,
        payload: { name: 'Personal accounts' },
      })
    ).json(),
  );
  const response = await h.inject({
    method: 'POST',
    url: ONBOARDINGS,
    headers: client,
    payload: aCreateOnboardingRequest({
      flow: flow._id,
      data: {
        type: 'INDIVIDUAL',
        data_individual: aDataIndividual({ name: HOUSE_ENTITY_NAME, is_pep: true }),
      },
      identity: aNewIdentity({
        first_name: 'Quillon',
        last_name: 'Vexbridge Ormathwaite',
        birth_date: '1950-02-02',
      }),
    }),
  });
  expect(response.statusCode).toBe(201);
  expectSpecRecord(response);
  created = OnboardingRecord.parse(response.json());
});
afterAll(() => h.close());

describe('the review queue of onboardings', () => {
  it('shows the applicant’s list match with the listed entity and strength, and the declared PEP as a rule', async () => {
    expect(created.status).toBe('PENDING_REVIEW');
    const { items } = await queue('kind=ONBOARDING');
    expect(items.map((i) => i.subject)).toEqual([created._id]);
    const [item] = items;
    expect(item!.reason).toBe(created.reason);
    expect(item!.matches).toHaveLength(1);
    expect(item!.matches[0]).toMatchObject({
      participant: 'APPLICANT',
      customer_external_id: null,
      query_name: HOUSE_ENTITY_NAME,
      relation: 'natural_person',
      list: 'house',
      entity_id: 'H-1',
      listed_name: HOUSE_ENTITY_NAME,
      strength: 'MEDIUM',
      categories: ['Sanctions'],
      list_version: 'house@1',
      suppressed_by: null,
    });
    expect(item!.matches[0]!.score).toBeGreaterThan(0);
    expect(item!.matches[0]!.secondary_fields).toContainEqual(
      expect.objectContaining({ typeId: 'DATE_OF_BIRTH', result: 'NOT_MATCHED' }),
    );
    expect(item!.matches[0]!.explanation?.matchedName).toBeDefined();
    expect(item!.rules).toEqual([
      {
        rule_id: 'DECLARED_PEP',
        outcome: 'PENDING_REVIEW',
        text: `Applicant ${HOUSE_ENTITY_NAME} is declared a politically exposed person.`,
      },
    ]);
  });

  it('filters onboardings by their matches’ strength and list', async () => {
    expect((await queue('kind=ONBOARDING&strength=MEDIUM&list=house')).items).toHaveLength(1);
    expect((await queue('kind=ONBOARDING&strength=EXACT')).items).toEqual([]);
    expect((await queue('kind=ONBOARDING&list=ofac-sdn')).items).toEqual([]);
  });

  it('answers the client API with the spec’s onboarding record only', async () => {
    const get = (url: string) => h.inject({ method: 'GET', url, headers: client });
    const details = await get(`${ONBOARDINGS}/${created._id}`);
    expect(details.statusCode).toBe(200);
    expectSpecRecord(details);
    // Byte for byte what the service returns, which is what it stored.
    expect(details.body).toBe(
      JSON.stringify(await h.engine.onboarding.getOnboarding(h.a.client_id, created._id)),
    );

    const byDocument = await get(`${ONBOARDINGS}/entity?documentNumber=1037612345&issueCountryIso3=COL`);
    expect(byDocument.statusCode).toBe(200);
    expectSpecRecord(byDocument);

    const list = await get(`${ONBOARDINGS}/entity/list?status=PENDING_REVIEW`);
    expect(list.statusCode).toBe(200);
    expect(list.json<unknown>()).toStrictEqual(OnboardingList.parse(list.json()));
    expect(list.json<OnboardingList>().items.map((r) => r._id)).toEqual([created._id]);

    const changed = await h.inject({
      method: 'PUT',
      url: `${ONBOARDINGS}/change-status/${created._id}`,
      headers: client,
      payload: { status: 'REJECTED', reason: 'Confirmed with the listed birth date.' },
    });
    expect(changed.statusCode).toBe(200);
    expectSpecRecord(changed);
    // Decided: the onboarding leaves the queue.
    expect((await queue('kind=ONBOARDING')).items).toEqual([]);
  });
});
