import { describe, expect, it } from 'vitest';
import type { MatchStrength } from '../../src/model/risk.js';
import {
  ONBOARDING_DECISION_TABLE,
  decideOnboarding,
  statusOfFinding,
  type Finding,
  type FindingKind,
  type Subject,
} from '../../src/onboarding/index.js';

const JUAN: Subject = { role: 'Final beneficiary', name: 'Juan Perez', ref: 'party_1' };

function aMatch(category: string | null, strength: MatchStrength): Finding {
  return {
    kind: 'LIST_MATCH',
    subject: JUAN,
    match: {
      strength,
      category,
      matchedName: 'PEREZ, Juan Carlos',
      list: 'OFAC SDN',
      entityId: '36',
      matches: [],
    },
  };
}

describe('the onboarding decision table', () => {
  it.each<[string | null, MatchStrength, string]>([
    ['Sanctions', 'EXACT', 'REJECTED'],
    ['Sanctions', 'STRONG', 'REJECTED'],
    ['sanctions', 'STRONG', 'REJECTED'],
    ['Sanctions', 'MEDIUM', 'PENDING_REVIEW'],
    ['Sanctions', 'WEAK', 'PENDING_REVIEW'],
    ['PEP', 'EXACT', 'PENDING_REVIEW'],
    ['PEP', 'WEAK', 'PENDING_REVIEW'],
    ['Export Control', 'EXACT', 'PENDING_REVIEW'],
    [null, 'STRONG', 'PENDING_REVIEW'],
  ])('a %s match of strength %s → %s', (category, strength, status) => {
    expect(statusOfFinding(aMatch(category, strength))).toBe(status);
  });

  it('has a rule for every kind of finding', () => {
    const kinds: FindingKind[] = [
      'LIST_MATCH',
      'DECLARED_PEP',
      'UNDER_AGE',
      'EXPIRED_DOCUMENT',
      'UNSCREENABLE_PARTY',
    ];
    expect(new Set(ONBOARDING_DECISION_TABLE.map((rule) => rule.finding))).toEqual(new Set(kinds));
  });

  it('approves with no reason when nothing was found', () => {
    expect(decideOnboarding([])).toEqual({ status: 'APPROVED', reason: null });
  });

  it('takes the most severe status and names that finding first', () => {
    const pep: Finding = {
      kind: 'DECLARED_PEP',
      subject: { role: 'Applicant', name: 'Ana Gómez', ref: null },
    };
    expect(decideOnboarding([pep, aMatch('Sanctions', 'STRONG')])).toEqual({
      status: 'REJECTED',
      reason:
        'Final beneficiary Juan Perez matches OFAC SDN entry 36 "PEREZ, Juan Carlos" (Sanctions, STRONG). ' +
        'Applicant Ana Gómez is declared a politically exposed person.',
    });
  });

  it('words a match whose list gave no name or id', () => {
    const bare: Finding = {
      kind: 'LIST_MATCH',
      subject: JUAN,
      match: {
        strength: 'MEDIUM',
        category: null,
        matchedName: null,
        list: null,
        entityId: null,
        matches: [],
      },
    };
    expect(decideOnboarding([bare]).reason).toBe(
      'Final beneficiary Juan Perez matches a watchlist entry (MEDIUM).',
    );
  });
});
