import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/config.js';
import { prepareName } from '../../src/names/prepare.js';
import { TOKEN_MATCH, tokenSimilarity } from '../../src/names/token-similarity.js';
import { MATCH_SIGNAL_NAMES } from '../../src/names/types.js';

function compareTokens(a: string, b: string): { similarity: number; signal: string } {
  const p = prepareName(a, 'any');
  const q = prepareName(b, 'any');
  const similarity = tokenSimilarity(
    p.tokens[0] ?? '',
    p.ids[0] ?? -1,
    p.phonetic[0] ?? -1,
    p.stems[0] ?? '',
    p.letters[0] ?? 0,
    q.tokens[0] ?? '',
    q.ids[0] ?? -1,
    q.phonetic[0] ?? -1,
    q.stems[0] ?? '',
    q.letters[0] ?? 0,
    DEFAULT_MATCH_CONFIG,
  );
  return { similarity, signal: MATCH_SIGNAL_NAMES[TOKEN_MATCH.signal] };
}

describe('tokenSimilarity', () => {
  it.each([
    ['smith', 'smith', 'exact'],
    ['j', 'john', 'initial'],
    ['albaghdadi', 'baghdadi', 'particle'],
    ['mohammed', 'muhammad', 'phonetic'],
    ['petrovych', 'petrovich', 'phonetic'],
    ['kowalski', 'kovalski', 'jaro-winkler'],
    ['mohamemd', 'mohammed', 'jaro-winkler'],
  ])('%s / %s meet by %s', (a, b, signal) => {
    const r = compareTokens(a, b);
    expect(r.signal).toBe(signal);
    expect(r.similarity).toBeGreaterThanOrEqual(DEFAULT_MATCH_CONFIG.minPairSimilarity);
  });

  it.each([
    ['kovalenko', 'kovalchuk'],
    ['hussein', 'hamid'],
    ['john', 'robert'],
    ['j', 'robert'],
    ['al', 'alexander'],
    // A shared Double Metaphone key alone is no evidence of one name.
    ['ted', 'daud'],
    ['haleigh', 'halawi'],
    ['eddi', 'utao'],
    ['reis', 'ruiz'],
  ])('%s / %s do not meet', (a, b) => {
    expect(compareTokens(a, b).similarity).toBeLessThan(DEFAULT_MATCH_CONFIG.minPairSimilarity);
  });

  it('ranks closer spellings higher', () => {
    expect(compareTokens('petrovych', 'petrovich').similarity).toBeGreaterThan(
      compareTokens('melli', 'mellat').similarity,
    );
    expect(compareTokens('hussein', 'husein').similarity).toBeGreaterThan(
      compareTokens('hussein', 'hassan').similarity,
    );
  });

  it('counts a shared sound as a bonus on the spelling, never as equal tokens', () => {
    const sounding = compareTokens('mohammed', 'muhammad');
    expect(sounding.signal).toBe('phonetic');
    expect(sounding.similarity).toBeLessThan(1);
    expect(compareTokens('andrew', 'andre').similarity).toBeLessThan(1);
  });

  it('takes a swap of neighbouring letters as one edit', () => {
    expect(compareTokens('mohamemd', 'mohammed').similarity).toBeGreaterThan(
      compareTokens('mohamxyd', 'mohammed').similarity,
    );
  });

  it('is symmetric', () => {
    for (const [a, b] of [
      ['petrovych', 'petrovich'],
      ['j', 'john'],
      ['albaghdadi', 'baghdadi'],
    ] as const) {
      expect(compareTokens(a, b).similarity).toBe(compareTokens(b, a).similarity);
    }
  });
});
