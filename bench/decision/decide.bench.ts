/**
 * Transaction decision, 2 participants + the default rules: compiled closures vs json-rules-engine on the
 * same facts. vitest prints hz, p99 and "N× faster than"; `npx tsx bench/decision/decide.ts` prints p50/p99.
 */
import { bench, describe } from 'vitest';
import { decideTransaction, decideWithJsonRulesEngine } from '../../src/decision/index.js';
import { compiled, jsonEngine, TRAFFIC } from './inputs.js';

for (const [mix, factSets] of Object.entries(TRAFFIC)) {
  let i = 0;
  const next = () => factSets[i++ % factSets.length]!;
  describe(`decide a transaction, ${mix} traffic (default rules)`, () => {
    bench('compiled decideTransaction', () => {
      decideTransaction(compiled, next());
    });
    bench('json-rules-engine', async () => {
      await decideWithJsonRulesEngine(jsonEngine, next());
    });
  });
}
