/**
 * Every indexed name's packed numbers (PreparedName.packed) in one array, with each name's exact-key
 * hash and informativeness beside it. Most candidates of a query fall to the score bound; read from
 * here, such a candidate costs a read of contiguous memory instead of hops through its objects
 * (the name, its typed array, the array's buffer), which the profile showed as cache misses.
 */
import type { MatchConfig } from './config.js';
import { scoreBounds, scoreNameValue, type BoundNames, type BoundQuery } from './score.js';
import { TOKEN_STRIDE, TokenField, tokenCount, type PreparedName, type TokenWeight } from './types.js';
// Module constants, not TokenField.X in the loops (types.ts says why).
const { WEIGHT } = TokenField;
const S = TOKEN_STRIDE;

export class PackedNames implements BoundNames {
  readonly arena: Float64Array;
  readonly start: Int32Array;
  readonly exactHash: Uint32Array;
  readonly informative: Uint8Array;

  /**
   * `tokenWeight` (the index's IDF, when its names do not carry it yet) is multiplied into the
   * arena's weights, so the bound reads final weights whatever the index's options.
   */
  constructor(
    private readonly names: readonly PreparedName[],
    private readonly tokenWeight: TokenWeight | undefined,
  ) {
    this.start = new Int32Array(names.length + 1);
    let total = 0;
    names.forEach((name, n) => {
      this.start[n] = total;
      total += name.packed.length;
    });
    this.start[names.length] = total;
    this.arena = new Float64Array(total);
    this.exactHash = new Uint32Array(names.length);
    this.informative = new Uint8Array(names.length);
    names.forEach((name, n) => {
      const base = this.start[n]!;
      this.arena.set(name.packed, base);
      if (tokenWeight !== undefined) {
        for (let i = 0; i < tokenCount(name); i++)
          this.arena[base + i * S + WEIGHT]! *= tokenWeight(name.ids[i] ?? -1);
      }
      this.exactHash[n] = name.exactHash;
      this.informative[n] = name.informative ? 1 : 0;
    });
  }

  /** scoreNameValue of `q` against name `n` (0 for a name that is not informative). */
  score(q: PreparedName, n: number, cfg: MatchConfig): number {
    if (this.informative[n] === 0) return 0;
    return scoreNameValue(q, this.names[n]!, cfg, this.tokenWeight);
  }

  /** Into `out[k]`, the highest score name `names[k]` could get against `q` (scoreBounds). */
  bounds(q: BoundQuery, names: ArrayLike<number>, cfg: MatchConfig, out: Float64Array): void {
    scoreBounds(q, this, names, cfg, this.tokenWeight, out);
  }
}
