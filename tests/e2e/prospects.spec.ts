/**
 * Prospects (issue 7 point 8, issue 6 "add to prospect"): a company added from its page and from a person's
 * drawer, the forecast editor and chart in $X.XM, status, the momentum override and back, the palette's command
 * on the prospect page, and account management with its pipeline totals and charts (issue 25 point 10: by
 * status, by expected close month, each with its table); both pages on a phone.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { FORECAST_ORDER_ERROR } from '../../src/shared/prospects.ts';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title });
const PROSPECT_URL = /\/prospect\/([0-9a-f-]{36})$/;

/** Nothing wider than the screen: a phone user never scrolls sideways to read the page. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describeInBrowser('prospects', (browser) => {
  it('a company added from its page gets a forecast, a status and a momentum override; the palette acts on it; account management totals it', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Prospects'),
    });
    try {
      await page.goto('/sales-account-development/Microsoft');
      await page.getByRole('heading', { level: 1, name: 'Microsoft' }).waitFor();
      await page.getByRole('button', { name: 'Add to prospects' }).click();
      const added = toast(page, 'Added to prospects');
      await added.waitFor();
      await added.getByRole('link', { name: 'Open' }).click();
      await page.waitForURL(PROSPECT_URL);
      await page.getByRole('heading', { level: 1, name: 'Microsoft' }).waitFor();
      // Spec 3 §4's defaults, the company linked, and momentum computed from the first touch.
      expect(await page.locator('[data-status]').textContent()).toBe('Qualified');
      expect(
        await page.locator('[data-prospect-facts]').getByRole('link', { name: 'Microsoft' }).count(),
      ).toBe(1);
      expect(await page.locator('[data-momentum="computed"] [data-velocity]').textContent()).toBe('61');

      // The forecast editor: 120 days and 75 % by default; amounts shown in millions with one decimal.
      expect(await page.getByLabel('Timeline (days)').inputValue()).toBe('120');
      expect(await page.getByLabel('Confidence (%)').inputValue()).toBe('75');
      await page.getByLabel('Conservative ($M)').fill('5');
      await page.getByLabel('Realistic ($M)').fill('2.5');
      await page.getByLabel('Optimistic ($M)').fill('4');
      await page.getByRole('button', { name: 'Save forecast' }).click();
      expect(await page.getByRole('alert').filter({ hasText: FORECAST_ORDER_ERROR }).count()).toBe(1);
      await page.getByLabel('Conservative ($M)').fill('1.25');
      await page.getByRole('button', { name: 'Save forecast' }).click();
      await toast(page, 'Forecast saved').waitFor();
      const row = page.locator('[data-forecast="120"]');
      await row.waitFor();
      expect(await row.locator('[data-scenario]').allTextContents()).toEqual(['$1.3M', '$2.5M', '$4.0M']);
      expect(await row.locator('[data-edited]').textContent()).toMatch(/^Edited by you on /);
      // The chart: one bar per scenario, its axis in $X.XM.
      const chart = page.locator('[data-forecast-chart]');
      await chart.locator('.recharts-bar-rectangle').nth(2).waitFor();
      expect(await chart.locator('.recharts-bar-rectangle').count()).toBe(3);
      expect(await chart.locator('text').allTextContents()).toContain('$4.0M');

      await page.locator('select[data-field="status"]').selectOption('champion-accounts');
      // Closed, so that it does not cover the momentum card's buttons below it.
      await toast(page, 'Status changed').getByRole('button', { name: 'Close' }).click();
      await page.locator('[data-status="champion-accounts"]').waitFor();
      expect(await page.locator('[data-status]').textContent()).toBe('Champion account');

      // A manual override is kept and shown as such, until "Use computed".
      await page.getByRole('button', { name: 'Override', exact: true }).click();
      await page.getByLabel('Velocity score (0-100)').fill('20');
      await page.getByLabel('Trend', { exact: true }).selectOption('slowing');
      await page.getByLabel('Progress (%)').fill('40');
      await page.getByLabel('Why', { exact: true }).fill('Budget frozen until Q3.');
      await page.getByRole('button', { name: 'Save override' }).click();
      await page.locator('[data-manual-override]').waitFor();
      expect(await page.locator('[data-momentum="override"] [data-velocity]').textContent()).toBe('20');
      expect(await page.locator('[data-insight]').textContent()).toBe('Budget frozen until Q3.');
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Use computed' }).click();
      await page.locator('[data-momentum="computed"]').waitFor();
      expect(await page.locator('[data-manual-override]').count()).toBe(0);
      expect(Number(await page.locator('[data-velocity]').textContent())).toBeGreaterThan(61);

      // The palette's command acts on the prospect open here, and the page shows it.
      await page.keyboard.press('Control+k');
      const palette = page.locator('[data-copilot-palette]');
      const box = palette.getByLabel('Request or command');
      await box.fill('set status to at-risk');
      await box.press('Enter');
      await palette.locator('[data-command="status"]').waitFor();
      await page.locator('[data-status="at-risk"]').waitFor();
      expect(await page.locator('select[data-field="status"]').inputValue()).toBe('at-risk');
      await page.keyboard.press('Escape');
      await palette.waitFor({ state: 'detached' });
      await page.locator('[data-activity="status_changed"]').first().waitFor();
      expect(await page.locator('[data-activity="status_changed"]').first().textContent()).toContain(
        'Status changed from Champion account to At risk',
      );

      await page.goto('/account-management');
      await page.getByRole('heading', { level: 1, name: 'Account Management' }).waitFor();
      await page.locator('[data-prospect="Microsoft"]').waitFor();
      expect(await page.locator('[data-prospect-count]').textContent()).toBe('1');
      expect(
        await Promise.all(
          ['conservative', 'realistic', 'optimistic'].map((s) =>
            page.locator(`[data-pipeline-total="${s}"]`).textContent(),
          ),
        ),
      ).toEqual(['$1.3M', '$2.5M', '$4.0M']);
      expect(await page.locator('[data-status-chip="at-risk"]').textContent()).toBe('At risk1');

      // The charts: the prospect's realistic forecast on its status's bar, and in the month its 120 days end.
      const byStatus = page.locator('[data-pipeline-chart="status"]');
      await byStatus.locator('.recharts-bar-rectangle').first().waitFor();
      expect(await byStatus.locator('svg text').allTextContents()).toEqual(
        expect.arrayContaining(['At risk', '$2.5M (1)', 'Dormant', '$0.0M (0)']),
      );
      await byStatus.getByText('Show as table').click();
      expect(await byStatus.locator('[data-status-row="at-risk"] td').allTextContents()).toEqual([
        'At risk',
        '1',
        '$2.5M',
      ]);
      expect(await byStatus.locator('[data-status-row]').count()).toBe(8);
      const closes = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 7);
      const closeLabel = new Intl.DateTimeFormat('en', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${closes}-01T00:00:00Z`));
      const byMonth = page.locator('[data-pipeline-chart="close-month"]');
      await byMonth.locator('.recharts-bar-rectangle').nth(2).waitFor();
      expect(await byMonth.locator('.recharts-bar-rectangle').count()).toBe(3);
      expect(await byMonth.locator('svg text').allTextContents()).toContain(closeLabel);
      await byMonth.getByText('Show as table').click();
      expect(await byMonth.locator(`[data-month-row="${closes}"] td`).allTextContents()).toEqual([
        closeLabel,
        '1',
        '$1.3M',
        '$2.5M',
        '$4.0M',
      ]);
      expect(await page.getByRole('figure', { name: 'Pipeline by status' }).count()).toBe(1);
      expect(await page.getByRole('figure', { name: 'Forecast by expected close' }).count()).toBe(1);
      // Filtering by a status nobody has shows none; the address keeps the filter.
      await page.locator('[data-status-chip="dormant"]').click();
      await page.getByRole('heading', { name: 'No prospects match' }).waitFor();
      expect(new URL(page.url()).searchParams.get('status')).toBe('dormant');
      await page.locator('[data-status-chip="dormant"]').click();
      await page.locator('[data-prospect="Microsoft"]').waitFor();
      // The chip's colours fade back first.
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Microsoft' }).click();
      await page.waitForURL(PROSPECT_URL);

      // The home hub shows the pipeline and leads to account management.
      await page.goto('/app');
      await page.locator('[data-pipeline-realistic]').waitFor();
      expect(await page.locator('[data-pipeline-realistic]').textContent()).toBe('$2.5M');
      await page.getByRole('link', { name: 'Account management', exact: true }).click();
      await page.waitForURL(/\/account-management$/);
      expectNoErrors(errors, 'prospects');
    } finally {
      await close();
    }
  });

  it("a person's drawer adds their company; the prospect and account management pages fit a phone", async () => {
    const storageState = await onboardedUser(browser(), 'ProspectsPhone');
    const desktop = await openPage(browser(), { ...DESKTOP, storageState });
    let prospectUrl = '';
    try {
      const { page } = desktop;
      await page.goto('/people-finder-master/research?q=collison');
      await page.getByRole('button', { name: 'John Collison', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'John Collison' });
      await drawer.getByRole('button', { name: /^Add .+ to prospects$/ }).click();
      await toast(page, 'Added to prospects').waitFor();
      await drawer.getByRole('link', { name: /^Open / }).click();
      await page.waitForURL(PROSPECT_URL);
      prospectUrl = page.url();
      await page.getByRole('heading', { level: 1, name: /Stripe/ }).waitFor();
      expectNoErrors(desktop.errors, 'drawer');
    } finally {
      await desktop.close();
    }

    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState });
    try {
      await page.goto(prospectUrl);
      await page.getByRole('heading', { level: 1, name: /Stripe/ }).waitFor();
      await page.getByLabel('Conservative ($M)').fill('0.8');
      await page.getByLabel('Realistic ($M)').fill('1.5');
      await page.getByLabel('Optimistic ($M)').fill('2');
      await page.getByRole('button', { name: 'Save forecast' }).click();
      await page.locator('[data-forecast-chart] .recharts-bar-rectangle').nth(2).waitFor();
      expect(await overflowsSideways(page)).toBe(false);

      await page.goto('/account-management');
      await page.locator('[data-prospect-cards] [data-prospect]').first().waitFor();
      expect(await page.locator('[data-pipeline-total="realistic"]').textContent()).toBe('$1.5M');
      await page.locator('[data-pipeline-chart="close-month"] .recharts-bar-rectangle').nth(2).waitFor();
      expect(await page.locator('[data-pipeline-chart="status"] svg text').allTextContents()).toContain(
        '$1.5M (1)',
      );
      expect(await overflowsSideways(page)).toBe(false);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expectNoErrors(errors, 'phone');
    } finally {
      await close();
    }
  });
});
