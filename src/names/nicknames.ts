/**
 * Nicknames: two given names that are one person's formal name and its short form (Bob / Robert,
 * Sasha / Aleksandr, Pepe / José) share no spelling a fuzzy measure could see, but are strong
 * evidence of one name. The families are a small, sourced table (tables/nicknames.ts).
 */
import { NICKNAME_FAMILIES } from './tables/nicknames.js';

/** Token → the families (line numbers) it belongs to. */
const families = new Map<string, number[]>();
NICKNAME_FAMILIES.trim()
  .split('\n')
  .forEach((line, family) => {
    for (const name of line.split(' ')) {
      const known = families.get(name);
      if (known === undefined) families.set(name, [family]);
      else if (!known.includes(family)) known.push(family);
    }
  });

/** True when the normalized token is in some nickname family (the score bound's flag). */
export const hasNicknames = (token: string): boolean => families.has(token);

/**
 * True when two different normalized tokens are a name and its short form, or two short forms of one name.
 *
 * @example areNicknames('bob', 'robert') === true; areNicknames('bob', 'william') === false
 */
export function areNicknames(a: string, b: string): boolean {
  const fa = families.get(a);
  if (fa === undefined || a === b) return false;
  const fb = families.get(b);
  if (fb === undefined) return false;
  for (const f of fa) if (fb.includes(f)) return true;
  return false;
}
