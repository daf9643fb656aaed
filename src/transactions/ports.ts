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

/**
 * Webhook delivery. `enqueue` must return once the delivery is stored, never wait for the receiver:
 * the service calls it while it holds the transaction's lock, and the dispatcher's attempts call
 * back into `recordNotification`, which takes the same lock.
 */
export interface NotifyPort {
  enqueue(clientId: string, event: string, payload: unknown, subject: WebhookSubject): void | Promise<void>;
}

/** The client settings the decision reads (ClientRegistry's `settings`). */
export type SettingsOf = (clientId: string) => ClientSettings;
