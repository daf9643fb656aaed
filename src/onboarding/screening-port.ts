/**
 * The port through which onboarding screens people and companies on the way in. The core declares
 * it; the lead plugs the screening engine in (screening/), tests plug a small table of names in.
 * One outcome per query: the strongest match, or a no-match outcome with every field null, and
 * every match reported with its detail for the onboarding's audit (model/onboarding-audit.ts).
 */
import type { OnboardingListMatch } from '../model/onboarding-audit.js';
import type { MatchStrength } from '../model/risk.js';

/**
 * A list category as the lists name it (entity.categories, providerCategory). "Sanctions" and "PEP"
 * drive the decision table; any other category ("Export Control", "Blacklist"…) is reviewed.
 */
export type MatchCategory = 'Sanctions' | 'PEP' | (string & {});

export interface ScreeningOutcome {
  /** null when nothing matched. */
  readonly strength: MatchStrength | null;
  readonly category: MatchCategory | null;
  /** The listed name that matched, as the list writes it. */
  readonly matchedName: string | null;
  /** The list's display name, e.g. "OFAC SDN". */
  readonly list: string | null;
  /** The list's own identifier of the entry (OFAC ent_num, UN reference…). */
  readonly entityId: string | null;
  /** Every match reported, strongest first (the first is the one above); empty when nothing matched. */
  readonly matches: readonly OnboardingListMatch[];
}

export interface PersonScreeningQuery {
  readonly full_name: string;
  /** YYYY-MM-DD */
  readonly birth_date?: string;
  /** ISO alpha-3 */
  readonly nationality?: string;
  readonly document_number?: string;
}

export interface OrganizationScreeningQuery {
  readonly name: string;
  /** ISO alpha-3 country of constitution */
  readonly country?: string;
}

/** Synchronous, as the screening core is: no I/O between a request and its decision. */
export interface OnboardingScreening {
  screenPerson(query: PersonScreeningQuery): ScreeningOutcome;
  screenOrganization(query: OrganizationScreeningQuery): ScreeningOutcome;
}

export const NO_MATCH: ScreeningOutcome = {
  strength: null,
  category: null,
  matchedName: null,
  list: null,
  entityId: null,
  matches: [],
};
