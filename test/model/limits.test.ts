/** Every field has a documented maximum, so one request cannot make the server do unbounded work. */
import { describe, expect, it } from 'vitest';
import { LegalPerson } from '../../src/model/participant.js';
import { MAX_PARTIES, MAX_TEXT_CHARS, RequiredText } from '../../src/model/scalars.js';
import { aLegalPerson, aPersonRecord } from '../support/factories/participants.js';

describe('limits', () => {
  it('takes text up to MAX_TEXT_CHARS characters, and says so above', () => {
    expect(RequiredText.safeParse('x'.repeat(MAX_TEXT_CHARS)).success).toBe(true);
    const over = RequiredText.safeParse('x'.repeat(MAX_TEXT_CHARS + 1));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(`must be at most ${MAX_TEXT_CHARS} characters`);
  });

  it('takes up to MAX_PARTIES beneficiaries of a company, and says so above', () => {
    const many = (n: number) => ({
      ...aLegalPerson(),
      final_beneficiaries: Array.from({ length: n }, () => aPersonRecord()),
    });
    expect(LegalPerson.safeParse(many(MAX_PARTIES)).success).toBe(true);
    const over = LegalPerson.safeParse(many(MAX_PARTIES + 1));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({
      path: ['final_beneficiaries'],
      message: `must list at most ${MAX_PARTIES} parties`,
    });
  });
});
