/**
 * Native-script names: OFAC's advanced XML gives Cyrillic, Arabic, Chinese, Korean, Japanese and
 * Greek spellings of a party (its Script attribute), the UK list a "Name Non-Latin Script" per row,
 * the UN a NAME_ORIGINAL_SCRIPT. Each is a query whose target is the same record without them: a
 * customer writes "Путин Владимир", the engine should find "PUTIN, Vladimir Vladimirovich".
 */
import type { Entity } from '../../../src/model/entity.js';

/** Finer than src/lists/script-of.ts on purpose: Kana and Han are read by different romanizers. */
const SCRIPTS: readonly [RegExp, string][] = [
  [/\p{Script=Hiragana}|\p{Script=Katakana}/u, 'Kana'],
  [/\p{Script=Hangul}/u, 'Hangul'],
  [/\p{Script=Han}/u, 'Han'],
  [/\p{Script=Cyrillic}/u, 'Cyrillic'],
  [/\p{Script=Arabic}/u, 'Arabic'],
  [/\p{Script=Greek}/u, 'Greek'],
  [/\p{Script=Hebrew}/u, 'Hebrew'],
  [/\p{Script=Georgian}/u, 'Georgian'],
  [/\p{Script=Armenian}/u, 'Armenian'],
  [/\p{Script=Thai}/u, 'Thai'],
  [/\p{Script=Myanmar}/u, 'Myanmar'],
  [/\p{Script=Devanagari}/u, 'Devanagari'],
];

/**
 * The writing system of a name: the first non-Latin script found, else 'Latin' (or 'other' for a
 * name with no letters of any script listed here and none of Latin).
 *
 * @example scriptOfName('김정은') // 'Hangul'
 */
export function scriptOfName(name: string): string {
  for (const [pattern, script] of SCRIPTS) if (pattern.test(name)) return script;
  return /\p{Script=Latin}/u.test(name) ? 'Latin' : 'other';
}

const isNative = (alias: Entity['aliases'][number]): boolean =>
  alias.kind === 'native' || alias.script !== null;

/**
 * The record's native-script spellings: those with no Latin letter (the UN writes some as
 * "Amir Khazmat (original script: Амир Хазмат)", which is no native-script query).
 */
export function nativeNames(entity: Entity): string[] {
  const names = entity.aliases.filter(isNative).map((a) => a.name);
  return [...new Set(names)].filter((name) => !/\p{Script=Latin}/u.test(name));
}

/** The record as the target of a native-script query: its Latin-script names only. */
export function withoutNativeNames(entity: Entity): Entity {
  return { ...entity, aliases: entity.aliases.filter((a) => !isNative(a)) };
}
