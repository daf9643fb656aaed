/**
 * The operationId of a documented operation, made from its summary, which is the spec's name of the
 * operation: "Get Blacklist Record by ID" → getBlacklistRecordById. Code generators turn the id into a
 * method name, so it reads as a person would write it; notes in parentheses ("(Warden addition)") and
 * articles are left out. A route without a summary gets one from its method and path. Ids are made
 * here, not in the route files, so every route added later has one without anyone writing it.
 */

const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

function camelCase(words: readonly string[]): string {
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

function wordsOf(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '' && !ARTICLES.has(word.toLowerCase()));
}

/**
 * From the method and path alone: routes differ in one or the other, and so do their ids.
 *
 * @example operationIdFromPath('GET', '/api/v1/review/decisions/:id') // 'getReviewDecisionsById'
 */
export function operationIdFromPath(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\/v1(?=\/|$)/, '')
    .split('/')
    // Parameter names are camelCase identifiers: fileId reads as two words.
    .flatMap((segment) =>
      segment.startsWith(':')
        ? ['by', ...wordsOf(segment.replace(/([a-z0-9])([A-Z])/g, '$1 $2'))]
        : wordsOf(segment),
    );
  return camelCase([method, ...segments]);
}

/**
 * The id for one operation: from its summary when it has one, else from its method and path.
 *
 * @example operationIdOf('DELETE', '/api/v1/screening/blacklist/:id', 'Delete Blacklist Record by ID')
 * // 'deleteBlacklistRecordById'
 */
export function operationIdOf(method: string, url: string, summary: string | undefined): string {
  const words = wordsOf((summary ?? '').replace(/\([^)]*\)/g, ' '));
  return words.length > 0 ? camelCase(words) : operationIdFromPath(method, url);
}
