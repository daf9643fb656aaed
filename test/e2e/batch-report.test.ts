/**
 * The batch report in a real browser (issue #31): the built `warden` imports the real UN list and a
 * small house list whose programme is markup, screens a generated portfolio with UN names planted in
 * it (and a customer whose external_id is markup, a row without a name, a row with an unreadable
 * nationality), and headless Chromium opens the report from disk. What needs review comes
 * first; the filter and the sortable headers work without a server and without a console error; no
 * name runs as markup; with scripts off the page reads the same, without the controls. The README's
 * screenshot is made here.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generatePortfolio, type BatchSummary } from '../../src/batch/index.js';
import { readListSource } from '../../src/lists/read-source.js';
import { describeWithChromium, launchChromium } from '../support/browser.js';
import { lastJsonLine, runCli } from '../support/cli.js';
import { REPO_ROOT, describeWithDatasets, sharedPath } from '../support/datasets.js';

const MARKUP = '<img src=x onerror=alert(1)>';
const HOUSE = 'house';
/** WARDEN_SCREENSHOTS=1 writes the README's screenshot into docs/images; otherwise a temp folder. */
const SHOTS = process.env.WARDEN_SCREENSHOTS
  ? join(REPO_ROOT, 'docs/images')
  : mkdtempSync(join(tmpdir(), 'warden-shots-'));

interface ReviewRow {
  readonly list: string;
  readonly strength: string;
  readonly name: string;
  readonly score: number;
}

/** The review table's rows the reader sees, in page order. */
function visibleReviewRows(page: Page): Promise<ReviewRow[]> {
  return page.$$eval('#review-table tbody tr:not([hidden])', (rows) =>
    rows.map((row) => {
      const cells = (row as unknown as { cells: ArrayLike<{ textContent: string | null }> }).cells;
      return {
        list: row.getAttribute('data-list') ?? '',
        strength: row.getAttribute('data-strength') ?? '',
        name: (cells[3]!.textContent ?? '').trim(),
        score: Number(cells[5]!.textContent),
      };
    }),
  );
}

describeWithDatasets('the batch report', () => {
  describeWithChromium('in headless Chromium', () => {
    let dir: string;
    let summary: BatchSummary;
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'warden-report-e2e-'));
      const db = join(dir, 'warden.duckdb');
      const un = sharedPath('un', 'consolidated_2026-02-27.xml');
      const house = join(dir, 'house.csv');
      writeFileSync(
        house,
        `id,name,type,birth_date,program\nH-1,Quillon Vexbridge Ormathwaite,individual,1901-01-01,"${MARKUP}"\n`,
      );
      for (const args of [
        ['lists', 'import', '--source', 'un', un, '--db', db],
        ['lists', 'import', '--source', 'csv', house, '--list-name', HOUSE, '--db', db],
      ]) {
        const run = await runCli(args);
        expect(run.code, run.stderr).toBe(0);
      }
      const portfolio = join(dir, 'customers.csv');
      const { entities } = await readListSource('un', un);
      await generatePortfolio(portfolio, { rows: 2_000, listed: entities, listedShare: 0.03, seed: 7 });
      appendFileSync(
        portfolio,
        [
          `"${MARKUP}",Quillon Vexbridge Ormathwait,PERSON,1960-01-01,XX,,`,
          'x-2,,PERSON,,,,',
          'x-3,Eric Badege,PERSON,1990-03-14,US,,',
        ].join('\n') + '\n',
      );
      const out = join(dir, 'results.jsonl');
      const batch = await runCli(['batch', portfolio, '--out', out, '--db', db, '--workers', '1']);
      // 3: a row could not be screened (x-2).
      expect(batch.code, batch.stderr).toBe(3);
      summary = lastJsonLine<BatchSummary>(batch.stdout);
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('dialog', (dialog) => {
        problems.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.goto(pathToFileURL(summary.report!).href);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('shows the facts, then the MEDIUM and WEAK matches grouped by list, strongest first', async () => {
      expect(summary.matches_by_strength.MEDIUM + summary.matches_by_strength.WEAK).toBeGreaterThan(0);
      const headings = await page.locator('h2').allInnerTexts();
      expect(headings.slice(0, 3)).toEqual(['Lists', 'Needs review', 'Rows by risk level']);
      expect(await page.locator('#facts').innerText()).toContain('customers.csv');
      expect(await page.locator('#facts table.lists').innerText()).toMatch(/un@\d+\tun\t2026-02-27/);

      const rows = await visibleReviewRows(page);
      expect(rows.length).toBe(await page.locator('#review-table tbody tr').count());
      expect(new Set(rows.map((r) => r.strength))).toEqual(new Set(['MEDIUM', 'WEAK']));
      // Grouped by list, lists by name, strongest first within each.
      const lists = rows.map((r) => r.list);
      expect(lists).toEqual([...lists].sort());
      expect(new Set(lists)).toEqual(new Set([HOUSE, 'un']));
      for (const list of new Set(lists)) {
        const scores = rows.filter((r) => r.list === list).map((r) => r.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }
      // The strongest EXACT matches come last.
      expect(await page.locator('#strongest').innerText()).toContain('EXACT');
    });

    it('filters the review table by text, strength and list without a server', async () => {
      const all = await visibleReviewRows(page);
      const count = page.locator('#review-count');
      expect(await count.innerText()).toBe(`${all.length} of ${all.length} shown`);

      await page.fill('#review-filter', 'quillon');
      const quillon = await visibleReviewRows(page);
      expect(quillon.length).toBeGreaterThan(0);
      expect(quillon.length).toBeLessThan(all.length);
      expect(quillon.every((r) => r.name.toLowerCase().includes('quillon'))).toBe(true);
      expect(await count.innerText()).toBe(`${quillon.length} of ${all.length} shown`);

      await page.fill('#review-filter', '');
      await page.selectOption('#review-strength', 'WEAK');
      const weak = await visibleReviewRows(page);
      expect(weak.length).toBe(all.filter((r) => r.strength === 'WEAK').length);
      await page.selectOption('#review-strength', '');
      await page.selectOption('#review-list', HOUSE);
      expect((await visibleReviewRows(page)).map((r) => r.list)).toEqual(
        all.filter((r) => r.list === HOUSE).map((r) => r.list),
      );
      await page.selectOption('#review-list', 'un');
      expect((await visibleReviewRows(page)).map((r) => r.list)).toEqual(
        all.filter((r) => r.list === 'un').map((r) => r.list),
      );
      await page.screenshot({ path: join(SHOTS, 'batch-report.png') });
      await page.selectOption('#review-list', '');
      expect(await visibleReviewRows(page)).toEqual(all);
    });

    it('sorts by a column when its header is clicked, and the other way round on a second click', async () => {
      const before = await visibleReviewRows(page);
      const header = page.locator('#review-table th', { hasText: 'screened name' }).locator('button');
      await header.click();
      const ascending = await visibleReviewRows(page);
      const names = ascending.map((r) => r.name.toLowerCase());
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(ascending).not.toEqual(before);
      expect(await page.locator('#review-table th[aria-sort="ascending"]').innerText()).toContain(
        'screened name',
      );
      await header.click();
      expect((await visibleReviewRows(page)).map((r) => r.name.toLowerCase())).toEqual([...names].reverse());

      await page.locator('#review-table th', { hasText: 'score' }).locator('button').click();
      const scores = (await visibleReviewRows(page)).map((r) => r.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it('runs no name as markup and breaks no rule of its Content-Security-Policy', async () => {
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.locator('#programs').innerText()).toContain(MARKUP);
      expect(await page.locator('#review-table').innerText()).toContain(MARKUP);
      expect(await page.locator('#not-screened').innerText()).toContain('x-2');
      const warnings = await page.locator('#warnings').innerText();
      expect(warnings).toContain('x-3');
      expect(warnings).toContain(MARKUP);
      expect(problems).toEqual([]);
    });

    it('reads the same with scripts off, without the controls', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const plain = await context.newPage();
      await plain.goto(pathToFileURL(summary.report!).href);
      expect(await plain.locator('#review-controls').isVisible()).toBe(false);
      const rows = plain.locator('#review-table tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await rows.first().isVisible()).toBe(true);
      expect(await plain.locator('#review-table th button').count()).toBe(0);
      await context.close();
    });
  });
});
