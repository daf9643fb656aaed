/** The onboarding service's screening port, served by the engine's active watchlists. */
import type { ListVersion } from '../model/list-version.js';
import type { OnboardingListMatch } from '../model/onboarding-audit.js';
import type { ScreeningMatch, ScreeningResult } from '../model/screening-result.js';
import { NO_MATCH, type OnboardingScreening, type ScreeningOutcome } from '../onboarding/index.js';
import {
  companyQuery,
  personQuery,
  requireListedNames,
  screenIndividual,
  screenOrganization,
} from '../screening/index.js';
import type { EngineObservers } from './engine-observer.js';
import type { ActiveLists, Watchlists } from './watchlists.js';

/** What the onboarding's audit keeps of a match: the review queue shows it beside the name screened. */
function listMatchOf(m: ScreeningMatch, versions: readonly ListVersion[]): OnboardingListMatch {
  return {
    list: m.list,
    entity_id: m.entityId,
    name: m.name,
    strength: m.strength,
    score: m.score,
    categories: m.providerCategory,
    programs: m.keywordsExtended.map((k) => k.name),
    list_version: versions.find((v) => v.list === m.list)?.id ?? null,
    secondary_fields: m.secondaryFieldResults,
    explanation: m.explanation ?? null,
  };
}

function outcomeOf(result: ScreeningResult, active: ActiveLists): ScreeningOutcome {
  const best = result.response[0];
  if (!best) return NO_MATCH;
  return {
    strength: best.strength,
    category: best.providerCategory[0] ?? null,
    matchedName: best.name,
    list: best.list,
    entityId: best.entityId,
    matches: result.response.map((m) => listMatchOf(m, active.versions)),
  };
}

export function onboardingScreening(
  lists: Watchlists,
  now: () => number,
  observers?: Pick<EngineObservers, 'screened'>,
): OnboardingScreening {
  let n = 0;
  const ctx = () => ({ now: now(), newId: () => `onb-screen-${++n}` });
  // One read of the active lists per query: the index and the versions it was built from go together.
  return {
    // Throws LISTS_NOT_LOADED before the onboarding is stored: an unscreened applicant is not APPROVED.
    screenPerson: (q) => {
      const active = lists.active;
      const result = screenIndividual(requireListedNames(active.index), personQuery(q), ctx());
      observers?.screened('individual', result.response);
      return outcomeOf(result, active);
    },
    screenOrganization: (q) => {
      const active = lists.active;
      const result = screenOrganization(requireListedNames(active.index), companyQuery(q), ctx());
      observers?.screened('organization', result.response);
      return outcomeOf(result, active);
    },
  };
}
