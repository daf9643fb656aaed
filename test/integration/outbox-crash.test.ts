/**
 * A transaction's state change and its webhook delivery are one commit: a submitting process killed
 * with SIGKILL at any moment leaves no decided transaction without the delivery of its latest change.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDuckDbStore } from '../../src/store/index.js';
import {
  deliveryIdOf,
  TRANSACTIONS_COLLECTION,
  type StoredTransaction,
} from '../../src/transactions/transaction-record.js';
import { OUTBOX_COLLECTION } from '../../src/webhooks/index.js';
import { REPO_ROOT } from '../support/datasets.js';

/** Runs the submitter until it has acknowledged `atLeast` submissions, then kills it at a random moment. */
function submitThenKill(dbPath: string, atLeast: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'test/support/submit-until-killed.ts'), dbPath],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let acked = 0;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      for (const a of d.toString().match(/acked (\d+)/g) ?? []) acked = Math.max(acked, Number(a.slice(6)));
      // A random delay lands the kill anywhere in a submission, its commit or an attempt's write.
      if (acked >= atLeast && !child.killed) setTimeout(() => child.kill('SIGKILL'), Math.random() * 5);
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(acked) : reject(new Error(`submitter exited early: ${stderr}`)),
    );
  });
}

describe('transactional webhook outbox', () => {
  it('leaves every decided transaction with its delivery after kill -9 at random moments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-outbox-kill-'));
    try {
      const path = join(dir, 'warden.duckdb');
      let decided = 0;
      for (const atLeast of [15, 30, 45]) {
        const acked = await submitThenKill(path, atLeast);
        const store = await openDuckDbStore(path);
        const transactions = store.records.entries(TRANSACTIONS_COLLECTION);
        expect(transactions.length).toBeGreaterThanOrEqual(acked);
        for (const entry of transactions) {
          if (entry.tag === 'PROGRESS') continue;
          const stored = (await store.records.get<StoredTransaction>(
            TRANSACTIONS_COLLECTION,
            entry.client_id,
            entry.id,
          ))!;
          const delivery = store.records.entry(OUTBOX_COLLECTION, entry.client_id, deliveryIdOf(stored.data));
          expect(delivery, `${entry.key} (${entry.tag}) has its webhook delivery`).toBeDefined();
          decided++;
        }
        await store.close();
      }
      expect(decided).toBeGreaterThanOrEqual(45);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
