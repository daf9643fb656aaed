/**
 * The run report a compliance analyst opens: one self-contained HTML file (inline CSS, SVG and one
 * small script, no external asset, so it can be mailed or archived as is). What needs a person comes
 * first: the facts of the run (portfolio, output, the lists and their versions, time, counts), then
 * the MEDIUM and WEAK matches to review, grouped by list; then rows per risk level, matches per list
 * and strength, per programme, the rows not screened and those screened with warnings, the score
 * distribution, and a short table of the strongest matches. The script only adds a filter and
 * sortable columns: with scripts off the page reads the same.
 *
 * Everything from the portfolio or a list is escaped, and a Content-Security-Policy allows the
 * page's own style and script alone (by hash): a name that got through as markup still could not
 * run, load or send anything.
 */
import { basename } from 'node:path';
import type { BatchStats } from './batch-stats.js';
import { escapeHtml as esc } from './escape-html.js';
import {
  histogramSvg,
  listsTable,
  notedTable,
  num,
  programsTable,
  riskTable,
  strengthByListTable,
} from './report-counts.js';
import { needsReviewSection, strongestTable } from './report-matches.js';
import { cspHashOf, REPORT_SCRIPT, REPORT_SCRIPT_HASH } from './report-script.js';
import type { BatchSummary } from './report.js';

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d232a}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d0d7de;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}td.n{text-align:right;font-variant-numeric:tabular-nums}tfoot td,tfoot th{font-weight:600}
.EXACT{color:#a40e26;font-weight:600}.STRONG{color:#bc4c00;font-weight:600}.MEDIUM{color:#9a6700}.WEAK{color:#57606a}
.risk-SEVERE,.risk-HIGH{color:#a40e26;font-weight:600}.risk-MEDIUM{color:#9a6700}
code{font-size:12px}.muted{color:#57606a}td.why{font-size:12px}
[hidden]{display:none!important}.controls{margin:.75rem 0;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
.controls input,.controls select{font:inherit;padding:.15rem .3rem}.controls input{width:20rem}
th button{font:inherit;font-weight:600;background:none;border:0;padding:0;cursor:pointer;color:inherit}
th[aria-sort=ascending] button::after{content:" \\25B2"}th[aria-sort=descending] button::after{content:" \\25BC"}`;

/**
 * Nothing but this page's own style and script; no image, font, frame, connection or form target.
 * A <meta> policy cannot say frame-ancestors; a file opened from disk or mail has no headers to.
 */
const CSP = [
  "default-src 'none'",
  `script-src ${REPORT_SCRIPT_HASH}`,
  `style-src ${cspHashOf(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** How the portfolio is named in the report: a file by its name (not the folders), a table as given. */
const portfolioName = (portfolio: string) =>
  portfolio.startsWith('duckdb:') ? portfolio : basename(portfolio);

function facts(summary: BatchSummary, generatedAt: string): [string, string][] {
  const facts: [string, string][] = [
    ['portfolio', portfolioName(summary.portfolio)],
    ['output', summary.out],
    ['generated', generatedAt],
    [
      'run time',
      `${summary.seconds} s (${num(summary.rows_per_second)} rows/s, ${summary.workers} worker${summary.workers === 1 ? '' : 's'})`,
    ],
    ['rows', num(summary.rows)],
    ['rows with matches', num(summary.matched_rows)],
    ['matches', num(summary.matches)],
    ['rows not screened (errors)', num(summary.errors)],
    ['rows screened with warnings', num(summary.warning_rows)],
  ];
  if (summary.resumed_from_row > 0) facts.push(['resumed from row', num(summary.resumed_from_row + 1)]);
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
  return facts;
}

/** The report's HTML for a finished run. */
export function renderHtmlReport(summary: BatchSummary, stats: BatchStats, generatedAt: string): string {
  const factRows = facts(summary, generatedAt)
    .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`)
    .join('');
  const title = `Warden batch report: ${portfolioName(summary.portfolio)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>
<h1>Warden batch screening report</h1>
<section id="facts"><table class="facts">${factRows}</table>
<h2>Lists</h2>${listsTable(summary.lists)}</section>
<section id="needs-review"><h2>Needs review</h2>${needsReviewSection(summary, stats)}</section>
<section id="risk"><h2>Rows by risk level</h2>${riskTable(summary)}</section>
<section id="strengths"><h2>Matches by list and strength</h2>${strengthByListTable(summary)}</section>
<section id="programs"><h2>Matches by programme</h2>${programsTable(summary)}</section>
<section id="not-screened"><h2>Rows not screened</h2>${notedTable(stats.unscreened, summary.errors, 'why', 'Every row was screened.')}</section>
<section id="warnings"><h2>Rows screened with warnings</h2>${notedTable(stats.warned, summary.warning_rows, 'fields left out', 'No row had a field left out.')}</section>
<section id="scores"><h2>Score distribution</h2>${histogramSvg(stats.histogram)}</section>
<section id="strongest"><h2>Strongest matches</h2>${strongestTable(stats.top)}</section>
<script>${REPORT_SCRIPT}</script>
</body></html>
`;
}
