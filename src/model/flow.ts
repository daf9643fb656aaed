/**
 * Onboarding flows and their instances (spec: Get Flow Instances, Get Flow Instance By Id; DESIGN §5:
 * create a flow). A flow holds the checks' configuration; each onboarding runs in one flow instance.
 */
import { z } from 'zod';
import { FileReference } from './file-reference.js';
import { ConfigService } from './onboarding-data.js';
import { offsetPageOf } from './page.js';
import { IsoDateTime, RequiredText } from './scalars.js';

export const CreateFlowRequest = z.object({
  name: RequiredText,
  config_service: ConfigService.prefault({}),
});
export type CreateFlowRequest = z.infer<typeof CreateFlowRequest>;
export type CreateFlowRequestInput = z.input<typeof CreateFlowRequest>;

export const Flow = z.object({
  _id: z.string(),
  name: z.string(),
  config_service: ConfigService,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Flow = z.infer<typeof Flow>;

export const FlowInstanceStatus = z.enum(['IN_PROGRESS', 'COMPLETED']);
export type FlowInstanceStatus = z.infer<typeof FlowInstanceStatus>;

export const FlowInstance = z.object({
  _id: z.string(),
  flow: z.string(),
  status: FlowInstanceStatus,
  flow_event: z.string().describe('The last flow step reached, e.g. ONBOARDING_COMPLETED'),
  onboarding: z.string().nullable().describe('The onboarding record produced, once there is one'),
  identities: z.array(z.string()),
  file_references_data: z.array(FileReference),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type FlowInstance = z.infer<typeof FlowInstance>;

export const FlowInstanceList = offsetPageOf(FlowInstance);
export type FlowInstanceList = z.infer<typeof FlowInstanceList>;
