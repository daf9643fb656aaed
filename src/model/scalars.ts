/**
 * Scalars every resource shares. Defined once so a rule such as "amounts are positive" reads the
 * same, with the same sentence, in every request.
 */
import { z } from 'zod';

/** The spec's "integer (long)" timestamps. */
export const EpochMillis = z.number().int().describe('Unix epoch time in milliseconds');
export type EpochMillis = z.infer<typeof EpochMillis>;

/** The onboarding area writes its timestamps as ISO 8601 strings instead of epoch numbers. */
export const IsoDateTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 timestamp such as 2024-05-01T12:00:00.000Z' })
  .describe('ISO 8601 timestamp');
export type IsoDateTime = z.infer<typeof IsoDateTime>;

/** The smallest amount there is: one wei (10^-18 ether), the finest unit of any supported asset. */
export const MIN_AMOUNT = 1e-18;
/** Larger than any real transfer or balance (a quadrillion), so a typo of exponents is refused. */
export const MAX_AMOUNT = 1e15;

export const PositiveAmount = z
  .number()
  .min(MIN_AMOUNT, { error: `must be a positive number, at least ${MIN_AMOUNT}` })
  .max(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT}` });
export type PositiveAmount = z.infer<typeof PositiveAmount>;

export const NonNegativeAmount = z
  .number()
  .nonnegative({ error: 'must be zero or a positive number' })
  .max(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT}` });
export type NonNegativeAmount = z.infer<typeof NonNegativeAmount>;

export const Percentage = z
  .number()
  .min(0, { error: 'must be a percentage between 0 and 100' })
  .max(100, { error: 'must be a percentage between 0 and 100' });
export type Percentage = z.infer<typeof Percentage>;

/**
 * Longest code-like value (a country, currency, network, date or document type) a field takes,
 * before its form is checked: every real one is far shorter, and the bound appears in the OpenAPI
 * document as maxLength.
 */
export const MAX_CODE_CHARS = 40;

/** Longest free text a field takes: names, addresses and references are far shorter; a 1 MB one is abuse. */
export const MAX_TEXT_CHARS = 1000;

/** Free text that must say something: surrounding spaces are trimmed before the emptiness check. */
export const RequiredText = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(MAX_TEXT_CHARS, { error: `must be at most ${MAX_TEXT_CHARS} characters` });
export type RequiredText = z.infer<typeof RequiredText>;

/**
 * A value of a vocabulary the spec leaves open (fund_origin SALARY, industry FOOD_AND_SERVICES…).
 * Closing such enums on the few observed values would reject real clients, so only the form is checked;
 * case is folded because clients write "salary" as often as "SALARY".
 */
export const OpenCode = z
  .string()
  .trim()
  .toUpperCase()
  .max(100, { error: 'must be at most 100 characters' })
  .regex(/^[A-Z0-9][A-Z0-9_]*$/, { error: 'must be an upper-case code such as SALARY_OR_WAGE' });
export type OpenCode = z.infer<typeof OpenCode>;

/**
 * Most parties (beneficiaries, representatives, controllers) one company lists: real ownership charts
 * name a few dozen; 150,000 took a server 6 s and 1.6 GB to accept and answer.
 */
export const MAX_PARTIES = 100;

/** A list of a company's parties, at most MAX_PARTIES of them. */
export const partiesOf = <T extends z.ZodType>(party: T) =>
  z
    .array(party)
    .max(MAX_PARTIES, { error: `must list at most ${MAX_PARTIES} parties` })
    .default([]);
