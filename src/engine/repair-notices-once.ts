/**
 * Runs the transactions' webhook repair (service.repairNotices) once per database. Before the
 * transactional outbox, a crash between a state change's commit and its delivery's commit left a
 * decided transaction with no webhook; the repair reads every transaction body, so a marker record
 * says it was done and later starts skip it. Databases created since then need no repair, and a
 * fresh one gets its marker at first start.
 */
import type { Store } from '../store/store.js';

const MARKER = { collection: 'server', client_id: 'warden', id: 'outbox-repaired' } as const;

export async function repairNoticesOnce(
  store: Store,
  repair: () => Promise<number>,
  now: number,
): Promise<number> {
  if (store.records.entry(MARKER.collection, MARKER.client_id, MARKER.id) !== undefined) return 0;
  const repaired = await repair();
  await store.records.put({ ...MARKER, key: null, created_at: now, updated_at: now, data: { repaired } });
  return repaired;
}
