/**
 * The architecture page in Chromium (issue 10 point 5; spec 3 §2, §4): a wrong password shows 'Invalid
 * password', the right one opens the nine tabs (keyboard accessible) with figures from the server, nothing is
 * kept in the browser and a reload locks the page again; it fits a phone in both themes; a server without a
 * password says the page is disabled and shows no prompt.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { E2E_ARCHITECTURE_PASSWORD } from './server-setup.ts';
import { expectNoErrors, gotoHydrated, settleAnimations } from './site.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.ARCHITECTURE_SHOTS_DIR;

const TAB_NAMES = [
  'Overview',
  'Architecture',
  'Roles & Access',
  'Data Flow',
  'Database',
  'Infrastructure',
  'Codebase',
  'Security',
  'Roadmap',
];

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** The 401 of a wrong password is logged by the browser as a failed load: that one is expected. */
const withoutFailedLoads = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

const passwordField = (page: Page) => page.getByPlaceholder('Enter password');

async function enter(page: Page, password: string) {
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Access Documentation' }).click();
}

/** Everything the page left in the browser's storage, as one string. */
const storedText = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`))
      .join('\n'),
  );

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describeInBrowser('architecture page', (browser) => {
  it('refuses a wrong password, opens the nine tabs for the right one, keeps nothing, and locks on reload', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await gotoHydrated(page, '/architecture');
      await page.getByRole('heading', { level: 1, name: 'Architecture documentation' }).waitFor();
      await page.getByText('Internal Use Only', { exact: true }).waitFor();
      await page.getByText('Confidential', { exact: true }).waitFor();
      await passwordField(page).waitFor();
      expect(await page.getByRole('tablist').count()).toBe(0);
      await shot(page, 'locked');

      await enter(page, 'not-the-password');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Invalid password');
      expect(await page.getByRole('tablist').count()).toBe(0);

      await enter(page, E2E_ARCHITECTURE_PASSWORD);
      const tablist = page.getByRole('tablist', { name: 'Architecture documentation' });
      await tablist.waitFor();
      expect(await page.getByText('Invalid password').count()).toBe(0);
      expect(await tablist.getByRole('tab').allTextContents()).toEqual(TAB_NAMES);
      const overview = page.getByRole('tabpanel', { name: 'Overview' });
      expect(await overview.locator('[data-figure="Tables"]').textContent()).toMatch(
        /^\d+ \(\d+ with row-level security\)$/,
      );
      expect(await overview.locator('[data-figure="Database"]').textContent()).toMatch(/^Embedded PGlite/);
      await shot(page, 'overview');

      // Arrow keys move between tabs, Home and End to the ends (the WAI-ARIA tabs pattern).
      await tablist.getByRole('tab', { name: 'Overview' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tabpanel', { name: 'Architecture' }).waitFor();
      expect(await tablist.getByRole('tab', { selected: true }).textContent()).toBe('Architecture');
      await page.keyboard.press('End');
      await page.getByRole('tabpanel', { name: 'Roadmap' }).waitFor();
      await page.keyboard.press('ArrowRight'); // wraps around
      await page.getByRole('tabpanel', { name: 'Overview' }).waitFor();
      await page.keyboard.press('ArrowLeft');
      await page.getByRole('tabpanel', { name: 'Roadmap' }).waitFor();

      // Every tab has content; the Database tab lists the real tables.
      for (const name of TAB_NAMES) {
        await tablist.getByRole('tab', { name, exact: true }).click();
        const panel = page.getByRole('tabpanel', { name });
        await panel.getByRole('heading', { level: 2, name }).waitFor();
        expect((await panel.getByRole('heading', { level: 3 }).count()) > 0, name).toBe(true);
      }
      await tablist.getByRole('tab', { name: 'Database', exact: true }).click();
      const tables = page.getByRole('region', { name: /tables of the public schema$/ });
      await tables.getByRole('cell', { name: 'agent_executions', exact: true }).waitFor();
      await shot(page, 'database');

      expect(await storedText(page)).not.toContain(E2E_ARCHITECTURE_PASSWORD);
      expect(await storedText(page)).not.toContain('agent_executions');

      await page.reload();
      await passwordField(page).waitFor();
      expect(await page.getByRole('tablist').count()).toBe(0);
      expect(await passwordField(page).inputValue()).toBe('');
      expectNoErrors(withoutFailedLoads(errors), '/architecture');
    } finally {
      await close();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`fits a 390 px phone with readable tables, without serious axe violations, in ${theme} theme`, async () => {
      const { page, errors, close } = await openPage(browser(), { ...PHONE, colorScheme: theme });
      try {
        await gotoHydrated(page, '/architecture');
        await enter(page, E2E_ARCHITECTURE_PASSWORD);
        const tablist = page.getByRole('tablist', { name: 'Architecture documentation' });
        await tablist.waitFor();
        // All nine tabs stay within the screen (the list wraps).
        for (const tab of await tablist.getByRole('tab').all()) {
          const box = await tab.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= 390, (await tab.textContent()) ?? '').toBe(true);
        }
        for (const name of TAB_NAMES) {
          await tablist.getByRole('tab', { name, exact: true }).click();
          await page.getByRole('tabpanel', { name }).waitFor();
          expect(await pageWidth(page), `page width on the ${name} tab`).toBeLessThanOrEqual(390);
        }
        await tablist.getByRole('tab', { name: 'Database', exact: true }).click();
        const region = page.getByRole('region', { name: /tables of the public schema$/ });
        const box = await region.boundingBox();
        expect(box && box.width <= 390).toBe(true);
        // The table name column is readable: its first cell is on screen at a legible size.
        const cell = region.getByRole('cell').first();
        const cellBox = await cell.boundingBox();
        expect(cellBox && cellBox.x >= 0 && cellBox.width >= 60).toBe(true);
        if (SHOTS) {
          await region.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/phone-database-${theme}.png` });
        }
        await settleAnimations(page);
        const violations = await seriousA11yViolations(page);
        expect(violations, violations.join('\n')).toEqual([]);
        expectNoErrors(errors, `/architecture on a phone (${theme})`);
      } finally {
        await close();
      }
    });
  }

  it('says plainly that the page is disabled, with no prompt, when the server has no password', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      // This server has a password; the answer of one without it is what GET /api/v1/architecture says then.
      await page.route('**/api/v1/architecture', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"enabled":false}' }),
      );
      await gotoHydrated(page, '/architecture');
      await page.getByRole('heading', { name: 'This page is disabled on this installation' }).waitFor();
      expect(await page.getByText('ARCHITECTURE_PASSWORD', { exact: true }).count()).toBe(1);
      expect(await passwordField(page).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Access Documentation' }).count()).toBe(0);
      expectNoErrors(errors, '/architecture (disabled)');
    } finally {
      await close();
    }
  });
});
