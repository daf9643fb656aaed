/**
 * Date of birth: the same day, the same year (when the list gives only a year, or a range or
 * "circa" covers it), or a conflict. Lists often swap day and month: such a date is not a conflict.
 */
import type { ListedBirthDate } from '../entity-index.js';
import { FEATURE_WEIGHTS, outcome, type Feature } from './feature.js';

// "circa 1962" in OFAC and UN data covers a year either side.
export const CIRCA_YEARS = 1;

type Agreement = 'day' | 'year' | 'conflict';

function agreementOf(year: number, month: number, day: number, listed: ListedBirthDate): Agreement {
  const slack = listed.circa ? CIRCA_YEARS : 0;
  if (year < listed.year - slack || year > listed.untilYear + slack) return 'conflict';
  // A year alone (month 0) agrees with every date of that year.
  if (month === 0 || listed.month === 0 || listed.untilYear !== listed.year || listed.circa) return 'year';
  if (listed.month === month && (listed.day === 0 || listed.day === day))
    return listed.day === 0 ? 'year' : 'day';
  if (listed.month === day && listed.day === month) return 'year';
  return 'conflict';
}

/** The number written at s[from, to), 0 past its end: a query's date is YYYY-MM-DD or a year YYYY. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to && i < s.length; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

/** The year of a query's date. */
export const birthYearOf = (date: string): number => digits(date, 0, 4);

/** How a query's date agrees with one listed date. */
const agreementWith = (date: string, listed: ListedBirthDate): Agreement =>
  agreementOf(birthYearOf(date), digits(date, 5, 7), digits(date, 8, 10), listed);

/** The listed date that agrees best (a day over a year over a conflict; the first of equals), or -1 when none is listed. */
function closest(date: string, dates: readonly ListedBirthDate[]): number {
  let best = -1;
  let bestAgreement: Agreement = 'conflict';
  for (let i = 0; i < dates.length; i++) {
    const a = agreementWith(date, dates[i]!);
    if (a === 'day') return i;
    if (best === -1 || (a === 'year' && bestAgreement === 'conflict')) {
      best = i;
      bestAgreement = a;
    }
  }
  return best;
}

const WEIGHT_OF: Readonly<Record<Agreement, number>> = {
  day: FEATURE_WEIGHTS.birthDateExact,
  year: FEATURE_WEIGHTS.birthYear,
  conflict: FEATURE_WEIGHTS.birthDateConflict,
};

function formatListed(b: ListedBirthDate): string {
  if (b.untilYear !== b.year) return `${b.year}-${b.untilYear}`;
  const parts = [String(b.year)];
  if (b.month) parts.push(String(b.month).padStart(2, '0'));
  if (b.day) parts.push(String(b.day).padStart(2, '0'));
  return (b.circa ? 'circa ' : '') + parts.join('-');
}

export const birthDate: Feature = {
  name: 'birthDate',
  maxBoost: (q) => (q.birthDate ? FEATURE_WEIGHTS.birthDateExact : 0),
  evaluate(q, e) {
    if (!q.birthDate) return null;
    const at = closest(q.birthDate, e.birthDates);
    if (at === -1) return outcome('birthDate', 'DATE_OF_BIRTH', 'UNKNOWN', q.birthDate, null, 0);
    const listed = e.birthDates[at]!;
    const agreement = agreementWith(q.birthDate, listed);
    if (agreement === 'conflict') {
      return outcome(
        'birthDateConflict',
        'DATE_OF_BIRTH',
        'NOT_MATCHED',
        q.birthDate,
        e.birthDates.map(formatListed).join(', '),
        WEIGHT_OF.conflict,
      );
    }
    return outcome(
      agreement === 'day' ? 'birthDateEqual' : 'birthYearEqual',
      'DATE_OF_BIRTH',
      'MATCHED',
      q.birthDate,
      formatListed(listed),
      WEIGHT_OF[agreement],
    );
  },
  adjustment(q, e) {
    const at = q.birthDate ? closest(q.birthDate, e.birthDates) : -1;
    return at === -1 ? 0 : WEIGHT_OF[agreementWith(q.birthDate!, e.birthDates[at]!)];
  },
};
