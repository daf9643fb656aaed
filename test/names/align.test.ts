import { describe, expect, it } from 'vitest';
import { ALIGNMENT, alignNames } from '../../src/names/align.js';
import { DEFAULT_MATCH_CONFIG, MatchConfig } from '../../src/names/config.js';
import { prepareName } from '../../src/names/prepare.js';
import { MATCH_SIGNAL_NAMES, type NameKind } from '../../src/names/types.js';

/** The aligned pairs as "query~candidate:signal", in alignment order. */
function aligned(
  query: string,
  candidate: string,
  cfg = DEFAULT_MATCH_CONFIG,
  kind: NameKind = 'individual',
): string[] {
  const q = prepareName(query, kind);
  const c = prepareName(candidate, kind);
  const n = alignNames(q, c, cfg);
  const out: string[] = [];
  for (let p = 0; p < n; p++) {
    const qs = ALIGNMENT.qStart[p] ?? 0;
    const cs = ALIGNMENT.cStart[p] ?? 0;
    const qt = q.tokens.slice(qs, qs + (ALIGNMENT.qLen[p] ?? 1)).join(' ');
    const ct = c.tokens.slice(cs, cs + (ALIGNMENT.cLen[p] ?? 1)).join(' ');
    out.push(`${qt}~${ct}:${MATCH_SIGNAL_NAMES[ALIGNMENT.signal[p] ?? 0]}`);
  }
  return out.sort();
}

describe('alignNames', () => {
  it.each([
    ['Smith John', 'John Smith', ['john~john:exact', 'smith~smith:exact']],
    ['Jon Smyth', 'John Smith', ['jon~john:nickname', 'smyth~smith:phonetic']],
    ['J. Smith', 'John Smith', ['j~john:initial', 'smith~smith:exact']],
    [
      'Abu Bakr Baghdadi',
      'Abu Bakr Albaghdadi',
      ['abu~abu:exact', 'baghdadi~albaghdadi:particle', 'bakr~bakr:exact'],
    ],
    [
      'Abu Bakr al Baghdadi',
      'Abubakr Albaghdadi',
      ['abu bakr~abubakr:merged', 'al baghdadi~albaghdadi:merged'],
    ],
    ['Mohammed Omar', 'Muhammad Umar', ['mohammed~muhammad:phonetic', 'omar~umar:phonetic']],
    ['Ivan Kovalenko', 'Ivan Kovalchuk', ['ivan~ivan:exact']],
  ])('%s / %s', (query, candidate, expected) => {
    expect(aligned(query, candidate)).toEqual(expected);
  });

  it('aligns each token at most once', () => {
    expect(aligned('John John', 'John Smith')).toEqual(['john~john:exact']);
  });

  it('keeps word order when transposition is off', () => {
    const ordered = MatchConfig.parse({ nameTransposition: false });
    expect(aligned('Smith John', 'John Smith', ordered)).toHaveLength(1);
    expect(aligned('John Paul Smith', 'John Smith', ordered)).toEqual([
      'john~john:exact',
      'smith~smith:exact',
    ]);
    expect(aligned('Abu Bakr al Baghdadi', 'Abu Bakr Albaghdadi', ordered)).toEqual([
      'abu~abu:exact',
      'al baghdadi~albaghdadi:merged',
      'bakr~bakr:exact',
    ]);
  });

  it('aligns nothing with an empty name', () => {
    expect(aligned('', 'John Smith')).toEqual([]);
    expect(aligned('John Smith', '   ')).toEqual([]);
  });

  it('handles names at the token bound', () => {
    const long = Array.from({ length: 30 }, (_, i) => `name${String.fromCharCode(97 + (i % 26))}x`).join(' ');
    expect(aligned(long, long)).toHaveLength(12);
  });
});
