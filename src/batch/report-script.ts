/**
 * The batch report's only script, inlined so the file stays self-contained (it is mailed and
 * archived): sortable column headers on every `table.sortable`, and a text filter with strength and
 * list selects over the "Needs review" table. It only enhances a page that is complete without it:
 * the controls are in the HTML, hidden, and it shows them; it builds no markup from data, only moves
 * existing rows and nodes, sets `hidden`, `aria-sort` and one count's textContent. The report's
 * Content-Security-Policy allows this text alone, by its hash (REPORT_SCRIPT_HASH).
 *
 * Plain ES2017 and ASCII only: the hash is over the exact text between the tags.
 */
import { createHash } from 'node:crypto';

export const REPORT_SCRIPT = `(function () {
  'use strict';
  function keyOf(row, column, numeric) {
    var cell = row.cells[column];
    var text = cell.hasAttribute('data-v') ? cell.getAttribute('data-v') : cell.textContent;
    return numeric ? Number(text) : text.trim().toLowerCase();
  }
  function sortable(table) {
    var body = table.tBodies[0];
    var heads = Array.from(table.tHead.rows[0].cells);
    heads.forEach(function (th, column) {
      var kind = th.getAttribute('data-sort');
      if (!kind) return;
      var numeric = kind === 'num';
      var button = document.createElement('button');
      button.type = 'button';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener('click', function () {
        var was = th.getAttribute('aria-sort');
        // Numbers from the highest, text from A; a second click reverses.
        var descending = was ? was === 'ascending' : numeric;
        heads.forEach(function (other) { other.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
        var rows = Array.from(body.rows);
        rows.sort(function (a, b) {
          var x = keyOf(a, column, numeric);
          var y = keyOf(b, column, numeric);
          var order = numeric ? x - y : x.localeCompare(y);
          return descending ? -order : order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  }
  Array.from(document.querySelectorAll('table.sortable')).forEach(sortable);

  var controls = document.getElementById('review-controls');
  var table = document.getElementById('review-table');
  if (!controls || !table) return;
  var text = document.getElementById('review-filter');
  var strength = document.getElementById('review-strength');
  var list = document.getElementById('review-list');
  var count = document.getElementById('review-count');
  function haystack(row) {
    return Array.from(row.cells)
      .filter(function (cell) { return !cell.classList.contains('why'); })
      .map(function (cell) { return cell.textContent; })
      .join(' ')
      .toLowerCase();
  }
  function apply() {
    var wanted = text.value.trim().toLowerCase();
    var rows = Array.from(table.tBodies[0].rows);
    var shown = 0;
    rows.forEach(function (row) {
      var keep =
        (!strength.value || row.getAttribute('data-strength') === strength.value) &&
        (!list.value || row.getAttribute('data-list') === list.value) &&
        (!wanted || haystack(row).indexOf(wanted) !== -1);
      row.hidden = !keep;
      if (keep) shown++;
    });
    count.textContent = shown + ' of ' + rows.length + ' shown';
  }
  text.addEventListener('input', apply);
  strength.addEventListener('change', apply);
  list.addEventListener('change', apply);
  controls.hidden = false;
  apply();
})();`;

/** A CSP source expression for some inline text: `'sha256-…'` of its UTF-8 bytes. */
export const cspHashOf = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export const REPORT_SCRIPT_HASH = cspHashOf(REPORT_SCRIPT);
