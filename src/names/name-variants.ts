/**
 * Name variants no spelling measure sees: a given name and its short form (Bob / Robert, Sasha /
 * Aleksandr, Pepe / José), and two romanizations of one Korean or Chinese name (Lee / Ri / Yi,
 * Park / Pak, Zhou / Chou). They are strong evidence of one name. Both come from small, sourced
 * tables (tables/nicknames.ts, tables/romanizations.ts).
 */
import { NICKNAME_FAMILIES } from './tables/nicknames.js';
import { ROMANIZATION_FAMILIES } from './tables/romanizations.js';
import { MatchSignal } from './types.js';

/** Token → the families it belongs to (indexes into familySignal). */
const families = new Map<string, number[]>();
/** Family → the signal that names it. */
const familySignal: MatchSignal[] = [];
for (const [table, signal] of [
  [NICKNAME_FAMILIES, MatchSignal.NICKNAME],
  [ROMANIZATION_FAMILIES, MatchSignal.ROMANIZATION],
] as const) {
  for (const line of table.trim().split('\n')) {
    const family = familySignal.push(signal) - 1;
    for (const name of line.split(' ')) {
      const known = families.get(name);
      if (known === undefined) families.set(name, [family]);
      else known.push(family);
    }
  }
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
    if (fb.includes(f)) return familySignal[f]!;
  }
  return NO_VARIANT;
}
