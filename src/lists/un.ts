/**
 * The UN Security Council Consolidated List (consolidated.xml) → entities.
 * `CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL` and `ENTITIES/ENTITY`; entity_id = REFERENCE_NUMBER.
 * Read as a stream like the other XML lists, though the file is only ~2 MB.
 * Format: https://scsanctions.un.org/resources/xml/en/consolidated.xml (schema sc-sanctions.xsd).
 */
import type { z } from 'zod';
import type { Alias, EntityAddress, EntityInput, IdentityDocument } from '../model/entity.js';
import { countryFromName } from '../model/country-names.js';
import type { ListInput } from './list-input.js';
import { acceptEntity, emptyParseResult, type ListParseResult } from './list-parse-result.js';
import { birthDateBetween, parseDayMonthYear, parseIsoDate, type BirthDateInput } from './partial-dates.js';
import { scriptOf } from './script-of.js';
import { childrenOf, childText, streamXmlElements, type XmlElement } from './xml-elements.js';

/** UN alias QUALITY → alias kind: "Low" is UN's low-quality (weak) alias; entities use a.k.a./f.k.a. */
const ALIAS_KINDS: Readonly<Record<string, z.input<typeof Alias>['kind']>> = {
  good: 'aka',
  low: 'weak',
  'a.k.a.': 'aka',
  'f.k.a.': 'fka',
  '': 'aka',
};

function nonEmpty(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v.length > 0);
}

function valuesOf(element: XmlElement, name: string): string[] {
  return childrenOf(element, name).flatMap((e) => nonEmpty(childrenOf(e, 'VALUE').map((v) => v.text)));
}

function readBirthDate(element: XmlElement): BirthDateInput | null {
  const type = childText(element, 'TYPE_OF_DATE').toUpperCase();
  const circa = type === 'APPROXIMATELY';
  const from = childText(element, 'FROM_YEAR');
  const to = childText(element, 'TO_YEAR');
  if (/^\d{4}$/.test(from) && /^\d{4}$/.test(to)) return birthDateBetween(from, to < from ? from : to, circa);
  // DATE, YEAR, or, in a few records, only a NOTE such as "Nov. 1973".
  for (const text of [childText(element, 'DATE'), childText(element, 'YEAR'), childText(element, 'NOTE')]) {
    const date = parseIsoDate(text) ?? parseDayMonthYear(text.replace(/\.(?=\s)/, ''));
    if (date !== null) return { date, circa, until: null };
  }
  return null;
}

function readAddress(element: XmlElement): z.input<typeof EntityAddress> | null {
  const street = nonEmpty([childText(element, 'STREET'), childText(element, 'NOTE')]).join(', ');
  const city = childText(element, 'CITY');
  const region = childText(element, 'STATE_PROVINCE');
  const postal = childText(element, 'ZIP_CODE');
  const countryName = childText(element, 'COUNTRY');
  if (!street && !city && !region && !postal && !countryName) return null;
  return {
    street: street || null,
    city: city || null,
    region: region || null,
    postal_code: postal || null,
    country_name: countryName || null,
    country: countryName ? countryFromName(countryName) : null,
  };
}

function readDocument(element: XmlElement): z.input<typeof IdentityDocument> | null {
  const number = childText(element, 'NUMBER');
  if (!number) return null;
  const countryName = childText(element, 'ISSUING_COUNTRY') || childText(element, 'COUNTRY_OF_ISSUE');
  const issued = nonEmpty([childText(element, 'CITY_OF_ISSUE'), childText(element, 'DATE_OF_ISSUE')]).join(
    ' ',
  );
  const note = nonEmpty([
    childText(element, 'TYPE_OF_DOCUMENT2'),
    issued ? `issued ${issued}` : '',
    childText(element, 'NOTE'),
  ]).join('; ');
  return {
    type: childText(element, 'TYPE_OF_DOCUMENT').replace(/\s+/g, ' ') || 'Document',
    number,
    country: countryName ? countryFromName(countryName) : null,
    note: note || null,
  };
}

function readPlaceOfBirth(element: XmlElement): string | null {
  const parts = nonEmpty(['STREET', 'CITY', 'STATE_PROVINCE', 'COUNTRY'].map((n) => childText(element, n)));
  return parts.length > 0 ? parts.join(', ') : null;
}

function readAliases(record: XmlElement, aliasTag: string): z.input<typeof Alias>[] {
  const aliases: z.input<typeof Alias>[] = [];
  for (const alias of childrenOf(record, aliasTag)) {
    const name = childText(alias, 'ALIAS_NAME');
    const kind = ALIAS_KINDS[childText(alias, 'QUALITY').toLowerCase()] ?? 'aka';
    if (name) aliases.push({ name, kind, script: scriptOf(name) });
  }
  for (const native of nonEmpty(childrenOf(record, 'NAME_ORIGINAL_SCRIPT').map((e) => e.text))) {
    aliases.push({ name: native, kind: 'native', script: scriptOf(native) });
  }
  return aliases;
}

function toEntity(record: XmlElement, list: string): EntityInput {
  const individual = record.name === 'INDIVIDUAL';
  const prefix = individual ? 'INDIVIDUAL' : 'ENTITY';
  const name = nonEmpty(
    ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((n) => childText(record, n)),
  );
  const birthDates = childrenOf(record, 'INDIVIDUAL_DATE_OF_BIRTH').flatMap((e) => readBirthDate(e) ?? []);
  // Some aliases carry the date of birth used with them; it is still one of the person's dates.
  for (const alias of childrenOf(record, 'INDIVIDUAL_ALIAS')) {
    const date = parseIsoDate(childText(alias, 'DATE_OF_BIRTH'));
    if (date !== null && !birthDates.some((b) => b.date === date))
      birthDates.push({ date, circa: false, until: null });
  }
  const gender = childText(record, 'GENDER').toLowerCase();
  const remarks = nonEmpty([
    // COMMENTS1 is wrapped at ~90 characters in the file; the line breaks are not part of the text.
    childText(record, 'COMMENTS1').replace(/\s+/g, ' '),
    ...valuesOf(record, 'TITLE').map((t) => `Title: ${t}`),
    ...valuesOf(record, 'DESIGNATION').map((d) => `Designation: ${d}`),
  ]).join('; ');
  const nationalities = valuesOf(record, 'NATIONALITY').flatMap((v) => countryFromName(v) ?? []);
  return {
    list,
    entity_id: childText(record, 'REFERENCE_NUMBER'),
    type: individual ? 'individual' : 'organization',
    name: name.join(' '),
    aliases: readAliases(record, `${prefix}_ALIAS`),
    birth_dates: birthDates,
    birth_places: childrenOf(record, 'INDIVIDUAL_PLACE_OF_BIRTH').flatMap((e) => readPlaceOfBirth(e) ?? []),
    nationalities: [...new Set(nationalities)],
    gender: gender === 'male' || gender === 'female' ? gender : null,
    documents: childrenOf(record, 'INDIVIDUAL_DOCUMENT').flatMap((e) => readDocument(e) ?? []),
    addresses: childrenOf(record, `${prefix}_ADDRESS`).flatMap((e) => readAddress(e) ?? []),
    programs: nonEmpty([childText(record, 'UN_LIST_TYPE')]),
    remarks: remarks || null,
    categories: ['Sanctions'],
    listed_on: parseIsoDate(childText(record, 'LISTED_ON')),
  };
}

/**
 * Parses the UN consolidated list XML (text, bytes or a stream).
 *
 * @example const { entities, publishedAt } = await parseUnList(createReadStream('consolidated.xml'));
 */
export async function parseUnList(
  input: ListInput,
  options: { list?: string } = {},
): Promise<ListParseResult> {
  const list = options.list ?? 'un';
  const result = emptyParseResult();
  const seen = new Set<string>();
  await streamXmlElements(input, {
    root: 'CONSOLIDATED_LIST',
    label: 'The UN consolidated list XML',
    collect: new Set(['INDIVIDUAL', 'ENTITY']),
    onRoot: (attributes) => {
      result.publishedAt = parseIsoDate(attributes.dateGenerated ?? '');
    },
    onElement: (record) => {
      const entity = toEntity(record, list);
      const location = `${record.name} DATAID=${childText(record, 'DATAID') || '?'}`;
      if (seen.has(entity.entity_id)) {
        result.issues.push({ location, reason: `REFERENCE_NUMBER ${entity.entity_id} appears twice` });
        return;
      }
      if (entity.entity_id) seen.add(entity.entity_id);
      acceptEntity(result, entity, location);
    },
  });
  return result;
}
