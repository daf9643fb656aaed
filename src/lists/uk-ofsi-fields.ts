/**
 * Cell conventions of OFSI's consolidated list CSV: several values in one cell are numbered
 * "(1) Tunis (2) - (3) -"; "-" stands for "not known"; the gender is written inside Other
 * Information as "(Gender):Male".
 */
import { countryFromName } from '../model/country-names.js';

/**
 * "(1) 223611 (2) C00146605" → ["223611", "C00146605"]; an unnumbered cell → [cell].
 * Positions are kept (a "-" becomes ''), so two enumerated columns can be paired.
 */
export function splitNumbered(cell: string): string[] {
  const text = cell.trim();
  if (!/^\(\d+\)/.test(text)) return text ? [text] : [];
  return text
    .split(/\(\d+\)/)
    .slice(1)
    .map((v) =>
      v
        .trim()
        .replace(/[.;,]$/, '')
        .trim(),
    )
    .map((v) => (v === '-' ? '' : v));
}

/** Alpha-3 codes in a Nationality cell: "(1) Germany. (2) Morocco", "Estonia, Russia", "Russia". */
export function nationalityCodes(cell: string): string[] {
  const codes: string[] = [];
  for (const value of splitNumbered(cell)) {
    const whole = countryFromName(value);
    const found = whole !== null ? [whole] : value.split(/[.,;]\s*/).flatMap((v) => countryFromName(v) ?? []);
    for (const code of found) if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** "…(Gender):Male" in Other Information → 'male' | 'female' | null. */
export function genderIn(otherInformation: string): 'male' | 'female' | null {
  const m = /\(Gender\):\s*(Male|Female)\b/i.exec(otherInformation);
  if (m === null) return null;
  return (m[1] ?? '').toLowerCase() === 'male' ? 'male' : 'female';
}

/** Pairs two enumerated cells by position: towns with countries, numbers with details. */
export function pairNumbered(first: string, second: string): [string, string][] {
  const a = splitNumbered(first);
  const b = splitNumbered(second);
  if (a.length === b.length) return a.map((v, i) => [v, b[i] ?? '']);
  // Unequal enumerations cannot be paired safely: keep each value on its own.
  return [...a.map((v): [string, string] => [v, '']), ...b.map((v): [string, string] => ['', v])];
}
