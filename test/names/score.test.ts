import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_CONFIG, MatchConfig, strengthOf, type MatchStrength } from '../../src/names/config.js';
import { prepareName } from '../../src/names/prepare.js';
import { namesEqual, scoreNames } from '../../src/names/score.js';
import type { NameKind } from '../../src/names/types.js';

const RANK: Record<MatchStrength, number> = { EXACT: 4, STRONG: 3, MEDIUM: 2, WEAK: 1 };

function compare(query: string, listed: string, kind: NameKind = 'individual', cfg = DEFAULT_MATCH_CONFIG) {
  const result = scoreNames(prepareName(query, kind), prepareName(listed, kind), cfg, { explain: true });
  return { ...result, strength: strengthOf(result.score, result.exact, cfg) };
}

const rank = (s: MatchStrength | null): number => (s === null ? 0 : RANK[s]);

describe('scoreNames buckets', () => {
  it.each([
    ['AL-BAGHDADI Abu Bakr', 'Abu Bakr al Baghdadi', 'individual'],
    ['Владимир Путин', 'Vladimir Putin', 'individual'],
    ['PUTIN, Vladimir', 'Vladimir Putin', 'individual'],
    ['Abdul Rahman Yasin', 'ABD AL-RAHMAN YASIN', 'individual'],
    ['Acme Limited', 'ACME LTD.', 'organization'],
  ] as const)('%s / %s is EXACT', (query, listed, kind) => {
    expect(compare(query, listed, kind).strength).toBe('EXACT');
  });

  it.each([
    ['KOVALENKO, Ivan Petrovych', 'Ivan Petrovich Kovalenko', 'STRONG', 'individual'],
    ['Nicolas Maduro', 'MADURO MOROS, Nicolas', 'STRONG', 'individual'],
    ['ALQAIDA', 'AL-QAIDA', 'STRONG', 'organization'],
    ['Baghdadi Abu Bakr', 'ABU BAKR AL-BAGHDADI', 'STRONG', 'individual'],
    ['Abubakr Albaghdadi', 'Abu Bakr al Baghdadi', 'STRONG', 'individual'],
    ['AL-BAGHDADI', 'Baghdadi', 'STRONG', 'individual'],
    ['albaghdadi', 'Baghdadi', 'STRONG', 'individual'],
    ['AL-BAGHDADI', 'albaghdadi', 'STRONG', 'individual'],
    ['Влади́мир Пу́тин', 'PUTIN, Vladimir Vladimirovich', 'STRONG', 'individual'],
    ['J. Smith', 'John Smith', 'MEDIUM', 'individual'],
    ['Mohammed Omar', 'Muhammad Umar', 'MEDIUM', 'individual'],
    ['Hosein Salimi', 'HOSAIN SALEEMI', 'MEDIUM', 'individual'],
  ] as const)('%s / %s is at least %s', (query, listed, bucket, kind) => {
    expect(rank(compare(query, listed, kind).strength)).toBeGreaterThanOrEqual(RANK[bucket]);
  });

  it.each([
    ['Ivan Kovalenko', 'Ivan Kovalchuk', 'MEDIUM', 'individual'],
    ['Bank Mellat', 'Bank Melli', 'STRONG', 'organization'],
    ['Bank Melli Iran', 'Bank Mellat', 'STRONG', 'organization'],
    ['J. Smith', 'John Smith', 'STRONG', 'individual'],
    ['Mike Johnson', 'JOHNSON', 'STRONG', 'individual'],
    ['Acme Trading Corp', 'Apex Trading Corp', 'MEDIUM', 'organization'],
  ] as const)('%s / %s stays below %s', (query, listed, bucket, kind) => {
    expect(rank(compare(query, listed, kind).strength)).toBeLessThan(RANK[bucket]);
  });

  it.each([
    ['Acme Corp', 'Globex Corp'],
    ['CORP', 'Globex Corp'],
    ['CORP', 'CORP'],
    ['The Company Ltd', 'The Company Limited'],
    ['Al Qaida', 'Al Shabaab'],
  ])('%s / %s is no match: a legal form, stopword or particle never makes one', (query, listed) => {
    const r = compare(query, listed, 'organization');
    expect(r.strength).toBeNull();
    expect(r.score).toBeLessThan(DEFAULT_MATCH_CONFIG.weakThreshold);
  });
});

describe('scoreNames orderings', () => {
  it.each([
    // [query, better candidate, worse candidate]
    ['John Smith', 'John Smith', 'John Smithson'],
    ['John Smith', 'John Smith', 'John Paul Smith'],
    ['John Smith', 'John Paul Smith', 'John Jones'],
    ['Ivan Petrovich Kovalenko', 'KOVALENKO, Ivan Petrovych', 'KOVALCHUK, Ivan Petrovich'],
    ['Mohammed Omar', 'Muhammad Umar', 'Mohammed Amin'],
    ['Bank Melli Iran', 'Bank Melli', 'Bank Mellat'],
    ['Mike Johnson', 'Mike Johnston', 'JOHNSON'],
  ])('for %s: %s scores above %s', (query, better, worse) => {
    expect(compare(query, better).score).toBeGreaterThan(compare(query, worse).score);
  });

  it('charges a query token left over more than a list token left over', () => {
    const extraQueryToken = compare('John Paul Smith', 'John Smith').score;
    const extraListToken = compare('John Smith', 'John Paul Smith').score;
    expect(extraListToken).toBeGreaterThan(extraQueryToken);
  });

  it('scores transposed names lower when transposition is off', () => {
    const ordered = MatchConfig.parse({ nameTransposition: false });
    const free = compare('Smith John', 'John Smith');
    const strict = compare('Smith John', 'John Smith', 'individual', ordered);
    expect(free.exact).toBe(true);
    expect(strict.exact).toBe(false);
    expect(strict.score).toBeLessThan(free.score);
    expect(compare('John Smith', 'John Smith', 'individual', ordered).exact).toBe(true);
  });

  it('lets a frequency table change the weights: a rare shared token counts more', () => {
    const q = prepareName('Ali Hassan Rare', 'individual');
    const c = prepareName('Ali Hassan Other', 'individual');
    const rareId = q.ids[2] ?? -1;
    const common = scoreNames(q, c, DEFAULT_MATCH_CONFIG, { tokenWeight: (id) => (id === rareId ? 1 : 0.2) });
    const flat = scoreNames(q, c, DEFAULT_MATCH_CONFIG);
    expect(common.score).toBeLessThan(flat.score);
  });
});

describe('scoreNames explanation', () => {
  it('says which tokens met, by which signal, with which weight', () => {
    const r = compare('Ivan Petrovych KOVALENKO', 'Ivan Petrovich Kovalenko');
    const pairs = r.pairs ?? [];
    expect(pairs.map((p) => `${p.query}~${p.candidate}`).sort()).toEqual([
      'ivan~ivan',
      'kovalenko~kovalenko',
      'petrovych~petrovich',
    ]);
    const fuzzy = pairs.find((p) => p.query === 'petrovych');
    expect(fuzzy?.signal).toMatch(/jaro-winkler|levenshtein|phonetic/);
    expect(fuzzy?.similarity).toBeLessThan(1);
    const total = pairs.reduce((sum, p) => sum + p.weight, 0);
    expect(total).toBeGreaterThan(0.9);
    expect(total).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('explains merged tokens as one pair', () => {
    const pairs = compare('Abdul Rahman Yasin', 'ABDULRAHMAN YASIN').pairs ?? [];
    expect(pairs.map((p) => p.signal)).toEqual(['exact', 'exact']);
    const merged = compare('Abubakr Albaghdadi', 'Abu Bakr al Baghdadi').pairs ?? [];
    expect(merged.map((p) => `${p.query}~${p.candidate}:${p.signal}`).sort()).toEqual([
      'abubakr~abu bakr:merged',
      'albaghdadi~al baghdadi:merged',
    ]);
  });

  it('builds no explanation unless asked', () => {
    const r = scoreNames(
      prepareName('John Smith', 'any'),
      prepareName('John Smith', 'any'),
      DEFAULT_MATCH_CONFIG,
    );
    expect(r.pairs).toBeUndefined();
  });
});

describe('scoreNames robustness', () => {
  const awkward = ['', '   ', '\u0000\u0007\u001b', 'x'.repeat(10_000), 'Ж '.repeat(5_000), '😀😀😀', '-0-'];
  it.each(awkward.map((a) => [a.slice(0, 20)] as const).map((_, i) => [i]))('never throws (case %i)', (i) => {
    const raw = awkward[i] ?? '';
    const started = performance.now();
    for (const other of ['John Smith', raw]) {
      const r = scoreNames(prepareName(raw, 'any'), prepareName(other, 'any'), DEFAULT_MATCH_CONFIG, {
        explain: true,
      });
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('agrees with namesEqual on exactness', () => {
    const a = prepareName('Smith John', 'any');
    const b = prepareName('JOHN SMITH', 'any');
    expect(namesEqual(a, b, DEFAULT_MATCH_CONFIG)).toBe(true);
    expect(scoreNames(a, b, DEFAULT_MATCH_CONFIG).exact).toBe(true);
  });
});

describe('patronymics', () => {
  const cfg = DEFAULT_MATCH_CONFIG;
  const score = (a: string, b: string): number =>
    scoreNames(prepareName(a, 'individual'), prepareName(b, 'individual'), cfg).score;

  it("costs little when a query leaves out the father's name the list spells out", () => {
    expect(score('Vladimir Putin', 'PUTIN, Vladimir Vladimirovich')).toBeGreaterThanOrEqual(
      cfg.strongThreshold,
    );
    expect(score('Osama bin Laden', 'BIN LADIN, Usama bin Muhammad bin Awad')).toBeGreaterThanOrEqual(
      cfg.mediumThreshold,
    );
  });
});

describe('Chinese and Korean names written by syllables', () => {
  const cfg = DEFAULT_MATCH_CONFIG;
  const score = (a: string, b: string) =>
    scoreNames(prepareName(a, 'individual'), prepareName(b, 'individual'), cfg).score;

  it('takes a missing syllable for another name, not a partial one', () => {
    expect(score('Ying Wang', 'WANG, Guo Ying')).toBeLessThan(cfg.mediumThreshold);
    expect(score('John Smith', 'SMITH, John Robert')).toBeGreaterThanOrEqual(cfg.mediumThreshold);
  });

  it('still meets the syllables written together or apart', () => {
    expect(score('Wang Guoying', 'WANG, Guo Ying')).toBeGreaterThanOrEqual(cfg.strongThreshold);
    expect(score('Kim Jong-un', 'KIM Jong Un')).toBe(1);
  });
});
