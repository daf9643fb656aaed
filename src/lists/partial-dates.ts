/**
 * Dates as the lists write them ("23 Nov 1962", "Nov 1962", "1962", "00/00/1962", year ranges)
 * → `PartialDate` strings ("1962-11-23", "1962-11", "1962") and `BirthDate` ranges.
 * A range that covers whole years (1 Jan 1960 – 31 Dec 1962) is kept at year precision, because
 * that is what the source meant and what a date-of-birth comparison needs.
 */
import type { z } from 'zod';
import type { BirthDate } from '../model/entity.js';

export type BirthDateInput = z.input<typeof BirthDate>;

/** English month names and their 3-letter abbreviations, as OFAC and OFSI write them. */
const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

interface DateParts {
  year: number;
  month: number | null;
  day: number | null;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isValid({ year, month, day }: DateParts): boolean {
  if (year < 1000 || year > 2999) return false;
  if (month === null) return day === null;
  if (month < 1 || month > 12) return false;
  return day === null || (day >= 1 && day <= daysInMonth(year, month));
}

/** Formats parts as a PartialDate: "1962", "1962-11" or "1962-11-23". */
export function formatPartialDate(parts: DateParts): string {
  if (parts.month === null) return String(parts.year);
  if (parts.day === null) return `${parts.year}-${pad(parts.month)}`;
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** Parts from numbers where 0 or null means "not given" (OFSI's 00/00/1962, an empty XML field). */
export function partialDateOf(year: number, month: number | null, day: number | null): string | null {
  const parts = { year, month: month || null, day: month ? day || null : null };
  return isValid(parts) ? formatPartialDate(parts) : null;
}

/**
 * "23 Nov 1962", "23 November 1962", "Nov 1962", "1962" → PartialDate; null for anything else.
 *
 * @example parseDayMonthYear('23 Nov 1962') // '1962-11-23'
 */
export function parseDayMonthYear(text: string): string | null {
  const m = /^(?:(\d{1,2})\s+)?(?:([A-Za-z]{3,9})\.?\s+)?(\d{4})$/.exec(text.trim());
  if (m === null) return null;
  const [, day, monthName, year] = m;
  if (day !== undefined && monthName === undefined) return null;
  const month = monthName === undefined ? null : MONTHS[monthName.toLowerCase()];
  if (month === undefined) return null;
  const parts = { year: Number(year), month, day: day === undefined ? null : Number(day) };
  return isValid(parts) ? formatPartialDate(parts) : null;
}

/**
 * "dd/mm/yyyy" (OFSI; 00 for an unknown day or month), "mm/yyyy" or "yyyy" → PartialDate or null.
 *
 * @example parseSlashDate('00/11/1962') // '1962-11'
 */
export function parseSlashDate(text: string): string | null {
  const m = /^(?:(?:(\d{1,2})\/)?(\d{1,2})\/)?(\d{4})$/.exec(text.trim());
  if (m === null) return null;
  const [, day, month, year] = m;
  return partialDateOf(
    Number(year),
    month === undefined ? null : Number(month),
    day === undefined ? null : Number(day),
  );
}

/** ISO "YYYY-MM-DD" (optionally with a time after it), "YYYY-MM" or "YYYY" → PartialDate or null. */
export function parseIsoDate(text: string): string | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:[T ].*)?$/.exec(text.trim());
  if (m === null) return null;
  const [, year, month, day] = m;
  return partialDateOf(
    Number(year),
    month === undefined ? null : Number(month),
    day === undefined ? null : Number(day),
  );
}

function partsOf(date: string): DateParts {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year ?? 0, month: month ?? null, day: day ?? null };
}

/**
 * A birth date from the first and last day the source allows, at the precision those bounds
 * imply: 1960-01-01…1962-12-31 → "1960" until "1962"; 1962-11-23…1962-11-23 → "1962-11-23".
 * `from` and `to` may themselves be partial ("1960" … "1962").
 */
export function birthDateBetween(from: string, to: string, circa = false): BirthDateInput {
  const start = partsOf(from);
  const end = partsOf(to);
  const startMonth = start.month ?? 1;
  const startDay = start.day ?? 1;
  const endMonth = end.month ?? 12;
  const endDay = end.day ?? daysInMonth(end.year, endMonth);
  let low: DateParts;
  let high: DateParts;
  if (startMonth === 1 && startDay === 1 && endMonth === 12 && endDay === 31) {
    low = { year: start.year, month: null, day: null };
    high = { year: end.year, month: null, day: null };
  } else if (startDay === 1 && endDay === daysInMonth(end.year, endMonth)) {
    low = { year: start.year, month: startMonth, day: null };
    high = { year: end.year, month: endMonth, day: null };
  } else {
    low = { year: start.year, month: startMonth, day: startDay };
    high = { year: end.year, month: endMonth, day: endDay };
  }
  const date = formatPartialDate(low);
  const until = formatPartialDate(high);
  return { date, circa, until: until === date ? null : until };
}
