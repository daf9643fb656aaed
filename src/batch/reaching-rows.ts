/**
 * The rows a delta run gates (row-gate.ts), found from what changed rather than by passing every
 * row: the portfolio's tokens that could meet a changed name (ChangedNames), then their postings
 * (row-postings.ts). A row can have a changed name among its candidates only if one of its tokens
 * opens a retrieval key that lists the name, so the rows to gate are the postings of the tokens that
 * do, in the rows' scope, plus the rows always screened and those with earlier matches to withdraw.
 */
import type { ChangedNames } from '../screening/changed-names.js';
import type { SourceTable } from './row-gate.js';
import { postingOf, type RowPostings } from './row-postings.js';
import { ROW_KIND } from './row-sources.js';

/** Per posting (postingOf: a token and a row kind), 1 when the token could meet a changed name in that kind's scope. */
export function reachingPostings(
  table: SourceTable,
  postings: RowPostings,
  changed: ChangedNames,
): Uint8Array {
  const reached = new Uint8Array(2 * table.strings.length);
  table.strings.forEach((text, token) => {
    const keys = postings.keys[token]!;
    if (changed.meets(text, 'INDIVIDUAL', keys)) reached[postingOf(token, ROW_KIND.INDIVIDUAL)] = 1;
    if (changed.meets(text, 'ORGANIZATION', keys)) reached[postingOf(token, ROW_KIND.ORGANIZATION)] = 1;
  });
  return reached;
}

/**
 * The rows to gate, ascending: the postings reached, the rows always screened, and the rows whose
 * external_id hash is among `withdrawals` (earlier matches to removed or changed entities).
 */
export function rowsToGate(
  postings: RowPostings,
  reached: Uint8Array,
  withdrawals: ReadonlySet<number>,
): Uint32Array {
  const marked = new Uint8Array(postings.rows);
  for (let posting = 0; posting < reached.length; posting++) {
    if (reached[posting] !== 1) continue;
    for (let p = postings.tokenStart[posting]!; p < postings.tokenStart[posting + 1]!; p++)
      marked[postings.tokenRows[p]!] = 1;
  }
  for (const row of postings.always) marked[row] = 1;
  if (withdrawals.size > 0)
    for (let row = 0; row < postings.rows; row++)
      if (withdrawals.has(postings.idHashes[row]!)) marked[row] = 1;
  let count = 0;
  for (let row = 0; row < postings.rows; row++) count += marked[row]!;
  const rows = new Uint32Array(count);
  for (let row = 0, at = 0; row < postings.rows; row++) if (marked[row] === 1) rows[at++] = row;
  return rows;
}
