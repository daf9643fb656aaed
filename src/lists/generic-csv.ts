/**
 * Warden's generic list format (DESIGN.md §5), for lists no official format covers: a CSV with
 * header `id,name,type` (type: individual|organization|vessel|aircraft) and optional `aliases`
 * ("|"-separated), `birth_date` (YYYY-MM-DD or YYYY), `nationality` (ISO alpha-3), `gender`
 * (male|female) and `program`. A row that breaks the format is a ParseIssue naming its line.
 */
import type { EntityInput, EntityType } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { isCountryCode } from '../model/reference.js';
import { csvColumns, type CsvColumns } from './csv-header.js';
import { streamCsvRecords } from './csv-records.js';
import type { ListInput } from './list-input.js';
import { acceptEntity, emptyParseResult, type ListParseResult } from './list-parse-result.js';
import { parseIsoDate } from './partial-dates.js';

const REQUIRED = ['id', 'name', 'type'] as const;
const OPTIONAL = ['aliases', 'birth_date', 'nationality', 'gender', 'program'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

const TYPES: readonly EntityType[] = ['individual', 'organization', 'vessel', 'aircraft'];

export interface GenericCsvOptions {
  /** The list name the entities carry (the CLI's `--list-name`). */
  list: string;
  /** providerCategory of the list's entities; default "Sanctions". */
  category?: string;
}

/** The row as an entity, or the reason it is not one. */
function readRow(
  cols: CsvColumns<Column>,
  row: readonly string[],
  options: GenericCsvOptions,
): EntityInput | string {
  const get = (column: Column): string => cols.get(row, column);
  if (row.length > cols.width) return `has ${row.length} fields but the header has ${cols.width}`;
  if (!get('id')) return 'id is empty';
  if (!get('name')) return 'name is empty';
  const type = get('type').toLowerCase() as EntityType;
  if (!TYPES.includes(type)) return `type "${get('type')}" is not one of ${TYPES.join(', ')}`;
  const birth = get('birth_date');
  const birthDate = /^\d{4}(-\d{2}-\d{2})?$/.test(birth) ? parseIsoDate(birth) : null;
  if (birth && birthDate === null) return `birth_date "${birth}" is not a date written YYYY-MM-DD or YYYY`;
  const nationality = get('nationality').toUpperCase();
  if (nationality && !isCountryCode(nationality))
    return `nationality "${get('nationality')}" is not an ISO 3166 alpha-3 code`;
  const gender = get('gender').toLowerCase();
  if (gender && gender !== 'male' && gender !== 'female')
    return `gender "${get('gender')}" is not male or female`;
  const aliases = get('aliases')
    .split('|')
    .map((a) => a.trim())
    .filter((a) => a.length > 0);
  return {
    list: options.list,
    entity_id: get('id'),
    type,
    name: get('name'),
    aliases: aliases.map((name) => ({ name, kind: 'aka' })),
    birth_dates: birthDate === null ? [] : [{ date: birthDate }],
    nationalities: nationality ? [nationality] : [],
    gender: gender === 'male' || gender === 'female' ? gender : null,
    programs: get('program') ? [get('program')] : [],
    categories: [options.category ?? 'Sanctions'],
  };
}

/**
 * Parses a list in the generic CSV format (text, bytes or a stream).
 *
 * @example await parseGenericCsv('id,name,type\n1,ACME LTD,organization\n', { list: 'house' })
 */
export async function parseGenericCsv(
  input: ListInput,
  options: GenericCsvOptions,
): Promise<ListParseResult> {
  const result = emptyParseResult();
  const seen = new Set<string>();
  let cols: CsvColumns<Column> | null = null;
  for await (const { fields, line } of streamCsvRecords(input)) {
    if (cols === null) {
      cols = csvColumns(fields, REQUIRED, OPTIONAL, 'The list CSV');
      continue;
    }
    const location = `line ${line}`;
    const entity = readRow(cols, fields, options);
    if (typeof entity === 'string') {
      result.issues.push({ location, reason: entity });
    } else if (seen.has(entity.entity_id)) {
      result.issues.push({
        location,
        reason: `id "${entity.entity_id}" appears twice; the first row is kept`,
      });
    } else {
      seen.add(entity.entity_id);
      acceptEntity(result, entity, location);
    }
  }
  if (cols === null)
    throw new WardenError('INVALID_LIST_FILE', 'The list CSV is empty: it has no header row.');
  return result;
}
