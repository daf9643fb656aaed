/** The onboarding service's screening port, served by the engine's active watchlists. */
import type { ScreeningResult } from '../model/screening-result.js';
import { NO_MATCH, type OnboardingScreening, type ScreeningOutcome } from '../onboarding/index.js';
import {
  companyQuery,
  personQuery,
  requireListedNames,
  screenIndividual,
  screenOrganization,
} from '../screening/index.js';
import type { EngineObservers } from './engine-observer.js';
import type { Watchlists } from './watchlists.js';

function outcomeOf(result: ScreeningResult): ScreeningOutcome {
  const best = result.response[0];
  if (!best) return NO_MATCH;
  return {
    strength: best.strength,
    category: best.providerCategory[0] ?? null,
    matchedName: best.name,
    list: best.list,
    entityId: best.entityId,
  };
}

export function onboardingScreening(
  lists: Watchlists,
  now: () => number,
  observers?: Pick<EngineObservers, 'screened'>,
): OnboardingScreening {
  let n = 0;
  const ctx = () => ({ now: now(), newId: () => `onb-screen-${++n}` });
  return {
    // Throws LISTS_NOT_LOADED before the onboarding is stored: an unscreened applicant is not APPROVED.
    screenPerson: (q) => {
      const result = screenIndividual(requireListedNames(lists.active.index), personQuery(q), ctx());
      observers?.screened('individual', result.response);
      return outcomeOf(result);
    },
    screenOrganization: (q) => {
      const result = screenOrganization(requireListedNames(lists.active.index), companyQuery(q), ctx());
      observers?.screened('organization', result.response);
      return outcomeOf(result);
    },
  };
}
