import { describe, expect, it } from 'vitest';
import type { RowResult } from '../../src/batch/batch-result.js';
import { addResults, emptyStats } from '../../src/batch/batch-stats.js';
import { renderHtmlReport } from '../../src/batch/report-html.js';
import { summarize } from '../../src/batch/report.js';

function reportOf(results: readonly RowResult[]): string {
  const stats = addResults(
    emptyStats(),
    results,
    results.map(() => 'name'),
  );
  const summary = summarize(stats, {
    status: 'completed',
    portfolio: 'portfolio.csv',
    out: 'out.jsonl',
    report: 'out.jsonl.report.html',
    seconds: 1,
    workers: 0,
    resumed_from_row: 0,
    list_versions: [],
    lists: [],
    delta: null,
  });
  return renderHtmlReport(summary, stats, '2026-05-01T00:00:00.000Z');
}

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
  });
});
