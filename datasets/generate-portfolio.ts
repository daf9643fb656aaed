/**
 * Generates a synthetic portfolio CSV into datasets/generated/ (git-ignored), with ~0.5% real OFAC
 * SDN names planted, and beside it the planted names (`.planted.jsonl`) a screening should find.
 *
 *   npx tsx datasets/generate-portfolio.ts [--rows 100000] [--seed 42] [--out PATH] [--ofac FOLDER]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generatePortfolio } from '../src/batch/generate-portfolio.js';
import { readOfacLegacyFolder } from '../src/lists/read-source.js';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
    out: { type: 'string' },
    ofac: { type: 'string', default: resolve(here, '../../shared/datasets/ofac/sdn_2023-12-28') },
  },
});
const rows = Number(values.rows);
const out = values.out ?? join(here, 'generated', `portfolio-${rows}.csv`);
mkdirSync(dirname(out), { recursive: true });
const { entities } = readOfacLegacyFolder(values.ofac);
const started = performance.now();
const planted = await generatePortfolio(out, { rows, seed: Number(values.seed), listed: entities });
writeFileSync(
  out.replace(/\.csv$/, '.planted.jsonl'),
  planted.map((p) => JSON.stringify(p)).join('\n') + '\n',
);
console.log(
  JSON.stringify({
    out,
    rows,
    planted: planted.length,
    seconds: Math.round(performance.now() - started) / 1000,
  }),
);
