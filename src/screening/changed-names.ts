/**
 * The names of the entities a list update added or changed, as the retrieval keys a query token
 * would need to meet one of them (issue #33): what lets a delta re-screen only the portfolio rows,
 * or the directory entries, whose names could find a changed entity among their candidates.
 *
 * NameIndex.add lists a name under its tokens, their derived keys (derivedKeysOf), its stems and its
 * merged spellings (as `=…`); a query token `t` opens its own token, its derived keys, `=t`, its
 * stem's token and its merged spelling with the next token (NameIndex.candidates). So `t` meets a
 * changed name's token `T` when:
 * - t = T, or they share a derived key (phonetic, prefix, skeleton);
 * - t is T's stem, or T merged with the name's next token;
 * - t's stem is T;
 * - t is a proper prefix of T (t merged with the query's next token may spell T).
 * Strings, not a vocabulary's ids: the test holds whatever the lists are. It is a superset of what
 * the candidate cuts keep (a delta's row gate then decides exactly), and per scope: an individual's
 * names meet individual queries only, other entities' names organization queries only (scopeOf).
 */
import type { Entity } from '../model/entity.js';
import { derivedKeysOf, prepareName, stemOf, Vocabulary, type DerivedKeys } from '../names/index.js';
import { indexedNamesOf, nameKindOf } from './entity-index.js';

export type NameScope = 'INDIVIDUAL' | 'ORGANIZATION';

/** What a query token of one scope must equal, or share, to meet a changed name. */
class ScopeKeys {
  /** The names' tokens, their stems and merged spellings: a query token equal to one meets it. */
  readonly texts = new Set<string>();
  /** The names' tokens: a query token whose stem is one meets it. */
  readonly tokens = new Set<string>();
  /** The names' tokens' derived keys. */
  readonly keys = new Set<string>();
  /** Proper prefixes of the names' tokens. */
  readonly prefixes = new Set<string>();
}

export class ChangedNames {
  readonly #scopes: Record<NameScope, ScopeKeys> = {
    INDIVIDUAL: new ScopeKeys(),
    ORGANIZATION: new ScopeKeys(),
  };

  /** The names an index holds for `entities` (indexedNamesOf); wallets have none. */
  constructor(entities: readonly Entity[]) {
    // Its own vocabulary: the shared default one would grow with every changed name.
    const vocabulary = new Vocabulary();
    for (const entity of entities) {
      if (entity.type === 'wallet') continue;
      const scope = this.#scopes[entity.type === 'individual' ? 'INDIVIDUAL' : 'ORGANIZATION'];
      for (const { name } of indexedNamesOf(entity)) {
        const tokens = prepareName(name, nameKindOf(entity.type), vocabulary).tokens;
        tokens.forEach((T, i) => {
          scope.texts.add(T);
          scope.texts.add(stemOf(T));
          if (i + 1 < tokens.length) scope.texts.add(T + tokens[i + 1]!);
          scope.tokens.add(T);
          const keys = derivedKeysOf(T);
          for (const key of [keys.phonetic, keys.prefix, keys.skeleton]) if (key !== '') scope.keys.add(key);
          for (let end = 1; end < T.length; end++) scope.prefixes.add(T.slice(0, end));
        });
      }
    }
  }

  /**
   * Whether a query token of `scope` could meet a changed name; `keys` are its derivedKeysOf, when
   * worked out already.
   */
  meets(token: string, scope: NameScope, keys: DerivedKeys = derivedKeysOf(token)): boolean {
    const s = this.#scopes[scope];
    if (s.texts.has(token) || s.prefixes.has(token)) return true;
    if (s.keys.has(keys.phonetic) || s.keys.has(keys.prefix) || s.keys.has(keys.skeleton)) return true;
    const stem = stemOf(token);
    return stem !== token && s.tokens.has(stem);
  }
}
