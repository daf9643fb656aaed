/**
 * The run report a compliance analyst opens: one self-contained HTML file (inline CSS and SVG, no
 * script, no external asset, so it can be mailed or archived as is) with the counts per strength and
 * list (a client's run counts its suppressed matches apart), the score distribution, the 50 strongest
 * matches with their token alignments, and the first rows that could not be screened or were
 * screened without some field, with why.
 */
import {
  HISTOGRAM_BINS,
  HISTOGRAM_FROM,
  type BatchStats,
  type NotedRow,
  type TopMatch,
} from './batch-stats.js';
import type { BatchSummary } from './report.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (text: string | number) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const num = (n: number) => n.toLocaleString('en-US');

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d232a}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d0d7de;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}td.n{text-align:right;font-variant-numeric:tabular-nums}
.EXACT{color:#a40e26;font-weight:600}.STRONG{color:#bc4c00;font-weight:600}.MEDIUM{color:#9a6700}.WEAK{color:#57606a}
code{font-size:12px}.muted{color:#57606a}`;

function countTable(title: string, rows: readonly [string, number][]): string {
  const body = rows
    .map(([k, n]) => `<tr><td class="${esc(k)}">${esc(k)}</td><td class="n">${num(n)}</td></tr>`)
    .join('');
  return `<table><tr><th>${esc(title)}</th><th>matches</th></tr>${body || '<tr><td colspan="2" class="muted">none</td></tr>'}</table>`;
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

function explanation(t: TopMatch): string {
  const aligned = t.match.alignments
    .map(
      (a) =>
        `<code>${esc(a.query)}</code> ↔ <code>${esc(a.list)}</code> <span class="muted">${esc(a.signal)} ${a.similarity.toFixed(2)}</span>`,
    )
    .join('<br>');
  const features = t.match.features
    .map((f) => `${esc(f.name)} ${f.adjustment >= 0 ? '+' : ''}${f.adjustment.toFixed(2)}`)
    .join(', ');
  return aligned + (features ? `<br><span class="muted">${features}</span>` : '');
}

function topTable(top: readonly TopMatch[]): string {
  if (top.length === 0) return '<p class="muted">No matches.</p>';
  const rows = top
    .map(
      (t, i) =>
        `<tr><td class="n">${i + 1}</td><td>${esc(t.external_id)}</td><td>${esc(t.query)}</td><td>${esc(t.match.list)} ${esc(t.match.entity_id)}<br>${esc(t.match.name)}</td><td>${esc(t.match.matched_name)} <span class="muted">${esc(t.match.matched_name_type)}</span></td><td class="n">${t.match.score.toFixed(3)}</td><td class="${t.match.strength}">${t.match.strength}</td><td>${explanation(t)}</td></tr>`,
    )
    .join('');
  return `<table><tr><th>#</th><th>external_id</th><th>screened name</th><th>listed entity</th><th>matched name</th><th>score</th><th>strength</th><th>explanation</th></tr>${rows}</table>`;
}

/** The first rows of a kind, with their reason; `total` says how many there are in all. */
function notedTable(rows: readonly NotedRow[], total: number, reason: string, none: string): string {
  if (rows.length === 0) return `<p class="muted">${esc(none)}</p>`;
  const body = rows
    .map(
      (r) =>
        `<tr><td class="n">${num(r.row)}</td><td>${esc(r.external_id ?? '')}</td><td>${esc(r.reason)}</td></tr>`,
    )
    .join('');
  const more =
    total > rows.length ? `<p class="muted">${num(total - rows.length)} more in the output.</p>` : '';
  return `<table><tr><th>row</th><th>external_id</th><th>${esc(reason)}</th></tr>${body}</table>${more}`;
}

/** The report's HTML for a finished run. */
export function renderHtmlReport(summary: BatchSummary, stats: BatchStats, generatedAt: string): string {
  const strengths = Object.entries(summary.matches_by_strength) as [string, number][];
  const lists = (Object.entries(summary.matches_by_list) as [string, number][]).sort((a, b) => b[1] - a[1]);
  const facts: [string, string][] = [
    ['output', summary.out],
    ['rows', num(summary.rows)],
    ['rows with matches', num(summary.matched_rows)],
    ['matches', num(summary.matches)],
    ['rows not screened (errors)', num(summary.errors)],
    ['rows screened with warnings', num(summary.warning_rows)],
    ['seconds', `${summary.seconds} (${num(summary.rows_per_second)} rows/s, ${summary.workers} workers)`],
    ['lists', summary.list_versions.map((v) => v.id).join(', ') || 'none'],
  ];
  if (summary.delta) {
    facts.push([
      'delta since',
      `${summary.delta.since} (${num(summary.delta.entities)} entities added or changed)`,
    ]);
    facts.push(['rows with withdrawn matches', num(summary.removed_match_rows)]);
    facts.push([
      'rows left out',
      summary.delta.row_sources === null
        ? `none: every row screened (${summary.delta.full_scan_reason ?? 'no sidecar'})`
        : `${num(summary.delta.skipped_rows)}: they cannot meet a changed entity (no output line)`,
    ]);
  }
  if (summary.review) {
    const { client_id, suppressed_matches, suppressed_rows, queued_items, queued_matches } = summary.review;
    facts.push([
      'suppressed matches',
      `${num(suppressed_matches)} on ${num(suppressed_rows)} rows: decided false positives of client ${client_id}, in no other count`,
    ]);
    if (queued_items !== null) {
      facts.push([
        'queued for review',
        `${num(queued_items)} batch hits (${num(queued_matches ?? 0)} new matches)`,
      ]);
    }
  }
  const factRows = facts.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Warden batch report</title><style>${STYLE}</style></head><body>
<h1>Warden batch screening report</h1><p class="muted">Generated ${esc(generatedAt)}</p>
<table>${factRows}</table>
<h2>Matches by strength</h2>${countTable('strength', strengths)}
<h2>Matches by list</h2>${countTable('list', lists)}
<h2>Score distribution</h2>${histogramSvg(stats.histogram)}
<h2>Top ${stats.top.length} matches</h2>${topTable(stats.top)}
<h2>Rows not screened</h2>${notedTable(stats.unscreened, summary.errors, 'why', 'Every row was screened.')}
<h2>Rows screened with warnings</h2>${notedTable(stats.warned, summary.warning_rows, 'fields left out', 'No row had a field left out.')}
</body></html>
`;
}
