import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../src/names/normalize.js';
import { MAX_TOKENS, tokenizeName } from '../../src/names/tokenize.js';
import { isInformativeClass, TokenClass } from '../../src/names/types.js';

const tokens = (normalized: string, kind: 'individual' | 'organization' | 'any' = 'individual'): string[] =>
  tokenizeName(normalized, kind).tokens;

describe('tokenizeName', () => {
  it.each([
    ['dr ayman al zawahiri', ['ayman', 'al', 'zawahiri']],
    ['sheikh haji mullah omar', ['omar']],
    ['general', ['general']],
    ['john smith jr', ['john', 'smith']],
    ['haji khairullah haji sattar', ['khairullah', 'haji', 'sattar']],
    ['colonel muammar qadhafi', ['muammar', 'qadhafi']],
  ])('drops leading titles and trailing suffixes of a person: %j', (name, expected) => {
    expect(tokens(name)).toEqual(expected);
  });

  it('keeps a title inside a name as a weak token', () => {
    const t = tokenizeName('haji khairullah haji sattar', 'individual');
    expect(t.classes[1]).toBe(TokenClass.HONORIFIC);
  });

  it.each([
    ['pan bin', TokenClass.PARTICLE],
    ['adrian major', TokenClass.HONORIFIC],
    ['william king', TokenClass.HONORIFIC],
  ])('weighs the last word of %j as a name, not a particle or title', (name, weakClass) => {
    const t = tokenizeName(name, 'individual');
    expect(tokenizeName(name.split(' ')[1]!, 'any').classes[0]).toBe(weakClass);
    expect(isInformativeClass(t.classes[1]!)).toBe(true);
  });

  it.each([
    ['wang guo ying', true],
    ['kim jongun', true],
    ['xi jinping', true],
    ['pan bin', true],
    ['john smith', false],
    // One word is no syllable-by-syllable name.
    ['wang', false],
  ])('reads %j as a Chinese or Korean name written by syllables: %s', (name, syllabic) => {
    const { classes } = tokenizeName(name, 'individual');
    expect(classes.every((c) => c === TokenClass.SYLLABLE)).toBe(syllabic);
  });

  it.each([
    ['vladimir vladimirovich putin', [1]],
    ['olha ivanivna kulyhina', [1]],
    ['usama bin muhammad bin awad bin ladin', [2, 4]],
    ['roman abramovich', []],
  ])("marks the father's name inside %j as a patronymic", (name, at) => {
    const { classes } = tokenizeName(name, 'individual');
    const marked = classes.flatMap((cls, i) => (cls === TokenClass.PATRONYMIC ? [i] : []));
    expect(marked).toEqual(at);
    expect(tokenizeName(name, 'organization').classes).not.toContain(TokenClass.PATRONYMIC);
  });

  it('does not drop "General" from an organization or an unknown kind', () => {
    expect(tokens('general motors corp', 'organization')).toEqual(['general', 'motors', 'corp']);
    expect(tokens('general motors', 'any')).toEqual(['general', 'motors']);
  });

  it.each([
    ['abd al rahman yasin', ['abdulrahman', 'yasin']],
    ['abdul rahman yasin', ['abdulrahman', 'yasin']],
    ['abdelrahman yasin', ['abdulrahman', 'yasin']],
    ['abdurrahman yasin', ['abdulrahman', 'yasin']],
    ['abdallah azzam', ['abdullah', 'azzam']],
    ['abd allah azzam', ['abdullah', 'azzam']],
    ['abdi hassan', ['abdi', 'hassan']],
  ])('folds the spellings of "Abd al-X" into one token: %j', (name, expected) => {
    expect(tokens(name)).toEqual(expected);
  });

  it.each([
    ['usama ibn laden', ['usama', 'bin', 'laden']],
    ['tariq el sayed', ['tariq', 'al', 'sayed']],
  ])('folds particle spellings: %j', (name, expected) => {
    expect(tokens(name)).toEqual(expected);
  });

  it('marks particles, legal forms, stopwords and initials as weak classes', () => {
    const t = tokenizeName('the bank of al rafidain ltd', 'organization');
    expect(t.tokens).toEqual(['the', 'bank', 'of', 'al', 'rafidain', 'ltd']);
    expect(t.classes).toEqual([
      TokenClass.STOPWORD,
      TokenClass.NORMAL,
      TokenClass.STOPWORD,
      TokenClass.PARTICLE,
      TokenClass.NORMAL,
      TokenClass.LEGAL_FORM,
    ]);
    expect(t.legalFormClass).toBe('ltd');
    expect(tokenizeName('j smith', 'individual').classes[0]).toBe(TokenClass.INITIAL);
  });

  it('does not fold legal forms in a person name', () => {
    expect(tokenizeName('john co', 'individual').classes).toEqual([TokenClass.NORMAL, TokenClass.NORMAL]);
  });

  it(`keeps at most ${MAX_TOKENS} tokens`, () => {
    expect(tokens(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_TOKENS);
  });

  it('gives no tokens for an empty name', () => {
    expect(tokenizeName('', 'any')).toEqual({ tokens: [], classes: [], legalFormClass: null });
  });
});

describe('tokenizeName on words that are also JavaScript property names', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'keeps "%s" as an ordinary word',
    (word) => {
      expect(tokens(normalizeName(`John ${word} Smith`))).toEqual(['john', normalizeName(word), 'smith']);
    },
  );
});

describe('glued initials', () => {
  it.each([
    ['jc juncker', ['j', 'c', 'juncker']],
    ['md rahman', ['m', 'd', 'rahman']],
    // A vowel, a name of its own, or the whole name: a word.
    ['ng chee wai', ['ng', 'chee', 'wai']],
    ['li wei', ['li', 'wei']],
    ['jc', ['jc']],
    // Vowelless words all through: a consonant script romanized (Hebrew), not initials.
    ['smvn frs', ['smvn', 'frs']],
  ])('%s', (name, tokens) => {
    expect(tokenizeName(name, 'individual').tokens).toEqual(tokens);
  });
});
