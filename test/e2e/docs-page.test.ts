/**
 * /docs in a real browser: headless Chromium renders every operation from this server's files alone
 * (each request it makes goes to the server's own origin, and nothing breaks the Content-Security-
 * Policy), and a person can authorize with the query credentials the document describes and call an
 * operation from the page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anApiHarness, type ApiHarness } from '../api/harness.js';
import { describeWithChromium, launchChromium } from '../support/browser.js';

describeWithChromium('the /docs page', () => {
  let h: ApiHarness;
  let origin: string;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    h = await anApiHarness();
    origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1300, height: 1400 } });
    page.on('request', (request) => requests.push(request.url()));
    // A CSP violation or a failed load is reported as a console error.
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${origin}/docs`);
    await page.waitForSelector('.opblock');
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('renders every operation, asking nothing of another origin', async () => {
    expect(await page.locator('.opblock').count()).toBeGreaterThan(40);
    await expect(page.locator('#operations-Screening-individualsAnalysis').count()).resolves.toBe(1);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('authorizes with client_id and client_secret in the query and calls an operation', async () => {
    await page.click('button.authorize');
    const scheme = (name: string) =>
      page.locator('.modal-ux .auth-container', { has: page.locator(`h4:has-text("${name}")`) });
    await scheme('clientIdQuery').locator('input').fill(h.a.client_id);
    await scheme('clientSecretQuery').locator('input').fill(h.a.credentials.client_secret);
    await scheme('clientIdQuery').locator('button.authorize').click();
    await scheme('clientSecretQuery').locator('button.authorize').click();
    await page.click('.modal-ux .close-modal');

    const operation = page.locator('#operations-Resources-listCryptocurrencies');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
