/** The onboarding service's screening port, served by the engine's active watchlists. */
import type { ScreeningResult } from '../model/screening-result.js';
import { NO_MATCH, type OnboardingScreening, type ScreeningOutcome } from '../onboarding/index.js';
import { screenIndividual, screenOrganization } from '../screening/index.js';
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

/** Onboarding data was validated on the way in, so the queries are built directly. */
export function onboardingScreening(lists: Watchlists, now: () => number): OnboardingScreening {
  let n = 0;
  const ctx = () => ({ now: now(), newId: () => `onb-screen-${++n}` });
  return {
    screenPerson(q) {
      const query = {
        full_name: q.full_name,
        gender: null,
        date_of_birth: q.birth_date ?? null,
        residence: null,
        place_of_birth: null,
        citizenship: q.nationality ?? null,
        issuer_country: null,
        identification_type: null,
        identification_number: q.document_number ?? null,
        nameTransposition: true,
      };
      return outcomeOf(screenIndividual(lists.active.index, query, ctx()));
    },
    screenOrganization(q) {
      const query = {
        name: q.name,
        country: q.country ?? '',
        identification_number: null,
        nameTransposition: true,
      };
      return outcomeOf(screenOrganization(lists.active.index, query, ctx()));
    },
  };
}
