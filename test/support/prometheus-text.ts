/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for tests that scrape /metrics:
 * every line must be a HELP, a TYPE or a sample of a declared family, and histograms must be
 * cumulative with a +Inf bucket equal to their count. (parse-prometheus-text-format, the npm
 * parser, merges the series of a labelled histogram into one, so it cannot check ours.)
 */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Scrape {
  /** Family name → its TYPE. */
  readonly types: ReadonlyMap<string, string>;
  readonly samples: readonly Sample[];
  /**
   * The value of the sample with this name whose labels include `labels`: 0 when there is none (a
   * labelled series appears with its first event); throws when several match.
   */
  value(name: string, labels?: Readonly<Record<string, string>>): number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
// Prometheus reads values with Go's ParseFloat, whose Inf and NaN are case-insensitive (prom-client writes "Nan").
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const SPECIAL = /^(?:([+-]?)inf(?:inity)?|nan)$/i;
const COMMENT = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const PAIR = new RegExp(`(${LABEL})="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"(,|$)`, 'y');
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Readonly<Record<string, readonly string[]>> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function valueOf(text: string, line: string): number {
  if (NUMBER.test(text)) return Number(text);
  const special = SPECIAL.exec(text);
  if (special === null) throw new Error(`not a sample value: ${line}`);
  if (/nan/i.test(text)) return Number.NaN;
  return special[1] === '-' ? -Infinity : Infinity;
}

function labelsOf(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (text === undefined || text === '') return labels;
  PAIR.lastIndex = 0;
  while (PAIR.lastIndex < text.length) {
    const m = PAIR.exec(text);
    if (m === null) throw new Error(`bad labels in: ${line}`);
    if (m[1]! in labels) throw new Error(`label ${m[1]} twice in: ${line}`);
    labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

function familyOf(sample: string, types: ReadonlyMap<string, string>): string | undefined {
  if (types.has(sample)) return sample;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    const base = sample.slice(0, -suffix.length);
    if (sample.endsWith(suffix) && SUFFIXES[types.get(base) ?? '']?.includes(suffix)) return base;
  }
  return undefined;
}

function checkHistograms(types: ReadonlyMap<string, string>, samples: readonly Sample[]): void {
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, { buckets: [number, number][]; count?: number }>();
    const keyOf = (labels: Readonly<Record<string, string>>) =>
      JSON.stringify(
        Object.entries(labels)
          .filter(([k]) => k !== 'le')
          .sort(),
      );
    for (const s of samples) {
      if (s.name !== `${family}_bucket` && s.name !== `${family}_count`) continue;
      const key = keyOf(s.labels);
      const entry = series.get(key) ?? { buckets: [] };
      series.set(key, entry);
      if (s.name.endsWith('_count')) entry.count = s.value;
      else entry.buckets.push([s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), s.value]);
    }
    for (const [key, { buckets, count }] of series) {
      buckets.sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < buckets.length; i++) {
        if (buckets[i]![1] < buckets[i - 1]![1]) throw new Error(`${family}${key}: buckets not cumulative`);
      }
      const inf = buckets[buckets.length - 1];
      if (inf?.[0] !== Infinity || inf[1] !== count) throw new Error(`${family}${key}: +Inf bucket ≠ count`);
    }
  }
}

/** Reads a scrape; throws on the first line that is not valid exposition text. */
export function readPrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment;
      if (kind === 'TYPE') {
        if (!TYPES.has(rest!)) throw new Error(`unknown type in: ${line}`);
        if (types.has(name!)) throw new Error(`family ${name} declared twice`);
        types.set(name!, rest!);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (sample === null) throw new Error(`not a sample: ${line}`);
    const [, name, labelText, value] = sample;
    if (familyOf(name!, types) === undefined) throw new Error(`sample of no declared family: ${line}`);
    const number = valueOf(value!, line);
    samples.push({ name: name!, labels: labelsOf(labelText, line), value: number });
  }
  checkHistograms(types, samples);
  return {
    types,
    samples,
    value(name, labels = {}) {
      const found = samples.filter(
        (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
      );
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
      return found[0]?.value ?? 0;
    },
  };
}
