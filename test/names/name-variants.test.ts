import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/config.js';
import { nameVariant, NO_VARIANT } from '../../src/names/name-variants.js';
import { MatchSignal } from '../../src/names/types.js';
import { prepareName } from '../../src/names/prepare.js';
import { scoreNames, scoreNameValue } from '../../src/names/score.js';

const cfg = DEFAULT_MATCH_CONFIG;
const prepared = (a: string, b: string) =>
  [prepareName(a, 'individual'), prepareName(b, 'individual')] as const;

const { NICKNAME, ROMANIZATION } = MatchSignal;

describe('nameVariant', () => {
  it.each([
    ['bob', 'robert', NICKNAME],
    ['sasha', 'aleksandr', NICKNAME],
    ['volodya', 'vladimir', NICKNAME],
    ['pepe', 'jose', NICKNAME],
    ['bob', 'rob', NICKNAME],
    ['lee', 'ri', ROMANIZATION],
    ['park', 'pak', ROMANIZATION],
    ['zhou', 'chou', ROMANIZATION],
    // Harry is short for Harold and for Henry, which are not one name.
    ['harold', 'henry', NO_VARIANT],
    ['alexander', 'alexandra', NO_VARIANT],
    ['robert', 'robert', NO_VARIANT],
    ['kovalenko', 'robert', NO_VARIANT],
  ])('%s / %s: %i', (a, b, expected) => {
    expect(nameVariant(a, b)).toBe(expected);
    expect(nameVariant(b, a)).toBe(expected);
  });
});

describe('name variants in scoring', () => {
  it.each([
    ['Bob Mugabe', 'Robert Gabriel Mugabe', 'bob~robert:nickname', cfg.mediumThreshold],
    ['Lee Su Yong', 'RI Su Yong', 'lee~ri:romanization', cfg.strongThreshold],
  ])('finds %s as %s, and says why', (query, listed, pair, atLeast) => {
    const [q, c] = prepared(query, listed);
    const result = scoreNames(q, c, cfg, { explain: true });
    expect(result.score).toBeGreaterThanOrEqual(atLeast);
    expect(result.pairs?.map((p) => `${p.query}~${p.candidate}:${p.signal}`)).toContain(pair);
  });

  it('ranks the nickname above a different given name', () => {
    const [q, nickname] = prepared('Sasha Lukashenko', 'Aleksandr Lukashenko');
    const [, other] = prepared('Sasha Lukashenko', 'Viktor Lukashenko');
    expect(scoreNameValue(q, nickname, cfg)).toBeGreaterThan(scoreNameValue(q, other, cfg) + 0.2);
  });

  it('is within the score bound: asked for at least the real score, the scorer still returns it', () => {
    for (const [a, b] of [
      ['Bill Clinton', 'William Jefferson Clinton'],
      ['Volodya Putin', 'Vladimir Vladimirovich Putin'],
      ['Lee Su Yong', 'Ri Su Yong'],
    ] as const) {
      const [q, c] = prepared(a, b);
      const real = scoreNameValue(q, c, cfg);
      expect(real).toBeGreaterThan(0.7);
      expect(scoreNameValue(q, c, cfg, undefined, real)).toBe(real);
    }
  });
});
