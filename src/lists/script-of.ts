/**
 * The writing system of a name, for sources that give a native-script spelling without naming its
 * script (UN's NAME_ORIGINAL_SCRIPT). Names follow OFAC's Script reference values where they exist.
 */
const SCRIPTS: readonly [RegExp, string][] = [
  [/\p{Script=Arabic}/u, 'Arabic'],
  [/\p{Script=Cyrillic}/u, 'Cyrillic'],
  [/\p{Script=Hangul}/u, 'Korean'],
  [/\p{Script=Hiragana}|\p{Script=Katakana}/u, 'Japanese'],
  [/\p{Script=Han}/u, 'Chinese'],
  [/\p{Script=Greek}/u, 'Greek'],
  [/\p{Script=Hebrew}/u, 'Hebrew'],
  [/\p{Script=Georgian}/u, 'Georgian'],
  [/\p{Script=Armenian}/u, 'Armenian'],
  [/\p{Script=Thai}/u, 'Thai'],
];

/**
 * The first non-Latin script found in `text`, or null for Latin (or unknown) text.
 *
 * @example scriptOf('صدام حسين التكريتي') // 'Arabic'
 */
export function scriptOf(text: string): string | null {
  for (const [pattern, script] of SCRIPTS) if (pattern.test(text)) return script;
  return null;
}
