import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/config.js';
import { areNicknames } from '../../src/names/nicknames.js';
import { prepareName } from '../../src/names/prepare.js';
import { scoreNames, scoreNameValue } from '../../src/names/score.js';

const cfg = DEFAULT_MATCH_CONFIG;
const prepared = (a: string, b: string) =>
  [prepareName(a, 'individual'), prepareName(b, 'individual')] as const;

describe('areNicknames', () => {
  it.each([
    ['bob', 'robert', true],
    ['sasha', 'aleksandr', true],
    ['volodya', 'vladimir', true],
    ['pepe', 'jose', true],
    ['bob', 'rob', true],
    // Harry is short for Harold and for Henry, which are not one name.
    ['harold', 'henry', false],
    ['alexander', 'alexandra', false],
    ['robert', 'robert', false],
    ['kovalenko', 'robert', false],
  ])('%s / %s: %s', (a, b, expected) => {
    expect(areNicknames(a, b)).toBe(expected);
    expect(areNicknames(b, a)).toBe(expected);
  });
});

describe('nicknames in scoring', () => {
  it('finds a listed person by the short form of the given name, and says so', () => {
    const [q, c] = prepared('Bob Mugabe', 'Robert Gabriel Mugabe');
    const result = scoreNames(q, c, cfg, { explain: true });
    expect(result.score).toBeGreaterThanOrEqual(cfg.mediumThreshold);
    expect(result.pairs?.map((p) => `${p.query}~${p.candidate}:${p.signal}`)).toContain(
      'bob~robert:nickname',
    );
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
    ] as const) {
      const [q, c] = prepared(a, b);
      const real = scoreNameValue(q, c, cfg);
      expect(real).toBeGreaterThan(0.7);
      expect(scoreNameValue(q, c, cfg, undefined, real)).toBe(real);
    }
  });
});
