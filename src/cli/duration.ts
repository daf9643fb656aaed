/** Durations on the command line: a whole number and a unit, `90m`, `36h`, `7d`. */
import { UsageError } from './command-context.js';

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function parseDuration(flag: string, text: string): number {
  const match = /^(\d+)([mhd])$/.exec(text.trim());
  const amount = match ? Number(match[1]) : 0;
  if (!match || amount <= 0)
    throw new UsageError(`${flag} takes a duration such as 90m, 36h or 7d, not "${text}".`);
  return amount * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
