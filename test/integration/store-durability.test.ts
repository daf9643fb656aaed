import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDuckDbStore } from '../../src/store/index.js';
import { REPO_ROOT } from '../support/datasets.js';

/** Runs the writer until it has acknowledged `atLeast` writes, then kills it with SIGKILL. */
function writeThenKill(dbPath: string, atLeast: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'test/support/write-until-killed.ts'), dbPath],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let lastAcked = 0;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      const acks = d.toString().match(/acked (\d+)/g) ?? [];
      for (const a of acks) lastAcked = Math.max(lastAcked, Number(a.slice(6)));
      if (lastAcked >= atLeast && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(lastAcked) : reject(new Error(`writer exited early: ${stderr}`)),
    );
  });
}

describe('duckdb store durability', () => {
  it('keeps every acknowledged write after the process is killed with SIGKILL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-kill-'));
    try {
      const path = join(dir, 'warden.duckdb');
      const acked = await writeThenKill(path, 40);
      const store = await openDuckDbStore(path);
      const ids = new Set((await store.records.list('transactions', 'client-a')).map((r) => r.id));
      for (let i = 1; i <= acked; i++) expect(ids.has(`tx-${i}`), `tx-${i} was acknowledged`).toBe(true);
      expect((await store.records.get('transactions', 'client-a', `tx-${acked}`))?.data).toEqual({
        amount: acked,
      });
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
