/**
 * A synthetic customer portfolio for the nightly job, benchmarks and tests: seeded @faker-js/faker
 * names from several locales (and scripts), ~10% companies, and a small share of real listed names
 * planted as they are or as the variants screening must still catch (transposed, one typo, middle
 * name dropped, diacritics, an alias). Same options and seed → byte-identical file.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { ar, base, de, en, es, Faker, fr, ru, tr, vi, zh_CN, type LocaleDefinition } from '@faker-js/faker';
import type { Entity } from '../model/entity.js';

export interface GeneratePortfolioOptions {
  /** Data rows (default 100,000). */
  readonly rows?: number;
  readonly seed?: number;
  /** Listed entities to plant names of (none: a portfolio without listed names). */
  readonly listed?: readonly Entity[];
  /** Share of rows that are planted listed names (default 0.005). */
  readonly listedShare?: number;
  /** Share of rows that are companies (default 0.10). */
  readonly companyShare?: number;
}

export type PlantedVariant = 'exact' | 'transposed' | 'typo' | 'dropped-middle' | 'diacritics' | 'alias';

/** A row that carries a listed name: what a screening of this portfolio should find. */
export interface PlantedName {
  readonly external_id: string;
  readonly list: string;
  readonly entity_id: string;
  readonly variant: PlantedVariant;
  readonly full_name: string;
}

export const PORTFOLIO_HEADER =
  'external_id,full_name,entity_type,birth_date,nationality,gender,document_number';

/** Locales with the nationalities their customers plausibly hold; weights favour the first. */
const LOCALES: readonly { readonly definition: LocaleDefinition; readonly countries: readonly string[] }[] = [
  { definition: en, countries: ['USA', 'GBR', 'CAN', 'AUS'] },
  { definition: es, countries: ['ESP', 'MEX', 'COL', 'ARG', 'VEN'] },
  { definition: de, countries: ['DEU', 'AUT', 'CHE'] },
  { definition: fr, countries: ['FRA', 'BEL', 'SEN'] },
  { definition: ru, countries: ['RUS', 'UKR', 'BLR', 'KAZ'] },
  { definition: ar, countries: ['SAU', 'EGY', 'ARE', 'JOR', 'SYR'] },
  { definition: tr, countries: ['TUR'] },
  { definition: vi, countries: ['VNM'] },
  { definition: zh_CN, countries: ['CHN'] },
];
const LOCALE_WEIGHTS = [30, 15, 10, 10, 10, 8, 7, 5, 5];
// birthdate() defaults to "now"; a fixed reference keeps the file identical from day to day.
const REFERENCE_DATE = new Date('2025-01-01T00:00:00Z');
const ACCENTS: Readonly<Record<string, string>> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', n: 'ñ', c: 'ç' };

const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function tokensOf(name: string): string[] {
  return name.replace(',', ' ').split(/\s+/).filter(Boolean);
}

function variantOf(f: Faker, entity: Entity, variant: PlantedVariant): string {
  const tokens = tokensOf(entity.name);
  switch (variant) {
    case 'exact':
      return entity.name;
    case 'alias':
      return f.helpers.arrayElement(entity.aliases.filter((a) => a.kind === 'aka')).name;
    case 'transposed':
      return [...tokens.slice(1), tokens[0]!].join(' ');
    case 'dropped-middle':
      return tokens.filter((_, i) => i !== tokens.length - 2).join(' ');
    case 'diacritics':
      return entity.name.replace(/[aeiounc]/gi, (c) => {
        const accented = ACCENTS[c.toLowerCase()] ?? c;
        return c === c.toLowerCase() ? accented : accented.toUpperCase();
      });
    case 'typo': {
      const at = f.number.int({ min: 0, max: tokens.length - 1 });
      const token = tokens[at]!;
      if (token.length < 5) return entity.name;
      const i = f.number.int({ min: 1, max: token.length - 2 });
      // Swap two neighbouring letters: the most common typing error.
      tokens[at] = token.slice(0, i) + token[i + 1] + token[i] + token.slice(i + 2);
      return tokens.join(' ');
    }
  }
}

function plantedRow(f: Faker, id: string, entity: Entity): { line: string; planted: PlantedName } {
  const options: PlantedVariant[] = ['exact', 'transposed', 'diacritics', 'typo'];
  if (tokensOf(entity.name).length >= 3) options.push('dropped-middle');
  if (entity.aliases.some((a) => a.kind === 'aka')) options.push('alias');
  const variant = f.helpers.arrayElement(options);
  const name = variantOf(f, entity, variant);
  const person = entity.type === 'individual';
  const dob = person ? (entity.birth_dates.find((b) => b.date.length === 10)?.date ?? '') : '';
  const nationality = entity.nationalities[0] ?? '';
  const gender = person && entity.gender ? entity.gender.toUpperCase() : '';
  const fields = [id, name, person ? 'PERSON' : 'COMPANY', dob, nationality, gender, ''];
  return {
    line: fields.map(csvField).join(','),
    planted: { external_id: id, list: entity.list, entity_id: entity.entity_id, variant, full_name: name },
  };
}

function syntheticRow(f: Faker, fakers: readonly Faker[], id: string, companyShare: number): string {
  const locale = f.helpers.weightedArrayElement(LOCALE_WEIGHTS.map((weight, i) => ({ weight, value: i })));
  const lf = fakers[locale]!;
  const country = lf.helpers.arrayElement(LOCALES[locale]!.countries);
  if (f.number.float({ min: 0, max: 1 }) < companyShare) {
    return [id, lf.company.name(), 'COMPANY', '', country, '', ''].map(csvField).join(',');
  }
  const sex = lf.helpers.arrayElement(['female', 'male'] as const);
  const first = lf.person.firstName(sex);
  const last = lf.person.lastName(sex);
  const style = lf.number.int({ min: 0, max: 9 });
  const name =
    style < 6
      ? `${first} ${last}`
      : style < 8
        ? `${last}, ${first}`
        : `${first} ${lf.person.firstName(sex)} ${last}`;
  const dob = lf.date
    .birthdate({ mode: 'age', min: 18, max: 90, refDate: REFERENCE_DATE })
    .toISOString()
    .slice(0, 10);
  const document =
    lf.number.int({ min: 0, max: 2 }) === 0 ? lf.string.alphanumeric({ length: 9, casing: 'upper' }) : '';
  return [id, name, 'PERSON', dob, country, sex.toUpperCase(), document].map(csvField).join(',');
}

/** Lines of the portfolio CSV (header first), and the planted names as they are produced. */
export function* portfolioLines(
  options: GeneratePortfolioOptions = {},
  planted: PlantedName[] = [],
): Generator<string> {
  const seed = options.seed ?? 42;
  const rows = options.rows ?? 100_000;
  const share = options.listedShare ?? 0.005;
  const companyShare = options.companyShare ?? 0.1;
  const listed = (options.listed ?? []).filter((e) => e.type === 'individual' || e.type === 'organization');
  const f = new Faker({ locale: [en, base], seed });
  const fakers = LOCALES.map(
    (l, i) => new Faker({ locale: [l.definition, en, base], seed: seed * 31 + i + 1 }),
  );
  yield PORTFOLIO_HEADER;
  for (let i = 0; i < rows; i++) {
    const id = `C${String(i + 1).padStart(8, '0')}`;
    if (listed.length > 0 && f.number.float({ min: 0, max: 1 }) < share) {
      const row = plantedRow(f, id, f.helpers.arrayElement(listed));
      planted.push(row.planted);
      yield row.line;
    } else {
      yield syntheticRow(f, fakers, id, companyShare);
    }
  }
}

/**
 * Writes a portfolio CSV; returns the planted listed names.
 *
 * @example await generatePortfolio('datasets/generated/portfolio.csv', { rows: 10_000, listed: entities })
 */
export async function generatePortfolio(
  path: string,
  options: GeneratePortfolioOptions = {},
): Promise<PlantedName[]> {
  const planted: PlantedName[] = [];
  const out = createWriteStream(path, { encoding: 'utf8' });
  let buffer = '';
  for (const line of portfolioLines(options, planted)) {
    buffer += `${line}\n`;
    if (buffer.length >= 1 << 16) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return planted;
}
