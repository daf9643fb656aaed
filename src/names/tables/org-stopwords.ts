/**
 * Words that carry little identity in organization names. Source: opensanctions/rigour
 * `resources/names/stopwords.yml` (ORG_NAME_STOPWORDS) trimmed to words frequent in OFAC/UN entity names.
 * Consumer: tokenize.ts gives them a low default weight — they are weighed, never dropped, because
 * "Bank of China" and "China Bank" are different banks.
 * ORG_STOPWORDS carry almost nothing ("the", "and"); ORG_GENERIC_WORDS carry a little ("trading").
 */
export const ORG_STOPWORDS: readonly string[] = ['the', 'and', 'of', 'for', 'und', 'et', 'an', 'a'];

// prettier-ignore
export const ORG_GENERIC_WORDS: readonly string[] = [
  'group', 'trading', 'international', 'intl', 'holding', 'holdings', 'industries', 'industry',
  'enterprises', 'enterprise', 'services', 'general', 'global', 'import', 'export',
];
