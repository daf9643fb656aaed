/**
 * The batch report's tables of counts: the lists screened against, rows per risk level, matches per
 * list and strength, matches per programme, the rows not screened or screened with warnings, and the
 * score histogram. Every list name, programme, id and reason is escaped: they are list or portfolio
 * data.
 */
import { RISK_LEVELS, type MatchStrength } from '../model/risk.js';
import { HISTOGRAM_BINS, HISTOGRAM_FROM, type NotedRow } from './batch-stats.js';
import type { ScreenedList } from './delta.js';
import { escapeHtml as esc } from './escape-html.js';
import type { BatchSummary } from './report.js';

export const num = (n: number) => n.toLocaleString('en-US');

const STRENGTHS: readonly MatchStrength[] = ['EXACT', 'STRONG', 'MEDIUM', 'WEAK'];
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const share = (n: number, of: number) => (of > 0 ? `${((100 * n) / of).toFixed(1)} %` : '–');

const dateOf = (epochMs: number | null) =>
  epochMs === null ? '' : new Date(epochMs).toISOString().slice(0, 10);

/** Each list's version, source, dates and entities. */
export function listsTable(lists: readonly ScreenedList[]): string {
  if (lists.length === 0) return '<p class="muted">No list recorded.</p>';
  const rows = lists
    .map(
      (l) =>
        `<tr><td>${esc(l.list)}</td><td>${esc(l.id ?? '')}</td><td>${esc(l.source ?? '')}</td><td>${esc(l.published_at ?? '')}</td><td>${esc(dateOf(l.imported_at))}</td><td class="n">${num(l.entities)}</td></tr>`,
    )
    .join('');
  return `<table class="lists"><thead><tr><th>list</th><th>version</th><th>source</th><th>published</th><th>imported</th><th>entities</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Rows per risk level, highest first, and the rows that could not be screened. */
export function riskTable(summary: BatchSummary): string {
  const levels = [...RISK_LEVELS].reverse();
  const rows = levels
    .map((level) => {
      const n = summary.rows_by_risk[level] ?? 0;
      return `<tr><td class="risk-${level}">${level}</td><td class="n">${num(n)}</td><td class="n">${share(n, summary.rows)}</td></tr>`;
    })
    .join('');
  const errors = `<tr><td>not screened</td><td class="n">${num(summary.errors)}</td><td class="n">${share(summary.errors, summary.rows)}</td></tr>`;
  return `<table class="risk"><thead><tr><th>risk level</th><th>rows</th><th>share</th></tr></thead><tbody>${rows}${errors}</tbody></table>`;
}

/** Matches per list (every list screened, most matches first) and strength, with totals. */
export function strengthByListTable(summary: BatchSummary): string {
  const counts = summary.matches_by_list_strength;
  const lists = [...new Set([...summary.lists.map((l) => l.list), ...Object.keys(counts)])];
  const of = (list: string, s: MatchStrength) => (Object.hasOwn(counts, list) ? counts[list]![s] : 0);
  const total = (list: string) => STRENGTHS.reduce((sum, s) => sum + of(list, s), 0);
  lists.sort((a, b) => total(b) - total(a) || byName(a, b));
  const cells = (values: readonly number[]) => values.map((n) => `<td class="n">${num(n)}</td>`).join('');
  const rows = lists
    .map(
      (list) => `<tr><td>${esc(list)}</td>${cells([...STRENGTHS.map((s) => of(list, s)), total(list)])}</tr>`,
    )
    .join('');
  const totals = STRENGTHS.map((s) => summary.matches_by_strength[s]);
  const head = STRENGTHS.map((s) => `<th class="${s}">${s}</th>`).join('');
  return `<table class="strengths"><thead><tr><th>list</th>${head}<th>all</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th>all lists</th>${cells([...totals, summary.matches])}</tr></tfoot></table>`;
}

/** Matches per list and programme, most first; sortable. */
export function programsTable(summary: BatchSummary): string {
  const rows = Object.entries(summary.matches_by_program)
    .flatMap(([list, programs]) => Object.entries(programs).map(([program, n]) => ({ list, program, n })))
    .sort((a, b) => b.n - a.n || byName(a.list, b.list) || byName(a.program, b.program));
  if (rows.length === 0) return '<p class="muted">No match carries a sanctions programme.</p>';
  const body = rows
    .map((r) => `<tr><td>${esc(r.list)}</td><td>${esc(r.program)}</td><td class="n">${num(r.n)}</td></tr>`)
    .join('');
  return `<table class="programs sortable"><thead><tr><th data-sort="text">list</th><th data-sort="text">programme</th><th data-sort="num">matches</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** The first rows of a kind, with their reason; `total` says how many there are in all. */
export function notedTable(rows: readonly NotedRow[], total: number, reason: string, none: string): string {
  if (rows.length === 0) return `<p class="muted">${esc(none)}</p>`;
  const body = rows
    .map(
      (r) =>
        `<tr><td class="n">${num(r.row)}</td><td>${esc(r.external_id ?? '')}</td><td>${esc(r.reason)}</td></tr>`,
    )
    .join('');
  const more =
    total > rows.length ? `<p class="muted">${num(total - rows.length)} more in the output.</p>` : '';
  return `<table><thead><tr><th>row</th><th>external_id</th><th>${esc(reason)}</th></tr></thead><tbody>${body}</tbody></table>${more}`;
}

/** Bars of the score histogram, scaled to the tallest bin. */
export function histogramSvg(histogram: readonly number[]): string {
  const width = 640;
  const height = 200;
  const pad = 30;
  const barWidth = (width - 2 * pad) / HISTOGRAM_BINS;
  const top = Math.max(1, ...histogram);
  const step = (1 - HISTOGRAM_FROM) / HISTOGRAM_BINS;
  const bars = histogram
    .map((n, i) => {
      const h = (n / top) * (height - 2 * pad);
      const x = pad + i * barWidth;
      const from = (HISTOGRAM_FROM + i * step).toFixed(3);
      return `<rect x="${x.toFixed(1)}" y="${(height - pad - h).toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="#3b6ea5"><title>score ${from}–${(Number(from) + step).toFixed(3)}: ${num(n)}</title></rect>`;
    })
    .join('');
  const ticks = [0, 5, 10, 15, 20]
    .map(
      (i) =>
        `<text x="${pad + i * barWidth}" y="${height - 10}" font-size="11" text-anchor="middle">${(HISTOGRAM_FROM + i * step).toFixed(2)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="Distribution of match scores"><line x1="${pad}" y1="${height - pad}" x2="${width - pad}" y2="${height - pad}" stroke="#8c959f"/>${bars}${ticks}<text x="${pad}" y="14" font-size="11">${num(top)} max per bin (scores below ${HISTOGRAM_FROM} in the first)</text></svg>`;
}
