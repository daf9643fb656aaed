/**
 * The batch report's tables of matches: "Needs review" (the MEDIUM and WEAK sample, grouped by list,
 * strongest first, with the controls the report's script reveals) and the short table of the
 * strongest matches. Names, ids, programmes and alignments are list or portfolio data: escaped, in
 * text and in attributes.
 */
import type { MatchStrength } from '../model/risk.js';
import type { BatchStats, TopMatch } from './batch-stats.js';
import { escapeHtml as esc } from './escape-html.js';
import { REVIEW_SAMPLE, REVIEW_STRENGTHS, reviewRows, type ReviewMatch } from './needs-review.js';
import type { BatchSummary } from './report.js';
import { num } from './report-counts.js';

/** Sort rank of a strength: the script sorts numbers from the highest. */
const RANK: Readonly<Record<MatchStrength, number>> = { EXACT: 4, STRONG: 3, MEDIUM: 2, WEAK: 1 };

/** Which query token met which list token, by which signal, and what secondary fields added. */
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

/** The listed entity: its primary name, the spelling that matched when another, its list and id. */
function listedCell(t: TopMatch): string {
  const m = t.match;
  const spelling =
    m.matched_name === m.name
      ? ''
      : `<br>matched <q>${esc(m.matched_name)}</q> <span class="muted">${esc(m.matched_name_type)}</span>`;
  return `<td>${esc(m.name)}${spelling}<br><span class="muted">${esc(m.list)} ${esc(m.entity_id)}</span></td>`;
}

const scoreCell = (t: TopMatch) => `<td class="n">${t.match.score.toFixed(3)}</td>`;
const strengthCell = (t: TopMatch) =>
  `<td class="${t.match.strength}" data-v="${RANK[t.match.strength]}">${t.match.strength}</td>`;

function reviewRow(r: ReviewMatch): string {
  const m = r.match;
  return `<tr data-list="${esc(m.list)}" data-strength="${m.strength}"><td>${esc(m.list)}</td><td class="n" data-v="${r.row}">${num(r.row)}</td><td>${esc(r.external_id)}</td><td>${esc(r.query)}</td>${listedCell(r)}${scoreCell(r)}${strengthCell(r)}<td>${esc(m.programs.join(', '))}</td><td class="why">${explanation(r)}</td></tr>`;
}

/** What the sample leaves out: per list and strength, shown of all, where some are left out. */
function leftOut(summary: BatchSummary, stats: BatchStats): string {
  const notes: string[] = [];
  for (const strength of REVIEW_STRENGTHS) {
    for (const [list, kept] of Object.entries(stats.needsReview[strength])) {
      const counts = summary.matches_by_list_strength;
      const all = Object.hasOwn(counts, list) ? counts[list]![strength] : kept.length;
      if (all > kept.length)
        notes.push(`${esc(list)}: the strongest ${num(kept.length)} of ${num(all)} ${strength}`);
    }
  }
  return notes.length === 0
    ? ''
    : `<p class="muted">Shown: ${notes.join('; ')}. The output holds every match.</p>`;
}

/**
 * The "Needs review" section's body: what it holds, the (hidden) filter controls, and the table;
 * its rows are grouped by list (by name), strongest first within each.
 */
export function needsReviewSection(summary: BatchSummary, stats: BatchStats): string {
  const medium = summary.matches_by_strength.MEDIUM;
  const weak = summary.matches_by_strength.WEAK;
  const rows = reviewRows(stats.needsReview);
  if (rows.length === 0) return '<p class="muted">No MEDIUM or WEAK match: nothing ambiguous to review.</p>';
  const lists = [...new Set(rows.map((r) => r.match.list))];
  const intro = `<p>${num(medium)} MEDIUM and ${num(weak)} WEAK matches: names alike enough to be the listed party, not enough to say so. A person decides each. The report keeps up to ${num(REVIEW_SAMPLE)} per list and strength, the strongest.</p>${leftOut(summary, stats)}`;
  const options = (values: readonly string[]) =>
    values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`).join('');
  const controls = `<div id="review-controls" class="controls" hidden><label>Filter <input id="review-filter" type="search" placeholder="name, external_id, programme" autocomplete="off"></label> <label>Strength <select id="review-strength"><option value="">all</option>${options(REVIEW_STRENGTHS)}</select></label> <label>List <select id="review-list"><option value="">all</option>${options(lists)}</select></label> <span id="review-count" class="muted" aria-live="polite"></span></div>`;
  const head =
    '<thead><tr><th data-sort="text">list</th><th data-sort="num">row</th><th data-sort="text">external_id</th><th data-sort="text">screened name</th><th data-sort="text">listed entity</th><th data-sort="num">score</th><th data-sort="num">strength</th><th data-sort="text">programmes</th><th>explanation</th></tr></thead>';
  return `${intro}${controls}<table id="review-table" class="sortable">${head}<tbody>${rows.map(reviewRow).join('')}</tbody></table>`;
}

/** The strongest EXACT and STRONG matches (stats.top holds them first), as a short table. */
export function strongestTable(top: readonly TopMatch[]): string {
  const strongest = top.filter((t) => t.match.strength === 'EXACT' || t.match.strength === 'STRONG');
  if (strongest.length === 0) return '<p class="muted">No EXACT or STRONG match.</p>';
  const rows = strongest
    .map(
      (t, i) =>
        `<tr><td class="n">${i + 1}</td><td>${esc(t.external_id)}</td><td>${esc(t.query)}</td>${listedCell(t)}${scoreCell(t)}${strengthCell(t)}<td>${esc(t.match.programs.join(', '))}</td><td class="why">${explanation(t)}</td></tr>`,
    )
    .join('');
  return `<table class="sortable"><thead><tr><th>#</th><th data-sort="text">external_id</th><th data-sort="text">screened name</th><th data-sort="text">listed entity</th><th data-sort="num">score</th><th data-sort="num">strength</th><th data-sort="text">programmes</th><th>explanation</th></tr></thead><tbody>${rows}</tbody></table>`;
}
