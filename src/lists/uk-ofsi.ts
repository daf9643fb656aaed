/**
 * HM Treasury OFSI's Consolidated List of Financial Sanctions Targets (ConList.csv) → entities.
 * Line 1 is "Last Updated,dd/mm/yyyy", line 2 the header; then one row per name variant, so rows
 * are grouped by Group ID into one entity each. Name 6 is the surname (or the entity's name),
 * Name 1–5 the given names. Streamed with papaparse: the file is ~15 MB.
 * Format: https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets
 */
import type { EntityInput, EntityType } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { countryFromName } from '../model/country-names.js';
import { csvColumns, type CsvColumns } from './csv-header.js';
import { streamCsvRecords } from './csv-records.js';
import type { ListInput } from './list-input.js';
import { acceptEntity, emptyParseResult, type ListParseResult } from './list-parse-result.js';
import { parseSlashDate } from './partial-dates.js';
import { scriptOf } from './script-of.js';
import { genderIn, nationalityCodes, pairNumbered } from './uk-ofsi-fields.js';

const REQUIRED = ['Name 6', 'Group Type', 'Alias Type', 'Group ID'] as const;
const OPTIONAL = [
  'Name 1',
  'Name 2',
  'Name 3',
  'Name 4',
  'Name 5',
  'Title',
  'Name Non-Latin Script',
  'Non-Latin Script Type',
  'DOB',
  'Town of Birth',
  'Country of Birth',
  'Nationality',
  'Passport Number',
  'Passport Details',
  'National Identification Number',
  'National Identification Details',
  'Position',
  'Address 1',
  'Address 2',
  'Address 3',
  'Address 4',
  'Address 5',
  'Address 6',
  'Post/Zip Code',
  'Country',
  'Other Information',
  'Alias Quality',
  'Regime',
  'Listed On',
] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

const GROUP_TYPES: Readonly<Record<string, EntityType>> = {
  individual: 'individual',
  entity: 'organization',
  ship: 'vessel',
};

/**
 * Alias Type → how good a candidate for the entity's name a row is (lower is better); rows that
 * are not the name become aliases (AKA, FKA and variations; "Low quality" ones weak).
 */
const NAME_RANKS: Readonly<Record<string, number>> = { 'primary name': 0, 'primary name variation': 1 };

const DOCUMENT_COLUMNS: readonly [Column, Column, string][] = [
  ['Passport Number', 'Passport Details', 'Passport'],
  ['National Identification Number', 'National Identification Details', 'National ID'],
];

const ADDRESS_LINES = ['Address 1', 'Address 2', 'Address 3', 'Address 4', 'Address 5'] as const;

type GroupEntity = EntityInput &
  Required<
    Pick<
      EntityInput,
      'aliases' | 'birth_dates' | 'birth_places' | 'nationalities' | 'documents' | 'addresses' | 'programs'
    >
  >;

interface Group {
  entity: GroupEntity;
  /** NAME_RANKS rank of the row that gave `entity.name` (3 before any row). */
  nameRank: number;
  /** The alias kind `entity.name` would have if a better name displaced it. */
  nameKind: 'aka' | 'fka' | 'weak';
  firstLine: number;
  seen: Set<string>;
}

function rowName(cols: CsvColumns<Column>, row: readonly string[], type: EntityType): string {
  const surname = cols.get(row, 'Name 6');
  const given = (['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'] as const)
    .map((c) => cols.get(row, c))
    .filter((v) => v.length > 0)
    .join(' ');
  if (type !== 'individual' || !given) return surname || given;
  return surname ? `${surname}, ${given}` : given;
}

/** Adds `value` to `list` unless a value with the same key was added to this group before. */
function addOnce<T>(group: Group, list: T[], key: string, value: T): void {
  if (group.seen.has(key)) return;
  group.seen.add(key);
  list.push(value);
}

/** The row's name: the group's name if it is the best seen so far, else one more alias. */
function addName(group: Group, cols: CsvColumns<Column>, row: readonly string[]): void {
  const e = group.entity;
  const name = rowName(cols, row, e.type);
  const aliasType = cols.get(row, 'Alias Type').toLowerCase();
  const rank = NAME_RANKS[aliasType] ?? 2;
  const quality = cols.get(row, 'Alias Quality');
  const kind = /^low/i.test(quality) ? 'weak' : aliasType === 'fka' ? 'fka' : 'aka';
  if (name && rank < group.nameRank) {
    // A better name than the one held so far: the one held so far becomes an alias again.
    if (e.name) {
      addOnce(group, e.aliases, `alias:${e.name}`, { name: e.name, kind: group.nameKind, script: null });
    }
    e.name = name;
    group.nameRank = rank;
    group.nameKind = kind;
  } else if (name && name !== e.name) {
    addOnce(group, e.aliases, `alias:${name}`, { name, kind, script: null });
  }
  const native = cols.get(row, 'Name Non-Latin Script');
  if (native) {
    const script = scriptOf(native) ?? (cols.get(row, 'Non-Latin Script Type') || null);
    addOnce(group, e.aliases, `alias:${native}`, { name: native, kind: 'native', script });
  }
}

/** Date and place of birth, nationality and documents: each row may add one more. */
function addIdentity(group: Group, cols: CsvColumns<Column>, row: readonly string[]): void {
  const e = group.entity;
  const dob = parseSlashDate(cols.get(row, 'DOB'));
  if (dob !== null) addOnce(group, e.birth_dates, `dob:${dob}`, { date: dob });
  const towns = cols.get(row, 'Town of Birth');
  for (const [town, country] of pairNumbered(towns, cols.get(row, 'Country of Birth'))) {
    const place = [town, country].filter((v) => v.length > 0).join(', ');
    if (place) addOnce(group, e.birth_places, `pob:${place}`, place);
  }
  for (const code of nationalityCodes(cols.get(row, 'Nationality'))) {
    addOnce(group, e.nationalities, `nat:${code}`, code);
  }
  for (const [numberColumn, detailColumn, type] of DOCUMENT_COLUMNS) {
    for (const [number, note] of pairNumbered(cols.get(row, numberColumn), cols.get(row, detailColumn))) {
      if (number) addOnce(group, e.documents, `doc:${type}:${number}`, { type, number, note: note || null });
    }
  }
}

function addAddress(group: Group, cols: CsvColumns<Column>, row: readonly string[]): void {
  const lines = ADDRESS_LINES.map((c) => cols.get(row, c)).filter((v) => v.length > 0);
  // Address 6 is, in practice, the town or city.
  const city = cols.get(row, 'Address 6');
  const postal = cols.get(row, 'Post/Zip Code');
  const countryName = cols.get(row, 'Country');
  if (lines.length === 0 && !city && !postal && !countryName) return;
  const address = {
    street: lines.length > 0 ? lines.join(', ') : null,
    city: city || null,
    postal_code: postal || null,
    country_name: countryName || null,
    country: countryName ? countryFromName(countryName) : null,
  };
  addOnce(group, group.entity.addresses, `address:${JSON.stringify(address)}`, address);
}

/** Regime, listing date, gender and remarks (Other Information is the same on every row). */
function addListing(group: Group, cols: CsvColumns<Column>, row: readonly string[]): void {
  const e = group.entity;
  const regime = cols.get(row, 'Regime');
  if (regime) addOnce(group, e.programs, `regime:${regime}`, regime);
  const listedOn = parseSlashDate(cols.get(row, 'Listed On'));
  if (listedOn !== null && (e.listed_on == null || listedOn < e.listed_on)) e.listed_on = listedOn;
  const other = cols.get(row, 'Other Information');
  e.gender ??= genderIn(other);
  if (e.remarks != null) return;
  const title = cols.get(row, 'Title');
  const position = cols.get(row, 'Position');
  const remarks = [other, title ? `Title: ${title}` : '', position ? `Position: ${position}` : ''];
  e.remarks = remarks.filter(Boolean).join('; ') || null;
}

/**
 * Parses OFSI's consolidated list CSV (text, bytes or a stream; gunzip .csv.gz before).
 *
 * @example const { entities, publishedAt } = await parseUkOfsi(gunzippedStream);
 */
export async function parseUkOfsi(
  input: ListInput,
  options: { list?: string } = {},
): Promise<ListParseResult> {
  const list = options.list ?? 'uk-ofsi';
  const result = emptyParseResult();
  const groups = new Map<string, Group>();
  let cols: CsvColumns<Column> | null = null;
  for await (const { fields, line } of streamCsvRecords(input)) {
    if (cols === null) {
      if (/^last updated$/i.test((fields[0] ?? '').trim())) {
        result.publishedAt = parseSlashDate(fields[1] ?? '');
        continue;
      }
      cols = csvColumns(fields, REQUIRED, OPTIONAL, 'The OFSI consolidated list CSV');
      continue;
    }
    const location = `line ${line}`;
    const groupId = cols.get(fields, 'Group ID');
    const type = GROUP_TYPES[cols.get(fields, 'Group Type').toLowerCase()];
    if (!/^\d+$/.test(groupId) || type === undefined) {
      const reason = !/^\d+$/.test(groupId)
        ? `Group ID "${groupId}" is not a number`
        : `Group Type "${cols.get(fields, 'Group Type')}" is not Individual, Entity or Ship`;
      result.issues.push({ location, reason });
      continue;
    }
    let group = groups.get(groupId);
    if (group === undefined) {
      const entity: GroupEntity = {
        list,
        entity_id: groupId,
        type,
        name: '',
        aliases: [],
        birth_dates: [],
        birth_places: [],
        nationalities: [],
        documents: [],
        addresses: [],
        programs: [],
        categories: ['Sanctions'],
      };
      group = { entity, nameRank: 3, nameKind: 'aka', firstLine: line, seen: new Set() };
      groups.set(groupId, group);
    }
    addName(group, cols, fields);
    addIdentity(group, cols, fields);
    addAddress(group, cols, fields);
    addListing(group, cols, fields);
  }
  if (cols === null)
    throw new WardenError(
      'INVALID_LIST_FILE',
      'The OFSI consolidated list CSV is empty: it has no header row.',
    );
  for (const [groupId, group] of groups)
    acceptEntity(result, group.entity, `Group ID ${groupId} (line ${group.firstLine})`);
  return result;
}
