/**
 * What the search (and a delta run's row gate) reads of an entity before it touches the entity
 * itself: per entity, four numbers in one Int32Array, from which `maxAdjustment` bounds what the
 * features will add to its names' scores. The features read IndexedEntity's objects (the entity, its
 * dates, its sets), about ten cache misses an entity: measured on the 1M-row bench, the exact
 * adjustment of the ~3.4 entities a row that pass the score bound cost ~1.1 µs each, more than the
 * names they spared. Most of those entities are ruled out here by a birth year or a gender that
 * conflicts, which is exact; the rest get the features' exact adjustment (nameFloorOf).
 */
import { birthYearOf, CIRCA_YEARS } from './features/birth-date.js';
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

// A query's traits in 24 bits: the birth year (bits 0–14; 4 digits fit), whether it gave one, the
// gender code, which other fields it submitted.
const Q_YEAR = 0x7fff;
const Q_BIRTH_DATE = 1 << 15;
const Q_GENDER = 16;
const Q_CITIZENSHIP = 1 << 18;
const Q_RESIDENCE = 1 << 19;
const Q_PLACE_OF_BIRTH = 1 << 20;
const Q_DOCUMENT = 1 << 21;
const Q_COUNTRY = 1 << 22;
const Q_ORGANIZATION = 1 << 23;

/**
 * What EntityTraits reads of a query, in 24 bits (a batch sidecar keeps them in 3 bytes a row): its
 * subject, birth year, gender, and which other secondary fields it submitted. Given the `listed`
 * traits of the lists searched, a document number counts only when some entity there lists it (no
 * other can lift a name); without them, whenever one is submitted, as a batch sidecar needs: a
 * later delta run meets lists that may list it.
 */
export function queryTraitsOf(q: PreparedQuery, listed?: EntityTraits): number {
  const document = q.documentNumber ? (listed?.listsDocument(q.documentNumber) ?? true) : false;
  return (
    (q.birthDate ? Q_BIRTH_DATE | (birthYearOf(q.birthDate) & Q_YEAR) : 0) |
    (genderCode(q.gender) << Q_GENDER) |
    (q.citizenship ? Q_CITIZENSHIP : 0) |
    (q.residence ? Q_RESIDENCE : 0) |
    (q.placeOfBirth ? Q_PLACE_OF_BIRTH : 0) |
    (document ? Q_DOCUMENT : 0) |
    (q.country ? Q_COUNTRY : 0) |
    (q.subject === 'ORGANIZATION' ? Q_ORGANIZATION : 0)
  );
}

export class EntityTraits {
  readonly #traits: Int32Array;
  /** Every entity's document numbers, folded (foldDocumentNumber). */
  readonly #documents = new Set<string>();

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
      for (const number of e.documentNumbers) this.#documents.add(number);
    });
  }

  /** Whether some entity lists this document number (folded, as PreparedQuery.documentNumber is). */
  listsDocument(number: string): boolean {
    return this.#documents.has(number);
  }

  /**
   * At least what scoreEntity's features add to a name score of entity `n` for a query with these
   * traits (queryTraitsOf): exact for the gender and for a birth year outside every listed date, the
   * most a feature could add otherwise (+Infinity for a document number, which an identical one
   * would make decisive).
   */
  maxAdjustment(query: number, n: number): number {
    const at = n * STRIDE;
    const has = this.#traits[at + HAS]!;
    if ((query & Q_DOCUMENT) !== 0 && (has & DOCUMENTS) !== 0) return Infinity;
    const w = FEATURE_WEIGHTS;
    if ((query & Q_ORGANIZATION) !== 0)
      return (query & Q_COUNTRY) !== 0 && (has & (NATIONALITIES | LOCATIONS)) !== 0 ? w.countryEqual : 0;
    let most = 0;
    if ((query & Q_BIRTH_DATE) !== 0 && (has & BIRTH_DATES) !== 0) {
      const year = query & Q_YEAR;
      const conflict = year < this.#traits[at + YEAR_FROM]! || year > this.#traits[at + YEAR_TO]!;
      most += conflict ? w.birthDateConflict : w.birthDateExact;
    }
    const gender = (query >>> Q_GENDER) & 3;
    const listed = this.#traits[at + GENDER]!;
    if (gender !== 0 && listed !== 0) most += gender === listed ? w.genderEqual : w.genderConflict;
    if ((query & Q_CITIZENSHIP) !== 0 && (has & NATIONALITIES) !== 0) most += w.nationalityEqual;
    if ((query & Q_RESIDENCE) !== 0 && (has & LOCATIONS) !== 0) most += w.residenceEqual;
    if ((query & Q_PLACE_OF_BIRTH) !== 0 && (has & BIRTH_COUNTRIES) !== 0) most += w.placeOfBirthEqual;
    return most;
  }
}
