/**
 * The agent directory in Chromium (issue 10 point 1): a new user sees the six agents of the catalogue, each
 * with "No runs yet" instead of marketing figures; a company search run from Alex's page shows up on Alex's
 * card (runs, median duration) and on his detail page (the search's words, credits, duration, status); an
 * unknown agent id says so with a way back; both pages fit a phone, in both themes.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.AGENTS_SHOTS_DIR;

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const cards = (page: Page) => page.locator('article[data-agent]');
const card = (page: Page, id: string) => page.locator(`article[data-agent="${id}"]`);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describeInBrowser('agent directory', (browser) => {
  let user: StorageState;
  beforeAll(async () => {
    user = await onboardedUser(browser(), 'Agents');
  });

  it('lists the six agents with "No runs yet"; a company search then shows on Alex’s card and detail page', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: user });
    try {
      await page.goto('/agents');
      // The first page of a fresh context loads every chunk: on a busy machine that takes a while.
      await page.getByRole('heading', { level: 1, name: 'AI Agents' }).waitFor({ timeout: 60_000 });
      await page.locator('[data-agent-figures="none"]').nth(5).waitFor();
      expect(await cards(page).evaluateAll((all) => all.map((a) => a.getAttribute('data-agent')))).toEqual([
        'alex',
        'jim',
        'emma',
        'maya',
        'david',
        'sofia',
      ]);
      expect(await page.getByText('No runs yet', { exact: true }).count()).toBe(6);
      // Measured figures only: no marketing accuracy claim inside the app.
      expect(await page.getByText(/94\s?%/).count()).toBe(0);
      await expect
        .poll(() =>
          card(page, 'david')
            .locator('img')
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'agents-empty-1280');

      // Launch goes to the agent's own page; the search there is a run of Alex.
      await card(page, 'alex')
        .getByRole('link', { name: /^Launch Alex/ })
        .click();
      await page.waitForURL(`${baseUrl}/sales-account-development`);
      await page.getByRole('searchbox', { name: 'Search companies' }).fill('microsft');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl}/sales-account-development/research?q=microsft`);
      await page.locator('[data-company-row]').first().waitFor();

      await page.goto('/agents');
      const alex = card(page, 'alex');
      await alex.locator('[data-agent-figures="measured"]').waitFor();
      expect(await alex.locator('[data-agent-figures]').textContent()).toMatch(
        /^1 run · median \d+(\.\d)? m?s$/,
      );
      expect(await card(page, 'jim').getByText('No runs yet').count()).toBe(1);

      await alex.getByRole('link', { name: /details and runs/ }).click();
      await page.waitForURL(`${baseUrl}/agents/alex`);
      await page.getByRole('heading', { level: 1, name: /Find the companies/ }).waitFor();
      const row = page.locator('[data-agent-run]');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      const cells = await row.locator('td').allInnerTexts();
      expect(cells[0]).toBe('Alex');
      expect(cells[1]).toBe('"microsft"');
      expect(Number(cells[2])).toBeGreaterThan(0);
      expect(cells[3]).toMatch(/^\d+(\.\d)? m?s$/);
      expect(cells[4]).toBe('Succeeded');
      expect(await page.locator('[data-figure="Runs"] dd').textContent()).toBe('1');
      expect(await page.locator('[data-figure="Credits spent"] dd').textContent()).toBe(cells[2]);
      expect(await page.locator('[data-figure="Median duration"] dd').textContent()).toBe(cells[3]);
      expect(await page.locator('[data-figure="Succeeded"] dd').textContent()).toBe('100%');
      await page.getByRole('heading', { level: 2, name: 'What Alex does' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'How to use Alex' }).waitFor();
      expect(await page.locator('[data-agent-examples] li').count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: /^Launch Alex/ }).getAttribute('href')).toBe(
        '/sales-account-development',
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'agent-alex-1280');
      expectNoErrors(errors, 'agent directory and detail');
    } finally {
      await close();
    }
  });

  it('says an unknown agent is not there, with a way back to the directory', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: user });
    try {
      await page.goto('/agents/zed');
      await page.getByRole('heading', { level: 2, name: 'Agent not found' }).waitFor();
      expect(await page.title()).toMatch(/Agent not found/);
      await page.getByRole('main').getByRole('link', { name: 'All agents' }).last().click();
      await page.waitForURL(`${baseUrl}/agents`);
      await page.getByRole('heading', { level: 1, name: 'AI Agents' }).waitFor();
      expectNoErrors(errors, 'unknown agent');
    } finally {
      await close();
    }
  });

  it('fits a phone: the directory and a detail page with its runs, in both themes', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState: user });
    try {
      // A run of Alex of its own, so the detail page has a row to fit.
      expect((await page.request.get('/api/v1/companies?q=Microsoft')).status()).toBe(200);
      await page.goto('/agents');
      await card(page, 'alex').locator('[data-agent-figures="measured"]').waitFor();
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await shot(page, 'agents-390');
      await page.goto('/agents/alex');
      // On a phone the runs are cards, not a table to scroll sideways.
      await page.locator('[data-agent-run-card]').first().waitFor();
      expect(await page.locator('[data-agent-run-card]').first().textContent()).toContain('"Microsoft"');
      expect(await page.locator('table').isVisible()).toBe(false);
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await shot(page, 'agent-alex-390');
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'agent-alex-dark-390');
      await page.goto('/agents');
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await card(page, 'sofia').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'agents-dark-390');
      expectNoErrors(errors, 'agents on a phone');
    } finally {
      await close();
    }
  });
});
