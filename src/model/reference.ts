/**
 * ISO reference codes: countries (ISO 3166-1 alpha-3) and currencies (ISO 4217), validated against the
 * generated tables, plus the map from country names as watchlists write them to alpha-3 codes.
 * Codes are read case-insensitively and always come out upper case.
 */
import { z } from 'zod';
import { nameSchema } from './schema-names.js';
import { COUNTRIES } from './tables/countries.js';
import { CURRENCIES } from './tables/currencies.js';
import { quoteInput } from './quote-input.js';
import { MAX_CODE_CHARS } from './scalars.js';

const COUNTRY_BY_CODE: ReadonlyMap<string, (typeof COUNTRIES)[number]> = new Map(
  COUNTRIES.map((c) => [c.alpha3, c]),
);
const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCIES.map((c) => c.code));

/** True for an upper-case alpha-3 code of the table (which includes XKX, Kosovo). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_BY_CODE.has(code);
}

/** True for an upper-case active ISO 4217 code. */
export function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODES.has(code);
}

/** The short English name of an alpha-3 code ("VEN" → "Venezuela"), or null when unknown. */
export function countryName(code: string): string | null {
  return COUNTRY_BY_CODE.get(code)?.name ?? null;
}

const notACountryCode = (iss: { input: unknown }) =>
  `must be an ISO 3166-1 alpha-3 country code, got ${quoteInput(iss.input)}`;

export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .max(MAX_CODE_CHARS, { error: notACountryCode, abort: true })
  .refine(isCountryCode, { error: notACountryCode })
  .describe('ISO 3166-1 alpha-3 country code, e.g. COL (case-insensitive, returned upper case)');
export type CountryCode = z.infer<typeof CountryCode>;
nameSchema(CountryCode, 'CountryCode');

const notACurrencyCode = (iss: { input: unknown }) =>
  `must be an ISO 4217 currency code, got ${quoteInput(iss.input)}`;

export const CurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .max(MAX_CODE_CHARS, { error: notACurrencyCode, abort: true })
  .refine(isCurrencyCode, { error: notACurrencyCode })
  .describe('ISO 4217 currency code, e.g. USD (case-insensitive, returned upper case)');
export type CurrencyCode = z.infer<typeof CurrencyCode>;
nameSchema(CurrencyCode, 'CurrencyCode');

export { countryFromName } from './country-names.js';
