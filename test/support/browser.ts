/**
 * Headless Debian Chromium driven by playwright-core (Playwright's own browser download cannot
 * work here). Suites that need it fail loudly under CI when it is missing and skip elsewhere, as
 * suites that need the shared datasets do. The flags keep Chromium off the network it cannot reach.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, it } from 'vitest';

export const CHROMIUM = process.env.WARDEN_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** `describe` for suites that drive Chromium: fails under CI when it is missing, skips elsewhere. */
export const describeWithChromium: (name: string, fn: () => void) => void = (name, fn) => {
  if (hasChromium) return describe(name, fn);
  if (process.env.CI) {
    return describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(
          `Chromium is missing at ${CHROMIUM} (apt-get install chromium); this suite cannot run.`,
        );
      });
    });
  }
  console.warn(`[warden] ${name}: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium).`);
  return describe.skip(name, fn);
};
