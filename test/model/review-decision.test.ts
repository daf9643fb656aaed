import { describe, expect, it } from 'vitest';
import { ClientSettings, ClientSettingsPatch } from '../../src/model/client.js';
import { OnboardingDecisionRequest, TransactionDecisionRequest } from '../../src/model/review-decision.js';
import { ReviewerTokenRequest } from '../../src/model/reviewer.js';

describe('review requests', () => {
  it('defaults suppress to false and needs a reason', () => {
    expect(
      TransactionDecisionRequest.parse({
        outcome: 'FALSE_POSITIVE',
        state: 'COMPLETED',
        reason: 'Other DOB',
      }),
    ).toMatchObject({ suppress: false });
    expect(
      TransactionDecisionRequest.safeParse({ outcome: 'FALSE_POSITIVE', state: 'COMPLETED' }).success,
    ).toBe(false);
  });

  it.each([
    [TransactionDecisionRequest, { outcome: 'MAYBE', state: 'COMPLETED', reason: 'x' }],
    [TransactionDecisionRequest, { outcome: 'TRUE_MATCH', state: 'EVALUATION', reason: 'x' }],
    [OnboardingDecisionRequest, { outcome: 'TRUE_MATCH', state: 'COMPLETED', reason: 'x' }],
    [ReviewerTokenRequest, { client_id: 'cl_1', name: ' ', password: 'p' }],
    [ReviewerTokenRequest, { client_id: 'cl_1', name: 'ana', password: 'p'.repeat(257) }],
  ] as const)('refuses %#', (schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('ClientSettings.review_four_eyes', () => {
  it('asks for a second person on every release, rejection and suppression by default', () => {
    expect(ClientSettings.parse({}).review_four_eyes).toEqual(['RELEASE', 'REJECT', 'SUPPRESS']);
  });

  it('can be narrowed, or emptied', () => {
    expect(ClientSettingsPatch.parse({ review_four_eyes: [] }).review_four_eyes).toEqual([]);
    expect(ClientSettingsPatch.safeParse({ review_four_eyes: ['APPROVE'] }).success).toBe(false);
  });
});
