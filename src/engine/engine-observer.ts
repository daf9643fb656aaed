/**
 * The engine's events for observers a host attaches with `engine.observe()` — Warden's own metrics
 * (src/metrics) are one. Observers run synchronously on the screening path, so each call must be
 * cheap; a fault in one is dropped, because a counter that failed must never fail a screening.
 */
import type { MatchStrength } from '../model/risk.js';
import type { TransactionState } from '../model/transaction.js';
import type { WebhookAttempt, WebhookDelivery } from '../model/webhook.js';
import type { RescreenOutcome } from '../transactions/registrations.js';

/** What one screening looked at: a person's or an organization's names, or a wallet address. */
export const SCREENING_KINDS = ['individual', 'organization', 'wallet'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];

export interface EngineObserver {
  /**
   * After every screening, whichever door it came through (direct, summary, transaction,
   * registration, onboarding); a wallet analysis reports no name matches.
   */
  screened?(kind: ScreeningKind, matches: readonly { readonly strength: MatchStrength }[]): void;
  /** After a submitted transaction is decided, with the state it was given. */
  transactionDecided?(state: TransactionState): void;
  /** After each webhook attempt is stored; `delivery.status` says whether it settled. */
  webhookAttempted?(delivery: WebhookDelivery, attempt: WebhookAttempt): void;
  /**
   * After each pass over the registered remitters and beneficiaries that follows a new list version
   * (directory-refresh.ts): every entry screened again, with its risk before and after.
   */
  directoryRefreshed?(outcomes: readonly RescreenOutcome[]): void;
}

/** The observers of one engine. */
export class EngineObservers {
  readonly #all = new Set<EngineObserver>();

  /** Adds an observer; returns its removal. */
  add(observer: EngineObserver): () => void {
    this.#all.add(observer);
    return () => void this.#all.delete(observer);
  }

  screened(kind: ScreeningKind, matches: readonly { readonly strength: MatchStrength }[]): void {
    this.#each((o) => o.screened?.(kind, matches));
  }

  transactionDecided(state: TransactionState): void {
    this.#each((o) => o.transactionDecided?.(state));
  }

  webhookAttempted(delivery: WebhookDelivery, attempt: WebhookAttempt): void {
    this.#each((o) => o.webhookAttempted?.(delivery, attempt));
  }

  directoryRefreshed(outcomes: readonly RescreenOutcome[]): void {
    this.#each((o) => o.directoryRefreshed?.(outcomes));
  }

  #each(call: (observer: EngineObserver) => void): void {
    for (const observer of this.#all) {
      try {
        call(observer);
      } catch {
        // See the file comment: dropped.
      }
    }
  }
}
