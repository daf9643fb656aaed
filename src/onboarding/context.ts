/**
 * What every onboarding operation works with: the record store, the screening and event ports, and
 * the injected clock and id source (the core never reads Date.now or Math.random, so tests replay
 * exactly and a host can use its own ids).
 */
import type { RecordStore } from '../store/store.js';
import type { OnEvent } from './events.js';
import type { OnboardingScreening } from './screening-port.js';
import type { SessionLock } from './session-lock.js';

/** The kind of record an id is made for; a host's `newId` may use it as a prefix. */
export type IdKind = 'flow' | 'flow_instance' | 'identity' | 'onboarding' | 'party';

export interface OnboardingContext {
  readonly records: RecordStore;
  readonly screening: OnboardingScreening;
  readonly onEvent: OnEvent;
  /** Epoch milliseconds. */
  readonly now: () => number;
  readonly newId: (kind: IdKind) => string;
  readonly lock: SessionLock;
}

/** The onboarding area writes ISO 8601 strings (spec), the store keeps epoch numbers. */
export function isoAt(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
