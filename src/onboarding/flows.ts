/**
 * Flows (a named configuration of the onboarding checks) and their instances (one per onboarding
 * session). A flow instance is created by createOnboarding; here it is only read.
 */
import { parseOrThrow } from '../model/errors.js';
import {
  CreateFlowRequest,
  type CreateFlowRequestInput,
  type Flow,
  type FlowInstance,
  type FlowInstanceList,
} from '../model/flow.js';
import { OffsetPageQuery } from '../model/page.js';
import type { z } from 'zod';
import { isoAt, type OnboardingContext } from './context.js';
import { COLLECTION, readOwned, saveOwned } from './owned-records.js';

/**
 * Creates a flow; config_service defaults to adults only (18) with expired documents refused.
 *
 * @example await createFlow(ctx, 'client-a', { name: 'Retail', config_service: { age_threshold: 21 } })
 */
export async function createFlow(
  ctx: OnboardingContext,
  clientId: string,
  request: CreateFlowRequestInput,
): Promise<Flow> {
  const { name, config_service } = parseOrThrow(CreateFlowRequest, request);
  const at = isoAt(ctx.now());
  const flow: Flow = { _id: ctx.newId('flow'), name, config_service, createdAt: at, updatedAt: at };
  await saveOwned(ctx.records, COLLECTION.flows, clientId, flow);
  await ctx.onEvent({ group: 'Flow', type: 'flow.created', client_id: clientId, at, data: { flow } });
  return flow;
}

export function getFlow(ctx: OnboardingContext, clientId: string, flowId: string): Promise<Flow> {
  return readOwned<Flow>(ctx.records, COLLECTION.flows, clientId, flowId);
}

export function getFlowInstance(
  ctx: OnboardingContext,
  clientId: string,
  instanceId: string,
): Promise<FlowInstance> {
  return readOwned<FlowInstance>(ctx.records, COLLECTION.flowInstances, clientId, instanceId);
}

/** The instances of one flow, newest first, as the {items, total, skip, limit} envelope. */
export async function listFlowInstances(
  ctx: OnboardingContext,
  clientId: string,
  flowId: string,
  page: z.input<typeof OffsetPageQuery> = {},
): Promise<FlowInstanceList> {
  await getFlow(ctx, clientId, flowId);
  const { skip, limit } = parseOrThrow(OffsetPageQuery, page);
  const instances = (await ctx.records.list<FlowInstance>(COLLECTION.flowInstances, clientId))
    .map((r) => r.data)
    .filter((instance) => instance.flow === flowId)
    .reverse();
  return { items: instances.slice(skip, skip + limit), total: instances.length, skip, limit };
}
