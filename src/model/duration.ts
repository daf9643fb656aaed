/**
 * A duration an operator types on a command line: a whole number and a unit, "90m", "36h", "7d".
 * Units are required: a bare "36" could mean seconds, hours or (as in the popular `ms` package)
 * milliseconds, and a max list age read a thousand times too short would fail every probe.
 */
import { z } from 'zod';

/** Unit → milliseconds. */
export const DURATION_UNITS = {
  s: 1000,
  m: 60 * 1000,
  h: 3600 * 1000,
  d: 24 * 3600 * 1000,
  w: 7 * 24 * 3600 * 1000,
} as const;

const PATTERN = /^(\d{1,9})([smhdw])$/;

/** Parses to milliseconds; a positive whole number of s, m, h, d or w. */
export const Duration = z
  .string()
  .regex(PATTERN, { error: 'must be a whole number and a unit (s, m, h, d or w), e.g. 36h or 7d' })
  .transform((text) => {
    const [, amount, unit] = PATTERN.exec(text)!;
    return Number(amount) * DURATION_UNITS[unit as keyof typeof DURATION_UNITS];
  })
  .refine((ms) => ms > 0, { error: 'must be longer than zero' })
  .describe('A duration such as 36h or 7d');
export type Duration = z.output<typeof Duration>;

/**
 * Milliseconds written back in the largest unit that divides them, as an operator would type it.
 *
 * @example formatDuration(129_600_000) // '36h'
 */
export function formatDuration(ms: number): string {
  const units = Object.entries(DURATION_UNITS).reverse();
  for (const [unit, size] of units) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  return `${ms / 1000}s`;
}
