/**
 * Normalization speed on Latin-heavy input, the hot path's common case: npx tsx bench/names/normalize.ts
 * Inputs: every UN and OFAC (legacy) primary name and alias, prepared before timing. Timed per round
 * over all names: normalizeText (uncached, what a word costs the first time) and normalizeName (the
 * per-word memo, as queries meet it). Prints the median round in ns per name; asserts nothing.
 */
import { normalizeName, normalizeText } from '../../src/names/normalize.js';
import { loadOfac, loadUn } from './datasets.js';

const ROUNDS = 9;
const names = [...loadUn(), ...loadOfac()].flatMap((e) => [e.primary, ...e.aliases]);
const plain = names.filter((n) => /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/.test(n)).length;

/** Median over ROUNDS of one pass over every name, in ns per name. */
function nsPerName(run: (raw: string) => string): number {
  const rounds: number[] = [];
  let sink = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const started = performance.now();
    for (const raw of names) sink += run(raw).length;
    rounds.push(((performance.now() - started) * 1e6) / names.length);
  }
  if (sink < 0) console.log(sink); // keeps the work observable
  return rounds.sort((a, b) => a - b)[ROUNDS >> 1] ?? 0;
}

console.log(`${names.length} names (${((100 * plain) / names.length).toFixed(0)}% plain words)`);
console.log(`normalizeText (uncached) ${nsPerName(normalizeText).toFixed(0)} ns/name`);
console.log(`normalizeName (memo)     ${nsPerName(normalizeName).toFixed(0)} ns/name`);
