/**
 * Held-out name-matching evaluation (issue #28): `npx tsx bench/names/evaluate.ts [--split dev|test|all]
 * [--json] [--misses N --class variant|partial|different|native-script|negative]`.
 *
 * Labelled queries come from the lists themselves (bench/names/eval/): names of one record screened
 * against another list that holds the same party (UN↔UK by UN reference, OFAC↔UN/UK by birth date),
 * native-script names screened against their record's Latin names, and names of people on no list
 * (22 faker locales, US PEPs). Parties are split by hash into dev and test halves: choose
 * thresholds on dev (bench/names/calibrate-eval.ts), report on test. Misses are for development:
 * print them from dev only, so that test stays unseen.
 */
import { formatSummary, missLines, summarize } from './eval/report.js';
import { runEvaluation, type SplitChoice } from './eval/run.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const split = (option('--split') ?? 'dev') as SplitChoice;
if (!['dev', 'test', 'all'].includes(split)) {
  console.error(`--split must be dev, test or all, not "${split}".`);
  process.exit(2);
}
const misses = Number(option('--misses') ?? 0);
const kind = option('--class') ?? 'variant';

const run = await runEvaluation(split);
const summary = summarize(run);
if (args.includes('--json')) {
  console.log(JSON.stringify(summary, null, 2));
} else {
  console.log(formatSummary(summary).join('\n'));
  console.log(
    `\n(read and indexed in ${run.loadSeconds.toFixed(1)} s, screened in ${run.screenSeconds.toFixed(1)} s)`,
  );
}
if (misses > 0) {
  if (split !== 'dev') console.warn('Misses are printed from the dev split only; looking at test spoils it.');
  else
    console.log(
      `\nMisses of ${kind} (not the top hit at MEDIUM+):\n  ${missLines(run.outcomes, kind, misses).join('\n  ')}`,
    );
}
