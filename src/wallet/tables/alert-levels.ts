/**
 * Alert levels, least to most serious. The spec's wallet record carries `risk_level` (observed: SEVERE)
 * and per-alert `alertLevel`; a wallet's risk level is the worst level among its alerts, so the order
 * here is the whole rule.
 */
export const ALERT_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'SEVERE'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** LOW 0 … SEVERE 3: higher is worse. */
export const ALERT_LEVEL_RANK: Readonly<Record<AlertLevel, number>> = {
  LOW: 0,
  MEDIUM: 1,
  HIGH: 2,
  SEVERE: 3,
};

/** Sorts worst first when used as a comparator: `levels.sort(compareAlertLevels)`. */
export function compareAlertLevels(a: AlertLevel, b: AlertLevel): number {
  return ALERT_LEVEL_RANK[b] - ALERT_LEVEL_RANK[a];
}

/**
 * The most serious level among `levels`, or null when there are none (no alert, no risk level).
 *
 * @example worstAlertLevel(['LOW', 'SEVERE', 'MEDIUM']) // 'SEVERE'
 */
export function worstAlertLevel(levels: Iterable<AlertLevel>): AlertLevel | null {
  let worst: AlertLevel | null = null;
  for (const level of levels) {
    if (worst === null || ALERT_LEVEL_RANK[level] > ALERT_LEVEL_RANK[worst]) worst = level;
  }
  return worst;
}
