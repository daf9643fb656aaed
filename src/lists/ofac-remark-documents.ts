/**
 * An identity document as OFAC's legacy remarks write it:
 * "<type> <number> [(<country>)] [issued <date>] [expires <date>]", e.g.
 * "Passport G025057 (Jordan) issued 23 Jun 1999 expires 05 Feb 2004" or
 * "Tax ID No. AABA 670850 Y". The type is one of OFAC_ID_TYPES; the number may hold spaces.
 */
import type { z } from 'zod';
import type { IdentityDocument } from '../model/entity.js';
import { countryFromName } from '../model/country-names.js';
import { OFAC_ID_TYPES } from './tables/ofac-id-types.js';

type DocumentInput = z.input<typeof IdentityDocument>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Longest first, so "Diplomatic Passport" is not read as a "Passport" numbered "Diplomatic…"
// (a regex alternation takes the first alternative that matches).
const TYPE_PATTERN = new RegExp(
  `^(${[...OFAC_ID_TYPES]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})\\s+(.+)$`,
);

/**
 * The document a remark statement describes, or null when the statement does not start with a
 * known document type.
 *
 * @example readOfacDocument('Cedula No. 5892464 (Venezuela)') // { type: 'Cedula No.', number: '5892464', country: 'VEN', note: null }
 */
export function readOfacDocument(statement: string): DocumentInput | null {
  const m = TYPE_PATTERN.exec(statement.trim());
  if (m === null) return null;
  let rest = m[2] ?? '';
  const notes: string[] = [];
  // The dates come last and are printed as "issued X" then "expires Y"; take them from the end.
  for (const keyword of ['expires', 'issued']) {
    const at = rest.search(new RegExp(`\\s${keyword}\\s`));
    if (at > 0) {
      notes.unshift(rest.slice(at + 1).trim());
      rest = rest.slice(0, at);
    }
  }
  let country: string | null = null;
  for (
    let paren = /\s*\(([^()]*)\)\s*$/.exec(rest);
    paren !== null;
    paren = /\s*\(([^()]*)\)\s*$/.exec(rest)
  ) {
    const inner = (paren[1] ?? '').trim();
    const code: string | null = country === null ? countryFromName(inner) : null;
    if (code !== null) country = code;
    else notes.unshift(inner);
    rest = rest.slice(0, paren.index);
  }
  const number = rest.trim();
  if (number.length === 0) return null;
  return { type: m[1] ?? '', number, country, note: notes.length > 0 ? notes.join('; ') : null };
}
