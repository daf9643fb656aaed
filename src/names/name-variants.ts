/**
 * Name variants no spelling measure sees: a given name and its short form (Bob / Robert, Sasha /
 * Aleksandr, Pepe / José), and two romanizations of one Korean or Chinese name (Lee / Ri / Yi,
 * Park / Pak, Zhou / Chou). They are strong evidence of one name. Both come from small, sourced
 * tables (tables/nicknames.ts, tables/romanizations.ts).
 */
import { NICKNAME_FAMILIES } from './tables/nicknames.js';
import { ROMANIZATION_FAMILIES } from './tables/romanizations.js';
import { MatchSignal } from './types.js';

/** Token → the families it belongs to: nickname families are even, romanization families odd. */
const families = new Map<string, number[]>();
for (const [table, parity] of [
  [NICKNAME_FAMILIES, 0],
  [ROMANIZATION_FAMILIES, 1],
] as const) {
  table
    .trim()
    .split('\n')
    .forEach((line, i) => {
      const family = 2 * i + parity;
      for (const name of line.split(' ')) {
        const known = families.get(name);
        if (known === undefined) families.set(name, [family]);
        else known.push(family);
      }
    });
}

/** True when the normalized token is in some family (the score bound's flag). */
export const hasNameVariants = (token: string): boolean => families.has(token);

/** nameVariant: the two tokens share no family. */
export const NO_VARIANT = -1;

/**
 * How two different normalized tokens are one name: MatchSignal.NICKNAME, MatchSignal.ROMANIZATION,
 * or NO_VARIANT.
 *
 * @example nameVariant('bob', 'robert') === MatchSignal.NICKNAME; nameVariant('lee', 'ri') === MatchSignal.ROMANIZATION
 */
export function nameVariant(a: string, b: string): number {
  const fa = families.get(a);
  if (fa === undefined || a === b) return NO_VARIANT;
  const fb = families.get(b);
  if (fb === undefined) return NO_VARIANT;
  for (const f of fa) {
    if (fb.includes(f)) return f % 2 === 0 ? MatchSignal.NICKNAME : MatchSignal.ROMANIZATION;
  }
  return NO_VARIANT;
}
