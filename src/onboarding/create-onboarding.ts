/**
 * Creating an onboarding: the request is validated, screened and decided on the way in, and one
 * session's records are written together: a flow instance, the identity (when given), the audit of
 * the screening (onboarding-audit.ts) and the onboarding record, whose status and reason come from
 * decision.ts.
 */
import type { Flow, FlowInstance } from '../model/flow.js';
import type { Identity } from '../model/identity.js';
import type { NewOnboardingData, OnboardingData, Party } from '../model/onboarding-data.js';
import {
  CreateOnboardingRequest,
  type CreateOnboardingRequestInput,
  type OnboardingRecord,
} from '../model/onboarding.js';
import { parseRequest } from '../model/parse-request.js';
import { isoAt, type OnboardingContext } from './context.js';
import { decideOnboarding } from './decision.js';
import { ONBOARDING_GROUP } from './events.js';
import { IDENTITY_FINDINGS, findOnboardingFindings } from './findings.js';
import { initialChange, newIdentityRecord } from './identities.js';
import { onboardingAudit, saveOnboardingAudit } from './onboarding-audit.js';
import { COLLECTION, readOwned, saveOwned } from './owned-records.js';
import { FINAL_REVIEW_STATUSES } from './review-transitions.js';

/** The flow step an onboarding made in one request has reached: the end. */
export const ONBOARDING_COMPLETED = 'ONBOARDING_COMPLETED';

/**
 * Validates, screens and stores an onboarding; returns the spec's onboarding record.
 *
 * @example await createOnboarding(ctx, 'client-a', { flow: flow._id, data: { type: 'INDIVIDUAL', data_individual: { name: 'Ana Gómez' } } })
 */
export async function createOnboarding(
  ctx: OnboardingContext,
  clientId: string,
  request: CreateOnboardingRequestInput,
): Promise<OnboardingRecord> {
  const parsed = parseRequest(CreateOnboardingRequest, request);
  const flow = await readOwned<Flow>(ctx.records, COLLECTION.flows, clientId, parsed.flow, ['flow']);
  const now = ctx.now();
  const at = isoAt(now);
  const data = withPartyIds(parsed.data, ctx);
  const identity = parsed.identity ?? null;

  // The checks are synchronous: the identities the parties link to are read first.
  const linked = new Map<string, Identity>();
  for (const id of identityIdsIn(data)) {
    const stored = await ctx.records.get<Identity>(COLLECTION.identities, clientId, id);
    if (stored !== undefined) linked.set(id, stored.data);
  }
  const findings = findOnboardingFindings({
    data,
    identity,
    config: flow.config_service,
    now,
    screening: ctx.screening,
    identityById: (id) => linked.get(id),
  });
  const verdict = decideOnboarding(findings);

  const session = { flow: flow._id, flow_instance: ctx.newId('flow_instance') };
  const identityRecord =
    identity === null
      ? null
      : newIdentityRecord(
          ctx.newId('identity'),
          identity,
          session,
          decideOnboarding(findings.filter((f) => IDENTITY_FINDINGS.has(f.kind))),
          at,
        );
  const identities = identityRecord === null ? [] : [identityRecord._id];
  const onboarding: OnboardingRecord = {
    _id: ctx.newId('onboarding'),
    flow: flow._id,
    user: clientId,
    flow_instance: session.flow_instance,
    flow_event: ONBOARDING_COMPLETED,
    identities,
    data: withConfig(data, flow),
    status: verdict.status,
    ...(parsed.metadata === undefined ? {} : { metadata: parsed.metadata }),
    file_references_data: [],
    completed_at: FINAL_REVIEW_STATUSES.has(verdict.status) ? at : null,
    reason: verdict.reason,
    status_history: [initialChange(verdict, at)],
    createdAt: at,
    updatedAt: at,
  };
  const instance: FlowInstance = {
    _id: session.flow_instance,
    flow: flow._id,
    status: 'COMPLETED',
    flow_event: ONBOARDING_COMPLETED,
    onboarding: onboarding._id,
    identities,
    file_references_data: [],
    createdAt: at,
    updatedAt: at,
  };

  // The onboarding is written only once what it points at is durable: a crash or a failed commit
  // can leave an orphan flow instance, identity or audit, never an onboarding pointing at nothing.
  await Promise.all([
    saveOwned(ctx.records, COLLECTION.flowInstances, clientId, instance),
    identityRecord && saveOwned(ctx.records, COLLECTION.identities, clientId, identityRecord),
    saveOnboardingAudit(ctx.records, clientId, onboardingAudit(onboarding._id, findings, at)),
  ]);
  await saveOwned(ctx.records, COLLECTION.onboardings, clientId, onboarding);

  const base = { client_id: clientId, at };
  await ctx.onEvent({
    ...base,
    group: 'Flow',
    type: 'flow_instance.created',
    data: { flow_instance: instance },
  });
  if (identityRecord !== null) {
    await ctx.onEvent({
      ...base,
      group: 'Identity Verification by Onboarding',
      type: 'identity.created',
      data: { identity: identityRecord, onboarding: onboarding._id },
    });
  }
  await ctx.onEvent({
    ...base,
    group: ONBOARDING_GROUP[onboarding.data.type],
    type: 'onboarding.created',
    data: { onboarding },
  });
  return onboarding;
}

/** Parties get an id when the client gave none, so findings and reviewers can point at them. */
function withPartyIds(data: NewOnboardingData, ctx: OnboardingContext): NewOnboardingData {
  if (data.type === 'INDIVIDUAL') return data;
  const identify = (party: Party): Party =>
    party.id === null ? { ...party, id: ctx.newId('party') } : party;
  const company = data.data_company;
  return {
    ...data,
    data_company: {
      ...company,
      final_beneficiaries: company.final_beneficiaries.map(identify),
      legal_representatives: company.legal_representatives.map(identify),
      cash_controllers: company.cash_controllers.map(identify),
    },
  };
}

/** The record's data carries the configuration it was checked against, copied from the flow. */
function withConfig(data: NewOnboardingData, flow: Flow): OnboardingData {
  const config_service = flow.config_service;
  return data.type === 'INDIVIDUAL'
    ? { type: 'INDIVIDUAL', config_service, data_individual: data.data_individual }
    : { type: 'COMPANY', config_service, data_company: data.data_company };
}

/** Every `identity_id` string anywhere in the request data (parties link identities by it). */
function identityIdsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) identityIdsIn(v, found);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'identity_id' && typeof v === 'string') found.add(v);
      else identityIdsIn(v, found);
    }
  }
  return found;
}
