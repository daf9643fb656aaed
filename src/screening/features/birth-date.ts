/**
 * Date of birth: the same day, the same year (when the list gives only a year, or a range or
 * "circa" covers it), or a conflict. Lists often swap day and month: such a date is not a conflict.
 */
import type { ListedBirthDate } from '../entity-index.js';
import { FEATURE_WEIGHTS, outcome, type Feature } from './feature.js';

// "circa 1962" in OFAC and UN data covers a year either side.
const CIRCA_YEARS = 1;

type Agreement = 'day' | 'year' | 'conflict';

function agreementOf(year: number, month: number, day: number, listed: ListedBirthDate): Agreement {
  const slack = listed.circa ? CIRCA_YEARS : 0;
  if (year < listed.year - slack || year > listed.untilYear + slack) return 'conflict';
  if (listed.month === 0 || listed.untilYear !== listed.year || listed.circa) return 'year';
  if (listed.month === month && (listed.day === 0 || listed.day === day))
    return listed.day === 0 ? 'year' : 'day';
  if (listed.month === day && listed.day === month) return 'year';
  return 'conflict';
}

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
    if (e.birthDates.length === 0)
      return outcome('birthDate', 'DATE_OF_BIRTH', 'UNKNOWN', q.birthDate, null, 0);
    const [year = 0, month = 0, day = 0] = q.birthDate.split('-').map(Number);
    let best: Agreement = 'conflict';
    let bestDate = e.birthDates[0]!;
    for (const listed of e.birthDates) {
      const a = agreementOf(year, month, day, listed);
      if (a === 'day' || (a === 'year' && best === 'conflict')) {
        best = a;
        bestDate = listed;
      }
      if (a === 'day') break;
    }
    if (best === 'conflict') {
      return outcome(
        'birthDateConflict',
        'DATE_OF_BIRTH',
        'NOT_MATCHED',
        q.birthDate,
        e.birthDates.map(formatListed).join(', '),
        FEATURE_WEIGHTS.birthDateConflict,
      );
    }
    const weight = best === 'day' ? FEATURE_WEIGHTS.birthDateExact : FEATURE_WEIGHTS.birthYear;
    return outcome(
      best === 'day' ? 'birthDateEqual' : 'birthYearEqual',
      'DATE_OF_BIRTH',
      'MATCHED',
      q.birthDate,
      formatListed(bestDate),
      weight,
    );
  },
};
