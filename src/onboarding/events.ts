/**
 * What the onboarding service tells the outside world, through the `onEvent` port (the lead wires it
 * to the webhook outbox). Every creation and every status change emits exactly one event, after the
 * record is durably written, so a subscriber never hears of a record it cannot read.
 *
 * The spec names the webhook groups but not their triggers; Warden's:
 *
 * | type                      | group                                                          |
 * |---------------------------|----------------------------------------------------------------|
 * | flow.created              | Flow                                                           |
 * | flow_instance.created     | Flow                                                           |
 * | identity.created          | Identity Verification by Onboarding (identities are verified  |
 * |                           | as part of an onboarding request)                              |
 * | identity.status_changed   | Identity Verification (a review of the identity itself)        |
 * | onboarding.created        | Onboarding Individual / Onboarding Organizations, by data.type |
 * | onboarding.status_changed | Onboarding Individual / Onboarding Organizations, by data.type |
 */
import type { Flow, FlowInstance } from '../model/flow.js';
import type { Identity } from '../model/identity.js';
import type { OnboardingType } from '../model/onboarding-data.js';
import type { OnboardingRecord } from '../model/onboarding.js';
import type { StatusChange } from '../model/review-status.js';

export type OnboardingEventGroup =
  | 'Flow'
  | 'Identity Verification'
  | 'Onboarding Individual'
  | 'Onboarding Organizations'
  | 'Identity Verification by Onboarding';

interface EventOf<Group extends OnboardingEventGroup, Type extends string, Data> {
  readonly group: Group;
  readonly type: Type;
  readonly client_id: string;
  /** ISO 8601: when the change happened (the service's `now`). */
  readonly at: string;
  readonly data: Data;
}

type OnboardingGroup = 'Onboarding Individual' | 'Onboarding Organizations';

export type FlowCreatedEvent = EventOf<'Flow', 'flow.created', { flow: Flow }>;
export type FlowInstanceCreatedEvent = EventOf<
  'Flow',
  'flow_instance.created',
  { flow_instance: FlowInstance }
>;
export type IdentityCreatedEvent = EventOf<
  'Identity Verification by Onboarding',
  'identity.created',
  { identity: Identity; onboarding: string }
>;
export type IdentityStatusChangedEvent = EventOf<
  'Identity Verification',
  'identity.status_changed',
  { identity: Identity; change: StatusChange }
>;
export type OnboardingCreatedEvent = EventOf<
  OnboardingGroup,
  'onboarding.created',
  { onboarding: OnboardingRecord }
>;
export type OnboardingStatusChangedEvent = EventOf<
  OnboardingGroup,
  'onboarding.status_changed',
  { onboarding: OnboardingRecord; change: StatusChange }
>;

export type OnboardingEvent =
  | FlowCreatedEvent
  | FlowInstanceCreatedEvent
  | IdentityCreatedEvent
  | IdentityStatusChangedEvent
  | OnboardingCreatedEvent
  | OnboardingStatusChangedEvent;

/** The port. A returned promise is awaited, so an outbox write completes before the call returns. */
export type OnEvent = (event: OnboardingEvent) => void | Promise<void>;

export const ONBOARDING_GROUP: Readonly<Record<OnboardingType, OnboardingGroup>> = {
  INDIVIDUAL: 'Onboarding Individual',
  COMPANY: 'Onboarding Organizations',
};
