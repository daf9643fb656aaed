import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RowResult } from '../../src/batch/batch-result.js';
import { addResults, emptyStats } from '../../src/batch/batch-stats.js';
import type { ScreenedList } from '../../src/batch/delta.js';
import { REVIEW_SAMPLE } from '../../src/batch/needs-review.js';
import { renderHtmlReport } from '../../src/batch/report-html.js';
import { summarize } from '../../src/batch/report.js';
import { aBatchMatch, aScreenedRow } from '../support/factories.js';

const HOSTILE = '<img src=x onerror=alert(1)>';
const QUOTED = '"><script>alert(2)</script>';

const UN: ScreenedList = {
  list: 'un',
  id: 'un@2',
  source: 'un',
  published_at: '2026-02-27',
  imported_at: Date.parse('2026-03-01T08:00:00Z'),
  entities: 1004,
};

function reportOf(
  results: readonly RowResult[],
  run: { portfolio?: string; lists?: readonly ScreenedList[] } = {},
): string {
  const stats = addResults(
    emptyStats(),
    results,
    results.map((_, i) => `name ${i + 1}`),
  );
  const lists = run.lists ?? [];
  const summary = summarize(stats, {
    status: 'completed',
    portfolio: run.portfolio ?? '/data/portfolio.csv',
    out: 'out.jsonl',
    report: 'out.jsonl.report.html',
    seconds: 1,
    workers: 0,
    resumed_from_row: 0,
    list_versions: lists.flatMap((l) => (l.id === null ? [] : [{ list: l.list, id: l.id, seq: 2 }])),
    lists,
    delta: null,
  });
  return renderHtmlReport(summary, stats, '2026-05-01T00:00:00.000Z');
}

/** The text of the section with this id. */
const section = (html: string, id: string) => html.split(`<section id="${id}">`)[1]!.split('</section>')[0]!;
const reviewRowsOf = (html: string) => section(html, 'needs-review').split('<tr data-list=').slice(1);

const RESULTS: RowResult[] = [
  aScreenedRow({
    external_id: 'c-1',
    risk_level: 'HIGH',
    matches: [aBatchMatch({ strength: 'EXACT', score: 1, entity_id: 'X-1' })],
  }),
  aScreenedRow({
    external_id: 'c-2',
    risk_level: 'MEDIUM',
    matches: [aBatchMatch({ list: 'un', entity_id: 'QDi.1', score: 0.78, programs: ['Al-Qaida'] })],
  }),
  aScreenedRow({
    external_id: 'c-3',
    risk_level: 'LOW',
    matches: [aBatchMatch({ strength: 'WEAK', score: 0.7, entity_id: 'W-1' })],
  }),
  aScreenedRow({ external_id: 'c-4', risk_level: 'MEDIUM', matches: [aBatchMatch({ score: 0.81 })] }),
  { external_id: 'c-5', error: 'full_name must not be empty' },
];

describe('renderHtmlReport: rows not screened and rows with warnings', () => {
  it('lists the first 20 of each with their row, external_id and reason, and how many more there are', () => {
    const results: RowResult[] = [
      ...Array.from({ length: 25 }, (_, i) => ({
        external_id: `e-${i}`,
        error: `full_name must not be empty ${i}`,
      })),
      { external_id: 'w-1', risk_level: 'NONE', matches: [], warnings: ['nationality <US>; ignored'] },
    ];
    const html = reportOf(results);
    expect(html).toContain('<h2>Rows not screened</h2>');
    expect(html).toContain('e-19');
    expect(html).not.toContain('>e-20<');
    expect(html).toContain('5 more in the output.');
    expect(html).toContain('<h2>Rows screened with warnings</h2>');
    expect(html).toContain('<td class="n">26</td><td>w-1</td><td>nationality &lt;US&gt;; ignored</td>');
    expect(html).toMatch(/rows screened with warnings<\/th><td>1</);
  });

  it('says so when every row was screened with every field', () => {
    const html = reportOf([{ external_id: 'c-1', risk_level: 'NONE', matches: [] }]);
    expect(html).toContain('Every row was screened.');
    expect(html).toContain('No row had a field left out.');
    expect(html).toContain('No MEDIUM or WEAK match: nothing ambiguous to review.');
  });
});

describe('renderHtmlReport: what needs review first', () => {
  it('puts its sections in order: facts, needs review, risk, strengths, programmes, rows, scores, strongest', () => {
    const html = reportOf(RESULTS, { lists: [UN] });
    const ids = [...html.matchAll(/<section id="([a-z-]+)">/g)].map((m) => m[1]);
    expect(ids).toEqual([
      'facts',
      'needs-review',
      'risk',
      'strengths',
      'programs',
      'not-screened',
      'warnings',
      'scores',
      'strongest',
    ]);
  });

  it('names the portfolio by its file name and each list with its version, dates and entities', () => {
    const facts = section(reportOf(RESULTS, { lists: [UN] }), 'facts');
    expect(facts).toContain('<th>portfolio</th><td>portfolio.csv</td>');
    expect(facts).not.toContain('/data/');
    expect(facts).toContain(
      '<td>un</td><td>un@2</td><td>un</td><td>2026-02-27</td><td>2026-03-01</td><td class="n">1,004</td>',
    );
    expect(section(reportOf(RESULTS, { portfolio: 'duckdb:customers' }), 'facts')).toContain(
      '<td>duckdb:customers</td>',
    );
  });

  it('lists MEDIUM and WEAK matches only, grouped by list, strongest first, with their row and programmes', () => {
    const rows = reviewRowsOf(reportOf(RESULTS));
    expect(rows.map((r) => r.slice(0, r.indexOf('>')))).toEqual([
      '"ofac-sdn" data-strength="MEDIUM"',
      '"ofac-sdn" data-strength="WEAK"',
      '"un" data-strength="MEDIUM"',
    ]);
    expect(rows[0]).toContain('<td>c-4</td><td>name 4</td>');
    expect(rows[0]).toContain('<td class="n">0.810</td>');
    expect(rows[2]).toContain('<td>Al-Qaida</td>');
    expect(section(reportOf(RESULTS), 'strongest')).toContain('X-1');
  });

  it('counts rows per risk level and the rows not screened, matches per list and strength and per programme', () => {
    const html = reportOf(RESULTS, { lists: [UN] });
    const risk = section(html, 'risk');
    expect(risk).toContain('<td class="risk-HIGH">HIGH</td><td class="n">1</td><td class="n">20.0 %</td>');
    expect(risk).toContain('<td class="risk-MEDIUM">MEDIUM</td><td class="n">2</td>');
    expect(risk).toContain('<td>not screened</td><td class="n">1</td>');
    const strengths = section(html, 'strengths');
    expect(strengths).toContain(
      '<tr><td>ofac-sdn</td><td class="n">1</td><td class="n">0</td><td class="n">1</td><td class="n">1</td><td class="n">3</td></tr>',
    );
    expect(strengths).toContain(
      '<tr><td>un</td><td class="n">0</td><td class="n">0</td><td class="n">1</td>',
    );
    expect(section(html, 'programs')).toContain(
      '<td>ofac-sdn</td><td>VENEZUELA-EO13692</td><td class="n">3</td>',
    );
  });

  it(`says how many it leaves out beyond the ${REVIEW_SAMPLE} strongest of a list and strength`, () => {
    const many = Array.from({ length: REVIEW_SAMPLE + 5 }, (_, i) =>
      aScreenedRow({ external_id: `m-${i}`, risk_level: 'MEDIUM', matches: [aBatchMatch()] }),
    );
    const html = reportOf(many);
    expect(reviewRowsOf(html)).toHaveLength(REVIEW_SAMPLE);
    expect(section(html, 'needs-review')).toContain(
      `ofac-sdn: the strongest ${REVIEW_SAMPLE} of ${REVIEW_SAMPLE + 5} MEDIUM`,
    );
  });
});

describe('renderHtmlReport: untrusted names', () => {
  const hostile: RowResult[] = [
    aScreenedRow({
      external_id: QUOTED,
      risk_level: 'MEDIUM',
      matches: [
        aBatchMatch({
          list: HOSTILE,
          name: HOSTILE,
          matched_name: QUOTED,
          entity_id: QUOTED,
          programs: [HOSTILE],
          alignments: [{ query: HOSTILE, list: QUOTED, signal: HOSTILE, similarity: 1 }],
        }),
      ],
    }),
    { external_id: HOSTILE, error: QUOTED },
  ];
  const html = reportOf(hostile, {
    portfolio: `/tmp/${HOSTILE}.csv`,
    lists: [{ ...UN, list: HOSTILE, id: QUOTED, source: HOSTILE }],
  });

  it('escapes a hostile list name, portfolio name, programme, id and alignment everywhere', () => {
    expect(html).not.toContain('<img');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<th>portfolio</th><td>&lt;img src=x onerror=alert(1)&gt;.csv</td>');
    expect(html).toContain('<tr data-list="&lt;img src=x onerror=alert(1)&gt;" data-strength="MEDIUM">');
    expect(html).toContain(
      '<option value="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;</option>',
    );
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('allows its own script and style alone, by their hashes', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/
      .exec(html)![1]!
      .replaceAll('&#39;', "'");
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      `script-src ${sha(script)}`,
      `style-src ${sha(style)}`,
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });

  it('keeps the filter controls hidden until the script shows them', () => {
    expect(html).toContain('<div id="review-controls" class="controls" hidden>');
  });
});
