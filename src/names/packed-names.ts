/**
 * Every indexed name's packed numbers (PreparedName.packed) in one array, and beside it a table of
 * where each name starts, its token count, its exact-key hash and its mergeSignature (BoundNames).
 * Most candidates of a query fall to the score bound; read from here, such a candidate costs a read
 * of contiguous memory instead of hops through its objects (the name, its typed array, the array's
 * buffer), which the profile showed as cache misses.
 */
import type { MatchConfig } from './config.js';
import { mergeSignature } from './score-bound.js';
import {
  NAME_EXACT,
  NAME_MERGES,
  NAME_START,
  NAME_STRIDE,
  NAME_TOKENS,
  scoreBounds,
  scoreNameValue,
  type BoundNames,
  type BoundQuery,
} from './score.js';
import { TOKEN_STRIDE, TokenField, tokenCount, type PreparedName, type TokenWeight } from './types.js';
// Module constants, not TokenField.X in the loops (types.ts says why).
const { WEIGHT } = TokenField;
const S = TOKEN_STRIDE;

export class PackedNames implements BoundNames {
  readonly arena: Float64Array;
  readonly table: Int32Array;

  /**
   * `tokenWeight` (the index's IDF, when its names do not carry it yet) is multiplied into the
   * arena's weights, so the bound reads final weights whatever the index's options.
   */
  constructor(
    private readonly names: readonly PreparedName[],
    private readonly tokenWeight: TokenWeight | undefined,
  ) {
    this.table = new Int32Array(names.length * NAME_STRIDE);
    let total = 0;
    names.forEach((name, n) => {
      const at = n * NAME_STRIDE;
      this.table[at + NAME_START] = total;
      this.table[at + NAME_TOKENS] = name.informative ? tokenCount(name) : 0;
      this.table[at + NAME_EXACT] = name.exactHash | 0;
      total += name.packed.length;
    });
    this.arena = new Float64Array(total);
    names.forEach((name, n) => {
      const base = this.table[n * NAME_STRIDE + NAME_START]!;
      this.arena.set(name.packed, base);
      if (tokenWeight !== undefined) {
        for (let i = 0; i < tokenCount(name); i++)
          this.arena[base + i * S + WEIGHT]! *= tokenWeight(name.ids[i] ?? -1);
      }
      mergeSignature(this.arena, base, tokenCount(name), this.table, n * NAME_STRIDE + NAME_MERGES);
    });
  }

  /** scoreNameValue of `q` against name `n` (0 for a name that is not informative). */
  score(q: PreparedName, n: number, cfg: MatchConfig): number {
    if (this.table[n * NAME_STRIDE + NAME_TOKENS] === 0) return 0;
    return scoreNameValue(q, this.names[n]!, cfg, this.tokenWeight);
  }

  /** Into `out[k]`, the highest score name `names[k]` could get against `q` (scoreBounds). */
  bounds(q: BoundQuery, names: ArrayLike<number>, cfg: MatchConfig, out: Float64Array): void {
    scoreBounds(q, this, names, cfg, this.tokenWeight, out);
  }
}
