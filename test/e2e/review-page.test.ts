/**
 * The review workspace in a real browser (issue #30): headless Chromium against `warden serve`'s app
 * on 127.0.0.1, over a DuckDB file with the real UN list. A payment from a namesake of a UN-listed
 * person (born another year) stops in EVALUATION; the analyst finds it, decides it a false positive
 * with suppression; the approver approves; the customer's next payment passes, a namesake's does
 * not, and another client's reviewers see nothing. The page screenshots of the README are made here.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/api/index.js';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/types.js';
import { TransactionList, TransactionReport } from '../../src/model/transaction.js';
import { describeWithChromium, launchChromium } from '../support/browser.js';
import { REPO_ROOT, describeWithDatasets, sharedPath } from '../support/datasets.js';
import {
  aFiatTransaction,
  aNaturalPerson,
  aPersonParticipant,
  aSubmitFiatRequest,
} from '../support/factories.js';
import { tempDbPath } from '../support/temp-stores.js';
import { startReceiver, until } from '../support/webhook-receiver.js';

// UN CDi.001, ERIC BADEGE, born 1971: the customers below share his name and were born in 1990.
const NAMESAKE = 'Eric Badege';
/** WARDEN_SCREENSHOTS=1 writes the README's screenshots into docs/images; otherwise a temp folder. */
const SHOTS = process.env.WARDEN_SCREENSHOTS
  ? join(REPO_ROOT, 'docs/images')
  : mkdtempSync(join(tmpdir(), 'warden-shots-'));

describeWithDatasets('the review page', () => {
  describeWithChromium('in headless Chromium', () => {
    const db = tempDbPath('warden-review-e2e-');
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let engine: Engine;
    let server: RunningServer;
    let browser: Browser;
    const clients: Record<'a' | 'b', { client_id: string; client_secret: string }> = {} as never;
    const passwords: Record<string, string> = {};

    async function submit(customer: string, externalId: string, fullName = NAMESAKE) {
      const response = await fetch(`${server.url}/api/v1/verification/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          aSubmitFiatRequest({
            ...clients.a,
            transaction: aFiatTransaction({ external_transaction_id: externalId }),
            remitter: aPersonParticipant({
              external_id: customer,
              natural_person: aNaturalPerson({ full_name: fullName, birth_date: '1990-03-14' }),
            }),
          }),
        ),
      });
      expect(response.status).toBe(201);
      return TransactionReport.parse(await response.json()).transaction.state;
    }

    async function stateOf(externalId: string) {
      const query = new URLSearchParams({ ...clients.a, external_transaction_id: externalId });
      const response = await fetch(`${server.url}/api/v1/verification/get?${query}`);
      return TransactionList.parse(await response.json()).items[0]!.transaction.state;
    }

    async function logIn(client: 'a' | 'b', name: string): Promise<Page> {
      const page = await (await browser.newContext({ viewport: { width: 1360, height: 900 } })).newPage();
      await page.goto(`${server.url}/review`);
      expect(new URL(page.url()).pathname).toBe('/review/login');
      await page.fill('input[name="client_id"]', clients[client].client_id);
      await page.fill('input[name="name"]', name);
      await page.fill('input[name="password"]', passwords[name]!);
      await page.click('button:has-text("Log in")');
      expect(new URL(page.url()).pathname).toBe('/review/queue');
      expect(page.url()).not.toContain(passwords[name]!);
      return page;
    }

    beforeAll(async () => {
      receiver = await startReceiver();
      engine = await createEngine({ db: db.path }, { webhookRetry: { baseDelayMs: 20 } });
      await engine.importList({ source: 'un', path: sharedPath('un', 'consolidated_2026-02-27.xml') });
      server = await startServer({ engine, port: 0 });
      for (const [key, name] of [
        ['a', 'Remesas Andinas'],
        ['b', 'Other Fintech'],
      ] as const) {
        const created = await engine.clients.createClient({
          name,
          webhookUrl: receiver.url,
          now: Date.now(),
        });
        clients[key] = { client_id: created.client_id, client_secret: created.client_secret };
      }
      for (const [client, name, role] of [
        ['a', 'ana', 'analyst'],
        ['a', 'pablo', 'approver'],
        ['b', 'olga', 'approver'],
      ] as const) {
        const created = await engine.review.reviewers.create({
          clientId: clients[client].client_id,
          name,
          role,
          now: Date.now(),
        });
        passwords[name] = created.password;
      }
      browser = await launchChromium();
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await receiver?.close();
      db.remove();
    });

    it('takes a false positive from the queue through four eyes to a released payment', async () => {
      expect(await submit('cust-1', 'tx-e2e-1')).toBe('EVALUATION');
      // Two more customers whose names resemble UN-listed people, so the queue is not a single row.
      await submit('cust-7', 'tx-e2e-7', 'Frank Kakolele');
      await submit('cust-8', 'tx-e2e-8', 'Innocent Kaina');

      const analyst = await logIn('a', 'ana');
      const row = analyst.locator('table.queue tr', { hasText: 'tx-e2e-1' });
      expect(await row.innerText()).toMatch(/\b(EXACT|STRONG|MEDIUM|WEAK)\b/);
      expect(await row.innerText()).toContain('BADEGE');
      await analyst.screenshot({ path: join(SHOTS, 'review-queue.png') });

      await row.locator('a.subject').click();
      const match = analyst.locator('article.match').first();
      expect(await match.locator('.side.query .name').innerText()).toBe(NAMESAKE);
      expect(await match.locator('.side.listed .name').innerText()).toContain('BADEGE');
      expect(await match.locator('table.secondary').innerText()).toContain('NOT MATCHED');
      expect(await analyst.locator('section.why').innerText()).not.toBe('');
      await analyst.screenshot({ path: join(SHOTS, 'review-item.png'), fullPage: true });

      // A decision without a reason is refused by the browser before it is sent.
      await analyst.check('input[name="outcome"][value="FALSE_POSITIVE"]');
      await analyst.selectOption('select[name="state"]', 'COMPLETED');
      await analyst.check('input[name="suppress"]');
      await analyst.click('button:has-text("Record decision")');
      expect(
        await analyst
          .locator('textarea[name="reason"]')
          .evaluate((el) => (el as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing),
      ).toBe(true);

      await analyst.fill(
        'textarea[name="reason"]',
        'Customer born 1990; the listed person in 1971. Passport checked.',
      );
      await analyst.click('button:has-text("Record decision")');
      expect(await analyst.locator('.notice').innerText()).toContain('waits for an approver');
      expect(await analyst.locator('.pending-box').innerText()).toContain('ana decided');
      // The analyst is offered no approval, and the payment is still held.
      expect(await analyst.locator('button:has-text("Approve")').count()).toBe(0);
      expect(await stateOf('tx-e2e-1')).toBe('EVALUATION');

      const approver = await logIn('a', 'pablo');
      await approver.locator('table.queue tr', { hasText: 'tx-e2e-1' }).locator('a.subject').click();
      await approver.click('button:has-text("Approve and apply")');
      expect(await approver.locator('.notice').innerText()).toContain('approved and applied');
      expect(await approver.locator('h1 .state').innerText()).toBe('COMPLETED');
      const timeline = await approver.locator('ol.timeline').innerText();
      expect(timeline).toMatch(/decided[\s\S]*ana[\s\S]*approved[\s\S]*pablo/i);
      expect(await stateOf('tx-e2e-1')).toBe('COMPLETED');
      const webhook = await until(async () =>
        receiver.received.find((r) => r.body.includes('"tx-e2e-1"') && r.body.includes('"COMPLETED"')),
      );
      expect(JSON.parse(webhook.body)).toMatchObject({
        data: { previous_state: 'EVALUATION', state: 'COMPLETED' },
      });

      // The suppression: the same customer passes; a namesake who is another customer still stops.
      expect(await submit('cust-1', 'tx-e2e-2')).toBe('COMPLETED');
      expect(await submit('cust-2', 'tx-e2e-3')).toBe('EVALUATION');
      await approver.click('a:has-text("Suppressions")');
      expect(await approver.locator('table.suppressions').innerText()).toContain('cust-1');
    });

    it("shows another client's reviewers nothing", async () => {
      const other = await logIn('b', 'olga');
      expect(await other.locator('p.empty').innerText()).toContain('Nothing is waiting');
      const response = await other.goto(`${server.url}/review/transactions/tx-e2e-3`);
      expect(response?.status()).toBe(404);
      expect(await other.locator('main').innerText()).not.toContain(NAMESAKE);
    });
  });
});
