/** Every field has a documented maximum, so one request cannot make the server do unbounded work. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_LISTED_ISSUES, validationError } from '../../src/model/errors.js';
import { OnboardingMetadata } from '../../src/model/onboarding.js';
import { LegalPerson } from '../../src/model/participant.js';
import { CountryCode } from '../../src/model/reference.js';
import { MAX_CODE_CHARS, MAX_PARTIES, MAX_TEXT_CHARS, RequiredText } from '../../src/model/scalars.js';
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

  it('refuses a code-like value longer than MAX_CODE_CHARS with its own sentence, before reading its form', () => {
    const over = CountryCode.safeParse('x'.repeat(MAX_CODE_CHARS + 1));
    expect(over.error?.issues).toHaveLength(1);
    expect(over.error?.issues[0]?.message).toBe(
      `must be an ISO 3166-1 alpha-3 country code, got "${'X'.repeat(MAX_CODE_CHARS + 1)}"`,
    );
  });

  it('takes at most 50 metadata keys', () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    expect(OnboardingMetadata.safeParse(keys(50)).success).toBe(true);
    expect(OnboardingMetadata.safeParse(keys(51)).error?.issues[0]?.message).toBe(
      'must have at most 50 keys',
    );
  });

  it('lists at most MAX_LISTED_ISSUES problems in an error and counts the rest', () => {
    const schema = z.array(z.object({ name: z.string({ error: 'is required' }) }));
    const result = schema.safeParse(Array.from({ length: 100 }, () => ({})));
    const error = validationError(result.error!);
    expect(error.message).toBe('[0].name: is required');
    const listed = error.details.split('; ');
    expect(listed).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(listed.at(-1)).toBe(`and ${100 - MAX_LISTED_ISSUES} more problems`);
  });
});
