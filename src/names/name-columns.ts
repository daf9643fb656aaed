/**
 * An index's prepared names as columns, for its snapshot (NameIndex.snapshot): per token only the
 * packed numbers (every other per-token array is derived from them and from the token, as
 * preparePacked does), per name its kind, normalized text and legal form. Restoring a name reads its
 * packed numbers in place, and prepares nothing: no tokenizing, no phonetic keys.
 */
import { restoredName } from './prepare.js';
import type { Steps } from './steps.js';
import { TOKEN_STRIDE, type NameKind, type PreparedName } from './types.js';
import type { Vocabulary } from './vocabulary.js';

const KINDS: readonly NameKind[] = ['individual', 'organization', 'any'];

export interface NameColumns {
  /** Name n's tokens are tokenStart[n] .. tokenStart[n + 1] in `packed` (TOKEN_STRIDE numbers each). */
  readonly tokenStart: Int32Array;
  readonly packed: Float64Array;
  /** Per name, its kind's position in KINDS. */
  readonly kinds: Uint8Array;
  readonly normalized: readonly string[];
  readonly legalForms: readonly (string | null)[];
}

export function toColumns(names: readonly PreparedName[]): NameColumns {
  const tokenStart = new Int32Array(names.length + 1);
  names.forEach((name, n) => (tokenStart[n + 1] = tokenStart[n]! + name.tokens.length));
  const packed = new Float64Array(tokenStart[names.length]! * TOKEN_STRIDE);
  names.forEach((name, n) => {
    // A token the vocabulary does not know could not be restored from its id.
    if (name.ids.some((id) => id < 0)) throw new Error(`Name ${n} has a token outside the vocabulary.`);
    packed.set(name.packed, tokenStart[n]! * TOKEN_STRIDE);
  });
  return {
    tokenStart,
    packed,
    kinds: Uint8Array.from(names, (name) => KINDS.indexOf(name.kind)),
    normalized: names.map((name) => name.normalized),
    legalForms: names.map((name) => name.legalForm),
  };
}

/** Names restored between two steps: ~20 ms on this machine once warm. */
const NAMES_PER_STEP = 10_000;

/**
 * The names again, their tokens from the vocabulary they were interned in (restored the same). With
 * `keep`, only the names whose byte is 1: the others are holes. In steps of NAMES_PER_STEP names.
 */
export function* fromColumns(
  columns: NameColumns,
  vocabulary: Vocabulary,
  keep?: Uint8Array,
): Steps<PreparedName[]> {
  const { tokenStart, packed, kinds, normalized, legalForms } = columns;
  const names = new Array<PreparedName>(kinds.length);
  for (let n = 0; n < kinds.length; n++) {
    if (n > 0 && n % NAMES_PER_STEP === 0) yield;
    if (keep !== undefined && keep[n] !== 1) continue;
    const from = tokenStart[n]! * TOKEN_STRIDE;
    const own = packed.subarray(from, tokenStart[n + 1]! * TOKEN_STRIDE);
    const tokens = new Array<string>(own.length / TOKEN_STRIDE);
    for (let i = 0; i < tokens.length; i++) tokens[i] = vocabulary.tokenAt(own[i * TOKEN_STRIDE]!);
    const kind = KINDS[kinds[n]!];
    if (kind === undefined) throw new Error(`Name ${n} has an unknown kind.`);
    names[n] = restoredName(normalized[n]!, kind, tokens, own, legalForms[n] ?? null, vocabulary);
  }
  return names;
}
