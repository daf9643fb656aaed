/**
 * Standalone registration of remitters and beneficiaries (spec: Register remitter / Register
 * Beneficiary). The spec is silent on the semantics; Warden's:
 *
 * - Every registration is screened at once (risk_level on the record) and stored in "remitters" or
 *   "beneficiaries", keyed by external_id. Registering an external_id again replaces the participant,
 *   re-screens it and keeps its id and registered_in.
 * - binding_list true puts the entity in the client's directory: `find` returns it and the periodic
 *   refresh (`rescreen`) re-screens it. binding_list false is a one-off screening, kept for audit only.
 * - A transaction still carries its participants in full (the spec requires the object); the
 *   directory is a lookup for the host, not a substitute for the transaction's participant.
 */
import type { ParticipantRole } from '../model/decision.js';
import type { Participant } from '../model/participant.js';
import type { RegisteredEntity, RegistrationRequest } from '../model/registration.js';
import type { RiskLevel } from '../model/risk.js';
import type { RecordStore, StoredRecord } from '../store/store.js';
import { participantAudit, riskLevelOf, type ParticipantAudit } from './audit.js';
import type { KeyedQueue } from './keyed-queue.js';
import { screenParticipant, type ScreeningPorts } from './screen-participant.js';

export const REGISTRATION_COLLECTIONS: Readonly<Record<ParticipantRole, string>> = {
  REMITTER: 'remitters',
  BENEFICIARY: 'beneficiaries',
};

export interface StoredRegistration {
  readonly entity: RegisteredEntity;
  readonly binding_list: boolean;
  /** What the latest screening saw, and against which list versions. */
  readonly audit: ParticipantAudit & { readonly list_versions: readonly string[] };
}

/** One re-screened directory entry: the batch runner reports those whose risk changed. */
export interface RescreenOutcome {
  readonly collection: string;
  readonly client_id: string;
  readonly id: string;
  readonly external_id: string;
  readonly previous_risk: RiskLevel;
  readonly new_risk: RiskLevel;
}

export interface RegistrationDeps {
  readonly records: RecordStore;
  readonly ports: ScreeningPorts;
  readonly queue: KeyedQueue;
  readonly listVersions: () => readonly string[];
  readonly now: () => number;
  readonly newId: () => string;
}

function participantOfRequest(request: RegistrationRequest): Participant {
  const { external_id } = request;
  if (request.entity_type === 'PERSON')
    return { external_id, entity_type: 'PERSON', natural_person: request.natural_person };
  if (request.entity_type === 'COMPANY')
    return { external_id, entity_type: 'COMPANY', legal_person: request.legal_person };
  return { external_id, entity_type: 'CRYPTO', crypto: request.crypto };
}

function participantOfEntity(entity: RegisteredEntity): Participant {
  const { external_id } = entity;
  if (entity.natural_person)
    return { external_id, entity_type: 'PERSON', natural_person: entity.natural_person };
  if (entity.legal_person) return { external_id, entity_type: 'COMPANY', legal_person: entity.legal_person };
  return { external_id, entity_type: 'CRYPTO', crypto: entity.crypto! };
}

export function createRegistrations(deps: RegistrationDeps) {
  const { records, ports, queue, listVersions, now, newId } = deps;
  const lockKey = (collection: string, clientId: string, externalId: string) =>
    `${collection}\u0000${clientId}\u0000${externalId}`;

  /** Screens the participant and writes the record; the caller holds the entry's lock. */
  async function screenAndStore(
    collection: string,
    clientId: string,
    participant: Participant,
    previous: StoredRecord<StoredRegistration> | undefined,
    bindingList: boolean,
  ): Promise<StoredRegistration> {
    const screening = await screenParticipant(ports, clientId, participant, []);
    const analyzedAt = now();
    const registeredIn = previous?.data.entity.registered_in ?? analyzedAt;
    const id = previous?.id ?? newId();
    const entity: RegisteredEntity = {
      id,
      external_id: participant.external_id,
      entity_type: participant.entity_type,
      natural_person: participant.entity_type === 'PERSON' ? participant.natural_person : null,
      legal_person: participant.entity_type === 'COMPANY' ? participant.legal_person : null,
      crypto: participant.entity_type === 'CRYPTO' ? participant.crypto : null,
      customer_documents: [],
      analyzed_at: analyzedAt,
      registered_in: registeredIn,
      risk_level: riskLevelOf(screening),
    };
    const data: StoredRegistration = {
      entity,
      binding_list: bindingList,
      audit: { ...participantAudit(screening), list_versions: [...listVersions()] },
    };
    await records.put<StoredRegistration>({
      collection,
      id,
      client_id: clientId,
      key: participant.external_id,
      created_at: registeredIn,
      updated_at: analyzedAt,
      data,
    });
    return data;
  }

  /** Registers (or re-registers) a remitter or beneficiary and returns the spec's record. */
  function register(
    clientId: string,
    role: ParticipantRole,
    request: RegistrationRequest,
  ): Promise<RegisteredEntity> {
    const collection = REGISTRATION_COLLECTIONS[role];
    return queue.run(lockKey(collection, clientId, request.external_id), async () => {
      const previous = await records.getByKey<StoredRegistration>(collection, clientId, request.external_id);
      const participant = participantOfRequest(request);
      return (await screenAndStore(collection, clientId, participant, previous, request.binding_list)).entity;
    });
  }

  /** The directory entry with this external_id, or null (also null for a binding_list false registration). */
  async function find(
    clientId: string,
    role: ParticipantRole,
    externalId: string,
  ): Promise<RegisteredEntity | null> {
    const record = await records.getByKey<StoredRegistration>(
      REGISTRATION_COLLECTIONS[role],
      clientId,
      externalId,
    );
    return record?.data.binding_list ? record.data.entity : null;
  }

  /**
   * Re-screens every directory entry (of one client, or of all) against the current index, for the
   * periodic refresh, or only those `affected` says a list update may have changed
   * (engine/directory-changes.ts); an aborted `signal` stops it between entries. Entries are done one
   * at a time, off the hot path (engine/directory-refresh.ts runs it after each list update).
   */
  async function rescreen(
    clientId?: string,
    signal?: AbortSignal,
    affected: (entry: StoredRegistration) => boolean = () => true,
  ): Promise<RescreenOutcome[]> {
    const outcomes: RescreenOutcome[] = [];
    for (const collection of Object.values(REGISTRATION_COLLECTIONS)) {
      // Entries, then one body at a time: a directory of any size never sits in memory at once.
      for (const listed of records.entries(collection, clientId)) {
        if (signal?.aborted) return outcomes;
        if (listed.key === null) continue;
        const key = lockKey(collection, listed.client_id, listed.key);
        const outcome = await queue.run(key, async () => {
          // Read under the lock: a registration may have replaced the entry meanwhile.
          const current = await records.get<StoredRegistration>(collection, listed.client_id, listed.id);
          if (!current?.data.binding_list || !affected(current.data)) return null;
          const participant = participantOfEntity(current.data.entity);
          const next = await screenAndStore(collection, current.client_id, participant, current, true);
          return {
            collection,
            client_id: current.client_id,
            id: current.id,
            external_id: current.data.entity.external_id,
            previous_risk: current.data.entity.risk_level,
            new_risk: next.entity.risk_level,
          };
        });
        if (outcome) outcomes.push(outcome);
      }
    }
    return outcomes;
  }

  return { register, find, rescreen };
}
