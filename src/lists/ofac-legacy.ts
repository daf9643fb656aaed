/**
 * OFAC's legacy CSV list folder → entities: sdn.csv (one row per entry) joined with alt.csv (its
 * aka/fka/nka names), add.csv (addresses) and sdn_comments.csv (remarks longer than ~1000
 * characters continue there). The consolidated non-SDN files (cons_prim/cons_alt/cons_add/
 * cons_comments) have the same layout; parse them with `list: 'ofac-cons'`.
 * Layouts: https://ofac.treasury.gov/sdn-list-data-formats-data-schemas (legacy "CSV" format).
 */
import type { z } from 'zod';
import type { Alias, EntityAddress, EntityInput, EntityType, ParseIssue } from '../model/entity.js';
import { countryFromName } from '../model/country-names.js';
import { acceptEntity, emptyParseResult, type ListParseResult } from './list-parse-result.js';
import { ofacEntNum, ofacValue, readOfacCsv } from './ofac-csv-records.js';
import { parseOfacRemarks } from './ofac-remarks.js';

/** The texts of one legacy folder; only sdn.csv is required. */
export interface OfacLegacyFiles {
  sdn: string;
  alt?: string;
  add?: string;
  comments?: string;
}

export interface OfacLegacyOptions {
  /** The list name the entities carry: "ofac-sdn" (default) or "ofac-cons". */
  list?: string;
  /** File names used in issues and errors; default sdn.csv, alt.csv, add.csv, sdn_comments.csv. */
  fileNames?: Partial<Record<keyof OfacLegacyFiles, string>>;
}

const SDN_LAYOUT =
  'ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks';
const ALT_LAYOUT = 'ent_num, alt_num, alt_type, alt_name, alt_remarks';
const ADD_LAYOUT = 'ent_num, add_num, address, city/state/province/postal, country, add_remarks';
const COMMENTS_LAYOUT = 'ent_num, remarks_extension';

/** SDN_Type → entity type; OFAC leaves the type empty (`-0-`) for organizations. */
const SDN_TYPES: Readonly<Record<string, EntityType>> = {
  individual: 'individual',
  vessel: 'vessel',
  aircraft: 'aircraft',
};

const ALT_KINDS: Readonly<Record<string, 'aka' | 'fka' | 'nka'>> = { aka: 'aka', fka: 'fka', nka: 'nka' };

/** Columns 5–11 of sdn.csv, which the Entity model has no field for, kept as labelled remarks. */
const EXTRA_COLUMNS: readonly [number, string][] = [
  [4, 'Title'],
  [5, 'Call Sign'],
  [6, 'Vessel Type'],
  [7, 'Tonnage'],
  [8, 'GRT'],
  [9, 'Vessel Flag'],
  [10, 'Vessel Owner'],
];

/** The issue sentence of a row whose first column is not an OFAC entity number. */
function badEntNum(field: string | undefined): string {
  return `ent_num "${field ?? ''}" is not a positive integer`;
}
function groupByEntNum<T>(map: Map<string, T[]>, entNum: string, value: T): void {
  const list = map.get(entNum);
  if (list === undefined) map.set(entNum, [value]);
  else list.push(value);
}

/** "VENEZUELA] [IRAN-CON-ARMS-EO" → ["VENEZUELA", "IRAN-CON-ARMS-EO"]. */
export function splitOfacPrograms(text: string | null): string[] {
  if (text === null) return [];
  return text
    .split(/\]\s*\[/)
    .map((p) => p.replace(/^\[|\]$/g, '').trim())
    .filter((p) => p.length > 0);
}

/**
 * Parses a legacy OFAC folder's texts into entities (entity_id = ent_num).
 *
 * @example parseOfacLegacy({ sdn: readFileSync('sdn.csv', 'utf8') }).entities.length
 */
export function parseOfacLegacy(files: OfacLegacyFiles, options: OfacLegacyOptions = {}): ListParseResult {
  const list = options.list ?? 'ofac-sdn';
  const names = {
    sdn: 'sdn.csv',
    alt: 'alt.csv',
    add: 'add.csv',
    comments: 'sdn_comments.csv',
    ...options.fileNames,
  };
  const result = emptyParseResult();
  const issues = result.issues;

  const continuations = readContinuations(files.comments, names.comments, issues);
  const aliases = readAliases(files.alt, names.alt, issues);
  const addresses = readAddresses(files.add, names.add, issues);
  const seen = new Set<string>();

  for (const { fields, line } of readOfacCsv(files.sdn, names.sdn, 12, SDN_LAYOUT, issues, true)) {
    const location = `${names.sdn} line ${line}`;
    const entNum = ofacEntNum(fields[0]);
    if (entNum === null) {
      issues.push({ location, reason: badEntNum(fields[0]) });
      continue;
    }
    if (seen.has(entNum)) {
      issues.push({ location, reason: `ent_num ${entNum} appears twice; the first row is kept` });
      continue;
    }
    const entity = readSdnRow(fields, entNum, { list, continuations, aliases, addresses });
    if (typeof entity === 'string') {
      issues.push({ location, reason: entity });
      continue;
    }
    seen.add(entNum);
    acceptEntity(result, entity, location);
  }
  reportOrphans(aliases, seen, names.alt, issues);
  reportOrphans(addresses, seen, names.add, issues);
  return result;
}

/** A joined row's value and the line it came from, for orphan reports. */
interface Located<T> {
  value: T;
  line: number;
}

/** What the other files of the folder add to sdn.csv rows, by ent_num. */
interface Joins {
  list: string;
  continuations: Map<string, string>;
  aliases: Map<string, Located<z.input<typeof Alias>>[]>;
  addresses: Map<string, Located<z.input<typeof EntityAddress>>[]>;
}

/** One sdn.csv row as an entity, or the reason it is not one. */
function readSdnRow(fields: readonly string[], entNum: string, joins: Joins): EntityInput | string {
  const typeText = ofacValue(fields[2]);
  const type = typeText === null ? 'organization' : SDN_TYPES[typeText.toLowerCase()];
  if (type === undefined) return `SDN_Type "${typeText}" is not individual, vessel, aircraft or -0-`;
  const remarksText = [ofacValue(fields[11]), joins.continuations.get(entNum)]
    .filter((r) => r != null)
    .join('');
  const facts = parseOfacRemarks(remarksText === '' ? null : remarksText);
  const extras = EXTRA_COLUMNS.flatMap(([at, label]) => {
    const value = ofacValue(fields[at]);
    return value === null || facts.remarks?.includes(value) ? [] : [`${label} ${value}`];
  });
  const remarks = [...extras, ...(facts.remarks === null ? [] : [facts.remarks])].join('; ');
  return {
    list: joins.list,
    entity_id: entNum,
    type,
    name: ofacValue(fields[1]) ?? '',
    aliases: [...valuesOf(joins.aliases.get(entNum)), ...facts.aliases],
    birth_dates: facts.birth_dates,
    birth_places: facts.birth_places,
    nationalities: facts.nationalities,
    citizenships: facts.citizenships,
    gender: facts.gender,
    documents: facts.documents,
    addresses: valuesOf(joins.addresses.get(entNum)),
    programs: splitOfacPrograms(ofacValue(fields[3])),
    remarks: remarks === '' ? null : remarks,
    crypto_addresses: facts.crypto_addresses,
    categories: ['Sanctions'],
  };
}

function readContinuations(
  text: string | undefined,
  fileName: string,
  issues: ParseIssue[],
): Map<string, string> {
  const byEntNum = new Map<string, string>();
  if (text === undefined) return byEntNum;
  for (const { fields, line } of readOfacCsv(text, fileName, 2, COMMENTS_LAYOUT, issues, false)) {
    const entNum = ofacEntNum(fields[0]);
    if (entNum === null) {
      issues.push({
        location: `${fileName} line ${line}`,
        reason: badEntNum(fields[0]),
      });
      continue;
    }
    byEntNum.set(entNum, (byEntNum.get(entNum) ?? '') + (fields[1] ?? ''));
  }
  return byEntNum;
}

function readAliases(
  text: string | undefined,
  fileName: string,
  issues: ParseIssue[],
): Map<string, Located<z.input<typeof Alias>>[]> {
  const byEntNum = new Map<string, Located<z.input<typeof Alias>>[]>();
  if (text === undefined) return byEntNum;
  for (const { fields, line } of readOfacCsv(text, fileName, 5, ALT_LAYOUT, issues, false)) {
    const location = `${fileName} line ${line}`;
    const entNum = ofacEntNum(fields[0]);
    const kind = ALT_KINDS[(ofacValue(fields[2]) ?? '').toLowerCase()];
    const name = ofacValue(fields[3]);
    if (entNum === null || kind === undefined || name === null) {
      const reason =
        entNum === null
          ? badEntNum(fields[0])
          : kind === undefined
            ? `alt_type "${fields[2] ?? ''}" is not aka, fka or nka`
            : 'alt_name is empty';
      issues.push({ location, reason });
      continue;
    }
    groupByEntNum(byEntNum, entNum, { value: { name, kind, script: null }, line });
  }
  return byEntNum;
}

function readAddresses(
  text: string | undefined,
  fileName: string,
  issues: ParseIssue[],
): Map<string, Located<z.input<typeof EntityAddress>>[]> {
  const byEntNum = new Map<string, Located<z.input<typeof EntityAddress>>[]>();
  if (text === undefined) return byEntNum;
  for (const { fields, line } of readOfacCsv(text, fileName, 6, ADD_LAYOUT, issues, false)) {
    const entNum = ofacEntNum(fields[0]);
    if (entNum === null) {
      issues.push({
        location: `${fileName} line ${line}`,
        reason: badEntNum(fields[0]),
      });
      continue;
    }
    const street = ofacValue(fields[2]);
    // The legacy layout keeps city, state/province and postal code in one column, as written.
    const city = ofacValue(fields[3]);
    const countryName = ofacValue(fields[4]);
    if (street === null && city === null && countryName === null) continue;
    const country = countryName === null ? null : countryFromName(countryName);
    groupByEntNum(byEntNum, entNum, { value: { street, city, country_name: countryName, country }, line });
  }
  return byEntNum;
}

function valuesOf<T>(rows: readonly Located<T>[] | undefined): T[] {
  return rows === undefined ? [] : rows.map((r) => r.value);
}

function reportOrphans<T>(
  byEntNum: Map<string, Located<T>[]>,
  known: ReadonlySet<string>,
  fileName: string,
  issues: ParseIssue[],
): void {
  for (const [entNum, rows] of byEntNum) {
    if (known.has(entNum)) continue;
    for (const row of rows) {
      issues.push({
        location: `${fileName} line ${row.line}`,
        reason: `ent_num ${entNum} is not in the list's main file`,
      });
    }
  }
}
