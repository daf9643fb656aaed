/**
 * Dates as clients write them and as the screening result returns them. No clock is read here: a
 * calendar date is checked for calendar validity only (2023-02-29 is refused, a future date is not).
 */
import { z } from 'zod';
import { PartialDate } from './entity.js';
import { WardenError } from './errors.js';
import { quoteInput } from './quote-input.js';
import { MAX_CODE_CHARS } from './scalars.js';

// Date part with one separator used consistently, then an optional time the calendar date ignores:
// the spec's Individuals Analysis writes "1970/01/01 00:00:00"; JSON dates add "T…Z".
const CALENDAR_DATE_FORM =
  /^(\d{4})([-/])(\d{2})\2(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** True when the day exists in that month of that (proleptic Gregorian) year. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
}

function isCalendarDateText(text: string): boolean {
  const m = CALENDAR_DATE_FORM.exec(text);
  if (m === null || !isCalendarDate(Number(m[1]), Number(m[3]), Number(m[4]))) return false;
  const [hours, minutes, seconds] = [m[5], m[6], m[7]].map((part) => Number(part ?? 0));
  return hours! <= 23 && minutes! <= 59 && seconds! <= 59;
}

const DATE_FORMS = 'must be a date written YYYY-MM-DD or YYYY/MM/DD (optionally with " HH:mm:ss")';
const notARealDate = (iss: { input?: unknown }) =>
  `must be a real calendar date, got ${quoteInput(iss.input)}`;
const dayOf = (text: string) => text.slice(0, 10).replaceAll('/', '-');

/**
 * A calendar day, normalized to YYYY-MM-DD. Accepts YYYY-MM-DD and YYYY/MM/DD, optionally followed by a
 * time (" HH:mm:ss" as the spec writes date_of_birth, or an ISO "T…" suffix), which is dropped.
 */
export const CalendarDate = z
  .string()
  .trim()
  .max(MAX_CODE_CHARS, { error: DATE_FORMS, abort: true })
  .regex(CALENDAR_DATE_FORM, { error: DATE_FORMS, abort: true })
  .refine(isCalendarDateText, { error: notARealDate, abort: true })
  .overwrite(dayOf)
  .describe('Calendar date: YYYY-MM-DD or YYYY/MM/DD[ HH:mm:ss]; returned as YYYY-MM-DD');
export type CalendarDate = z.infer<typeof CalendarDate>;

const YEAR_ALONE = /^\d{4}$/;
const DOTTED_DAY = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/**
 * The YYYY-MM-DD of a DD.MM.YYYY date, as German, Swiss or Russian spreadsheets write them (never
 * month first, unlike a slashed date), or null when the text is not a real one.
 *
 * @example dottedDay('7.10.1952') → '1952-10-07'
 */
export function dottedDay(text: string): string | null {
  const m = DOTTED_DAY.exec(text);
  if (m === null || !isCalendarDate(Number(m[3]), Number(m[2]), Number(m[1]))) return null;
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/** A birth date in one of BirthDateOrYear's forms as it returns it, or null when it is not a real one. */
function birthDateOf(text: string): string | null {
  if (YEAR_ALONE.test(text)) return text;
  if (DOTTED_DAY.test(text)) return dottedDay(text);
  return isCalendarDateText(text) ? dayOf(text) : null;
}

/**
 * A date of birth as portfolios give it: a calendar date (CalendarDate), a DD.MM.YYYY one (dottedDay),
 * both returned as YYYY-MM-DD, or only its year, kept as YYYY. The birth-date feature then compares
 * a year alone with the listed dates' years.
 */
export const BirthDateOrYear = z
  .string()
  .trim()
  .max(MAX_CODE_CHARS, { error: `${DATE_FORMS}, DD.MM.YYYY, or a year YYYY`, abort: true })
  .refine((text) => YEAR_ALONE.test(text) || DOTTED_DAY.test(text) || CALENDAR_DATE_FORM.test(text), {
    error: `${DATE_FORMS}, DD.MM.YYYY, or a year YYYY`,
    abort: true,
  })
  .refine((text) => birthDateOf(text) !== null, { error: notARealDate, abort: true })
  .overwrite((text) => birthDateOf(text)!)
  .describe(
    'A calendar date as CalendarDate reads it, or DD.MM.YYYY (returned as YYYY-MM-DD), or a year YYYY',
  );

export const DatePrecision = z.enum(['YEAR', 'MONTH', 'DAY']);
export type DatePrecision = z.infer<typeof DatePrecision>;

/** ON: the date as given; CIRCA: the list says "circa"/"approximately". */
export const TimelinePrecision = z.enum(['ON', 'CIRCA', 'BEFORE', 'AFTER']);
export type TimelinePrecision = z.infer<typeof TimelinePrecision>;

export const DateObject = z
  .object({
    utcDateTime: z
      .number()
      .int()
      .describe(
        'Start of the period (first day of the year or month when less precise), epoch ms UTC; negative before 1970',
      ),
    timeZone: z.string().nullable().describe('Always null for calendar dates such as dates of birth'),
    timelinePrecision: TimelinePrecision,
    pointInTimePrecision: DatePrecision,
  })
  .describe('A date as precise as its source');
export type DateObject = z.infer<typeof DateObject>;

/**
 * The DateObject of a partial date as lists give it.
 *
 * @example toDateObject('1962-11')
 * // { utcDateTime: -226195200000, timeZone: null, timelinePrecision: 'ON', pointInTimePrecision: 'MONTH' }
 */
export function toDateObject(partialDate: string, options: { circa?: boolean } = {}): DateObject {
  const parsed = PartialDate.safeParse(partialDate);
  const [year, month = 1, day = 1] = parsed.success ? partialDate.split('-').map(Number) : [];
  if (year === undefined || !isCalendarDate(year, month, day)) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `${quoteInput(partialDate)} is not a date written YYYY, YYYY-MM or YYYY-MM-DD.`,
    );
  }
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  const parts = partialDate.split('-').length;
  return {
    utcDateTime: instant.getTime(),
    timeZone: null,
    timelinePrecision: options.circa ? 'CIRCA' : 'ON',
    pointInTimePrecision: parts === 1 ? 'YEAR' : parts === 2 ? 'MONTH' : 'DAY',
  };
}
