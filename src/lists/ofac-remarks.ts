/**
 * The Remarks column of OFAC's legacy sdn.csv carries most of what OFAC knows about an entry, as
 * "; "-separated statements: "DOB 23 Nov 1962; POB Caracas, Venezuela; citizen Venezuela; Gender
 * Male; Cedula No. 5892464 (Venezuela); a.k.a. 'BNC'; Digital Currency Address - XBT 1abc…".
 * Each statement is read by the first rule of REMARK_RULES that matches it; what no rule reads
 * ("Linked To: …", "Website …", "Email Address …") stays in `remarks`.
 */
import type { z } from 'zod';
import type { Alias, CryptoAddress, Gender, IdentityDocument } from '../model/entity.js';
import { countryFromName } from '../model/country-names.js';
import { readOfacDocument } from './ofac-remark-documents.js';
import { birthDateBetween, parseDayMonthYear, type BirthDateInput } from './partial-dates.js';

export interface OfacRemarkFacts {
  birth_dates: BirthDateInput[];
  birth_places: string[];
  nationalities: string[];
  citizenships: string[];
  gender: Gender | null;
  documents: z.input<typeof IdentityDocument>[];
  /** OFAC's weak (low-quality) a.k.a.s: `a.k.a. 'BNC'`. */
  aliases: z.input<typeof Alias>[];
  crypto_addresses: CryptoAddress[];
  /** The statements no rule reads, joined with "; "; null when none is left. */
  remarks: string | null;
}

interface RemarkRule {
  /** What the rule reads, named for tests. */
  readonly name: string;
  readonly pattern: RegExp;
  /** Stores what the match says; false when the value is not what the rule expects. */
  read(match: RegExpExecArray, facts: OfacRemarkFacts): boolean;
}

function readBirthDate(value: string): BirthDateInput | null {
  const circa = /^circa\s+/i.test(value);
  // "1960 to 1962", "01 Jan 1961 to 31 Dec 1962", and once "1979-1982".
  const [fromText, toText, extra] = value.replace(/^circa\s+/i, '').split(/\s+to\s+|(?<=^\d{4})-(?=\d{4}$)/i);
  if (extra !== undefined) return null;
  const from = parseDayMonthYear(fromText ?? '');
  const to = toText === undefined ? from : parseDayMonthYear(toText);
  if (from === null || to === null || to < from) return null;
  return birthDateBetween(from, to, circa);
}

function pushCountry(list: string[], text: string): boolean {
  const code = countryFromName(text);
  if (code === null) return false;
  if (!list.includes(code)) list.push(code);
  return true;
}

/** The statements OFAC writes, most specific first. "alt." marks a second value of the same kind. */
export const REMARK_RULES: readonly RemarkRule[] = [
  {
    name: 'birth date',
    pattern: /^(?:alt\.\s+)?DOB:?\s+(.+)$/i,
    read: (m, facts) => {
      const date = readBirthDate(m[1] ?? '');
      if (date !== null) facts.birth_dates.push(date);
      return date !== null;
    },
  },
  {
    name: 'birth place',
    pattern: /^(?:alt\.\s+)?POB:?\s+(.+)$/i,
    read: (m, facts) => {
      facts.birth_places.push((m[1] ?? '').trim());
      return true;
    },
  },
  {
    name: 'nationality',
    pattern: /^(?:alt\.\s+)?nationality:?\s+(.+)$/i,
    read: (m, facts) => pushCountry(facts.nationalities, m[1] ?? ''),
  },
  {
    name: 'citizenship',
    pattern: /^(?:alt\.\s+)?citizen:?\s+(.+)$/i,
    read: (m, facts) => pushCountry(facts.citizenships, m[1] ?? ''),
  },
  {
    name: 'gender',
    pattern: /^Gender\s+(Male|Female)$/i,
    read: (m, facts) => {
      facts.gender = (m[1] ?? '').toLowerCase() === 'male' ? 'male' : 'female';
      return true;
    },
  },
  {
    // OFAC keeps low-quality names out of alt.csv and writes them here: a.k.a. 'BNC', f.k.a. 'ANA I'.
    name: 'weak alias',
    pattern: /^[afn]\.k\.a\.,?\s+['"](.+)['"]$/,
    read: (m, facts) => {
      facts.aliases.push({ name: (m[1] ?? '').trim(), kind: 'weak', script: null });
      return true;
    },
  },
  {
    name: 'digital currency address',
    pattern: /^(?:alt\.\s+)?Digital Currency Address\s+-\s+([A-Za-z0-9]+)\s+(\S+)$/i,
    read: (m, facts) => {
      facts.crypto_addresses.push({ asset: (m[1] ?? '').toUpperCase(), address: m[2] ?? '' });
      return true;
    },
  },
  {
    name: 'identity document',
    pattern: /^(?:alt\.\s+)?(.+)$/,
    read: (m, facts) => {
      const document = readOfacDocument(m[1] ?? '');
      if (document !== null) facts.documents.push(document);
      return document !== null;
    },
  },
];

/** Splits remarks into statements; a statement's closing period is the sentence's, not the value's. */
function statementsOf(remarks: string): string[] {
  return remarks
    .split(/;\s+|;$/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Reads the facts out of an OFAC remarks text (legacy sdn.csv column 12, with any sdn_comments.csv
 * continuation already appended).
 *
 * @example parseOfacRemarks("DOB 1962; a.k.a. 'BNC'.").aliases // [{ name: 'BNC', kind: 'weak', script: null }]
 */
export function parseOfacRemarks(remarks: string | null): OfacRemarkFacts {
  const facts: OfacRemarkFacts = {
    birth_dates: [],
    birth_places: [],
    nationalities: [],
    citizenships: [],
    gender: null,
    documents: [],
    aliases: [],
    crypto_addresses: [],
    remarks: null,
  };
  if (remarks === null) return facts;
  const rest: string[] = [];
  for (const statement of statementsOf(remarks)) {
    const value = statement.replace(/\.$/, '').trim();
    const read = REMARK_RULES.some((rule) => {
      const match = rule.pattern.exec(value);
      return match !== null && rule.read(match, facts);
    });
    if (!read) rest.push(statement);
  }
  facts.remarks = rest.length > 0 ? rest.join('; ') : null;
  return facts;
}
