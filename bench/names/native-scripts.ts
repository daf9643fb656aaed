/**
 * Native-script recall (issue #28): how often screening a name written in its own script finds its
 * own entity. Run: npx tsx bench/names/native-scripts.ts [--misses N]
 *
 * Lists: OFAC's advanced XML (native aliases carry OFAC's Script attribute) and the UK list's
 * "Name Non-Latin Script", parsed by the product parsers. Each list is indexed by buildEntityIndex
 * WITHOUT its native aliases (they would meet themselves), then every native alias is screened as
 * its entity's subject (individual / organization). Found = its entity is the top hit (ties at the
 * top count) at MEDIUM or stronger; also read at STRONG. Prints figures per list and script.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readListSource } from '../../src/lists/read-source.js';
import { scriptOf } from '../../src/lists/script-of.js';
import type { MatchStrength } from '../../src/model/risk.js';
import type { Entity } from '../../src/model/entity.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/index.js';
import { normalizeName } from '../../src/names/normalize.js';
import { buildEntityIndex, type EntityIndex } from '../../src/screening/entity-index.js';
import {
  companyQuery,
  personQuery,
  prepareIndividualQuery,
  prepareOrganizationQuery,
} from '../../src/screening/prepared-query.js';
import { searchEntities } from '../../src/screening/search.js';
import { SHARED } from './datasets.js';

const { values } = parseArgs({ options: { misses: { type: 'string', default: '0' } } });
const MISSES = Number(values.misses);
const RANK: Record<MatchStrength, number> = { EXACT: 4, STRONG: 3, MEDIUM: 2, WEAK: 1 };

const LISTS = [
  { label: 'OFAC', source: 'ofac-advanced', path: 'ofac/sdn_advanced_2025-11-19/sdn_advanced.xml.bz2' },
  { label: 'UK', source: 'uk', path: 'uk/ofsi_conlist_2025-04-10.csv.gz' },
] as const;

interface Tally {
  n: number;
  medium: number;
  strong: number;
  misses: string[];
}

/** The strength at which the query finds its own entity as the top hit (ties count), or null. */
function foundAt(index: EntityIndex, entity: Entity, raw: string): MatchStrength | null {
  const q =
    entity.type === 'individual'
      ? prepareIndividualQuery(index, personQuery({ full_name: raw }))
      : prepareOrganizationQuery(index, companyQuery({ name: raw }));
  const hits = searchEntities(index, q, { cfg: DEFAULT_MATCH_CONFIG, limit: 10, minStrength: 'MEDIUM' });
  const top = hits[0]?.score ?? 0;
  const own = hits.find((h) => h.score >= top - 1e-12 && index.entities[h.entity]!.entity === entity);
  return own?.strength ?? null;
}

const percent = (k: number, n: number): string => (n === 0 ? '-' : `${((100 * k) / n).toFixed(1)}%`);

for (const list of LISTS) {
  const parsed = await readListSource(list.source, join(SHARED, list.path));
  const latinOnly = parsed.entities.map((e) => ({
    ...e,
    aliases: e.aliases.filter((a) => a.kind !== 'native'),
  }));
  const index = buildEntityIndex(latinOnly);
  const byScript = new Map<string, Tally>();
  let normalizeMs = 0;
  parsed.entities.forEach((entity, i) => {
    for (const alias of entity.aliases) {
      if (alias.kind !== 'native') continue;
      const script = alias.script ?? scriptOf(alias.name) ?? 'unknown';
      const tally = byScript.get(script) ?? { n: 0, medium: 0, strong: 0, misses: [] };
      byScript.set(script, tally);
      const started = performance.now();
      const normalized = normalizeName(alias.name);
      normalizeMs += performance.now() - started;
      const strength = foundAt(index, latinOnly[i]!, alias.name);
      tally.n++;
      if (strength !== null && RANK[strength] >= RANK.MEDIUM) tally.medium++;
      if (strength !== null && RANK[strength] >= RANK.STRONG) tally.strong++;
      if (strength === null) tally.misses.push(`${alias.name} → "${normalized}" ≠ ${entity.name}`);
    }
  });
  console.log(`\n${list.label}: native-script aliases screened against the list's Latin names`);
  console.log(`${'script'.padEnd(20)}${'n'.padStart(6)}${'≥MEDIUM'.padStart(10)}${'≥STRONG'.padStart(10)}`);
  const total: Tally = { n: 0, medium: 0, strong: 0, misses: [] };
  for (const [script, t] of [...byScript].sort((a, b) => b[1].n - a[1].n)) {
    console.log(
      `${script.padEnd(20)}${String(t.n).padStart(6)}${percent(t.medium, t.n).padStart(10)}${percent(t.strong, t.n).padStart(10)}`,
    );
    total.n += t.n;
    total.medium += t.medium;
    total.strong += t.strong;
    if (MISSES > 0) {
      const stride = Math.max(1, Math.floor(t.misses.length / MISSES));
      const sample = t.misses.filter((_, k) => k % stride === 0).slice(0, MISSES);
      if (sample.length > 0) console.log(`    ${sample.join('\n    ')}`);
    }
  }
  console.log(
    `${'all'.padEnd(20)}${String(total.n).padStart(6)}${percent(total.medium, total.n).padStart(10)}${percent(total.strong, total.n).padStart(10)}` +
      `   (normalizeName ${((1000 * normalizeMs) / Math.max(1, total.n)).toFixed(1)} µs/name, first call)`,
  );
}
