/**
 * The US PEP CSV (members of Congress, presidents and vice presidents, derived from
 * unitedstates/congress-legislators) → entities of list "pep-us", category PEP.
 * entity_id = bioguide; the 13 historical presidents without one get a stable id made of their
 * name and birth date.
 */
import type { z } from 'zod';
import type { Alias, EntityInput } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { csvColumns, type CsvColumns } from './csv-header.js';
import { streamCsvRecords } from './csv-records.js';
import type { ListInput } from './list-input.js';
import { acceptEntity, emptyParseResult, type ListParseResult } from './list-parse-result.js';
import { parseIsoDate } from './partial-dates.js';

const REQUIRED = ['bioguide', 'first', 'last', 'position'] as const;
const OPTIONAL = [
  'official_full',
  'middle',
  'suffix',
  'nickname',
  'other_names',
  'birthday',
  'gender',
  'state',
  'district',
  'party',
  'term_start',
  'term_end',
] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

const GENDERS: Readonly<Record<string, 'male' | 'female'>> = {
  m: 'male',
  male: 'male',
  f: 'female',
  female: 'female',
};

function joinNames(...parts: string[]): string {
  return parts.filter((p) => p.length > 0).join(' ');
}

/** "Donald Trump 1946-06-14" → "donald-trump-1946-06-14". */
function derivedId(...parts: string[]): string {
  return joinNames(...parts)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The spellings a person is known by, besides the primary name: with and without the middle name, the nickname, other names. */
function aliasesOf(
  cols: CsvColumns<Column>,
  row: readonly string[],
  primary: string,
): z.input<typeof Alias>[] {
  const [first, middle, last, suffix, nickname] = (
    ['first', 'middle', 'last', 'suffix', 'nickname'] as const
  ).map((c) => cols.get(row, c)) as [string, string, string, string, string];
  const names = [
    joinNames(first, last),
    joinNames(first, middle, last),
    joinNames(first, middle, last, suffix),
    nickname ? joinNames(nickname, last) : '',
    ...cols
      .get(row, 'other_names')
      .split(/[;|]/)
      .map((n) => n.trim()),
  ];
  const unique = [...new Set(names.filter((n) => n.length > 0 && n !== primary))];
  return unique.map((name) => ({ name, kind: 'aka', script: null }));
}

function toEntity(cols: CsvColumns<Column>, row: readonly string[], list: string): EntityInput {
  const get = (column: Column): string => cols.get(row, column);
  const birthday = parseIsoDate(get('birthday'));
  const name = get('official_full') || joinNames(get('first'), get('middle'), get('last'), get('suffix'));
  const district = get('district');
  const seat = [get('state'), district ? `district ${district}` : ''].filter(Boolean).join(' ');
  const remarks = [get('position'), seat, get('party')].filter(Boolean).join(', ');
  return {
    list,
    entity_id: get('bioguide') || derivedId(get('first'), get('last'), get('birthday')),
    type: 'individual',
    name,
    aliases: aliasesOf(cols, row, name),
    birth_dates: birthday === null ? [] : [{ date: birthday }],
    // Every office on this list requires US citizenship.
    citizenships: ['USA'],
    gender: GENDERS[get('gender').toLowerCase()] ?? null,
    pep: {
      position: get('position'),
      country: 'USA',
      since: parseIsoDate(get('term_start')),
      until: parseIsoDate(get('term_end')),
    },
    remarks: remarks || null,
    categories: ['PEP'],
  };
}

/**
 * Parses the PEP CSV (text, bytes or a stream).
 *
 * @example const { entities } = await parsePepCsv(readFileSync('us_congress_and_executive_peps.csv', 'utf8'));
 */
export async function parsePepCsv(
  input: ListInput,
  options: { list?: string } = {},
): Promise<ListParseResult> {
  const list = options.list ?? 'pep-us';
  const result = emptyParseResult();
  const seen = new Set<string>();
  let cols: CsvColumns<Column> | null = null;
  for await (const { fields, line } of streamCsvRecords(input)) {
    if (cols === null) {
      cols = csvColumns(fields, REQUIRED, OPTIONAL, 'The PEP CSV');
      continue;
    }
    const entity = toEntity(cols, fields, list);
    if (seen.has(entity.entity_id)) {
      result.issues.push({
        location: `line ${line}`,
        reason: `${entity.entity_id} appears twice; the first row is kept`,
      });
      continue;
    }
    seen.add(entity.entity_id);
    acceptEntity(result, entity, `line ${line}`);
  }
  if (cols === null)
    throw new WardenError('INVALID_LIST_FILE', 'The PEP CSV is empty: it has no header row.');
  return result;
}
