/**
 * Diagnostics in Chromium (spec 1 §9): errors and slow resources are kept in the browser, errors reach the
 * server log, and "Copy diagnostics" on the profile copies a report with no personal data in it.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { DiagnosticsReport } from '../../src/shared/diagnostics-report.ts';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { onboardedUser } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PROSPECT_ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

/** A client-side navigation, as a link click makes: the page (and its in-memory buffers) stays. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

describeInBrowser('diagnostics', (browser) => {
  it('keeps errors and slow resources, sends errors to the server, and copies a report without personal data', async () => {
    const storageState = await onboardedUser(browser(), 'Grace');
    const { page, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      // A resource that takes 1.2 s to arrive: flagged slow, over 1000 ms.
      await page.route('**/robots.txt*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await route.continue();
      });
      const session = await page.request.get('/api/auth/get-session');
      const { email } = ((await session.json()) as { user: { email: string } }).user;

      // A prospect that does not exist: the API answers 404, which the error buffer keeps with its route.
      const missing = page.waitForResponse((response) =>
        response.url().endsWith(`/api/v1/prospects/${PROSPECT_ID}`),
      );
      await page.goto(`/prospect/${PROSPECT_ID}?from=mail`);
      expect((await missing).status()).toBe(404);

      // A script error: kept, and sent to the server log, scrubbed before it leaves the browser.
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/client-errors'));
      await page.evaluate((address) => {
        setTimeout(() => {
          throw new Error(`Boom for ${address} at /people?q=Grace`);
        }, 0);
      }, email);
      const request = await sent;
      expect((await request.response())?.status()).toBe(204);
      const body = request.postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        kind: 'error',
        message: 'Uncaught Error: Boom for [redacted] at /people',
      });
      expect(JSON.stringify(body)).not.toContain(email);

      await page.evaluate(() => fetch('/robots.txt?token=abc123').then((r) => r.text()));

      await navigateInApp(page, '/profile');
      const section = page.getByRole('region', { name: 'Diagnostics' });
      await section.getByRole('button', { name: 'Copy diagnostics' }).click();
      await page.locator('[data-toast]').filter({ hasText: 'Diagnostics copied' }).first().waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const report = JSON.parse(copied) as DiagnosticsReport;

      expect(report).toMatchObject({
        app: 'Prospector',
        browser: expect.stringMatching(/Chrom/),
        screen: { width: expect.any(Number), height: expect.any(Number) },
        viewport: { width: 1280, height: 800 },
        route: '/profile',
      });
      expect(report.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(report.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'api',
            method: 'GET',
            apiRoute: '/api/v1/prospects/:id',
            status: 404,
            route: '/prospect/:id',
          }),
          expect.objectContaining({
            kind: 'error',
            message: 'Uncaught Error: Boom for [redacted] at /people',
          }),
        ]),
      );
      expect(report.slow).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'resource', message: 'fetch /robots.txt', slow: true }),
        ]),
      );
      expect(report.slow.every((entry) => (entry.ms ?? 0) > 1000)).toBe(true);
      expect(report.debug.map((entry) => entry.message)).toEqual(
        expect.arrayContaining(['/prospect/:id', '/profile']),
      );
      expect(report.vitals.LCP).toMatchObject({
        reference: 2500,
        rating: expect.stringMatching(/good|over/),
      });

      // Nothing personal: not the e-mail, name or company, no record id, query string or token.
      for (const secret of [email, 'Grace', PROSPECT_ID, 'from=mail', 'q=', 'token=abc123', 'abc123']) {
        expect(copied, secret).not.toContain(secret);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
