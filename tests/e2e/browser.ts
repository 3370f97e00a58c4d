import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { CHROMIUM_FLAGS } from './browser-flags.ts';

export const baseUrl = inject('baseUrl');
const chromePath = inject('chromePath');

/** How long the server under test may take to load its shared data (server-setup.ts starts it). */
const READY_TIMEOUT_MS = 180_000;

/** The server listens before its shared data is in: the journeys search it, so they wait for readiness. */
async function serverReady(): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `[e2e] the server under test was not ready (its data loaded) within ${READY_TIMEOUT_MS / 1000} s`,
  );
}

/**
 * A describe block that gets a Chromium browser, once the server under test is ready; skipped (loudly, in the
 * setup) when no Chromium is installed.
 */
export function describeInBrowser(name: string, body: (browser: () => Browser) => void) {
  (chromePath ? describe : describe.skip)(name, () => {
    let browser: Browser;
    beforeAll(async () => {
      await serverReady();
      browser = await chromium.launch({ executablePath: chromePath ?? undefined, args: CHROMIUM_FLAGS });
    }, READY_TIMEOUT_MS + 30_000);
    afterAll(() => browser?.close());
    body(() => browser);
  });
}

export type TrackedPage = { page: Page; errors: string[]; close(): Promise<void> };

/** A fresh page (own storage) that records console errors and uncaught exceptions. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // A failed request's message does not name it: add its address, so a failure says which one.
    if (message.type() !== 'error') return;
    const url = message.location().url;
    errors.push(
      message.text().startsWith('Failed to load resource') && url
        ? `${message.text()} (${url})`
        : message.text(),
    );
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, errors, close: () => context.close() };
}

/** axe violations of impact serious or critical, as readable strings. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Only violations are read: axe then skips gathering the passes and the rules that did not apply (~10% faster).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
