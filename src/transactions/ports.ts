/**
 * What the transaction service needs from the rest of Warden, declared here and supplied by the host
 * (the engine wires the real screening index, wallet analyzer and webhook dispatcher). The service never
 * imports a concrete engine, so tests and the batch runner can hand it whatever fits.
 */
import type { ClientSettings } from '../model/client.js';
import type { CryptoWallet } from '../model/participant.js';
import type { ScreeningResult } from '../model/screening-result.js';
import type { WalletRiskAnalysis } from '../model/wallet.js';
import type { WebhookSubject } from '../model/webhook.js';
import type { StoredRecord } from '../store/store.js';

/** A natural person as a participant describes it; absent fields are not screened. */
export interface PersonScreeningInput {
  readonly full_name: string;
  /** YYYY-MM-DD. */
  readonly birth_date?: string | null;
  /** ISO alpha-3. */
  readonly nationality?: string | null;
  readonly document_number?: string | null;
}

export interface CompanyScreeningInput {
  readonly name: string;
  /** ISO alpha-3 country of incorporation; null when the participant does not give it. */
  readonly country: string | null;
  readonly identification_number?: string | null;
}

/**
 * Name screening against the loaded lists and the client's own blacklist. The adapter consults the
 * blacklist only when the client has it enabled; the facts ignore blacklist matches otherwise anyway.
 */
export interface ScreeningPort {
  screenPerson(clientId: string, person: PersonScreeningInput, transactionId?: string): ScreeningResult;
  screenCompany(clientId: string, company: CompanyScreeningInput, transactionId?: string): ScreeningResult;
}

/**
 * The part of a wallet risk analysis the decision reads. The real `WalletRiskAnalysis` is a superset,
 * so the engine can return its analysis as is.
 */
export type WalletRiskSummary = Pick<WalletRiskAnalysis, 'risk_level' | 'alerts' | 'directExposure'>;

export interface WalletPort {
  /** May throw WardenError('INVALID_ADDRESS' | 'INVALID_NETWORK_ASSET') for a bad wallet. */
  analyze(clientId: string, wallet: CryptoWallet): WalletRiskSummary | Promise<WalletRiskSummary>;
}

/** A state change's webhook, prepared to be stored in the same commit as the change itself. */
export interface PreparedNotice {
  /** The outbox record to write with the change; null when the client gets no webhooks. */
  readonly record: StoredRecord | null;
  /** Starts the delivery in the background; call once the commit holding `record` is durable. */
  schedule(): void;
}

/**
 * Webhook delivery as a transactional outbox: the service writes the delivery `prepare` returns in
 * the commit of the state change, so a crash can never keep one without the other. `deliveryId` is
 * stable (one per state change), so a repeated prepare describes the same delivery and receivers
 * can deduplicate on it. `schedule` must never wait for the receiver: the dispatcher's attempts
 * call back into `recordNotification`, which takes the transaction's lock.
 */
export interface NotifyPort {
  prepare(
    clientId: string,
    event: string,
    payload: unknown,
    subject: WebhookSubject,
    deliveryId: string,
  ): PreparedNotice;
}

/** The client settings the decision reads (ClientRegistry's `settings`). */
export type SettingsOf = (clientId: string) => ClientSettings;

/**
 * Decided false positives (issue #30): the id of the review decision that suppressed this
 * customer's alert on this listed entity, or null when the alert counts.
 */
export interface SuppressionPort {
  find(clientId: string, customerExternalId: string, list: string, entityId: string): string | null;
}
