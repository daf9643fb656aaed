import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readOfacLegacyFolder } from '../../src/lists/read-source.js';
import { NameIndex, type CandidateScope, type KeptCandidates } from '../../src/names/candidates.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/config.js';
import { preparedScratch, preparePacked } from '../../src/names/prepare.js';
import { BOUND_SLACK, scoreNames, scoreNameValue } from '../../src/names/score.js';
import { isInformativeClass, TOKEN_STRIDE, type PreparedName } from '../../src/names/types.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const LISTED: readonly [string, number][] = [
  ['AL-BAGHDADI, Abu Bakr', 1],
  ['MADURO MOROS, Nicolas', 2],
  ['KOVALENKO, Ivan Petrovych', 3],
  ['ABD AL-RAHMAN YASIN', 4],
  ['Mohammed Omar', 5],
  ['Mohammed Hassan', 6],
  ['Mohammed Ali', 7],
  ['SMITH, John', 8],
  ['Jon Smyth', 9],
];

function buildIndex(options = {}): NameIndex {
  const index = new NameIndex(options);
  for (const [name, owner] of LISTED) index.add(name, 'individual', owner);
  index.build();
  return index;
}

function ownersFor(index: NameIndex, query: string): number[] {
  return [...index.candidates(index.prepare(query, 'individual'))].map((slot) => index.ownerOf(slot));
}

describe('NameIndex', () => {
  const index = buildIndex();

  it.each([
    ['Abu Bakr al Baghdadi', 1],
    ['Abubakr Albaghdadi', 1],
    ['Baghdadi', 1],
    ['Nicolas Maduro', 2],
    ['Ivan Petrovich Kovalenko', 3],
    ['Abdulrahman Yasin', 4],
    ['Muhammad Umar', 5],
    ['John Smith', 8],
  ])('retrieves the listed entity for %s', (query, owner) => {
    expect(ownersFor(index, query)).toContain(owner);
  });

  it('puts the best-evidenced names first', () => {
    expect(ownersFor(index, 'Mohammed Omar')[0]).toBe(5);
    const lenient = buildIndex({ minEvidenceRatio: 0.1 });
    expect(ownersFor(lenient, 'John Smith').slice(0, 2).sort()).toEqual([8, 9]);
    expect(ownersFor(buildIndex({ minEvidenceRatio: 0.9 }), 'John Smith')).toEqual([8]);
  });

  it('retrieves nothing for names with no shared evidence, or only weak tokens', () => {
    expect(ownersFor(index, 'Xavier Quintero')).toEqual([]);
    expect(ownersFor(index, 'al bin')).toEqual([]);
    expect(ownersFor(index, '')).toEqual([]);
  });

  it('considers only the kept slots, before the candidate cut', () => {
    const small = buildIndex({ maxCandidates: 1 });
    const keep = new Uint8Array(small.size);
    keep[LISTED.findIndex(([, owner]) => owner === 6)] = 1;
    expect(
      [...small.candidates(small.prepare('Mohammed Omar', 'individual'), { keep })].map((s) =>
        small.ownerOf(s),
      ),
    ).toEqual([6]);
  });

  it('considers only the slots in the scope range', () => {
    const index = buildIndex();
    const q = index.prepare('Mohammed', 'individual');
    const everywhere = [...index.candidates(q)];
    expect(everywhere.length).toBeGreaterThan(1);
    const first = Math.min(...everywhere);
    const scoped = [...index.candidates(q, { from: first + 1, to: index.size })];
    expect(scoped).not.toContain(first);
    expect(scoped).toEqual(everywhere.filter((s) => s !== first));
  });

  it('can put its IDF into the prepared weights instead of a tokenWeight callback', () => {
    const baked = buildIndex({ idfWeights: true });
    const qa = index.prepare('Mohammed Omar Hassan', 'individual');
    const qb = baked.prepare('Mohammed Omar Hassan', 'individual');
    const viaCallback = scoreNames(qa, index.nameAt(5), DEFAULT_MATCH_CONFIG, {
      tokenWeight: index.tokenWeight,
    });
    const viaWeights = scoreNames(qb, baked.nameAt(5), DEFAULT_MATCH_CONFIG);
    expect(viaWeights.score).toBeCloseTo(viaCallback.score, 12);
  });

  it('bounds the number of candidates', () => {
    const small = buildIndex({ maxCandidates: 2 });
    expect(ownersFor(small, 'Mohammed')).toHaveLength(2);
  });

  it('gives rare tokens more weight than common ones, and unknown tokens the most', () => {
    const mohammed = index.prepare('Mohammed', 'individual').ids[0] ?? -1;
    const maduro = index.prepare('Maduro', 'individual').ids[0] ?? -1;
    expect(index.tokenWeight(maduro)).toBeGreaterThan(index.tokenWeight(mohammed));
    expect(index.tokenWeight(-1)).toBe(1);
  });

  it('scores its candidates with the index weights', () => {
    const q = index.prepare('Mohammed Omar', 'individual');
    const best = [...index.candidates(q)]
      .map((slot) => ({
        owner: index.ownerOf(slot),
        ...scoreNames(q, index.nameAt(slot), DEFAULT_MATCH_CONFIG, { tokenWeight: index.tokenWeight }),
      }))
      .sort((a, b) => b.score - a.score)[0];
    expect(best?.owner).toBe(5);
    expect(best?.exact).toBe(true);
  });

  it('refuses names after build() and unknown slots', () => {
    expect(() => index.add('Late Name', 'individual', 99)).toThrow(/after build/);
    expect(() => index.nameAt(999)).toThrow(RangeError);
    expect(index.size).toBe(LISTED.length);
  });
});

/** What keptCandidates says of a prepared query's tokens. */
function gated(gate: KeptCandidates, q: PreparedName, scope: CandidateScope = {}): number[] {
  const keysAt = Int32Array.from(q.tokens, (text, i) =>
    isInformativeClass(q.classes[i]!) ? gate.inScope(text, scope) : -1,
  );
  return [...gate.candidates(q.tokens, keysAt, q.tokens.length, scope)];
}

/** The kept slots among a query's real candidates, and what keptCandidates says of its tokens. */
function keptBoth(index: NameIndex, keep: Uint8Array, query: string): { real: number[]; gate: number[] } {
  const q = index.prepare(query, 'individual');
  const real = [...index.candidates(q)].filter((slot) => keep[slot] === 1);
  return { real, gate: gated(index.keptCandidates(keep), q) };
}

describe('NameIndex.keptCandidates', () => {
  const index = buildIndex();
  const keepOwner = (owner: number) => {
    const keep = new Uint8Array(index.size);
    keep[LISTED.findIndex(([, o]) => o === owner)] = 1;
    return keep;
  };

  it.each([
    ['Nicolas Maduro', 2],
    ['Nikolas Madura', 2],
    ['Abubakr Albaghdadi', 1],
    ['Ivan Kovalenko', 3],
  ])('keeps the kept name a query has among its candidates (%s)', (query, owner) => {
    const { real, gate } = keptBoth(index, keepOwner(owner), query);
    expect(real).toHaveLength(1);
    expect(gate).toEqual(real);
  });

  it.each([
    ['John Smith', 2],
    ['Xavier Quintero', 2],
    ['Mohammed Omar', 3],
  ])('rejects a query whose keys cannot bring the kept name in (%s)', (query, owner) => {
    const { real, gate } = keptBoth(index, keepOwner(owner), query);
    expect(real).toEqual([]);
    expect(gate).toEqual([]);
  });

  it.each([
    [10, [10]],
    [20, []],
  ])('follows the top cut: %i holders of the query token leave the kept name %j', (holders, kept) => {
    // "Ivanova" shares only the sound, prefix and skeleton of "ivanov": less evidence than its holders.
    const crowded = new NameIndex();
    for (let i = 0; i < holders; i++) crowded.add(`Ivanov ${String.fromCharCode(97 + i)}x`, 'individual', i);
    crowded.add('Ivanova Sidor', 'individual', holders);
    crowded.build();
    const keep = new Uint8Array(crowded.size);
    keep[holders] = 1;
    const gate = crowded.keptCandidates(keep);
    const q = crowded.prepare('Ivanov', 'individual');
    expect([...crowded.candidates(q)].filter((slot) => keep[slot] === 1)).toEqual(kept);
    expect(gated(gate, q)).toEqual(kept);
  });

  it('keeps a kept name that only two query tokens written as one reach', () => {
    const merged = new NameIndex();
    ['Abdulkarim Zaid', 'Omar Zaid', 'Ali Hassan'].forEach((name, owner) =>
      merged.add(name, 'individual', owner),
    );
    merged.build();
    const keep = Uint8Array.from([1, 0, 0]);
    // Neither "ab" nor "dulkarim" has a key that lists "abdulkarim"; their merged spelling does.
    const q = merged.prepare('Ab Dulkarim', 'individual');
    expect([...merged.candidates(q)]).toContain(0);
    expect(gated(merged.keptCandidates(keep), q)).toEqual([0]);
  });

  it('prepares tokens from their packed numbers as from their strings', () => {
    for (const idfWeights of [true, false]) {
      const indexed = buildIndex({ idfWeights });
      for (const raw of [
        'AL-BAGHDADI, Abu Bakr',
        'Abubakr Albaghdadi',
        'Ivan Kowalenko',
        'Abdul Rahman',
        'Omar',
        'Acme Trading Ltd',
      ]) {
        const kind = raw.endsWith('Ltd') ? 'organization' : 'individual';
        const q = indexed.prepare(raw, kind);
        const expected = indexed.prepareTokens(q.tokens, q.classes, kind);
        const packed = new Float64Array(q.tokens.length * TOKEN_STRIDE);
        q.tokens.forEach((token, i) =>
          packed.set(indexed.prepareTokens([token], [q.classes[i]!], 'any').packed, i * TOKEN_STRIDE),
        );
        const scratch = preparedScratch(q.tokens.length);
        expect(preparePacked(q.tokens, packed, kind, indexed.vocabulary, scratch), raw).toEqual(expected);
      }
    }
  });

  it('prepares recorded tokens as it prepares the name', () => {
    const q = index.prepare('AL-BAGHDADI, Abu Bakr', 'individual');
    const again = index.prepareTokens(q.tokens, q.classes, 'individual');
    expect([...again.packed]).toEqual([...q.packed]);
    expect(again.exactHash).toBe(q.exactHash);
    expect(scoreNameValue(again, index.nameAt(0), DEFAULT_MATCH_CONFIG)).toBe(1);
  });

  it.each([true, false])(
    'scores a slot as scoreNameValue does, and bounds it from above (idfWeights %s)',
    (idfWeights) => {
      const indexed = buildIndex({ idfWeights });
      const weight = idfWeights ? undefined : indexed.tokenWeight;
      const queries = ['Abu Bakr al Baghdadi', 'John Smith', 'Mohammed Smith', 'Ivan Kowalenko', 'Omar'];
      let pruned = 0;
      for (const query of queries) {
        const q = indexed.prepare(query, 'individual');
        const slots = Array.from({ length: indexed.size }, (_, slot) => slot);
        const bounds = [...indexed.scoreBounds(q, slots, DEFAULT_MATCH_CONFIG)];
        for (const slot of slots) {
          const score = scoreNameValue(q, indexed.nameAt(slot), DEFAULT_MATCH_CONFIG, weight);
          expect(indexed.score(q, slot, DEFAULT_MATCH_CONFIG)).toBe(score);
          const bound = bounds[slot]!;
          expect(bound, `${query} / ${slot}`).toBeGreaterThanOrEqual(score - BOUND_SLACK);
          // A bound that rules the name out of a search asking for 0.65.
          if (bound < 0.65 && score > 0) pruned++;
        }
      }
      expect(pruned).toBeGreaterThan(0);
    },
  );
});

describeWithDatasets('NameIndex.keptCandidates on OFAC SDN', () => {
  // The default budget walks nearly every query's keys whole; a small one makes most queries stop early.
  it.each([5_000, 300])(
    'keeps every kept name a real query has among its candidates, and rejects most queries (budget %i)',
    (maxPostings) => {
      const entities = readOfacLegacyFolder(sharedPath('ofac', 'sdn_2023-12-28')).entities.filter(
        (e) => e.type === 'individual',
      );
      const index = new NameIndex({ idfWeights: true, maxPostings });
      const keep: number[] = [];
      entities.forEach((e, i) => {
        for (const name of [e.name, ...e.aliases.map((a) => a.name)]) {
          const slot = index.add(name, 'individual', i);
          // A delta's worth of changed names: every 40th entity.
          if (i % 40 === 0) keep[slot] = 1;
        }
      });
      index.build();
      const kept = Uint8Array.from({ length: index.size }, (_, slot) => keep[slot] ?? 0);
      const gate = index.keptCandidates(kept);
      const peps = Papa.parse<Record<string, string>>(
        readFileSync(sharedPath('pep', 'us_congress_and_executive_peps_2026-06-15.csv'), 'utf8'),
        { header: true, skipEmptyLines: true },
      ).data.map((row) => row.official_full ?? '');
      // Listed names with a letter dropped: near the kept names, and near many others.
      const variants = entities
        .filter((_, i) => i % 7 === 0)
        .map((e) => e.name.slice(0, -2) + e.name.slice(-1));
      let met = 0;
      let rejected = 0;
      const queries = [...peps, ...variants];
      for (const query of queries) {
        const q = index.prepare(query, 'individual');
        const real = [...index.candidates(q)].filter((slot) => kept[slot] === 1);
        const fromGate = gated(gate, q);
        expect(
          real.filter((slot) => !fromGate.includes(slot)),
          query,
        ).toEqual([]);
        if (real.length > 0) met++;
        if (fromGate.length === 0) rejected++;
      }
      expect(met).toBeGreaterThan(50);
      expect(rejected).toBeGreaterThan(queries.length / 2);
    },
  );
});
