/**
 * The analysis ports of one new submission, with a hook run the moment the analysis would have to
 * wait on something outside the process: the wallet port is the only one that may answer with a
 * promise (a remote analyzer); screening is synchronous by contract. The service uses the hook to
 * make the PROGRESS record durable before that wait and to skip the write when there is none.
 */
import type { WalletPort, WalletRiskSummary } from './ports.js';
import type { ScreeningPorts } from './screen-participant.js';

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** @example portsSavingBeforeWait(ports, () => saveProgress()) */
export function portsSavingBeforeWait(
  ports: ScreeningPorts,
  beforeWait: () => Promise<void>,
): ScreeningPorts {
  const wallet: WalletPort = {
    analyze(clientId, address): WalletRiskSummary | Promise<WalletRiskSummary> {
      const findings = ports.wallet.analyze(clientId, address);
      if (!isPromiseLike(findings)) return findings;
      // Both awaited at once, so a rejection of either is handled as soon as it happens.
      return Promise.all([beforeWait(), findings]).then(([, summary]) => summary);
    },
  };
  return { screening: ports.screening, wallet };
}
