/**
 * The rows a delta run gates (row-gate.ts), found from what changed rather than by passing every
 * row: one search per changed name over the portfolio's postings (row-postings.ts). A row can have
 * a changed name among its candidates only if one of its tokens opens a retrieval key that lists the
 * name (NameIndex.candidates), so the rows to gate are the postings of the tokens that do, plus the
 * rows always screened and those with earlier matches to withdraw. Between a row token `t` and a
 * token `T` of a changed name, a key is shared when (NameIndex.add lists a name under its tokens,
 * their derived keys, its stems and its merged spellings as `=…`; a query opens its tokens, their
 * derived keys, `=t`, the stem's token and the merged spelling with the next token):
 * - t = T, or they share a derived key (phonetic, prefix, skeleton: derivedKeysOf);
 * - t is T's stem, or T merged with the name's next token (a `=…` key);
 * - t's stem is T;
 * - t is a proper prefix of T (t merged with the row's next token may spell T).
 * Strings, not a vocabulary's ids: the test holds whatever the lists are. It is a superset of what
 * the candidate cuts keep; the gate then decides exactly.
 */
import type { Entity } from '../model/entity.js';
import { derivedKeysOf, prepareName, stemOf, Vocabulary } from '../names/index.js';
import { indexedNamesOf, nameKindOf } from '../screening/index.js';
import type { SourceTable } from './row-gate.js';
import type { RowPostings } from './row-postings.js';

/** Token numbers by a string: their text, a derived key or their stem. */
class TokensBy {
  readonly #map = new Map<string, number[]>();
  add(key: string, token: number): void {
    if (key === '') return;
    const tokens = this.#map.get(key);
    if (tokens === undefined) this.#map.set(key, [token]);
    else tokens.push(token);
  }
  get(key: string): readonly number[] {
    return this.#map.get(key) ?? [];
  }
}

/**
 * Per token number, 1 when the token shares a retrieval key with a name of one of `entities` (their
 * names as an index holds them: indexedNamesOf).
 */
export function reachingTokens(
  table: SourceTable,
  postings: RowPostings,
  entities: readonly Entity[],
): Uint8Array {
  const byText = new TokensBy();
  const byKey = new TokensBy();
  const byStem = new TokensBy();
  table.strings.forEach((text, token) => {
    byText.add(text, token);
    const keys = postings.keys[token]!;
    byKey.add(keys.phonetic, token);
    byKey.add(keys.prefix, token);
    byKey.add(keys.skeleton, token);
    const stem = stemOf(text);
    if (stem !== text) byStem.add(stem, token);
  });
  const reached = new Uint8Array(table.strings.length);
  const mark = (tokens: readonly number[]) => {
    for (const token of tokens) reached[token] = 1;
  };
  // Its own vocabulary: the shared default one would grow with every changed name.
  const vocabulary = new Vocabulary();
  for (const entity of entities) {
    if (entity.type === 'wallet') continue;
    const kind = nameKindOf(entity.type);
    for (const { name } of indexedNamesOf(entity)) {
      const tokens = prepareName(name, kind, vocabulary).tokens;
      tokens.forEach((T, i) => {
        mark(byText.get(T));
        const keys = derivedKeysOf(T);
        mark(byKey.get(keys.phonetic));
        mark(byKey.get(keys.prefix));
        mark(byKey.get(keys.skeleton));
        mark(byText.get(stemOf(T)));
        if (i + 1 < tokens.length) mark(byText.get(T + tokens[i + 1]!));
        mark(byStem.get(T));
        for (let end = 1; end < T.length; end++) mark(byText.get(T.slice(0, end)));
      });
    }
  }
  return reached;
}

/**
 * The rows to gate, ascending: the postings of the reaching tokens, the rows always screened, and
 * the rows whose external_id hash is among `withdrawals` (earlier matches to removed or changed
 * entities).
 */
export function rowsToGate(
  postings: RowPostings,
  reached: Uint8Array,
  withdrawals: ReadonlySet<number>,
): Uint32Array {
  const marked = new Uint8Array(postings.rows);
  for (let token = 0; token < reached.length; token++) {
    if (reached[token] !== 1) continue;
    for (let p = postings.tokenStart[token]!; p < postings.tokenStart[token + 1]!; p++)
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
