/**
 * What the search reads of an entity before it touches the entity itself: per entity, four numbers
 * in one Int32Array, from which `maxAdjustment` bounds what the features will add to its names'
 * scores. The features read IndexedEntity's objects (the entity, its dates, its sets), about ten
 * cache misses an entity: measured on the 1M-row bench, the exact adjustment of the ~3.4 entities a
 * row that pass the score bound cost ~1.1 µs each, more than the names they spared. Most of those
 * entities are ruled out here by a birth year or a gender that conflicts, which is exact; the rest
 * get the features' exact adjustment (nameFloorOf).
 */
import { CIRCA_YEARS } from './features/birth-date.js';
import { FEATURE_WEIGHTS } from './features/feature.js';
import type { IndexedEntity } from './entity-index.js';
import type { PreparedQuery } from './prepared-query.js';

const STRIDE = 4;
/** 0: no gender listed, 1: male, 2: female. */
const GENDER = 0;
/** The earliest and latest birth year any listed date allows (circa included). */
const YEAR_FROM = 1;
const YEAR_TO = 2;
/** Bits: which of the entity's fields the features compare are not empty. */
const HAS = 3;
const NATIONALITIES = 1;
const LOCATIONS = 2;
const BIRTH_COUNTRIES = 4;
const DOCUMENTS = 8;
const BIRTH_DATES = 16;

const genderCode = (gender: string | null): number => (gender === 'male' ? 1 : gender === 'female' ? 2 : 0);

/** The year of a query's YYYY-MM-DD date (CalendarDate). */
const yearOf = (date: string): number =>
  (date.charCodeAt(0) - 48) * 1000 +
  (date.charCodeAt(1) - 48) * 100 +
  (date.charCodeAt(2) - 48) * 10 +
  (date.charCodeAt(3) - 48);

export class EntityTraits {
  readonly #traits: Int32Array;

  constructor(entities: readonly IndexedEntity[]) {
    this.#traits = new Int32Array(entities.length * STRIDE);
    entities.forEach((e, n) => {
      const at = n * STRIDE;
      this.#traits[at + GENDER] = genderCode(e.entity.gender);
      const slack = (circa: boolean) => (circa ? CIRCA_YEARS : 0);
      const from = Math.min(...e.birthDates.map((b) => b.year - slack(b.circa)));
      const to = Math.max(...e.birthDates.map((b) => b.untilYear + slack(b.circa)));
      // A date whose year did not parse (NaN) allows any year: the bound must not rule it out.
      const known = Number.isFinite(from) && Number.isFinite(to);
      this.#traits[at + YEAR_FROM] = known ? from : -(2 ** 31);
      this.#traits[at + YEAR_TO] = known ? to : 2 ** 31 - 1;
      this.#traits[at + HAS] =
        (e.nationalities.size > 0 ? NATIONALITIES : 0) |
        (e.locations.size > 0 ? LOCATIONS : 0) |
        (e.birthCountries.size > 0 ? BIRTH_COUNTRIES : 0) |
        (e.documentNumbers.size > 0 ? DOCUMENTS : 0) |
        (e.birthDates.length > 0 ? BIRTH_DATES : 0);
    });
  }

  /**
   * At least what scoreEntity's features add to a name score of entity `n` for this query: exact for
   * the gender and for a birth year outside every listed date, the most a feature could add otherwise
   * (+Infinity for a document number, which an identical one would make decisive).
   */
  maxAdjustment(q: PreparedQuery, n: number): number {
    const at = n * STRIDE;
    const has = this.#traits[at + HAS]!;
    if (q.documentNumber && (has & DOCUMENTS) !== 0) return Infinity;
    const w = FEATURE_WEIGHTS;
    if (q.subject === 'ORGANIZATION')
      return q.country && (has & (NATIONALITIES | LOCATIONS)) !== 0 ? w.countryEqual : 0;
    let most = 0;
    if (q.birthDate && (has & BIRTH_DATES) !== 0) {
      const year = yearOf(q.birthDate);
      const conflict = year < this.#traits[at + YEAR_FROM]! || year > this.#traits[at + YEAR_TO]!;
      most += conflict ? w.birthDateConflict : w.birthDateExact;
    }
    const gender = this.#traits[at + GENDER]!;
    if (q.gender && gender !== 0) most += gender === genderCode(q.gender) ? w.genderEqual : w.genderConflict;
    if (q.citizenship && (has & NATIONALITIES) !== 0) most += w.nationalityEqual;
    if (q.residence && (has & LOCATIONS) !== 0) most += w.residenceEqual;
    if (q.placeOfBirth && (has & BIRTH_COUNTRIES) !== 0) most += w.placeOfBirthEqual;
    return most;
  }
}
