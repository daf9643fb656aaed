/**
 * Step 3 (organizations): replaces legal forms by their canonical class ("Limited" → "ltd",
 * "ООО" → "llc"), so "Acme Limited" and "ACME LTD" compare equal, and marks them as legal forms so
 * the scorer gives them little weight.
 */
import { normalizeName } from './normalize.js';
import { LEGAL_FORMS } from './tables/legal-forms.js';

interface CompiledLegalForm {
  readonly tokens: readonly string[];
  readonly compare: string;
}

/** A normalized alias spelling and the canonical class it folds to. */
export interface CompiledLegalFormAlias {
  readonly normalized: string;
  readonly compare: string;
}

/** Every alias of LEGAL_FORMS pushed through normalizeName (the table test checks for collisions). */
export function compileLegalFormAliases(): CompiledLegalFormAlias[] {
  const out: CompiledLegalFormAlias[] = [];
  for (const form of LEGAL_FORMS) {
    for (const alias of form.aliases) out.push({ normalized: normalizeName(alias), compare: form.compare });
  }
  return out;
}

/** Shortest end of a name read as a legal form cut short ("compan" for "company"). */
const MIN_CUT_FORM = 4;

// Compiled once at load: first token → its aliases, longest first, so "limited liability company"
// wins over "limited".
const BY_FIRST_TOKEN: ReadonlyMap<string, readonly CompiledLegalForm[]> = (() => {
  const map = new Map<string, CompiledLegalForm[]>();
  for (const { normalized, compare } of compileLegalFormAliases()) {
    const tokens = normalized.split(' ');
    const first = tokens[0] ?? '';
    const list = map.get(first) ?? [];
    list.push({ tokens, compare });
    map.set(first, list);
  }
  for (const list of map.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return map;
})();

/** The canonical classes, to recognise an already-folded token. */
const SINGLE_WORD_FORMS: readonly CompiledLegalForm[] = [...BY_FIRST_TOKEN.values()]
  .flat()
  .filter((form) => form.tokens.length === 1 && form.tokens[0]!.length > MIN_CUT_FORM);

/** The one-word forms a name's last token may be cut from ("corporatio"), or undefined. */
function cutSingleWordForms(token: string): readonly CompiledLegalForm[] | undefined {
  if (token.length < MIN_CUT_FORM) return undefined;
  const forms = SINGLE_WORD_FORMS.filter((form) => matchesAt([token], 0, form.tokens));
  return forms.length > 0 ? forms : undefined;
}

export const LEGAL_FORM_CLASSES: ReadonlySet<string> = new Set(LEGAL_FORMS.map((f) => f.compare));

/** Tokens of an organization name with its legal forms folded, and which positions are legal forms. */
export interface FoldedTokens {
  readonly tokens: string[];
  readonly legalForm: boolean[];
  /** The last legal form of the name (the one that usually qualifies the whole name), or null. */
  readonly legalFormClass: string | null;
}

/**
 * The form's tokens from `at`. The name's last token may be the start of the form's last word: lists
 * and registries cut names at a field length ("… JOINT STOCK COMPAN", "… CORPORATIO").
 */
function matchesAt(tokens: readonly string[], at: number, form: readonly string[]): boolean {
  if (at + form.length > tokens.length) return false;
  const last = form.length - 1;
  for (let k = 0; k < last; k++) if (tokens[at + k] !== form[k]) return false;
  const token = tokens[at + last]!;
  const word = form[last]!;
  if (token === word) return true;
  return (
    at + last === tokens.length - 1 &&
    token.length >= MIN_CUT_FORM &&
    token.length < word.length &&
    word.startsWith(token)
  );
}

/**
 * Folds legal forms anywhere in a normalized token list ("OOO Romashka", "Romashka OOO").
 *
 * @example foldLegalForms(['acme', 'limited']) → { tokens: ['acme', 'ltd'], legalForm: [false, true], legalFormClass: 'ltd' }
 */
export function foldLegalForms(tokens: readonly string[]): FoldedTokens {
  const out: string[] = [];
  const legalForm: boolean[] = [];
  let legalFormClass: string | null = null;
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] ?? '';
    const candidates =
      BY_FIRST_TOKEN.get(token) ?? (i === tokens.length - 1 ? cutSingleWordForms(token) : undefined);
    let matched: CompiledLegalForm | undefined;
    if (candidates !== undefined) {
      for (const form of candidates) {
        if (matchesAt(tokens, i, form.tokens)) {
          matched = form;
          break;
        }
      }
    }
    if (matched === undefined) {
      out.push(token);
      legalForm.push(false);
      i += 1;
    } else {
      out.push(matched.compare);
      legalForm.push(true);
      legalFormClass = matched.compare;
      i += matched.tokens.length;
    }
  }
  return { tokens: out, legalForm, legalFormClass };
}
