/**
 * One evaluation run: read the lists, build the labelled queries and the indexes, screen the
 * queries of the chosen split. Shared by bench/names/evaluate.ts and bench/names/calibrate-eval.ts.
 */
import { loadEvalLists } from './lists.js';
import { buildEvalQueries, type EvalQuerySet } from './queries.js';
import { buildEvalIndexes, screenQuery, type EvalOutcome } from './screen.js';
import type { Split } from './split.js';

export type SplitChoice = Split | 'all';

export interface EvalRun {
  readonly split: SplitChoice;
  readonly set: EvalQuerySet;
  readonly outcomes: readonly EvalOutcome[];
  /** Seconds spent reading and indexing, and screening. */
  readonly loadSeconds: number;
  readonly screenSeconds: number;
}

export async function runEvaluation(split: SplitChoice): Promise<EvalRun> {
  const started = performance.now();
  const lists = await loadEvalLists();
  const set = buildEvalQueries(lists);
  const indexes = buildEvalIndexes(lists);
  const loaded = performance.now();
  const outcomes = set.queries
    .filter((q) => split === 'all' || q.split === split)
    .map((q) => screenQuery(q, indexes));
  const screened = performance.now();
  return {
    split,
    set,
    outcomes,
    loadSeconds: (loaded - started) / 1000,
    screenSeconds: (screened - loaded) / 1000,
  };
}
