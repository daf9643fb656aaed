/**
 * Name particles: articles, patronymic and kinship markers, nobiliary prefixes.
 * Source: opensanctions/rigour name-part tables, plus the particles seen in UN/OFAC names
 * ("AL-", "BIN", "WA", "AG" in Tuareg names). Consumer: tokenize.ts marks them as weak tokens —
 * they are kept (they can be the only difference between two people) but weigh little, and
 * align.ts rejoins them with their neighbour ("al baghdadi" = "albaghdadi").
 */
// prettier-ignore
export const NAME_PARTICLES: readonly string[] = [
  'al', 'el', 'ul', 'ad', 'ar', 'as', 'bin', 'ibn', 'bint', 'bn', 'ben', 'abu', 'abou', 'umm', 'um',
  'ould', 'ag', 'wa', 'de', 'da', 'das', 'do', 'dos', 'del', 'della', 'dela', 'delle', 'di', 'du', 'la',
  'le', 'les', 'y', 'van', 'von', 'der', 'den', 'dem', 'ter', 'ten', 'zu', 'zum', 'zur', 'af', 'av',
];

/**
 * Articles written glued to the next word ("ALBAGHDADI", "ELSHAZLI"): align.ts compares the word
 * with and without them. Only articles; "abu" and "bin" glued are handled as merged tokens.
 */
export const GLUED_ARTICLES: readonly string[] = ['al', 'el'];

/**
 * Spellings of one particle folded to one form, so they meet exactly: "ibn Laden" = "bin Laden",
 * "El Sayed" = "Al Sayed". Both sides are weak tokens; this only spares them a fuzzy comparison.
 */
export const PARTICLE_SPELLINGS: Readonly<Record<string, string>> = {
  ibn: 'bin',
  ben: 'bin',
  bn: 'bin',
  el: 'al',
  abou: 'abu',
};

/**
 * "Abd al-X" (servant of X) is the commonest Arabic compound name and is written every way:
 * "Abd al-Rahman", "Abdul Rahman", "Abdelrahman", "Abdurrahman". tokenize.ts folds them all to one
 * token "abdul" + X. ABD_WORDS are the separate first words; ABD_ARTICLES the article that may follow;
 * ABD_GLUED matches the glued spellings; ABDULLAH_SPELLINGS are "Abdullah" itself (not "Abd" + "lah").
 */
// prettier-ignore
export const ABD_WORDS: readonly string[] = [
  'abd', 'abdu', 'abdul', 'abdel', 'abdal', 'abdol', 'abdoul', 'abdur', 'abdus',
];
// prettier-ignore
export const ABD_ARTICLES: readonly string[] = [
  'al', 'el', 'ul', 'ar', 'ur', 'as', 'us', 'ad', 'an', 'at', 'az', 'ash', 'er',
];
export const ABD_GLUED = /^abd(?:ul|el|al|ol|oul|il|ur|ar|er|us|as|es|ud|ad|un|an|uz|az)([a-z]{3,})$/;
// prettier-ignore
export const ABDULLAH_SPELLINGS: readonly string[] = [
  'abdullah', 'abdallah', 'abdellah', 'abdulla', 'abdalla', 'abdollah', 'abdoullah', 'abdullahi',
  'abdella',
];
