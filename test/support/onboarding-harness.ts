/**
 * An onboarding service on a given store, with a settable clock, readable sequential ids
 * ("onboarding_1") and every emitted event kept in order.
 */
import { openMemoryStore, type Store } from '../../src/store/index.js';
import {
  createOnboardingService,
  type IdKind,
  type OnboardingEvent,
  type OnboardingService,
} from '../../src/onboarding/index.js';
import type { Flow } from '../../src/model/flow.js';
import type { CreateFlowRequestInput } from '../../src/model/flow.js';
import { LISTED_NAMES, listedNamesScreening, type ListedName } from './listed-names-screening.js';

export const NOW = '2026-05-01T10:00:00.000Z';
export const CLIENT_A = 'client-a';
export const CLIENT_B = 'client-b';

export interface OnboardingHarness {
  readonly service: OnboardingService;
  readonly store: Store;
  readonly events: OnboardingEvent[];
  readonly screeningQueries: readonly { kind: string; name: string }[];
  setNow(iso: string): void;
  /** A flow of CLIENT_A (or `clientId`) with the default configuration unless overridden. */
  aFlow(request?: Partial<CreateFlowRequestInput>, clientId?: string): Promise<Flow>;
}

export function anOnboardingHarness(
  options: { store?: Store; listed?: readonly ListedName[]; idPrefix?: string } = {},
): OnboardingHarness {
  const store = options.store ?? openMemoryStore();
  const events: OnboardingEvent[] = [];
  const counters = new Map<IdKind, number>();
  let clock = Date.parse(NOW);
  const { screening, queries } = listedNamesScreening(options.listed ?? LISTED_NAMES);
  const service = createOnboardingService({
    store,
    screening,
    onEvent: (event) => {
      events.push(event);
    },
    now: () => clock,
    newId: (kind) => {
      const n = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, n);
      return `${options.idPrefix ?? ''}${kind}_${n}`;
    },
  });
  return {
    service,
    store,
    events,
    screeningQueries: queries,
    setNow(iso) {
      clock = Date.parse(iso);
    },
    aFlow: (request = {}, clientId = CLIENT_A) =>
      service.createFlow(clientId, { name: 'Personal accounts', ...request }),
  };
}
