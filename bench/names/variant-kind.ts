/**
 * Sorts a real (alias, primary name) pair of the same entity by how the two names relate, with a
 * rule independent of Warden's scorer (plain edit distance on normalized words), so the accuracy
 * bars can be read on the population the issue names — spelling, order and spacing variants — and
 * separately on the rest:
 *
 * - `variant`: every word of each name meets a word of the other (one-to-one, in any order) that is
 *   the same word up to spelling — at most one edit in three letters, or an initial — or two or three
 *   adjacent words written together ("AL QAIDA" / "ALQAIDA"). "MUHAMMAD, Umar" / "Omar MOHAMMED".
 * - `partial`: every word of the shorter name meets one of the longer, which has more words
 *   ("AL-ALI, Hamid 'Abdallah Ahmad" / "AL-ALI, Hamid"): a fuller or shorter form of the name.
 * - `different`: some word of each name meets nothing ("AIGLE BLANC" / "FRANK KAKOLELE BWAMBALE"):
 *   translations, noms de guerre, other names. No string matcher finds these; lists carry them as aliases.
 *
 * Legal forms and stopwords are left out for organizations (Warden's own tokenizer classifies them).
 */
import { distance } from 'fastest-levenshtein';
import { normalizeName, splitCommaName } from '../../src/names/normalize.js';
import { tokenizeName } from '../../src/names/tokenize.js';
import { TokenClass, type NameKind } from '../../src/names/types.js';

export type VariantKind = 'variant' | 'partial' | 'different';

const IGNORED: ReadonlySet<TokenClass> = new Set([TokenClass.LEGAL_FORM, TokenClass.STOPWORD]);

function words(raw: string, kind: NameKind): string[] {
  const parts = kind === 'individual' ? splitCommaName(raw) : undefined;
  const normalized = normalizeName(parts === undefined ? raw : `${parts.given} ${parts.surname}`);
  const { tokens, classes } = tokenizeName(normalized, kind);
  return tokens.filter((_, i) => !IGNORED.has(classes[i] ?? TokenClass.NORMAL));
}

/** The same word up to spelling: ≤ 1 edit per 3 letters of the longer word, or an initial of it. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === 1 || b.length === 1) return a[0] === b[0];
  return distance(a, b) <= Math.floor(Math.max(a.length, b.length) / 3);
}

/** Words of `side` covered by runs of 1–3 adjacent words of `other`, matched one-to-one. */
interface Pairing {
  readonly a: number;
  readonly aLen: number;
  readonly b: number;
  readonly bLen: number;
  readonly cost: number;
}

function pairings(a: readonly string[], b: readonly string[]): Pairing[] {
  const out: Pairing[] = [];
  for (let i = 0; i < a.length; i++) {
    for (let aLen = 1; aLen <= 3 && i + aLen <= a.length; aLen++) {
      const aw = a.slice(i, i + aLen).join('');
      for (let j = 0; j < b.length; j++) {
        for (let bLen = 1; bLen <= 3 && j + bLen <= b.length; bLen++) {
          if (aLen > 1 && bLen > 1) continue;
          const bw = b.slice(j, j + bLen).join('');
          if (sameWord(aw, bw)) out.push({ a: i, aLen, b: j, bLen, cost: distance(aw, bw) / bw.length });
        }
      }
    }
  }
  // Cheapest first; among equals, the pairing that covers more words.
  return out.sort((x, y) => x.cost - y.cost || y.aLen + y.bLen - (x.aLen + x.bLen));
}

/** How an alias relates to its entity's primary name (see the module comment). */
export function variantKind(alias: string, primary: string, kind: NameKind): VariantKind {
  const a = words(alias, kind);
  const b = words(primary, kind);
  if (a.length === 0 || b.length === 0) return 'different';
  const usedA = new Uint8Array(a.length);
  const usedB = new Uint8Array(b.length);
  for (const p of pairings(a, b)) {
    if (usedA.subarray(p.a, p.a + p.aLen).some(Boolean) || usedB.subarray(p.b, p.b + p.bLen).some(Boolean))
      continue;
    usedA.fill(1, p.a, p.a + p.aLen);
    usedB.fill(1, p.b, p.b + p.bLen);
  }
  const allA = usedA.every(Boolean);
  const allB = usedB.every(Boolean);
  if (allA && allB) return 'variant';
  return allA || allB ? 'partial' : 'different';
}
