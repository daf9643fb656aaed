/**
 * Negatives: people on no list. Synthetic names from 22 faker locales (@faker-js/faker, seeded, so
 * every run screens the same names), half of them in their own script, plus the US Congress and
 * executive PEP names. A hit on any of them at a strength is a false positive at that strength.
 * Caveat: src/names/tables/given-names.ts is built from faker's first names, so the matcher knows
 * every synthetic given name; the PEP names are the negatives it was not built from.
 */
import { allLocales, base, en, Faker } from '@faker-js/faker';
import type { Entity } from '../../../src/model/entity.js';
import { latinNames, nameKey } from './entity-names.js';
import { fnv1a } from './split.js';

/** Locales of many name traditions and scripts (Latin, Cyrillic, Arabic, Hebrew, Greek, Han, Kana, Hangul). */
export const FAKER_LOCALES = [
  'en_US',
  'de',
  'fr',
  'es',
  'it',
  'pt_BR',
  'nl',
  'pl',
  'cs_CZ',
  'hu',
  'tr',
  'vi',
  'id_ID',
  'ru',
  'uk',
  'el',
  'ar',
  'fa',
  'he',
  'zh_CN',
  'ja',
  'ko',
] as const;

export interface NegativeName {
  readonly name: string;
  /** 'faker <locale>' or 'PEP'. */
  readonly source: string;
  /** Stable key of the name, for the split. */
  readonly key: string;
}

const SEED = 28;

/**
 * `perLocale` full names (honorifics and suffixes included, as faker writes them) per locale.
 *
 * @example fakerNegatives(250).length // 5,500
 */
export function fakerNegatives(perLocale: number): NegativeName[] {
  const out: NegativeName[] = [];
  for (const locale of FAKER_LOCALES) {
    const faker = new Faker({ locale: [allLocales[locale], en, base] });
    faker.seed(SEED ^ fnv1a(locale));
    for (let i = 0; i < perLocale; i++) {
      out.push({ name: faker.person.fullName(), source: `faker ${locale}`, key: `faker:${locale}:${i}` });
    }
  }
  return out;
}

/**
 * The PEP names, less any PEP who is genuinely listed: a listed individual of the same name (up to
 * order and case) and the same year of birth.
 */
export function pepNegatives(
  peps: readonly Entity[],
  listed: readonly Entity[],
): { negatives: NegativeName[]; excluded: string[] } {
  const yearsByName = new Map<string, Set<string>>();
  for (const e of listed) {
    if (e.type !== 'individual') continue;
    const years = e.birth_dates.map((b) => b.date.slice(0, 4));
    for (const name of latinNames(e)) {
      const key = nameKey(name);
      yearsByName.set(key, new Set([...(yearsByName.get(key) ?? []), ...years]));
    }
  }
  const negatives: NegativeName[] = [];
  const excluded: string[] = [];
  for (const pep of peps) {
    const years = yearsByName.get(nameKey(pep.name));
    if (years !== undefined && pep.birth_dates.some((b) => years.has(b.date.slice(0, 4)))) {
      excluded.push(pep.name);
      continue;
    }
    negatives.push({ name: pep.name, source: 'PEP', key: `pep:${pep.entity_id}` });
  }
  return { negatives, excluded };
}
