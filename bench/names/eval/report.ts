/**
 * The evaluation's figures from its outcomes: recall per class, per source pair and per script,
 * false positives per negative source, and precision and recall per strength. `summarize` gives
 * the numbers (printed as JSON by --json), `formatSummary` the tables.
 */
import type { MatchStrength } from '../../../src/model/risk.js';
import { POSITIVE_CLASSES } from './queries.js';
import type { EvalRun } from './run.js';
import type { EvalOutcome } from './screen.js';

export const STRENGTHS: readonly MatchStrength[] = ['EXACT', 'STRONG', 'MEDIUM', 'WEAK'];
const RANK: Readonly<Record<MatchStrength, number>> = { EXACT: 4, STRONG: 3, MEDIUM: 2, WEAK: 1 };

export const atLeast = (s: MatchStrength | null, floor: MatchStrength): boolean =>
  s !== null && RANK[s] >= RANK[floor];

/** Found at a strength: the target is the top hit and that hit is at the strength or above. */
export const foundAt = (o: EvalOutcome, floor: MatchStrength): boolean =>
  o.targetTop && atLeast(o.topStrength, floor);

export interface RecallRow {
  readonly label: string;
  readonly n: number;
  /** Fraction found as top hit at each strength or above, by strength. */
  readonly top: Readonly<Record<MatchStrength, number>>;
  /** Fraction with the target among the top 10 hits, at any strength. */
  readonly top10: number;
}

export interface FalsePositiveRow {
  readonly label: string;
  readonly n: number;
  readonly medium: number;
  readonly weak: number;
}

export interface StrengthRow {
  readonly strength: MatchStrength;
  /** Queries (positive or negative) whose top hit is of exactly this strength. */
  readonly hits: number;
  /** Of those, the fraction whose top hit is the target. */
  readonly precision: number;
  /** Positives found as top hit at this strength or above. */
  readonly recall: number;
}

export interface EvalSummary {
  readonly split: string;
  readonly queries: number;
  readonly links: EvalRun['set']['links'];
  readonly identicalNotQueried: number;
  readonly excludedPeps: readonly string[];
  readonly classes: readonly RecallRow[];
  readonly scripts: readonly RecallRow[];
  readonly negatives: readonly FalsePositiveRow[];
  readonly strengths: readonly StrengthRow[];
}

const share = (n: number, of: number): number => (of === 0 ? 0 : n / of);
const count = (os: readonly EvalOutcome[], test: (o: EvalOutcome) => boolean): number =>
  os.reduce((n, o) => n + (test(o) ? 1 : 0), 0);

function recallRow(label: string, os: readonly EvalOutcome[]): RecallRow {
  const top = Object.fromEntries(
    STRENGTHS.map((s) => [
      s,
      share(
        count(os, (o) => foundAt(o, s)),
        os.length,
      ),
    ]),
  ) as Record<MatchStrength, number>;
  return {
    label,
    n: os.length,
    top,
    top10: share(
      count(os, (o) => o.targetInTop10),
      os.length,
    ),
  };
}

function falsePositiveRow(label: string, os: readonly EvalOutcome[]): FalsePositiveRow {
  return {
    label,
    n: os.length,
    medium: share(
      count(os, (o) => atLeast(o.topStrength, 'MEDIUM')),
      os.length,
    ),
    weak: share(
      count(os, (o) => atLeast(o.topStrength, 'WEAK')),
      os.length,
    ),
  };
}

/** "UN→UK" and "UK→UN" are one pair of lists. */
const pairOf = (source: string): string => source.split('→').sort().join('↔');

function groupBy<K>(os: readonly EvalOutcome[], key: (o: EvalOutcome) => K): Map<K, EvalOutcome[]> {
  const groups = new Map<K, EvalOutcome[]>();
  for (const o of os) groups.set(key(o), [...(groups.get(key(o)) ?? []), o]);
  return groups;
}

export function summarize(run: EvalRun): EvalSummary {
  const positives = run.outcomes.filter((o) => o.query.target !== null);
  const negatives = run.outcomes.filter((o) => o.query.target === null);
  const classes: RecallRow[] = [];
  for (const kind of POSITIVE_CLASSES) {
    const ofKind = positives.filter((o) => o.query.kind === kind);
    classes.push(recallRow(kind, ofKind));
    const bySource = groupBy(ofKind, (o) =>
      kind === 'native-script' ? o.query.source : pairOf(o.query.source),
    );
    for (const [source, os] of [...bySource].sort()) classes.push(recallRow(`  ${source}`, os));
  }
  classes.push(recallRow('all positives', positives));
  const natives = positives.filter((o) => o.query.kind === 'native-script');
  const scripts = [...groupBy(natives, (o) => o.query.script)]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([script, os]) => recallRow(script, os));
  const negativeRows = [...groupBy(negatives, (o) => o.query.source)].map(([s, os]) =>
    falsePositiveRow(s, os),
  );
  negativeRows.push(
    falsePositiveRow(
      'all faker',
      negatives.filter((o) => o.query.source !== 'PEP'),
    ),
  );
  negativeRows.push(falsePositiveRow('all negatives', negatives));
  const strengths = STRENGTHS.map((strength) => {
    const hits = run.outcomes.filter((o) => o.topStrength === strength);
    return {
      strength,
      hits: hits.length,
      precision: share(
        count(hits, (o) => o.targetTop),
        hits.length,
      ),
      recall: share(
        count(positives, (o) => foundAt(o, strength)),
        positives.length,
      ),
    };
  });
  return {
    split: run.split,
    queries: run.outcomes.length,
    links: run.set.links,
    identicalNotQueried: run.set.identical,
    excludedPeps: run.set.excludedPeps,
    classes,
    scripts,
    negatives: negativeRows,
    strengths,
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`.padStart(8);
const num = (n: number): string => n.toLocaleString('en-US').padStart(7);

function recallTable(title: string, rows: readonly RecallRow[]): string[] {
  const head = `${title.padEnd(24)}${'n'.padStart(7)}${['EXACT', '≥STRONG', '≥MEDIUM', '≥WEAK', 'top-10'].map((h) => h.padStart(8)).join('')}`;
  return [
    head,
    ...rows.map(
      (r) => `${r.label.padEnd(24)}${num(r.n)}${STRENGTHS.map((s) => pct(r.top[s])).join('')}${pct(r.top10)}`,
    ),
  ];
}

export function formatSummary(s: EvalSummary): string[] {
  const { unUk, ofacUn, ofacUk } = s.links;
  return [
    `Held-out evaluation, split ${s.split}: ${s.queries.toLocaleString('en-US')} queries. Links: UN↔UK ${unUk} (UN reference), OFAC↔UN ${ofacUn} and OFAC↔UK ${ofacUk} (birth date + 2 name words).`,
    `${s.identicalNotQueried.toLocaleString('en-US')} cross-list names equal to a name of their target (up to case, punctuation, order) are not queried (both splits); PEPs excluded as listed: ${s.excludedPeps.length}.`,
    '',
    'Positives: the target is the top hit at the strength or above (ties count); top-10: among the hits at any strength.',
    ...recallTable('class / lists', s.classes),
    '',
    ...recallTable('native-script by script', s.scripts),
    '',
    'Negatives: a hit at the strength or above is a false positive.',
    `${'source'.padEnd(24)}${'n'.padStart(7)}${'≥MEDIUM'.padStart(8)}${'≥WEAK'.padStart(8)}`,
    ...s.negatives.map((r) => `${r.label.padEnd(24)}${num(r.n)}${pct(r.medium)}${pct(r.weak)}`),
    '',
    'Per strength, positives and negatives together: precision = top hits of that strength that are the target;',
    'recall = positives whose target is the top hit at that strength or above.',
    `${'strength'.padEnd(24)}${'hits'.padStart(7)}${'precision'.padStart(10)}${'recall'.padStart(8)}`,
    ...s.strengths.map(
      (r) => `${r.strength.padEnd(24)}${num(r.hits)}${pct(r.precision).padStart(10)}${pct(r.recall)}`,
    ),
  ];
}

/** Up to `n` misses of a class, spread over the class: query → expected (what came top instead). */
export function missLines(outcomes: readonly EvalOutcome[], kind: string, n: number): string[] {
  // For negatives, a "miss" is a false positive: a hit at MEDIUM+ for someone on no list.
  const misses = outcomes.filter((o) =>
    kind === 'negative'
      ? o.query.kind === 'negative' && atLeast(o.topStrength, 'MEDIUM')
      : o.query.kind === kind && o.query.target !== null && !foundAt(o, 'MEDIUM'),
  );
  const stride = Math.max(1, Math.floor(misses.length / Math.max(1, n)));
  return misses
    .filter((_, i) => i % stride === 0)
    .slice(0, n)
    .map((o) => {
      const q = o.query;
      const got =
        o.top === null
          ? 'no hit'
          : `${o.targetTop ? '' : `top ${o.topName} `}${o.topStrength} ${o.topScore.toFixed(3)}`;
      return `${q.source} [${q.script}] ${q.name}  →  ${q.expected}  (${got})`;
    });
}
