import { describe, expect, it } from 'vitest';
import { FourEyesAction, type ReviewDecision } from '../../src/model/review-decision.js';
import { approvalsNeeded, checkSecondReviewer } from '../../src/review/index.js';

const ALL = FourEyesAction.options;

describe('approvalsNeeded', () => {
  it.each([
    ['COMPLETED', false, ALL, ['RELEASE']],
    ['REJECTED', false, ALL, ['REJECT']],
    ['CANCELLED', false, ALL, []],
    ['CANCELLED', true, ALL, ['SUPPRESS']],
    ['COMPLETED', true, ALL, ['RELEASE', 'SUPPRESS']],
    ['APPROVED', false, ALL, ['RELEASE']],
    ['COMPLETED', true, ['SUPPRESS'], ['SUPPRESS']],
    ['REJECTED', false, [], []],
    // A batch hit: cleared is a release, confirmed a refusal.
    ['CLEARED', true, ALL, ['RELEASE', 'SUPPRESS']],
    ['CLEARED', false, ['REJECT'], []],
    ['CONFIRMED', false, ALL, ['REJECT']],
  ] as const)('%s, suppress %s, required %j → %j', (state, suppress, required, expected) => {
    expect(approvalsNeeded({ state, suppress }, required)).toEqual(expected);
  });
});

describe('checkSecondReviewer', () => {
  const pending = { id: 'rvd_1', decided_by: 'ana', status: 'PENDING_APPROVAL' } as ReviewDecision;
  const codeOf = (fn: () => void) => {
    try {
      fn();
      return 'OK';
    } catch (e) {
      return (e as { code: string }).code;
    }
  };

  it.each([
    ['another approver', { name: 'pablo', role: 'approver' }, pending, 'OK'],
    ['an analyst', { name: 'pablo', role: 'analyst' }, pending, 'FORBIDDEN'],
    ['its own author, an approver', { name: 'ana', role: 'approver' }, pending, 'FORBIDDEN'],
    [
      'anyone, once applied',
      { name: 'pablo', role: 'approver' },
      { ...pending, status: 'APPLIED' },
      'CONFLICT',
    ],
  ] as const)('%s → %s', (_, who, decision, code) => {
    expect(codeOf(() => checkSecondReviewer(decision, { clientId: 'c', ...who }))).toBe(code);
  });
});
