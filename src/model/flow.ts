/**
 * Onboarding flows and their instances (spec: Get Flow Instances, Get Flow Instance By Id; DESIGN §5:
 * create a flow). A flow holds the checks' configuration; each onboarding runs in one flow instance.
 */
import { z } from 'zod';
import { FileReference } from './file-reference.js';
import { ConfigService } from './onboarding-data.js';
import { offsetPageOf } from './page.js';
import { IsoDateTime, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const CreateFlowRequest = z.object({
  name: RequiredText,
  config_service: ConfigService.prefault({}),
});
export type CreateFlowRequest = z.infer<typeof CreateFlowRequest>;
export type CreateFlowRequestInput = z.input<typeof CreateFlowRequest>;
nameSchema(CreateFlowRequest, 'CreateFlowRequest', [
  { name: 'Retail onboarding', config_service: { age_threshold: 18, document_expiration: true } },
]);

export const Flow = z.object({
  _id: z.string(),
  name: z.string(),
  config_service: ConfigService,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Flow = z.infer<typeof Flow>;
nameSchema(Flow, 'Flow', [
  {
    _id: 'flow_ca6da820-574a-47f2-a020-154a9a06c645',
    name: 'Retail onboarding',
    config_service: { age_threshold: 18, document_expiration: true },
    createdAt: '2026-05-01T10:00:30.000Z',
    updatedAt: '2026-05-01T10:00:30.000Z',
  },
]);

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
nameSchema(FlowInstance, 'FlowInstance');

export const FlowInstanceList = offsetPageOf(FlowInstance);
export type FlowInstanceList = z.infer<typeof FlowInstanceList>;
nameSchema(FlowInstanceList, 'FlowInstanceList');
