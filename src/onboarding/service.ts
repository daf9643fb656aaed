/**
 * The onboarding service: every operation of the onboarding area, bound to one store, one screening
 * engine and one event sink. The HTTP adapter is a thin layer over this; a host embeds it directly.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CreateFlowRequestInput, Flow, FlowInstance, FlowInstanceList } from '../model/flow.js';
import type { FileReference } from '../model/file-reference.js';
import type { Identity } from '../model/identity.js';
import type {
  OnboardingByDocumentQuery,
  CreateOnboardingRequestInput,
  OnboardingList,
  OnboardingRecord,
} from '../model/onboarding.js';
import type { OffsetPageQuery } from '../model/page.js';
import type { StatusUpdateRequest } from '../model/review-status.js';
import type { RecordStore } from '../store/store.js';
import type { IdKind, OnboardingContext } from './context.js';
import { createOnboarding } from './create-onboarding.js';
import type { OnEvent } from './events.js';
import { addFile, getFile, listFiles, type FileOwner, type NewFile, type StoredFile } from './files.js';
import { createFlow, getFlow, getFlowInstance, listFlowInstances } from './flows.js';
import { changeIdentityStatus, getIdentity, type StatusChangeOptions } from './identities.js';
import { changeOnboardingStatus, getOnboarding } from './onboardings.js';
import type { OnboardingScreening } from './screening-port.js';
import { getEntityByDocument, searchOnboardings, type OnboardingSearchInput } from './search-onboardings.js';
import { createSessionLock } from './session-lock.js';

export interface OnboardingServiceOptions {
  /** Only the record store is used; a whole Store's `records` fits. */
  readonly store: { readonly records: RecordStore };
  readonly screening: OnboardingScreening;
  readonly onEvent?: OnEvent;
  /** Epoch milliseconds; defaults to the system clock. */
  readonly now?: () => number;
  /** Defaults to "<kind>_<uuid v4>". */
  readonly newId?: (kind: IdKind) => string;
}

type StatusUpdate = z.input<typeof StatusUpdateRequest>;

export interface OnboardingService {
  createFlow(clientId: string, request: CreateFlowRequestInput): Promise<Flow>;
  getFlow(clientId: string, flowId: string): Promise<Flow>;
  listFlowInstances(
    clientId: string,
    flowId: string,
    page?: z.input<typeof OffsetPageQuery>,
  ): Promise<FlowInstanceList>;
  getFlowInstance(clientId: string, instanceId: string): Promise<FlowInstance>;
  getFlowInstanceFile(clientId: string, instanceId: string, fileId: string): Promise<StoredFile>;

  createOnboarding(clientId: string, request: CreateOnboardingRequestInput): Promise<OnboardingRecord>;
  getOnboarding(clientId: string, onboardingId: string): Promise<OnboardingRecord>;
  getOnboardingFile(clientId: string, onboardingId: string, fileId: string): Promise<StoredFile>;
  getOnboardingFiles(clientId: string, onboardingId: string): Promise<StoredFile[]>;
  getEntityByDocument(
    clientId: string,
    query: z.input<typeof OnboardingByDocumentQuery>,
  ): Promise<OnboardingRecord>;
  searchOnboardings(clientId: string, query?: OnboardingSearchInput): Promise<OnboardingList>;
  changeOnboardingStatus(
    clientId: string,
    onboardingId: string,
    update: StatusUpdate,
    options?: StatusChangeOptions,
  ): Promise<OnboardingRecord>;

  getIdentity(clientId: string, identityId: string): Promise<Identity>;
  getIdentityFile(clientId: string, identityId: string, fileId: string): Promise<StoredFile>;
  getIdentityFiles(clientId: string, identityId: string): Promise<StoredFile[]>;
  changeIdentityStatus(
    clientId: string,
    identityId: string,
    update: StatusUpdate,
    options?: StatusChangeOptions,
  ): Promise<Identity>;

  addFile(clientId: string, owner: FileOwner, ownerId: string, file: NewFile): Promise<FileReference>;
}

/**
 * Binds the onboarding operations to their dependencies.
 *
 * @example const onboarding = createOnboardingService({ store, screening, onEvent: (e) => outbox.add(e) })
 */
export function createOnboardingService(options: OnboardingServiceOptions): OnboardingService {
  const ctx: OnboardingContext = {
    records: options.store.records,
    screening: options.screening,
    onEvent: options.onEvent ?? (() => {}),
    now: options.now ?? (() => Date.now()),
    newId: options.newId ?? ((kind) => `${kind}_${randomUUID()}`),
    lock: createSessionLock(),
  };
  return {
    createFlow: (clientId, request) => createFlow(ctx, clientId, request),
    getFlow: (clientId, flowId) => getFlow(ctx, clientId, flowId),
    listFlowInstances: (clientId, flowId, page) => listFlowInstances(ctx, clientId, flowId, page),
    getFlowInstance: (clientId, instanceId) => getFlowInstance(ctx, clientId, instanceId),
    getFlowInstanceFile: (clientId, instanceId, fileId) =>
      getFile(ctx, clientId, 'flow_instances', instanceId, fileId),

    createOnboarding: (clientId, request) => createOnboarding(ctx, clientId, request),
    getOnboarding: (clientId, onboardingId) => getOnboarding(ctx, clientId, onboardingId),
    getOnboardingFile: (clientId, onboardingId, fileId) =>
      getFile(ctx, clientId, 'onboardings', onboardingId, fileId),
    getOnboardingFiles: (clientId, onboardingId) => listFiles(ctx, clientId, 'onboardings', onboardingId),
    getEntityByDocument: (clientId, query) => getEntityByDocument(ctx, clientId, query),
    searchOnboardings: (clientId, query) => searchOnboardings(ctx, clientId, query),
    changeOnboardingStatus: (clientId, onboardingId, update, opts) =>
      changeOnboardingStatus(ctx, clientId, onboardingId, update, opts),

    getIdentity: (clientId, identityId) => getIdentity(ctx, clientId, identityId),
    getIdentityFile: (clientId, identityId, fileId) =>
      getFile(ctx, clientId, 'identities', identityId, fileId),
    getIdentityFiles: (clientId, identityId) => listFiles(ctx, clientId, 'identities', identityId),
    changeIdentityStatus: (clientId, identityId, update, opts) =>
      changeIdentityStatus(ctx, clientId, identityId, update, opts),

    addFile: (clientId, owner, ownerId, file) => addFile(ctx, clientId, owner, ownerId, file),
  };
}
