/**
 * Research input in Chromium: a pasted list of a name, a domain, a ticker, a near name and an unknown company
 * is matched with confidences and reasons; a near name is picked; the companies are saved to My Companies,
 * added to a new sales project and opened as a research table with their "Company" chips; a CSV upload gives
 * its first column; the page fits a phone (dark theme); axe on each.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const LIST = ['Stripe', 'microsoft.com', 'AAPL', 'Delta', 'Zzzz Nonexistent Co'];

const row = (page: Page, line: string) => page.locator(`[data-match-row="${line}"]`);
const cells = (page: Page, line: string) => row(page, line).locator('td').allInnerTexts();
const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title });
const chosen = (page: Page) => page.locator('[data-match-actions] > span').textContent();

async function matchList(page: Page, lines: readonly string[]) {
  await page.goto('/research-input');
  await page.getByRole('heading', { level: 1, name: 'Research Input' }).waitFor();
  await page.getByLabel('Companies, one per line: name, domain or ticker').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await page.locator('[data-match-summary]').waitFor();
}

describeInBrowser('research input', (browser) => {
  let storageState: StorageState;
  beforeAll(async () => {
    storageState = await onboardedUser(browser(), 'Lister');
  });

  it('matches a pasted list with confidences and reasons, picks a near name, saves, adds to a project and opens the research table', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await matchList(page, LIST);
      expect(await page.locator('[data-match-summary]').textContent()).toBe(
        '3 matched, 0 need a choice, 2 not found',
      );
      expect(await cells(page, 'Stripe')).toEqual([
        'Stripe',
        expect.stringMatching(/^Stripe/),
        'High 95',
        'Same name',
      ]);
      expect(await cells(page, 'microsoft.com')).toEqual([
        'microsoft.com',
        expect.stringMatching(/^Microsoft/),
        'Medium 75',
        'Name matches the domain microsoft.com',
      ]);
      expect(await cells(page, 'AAPL')).toEqual([
        'AAPL',
        expect.stringMatching(/^Apple Inc\./),
        'High 95',
        'Ticker AAPL',
      ]);
      expect(await cells(page, 'Zzzz Nonexistent Co')).toEqual([
        'Zzzz Nonexistent Co',
        'No match',
        'Not found',
        'No company with this name, domain or ticker',
      ]);
      expect(await row(page, 'Stripe').getByRole('link', { name: 'Stripe' }).getAttribute('href')).toBe(
        '/sales-account-development/Stripe',
      );
      expect(await chosen(page)).toBe('3 companies chosen');

      // A near name, picked.
      const delta = page.getByRole('combobox', { name: 'Company for Delta' });
      expect(await delta.locator('option:checked').textContent()).toBe('No match: pick a near name');
      await delta.selectOption({ index: 1 });
      expect(await row(page, 'Delta').getByRole('link').textContent()).toBe('Delta Air Lines');
      expect((await cells(page, 'Delta'))[2]).toMatch(/^Low \d+$/);
      expect(await chosen(page)).toBe('4 companies chosen');
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Save all to My Companies' }).click();
      await toast(page, 'Saved to My Companies').waitFor();
      expect(await toast(page, 'Saved to My Companies').textContent()).toContain('4 companies saved.');

      await page.locator('[data-add-to-project="company"]').click();
      await page.locator('[data-new-project]').click();
      const dialog = page.locator('[data-new-project-dialog]');
      await dialog.getByLabel('Project name').fill('Pasted accounts');
      await dialog.getByRole('button', { name: 'Create and add' }).click();
      await toast(page, 'Added to Pasted accounts').waitFor();
      expect(await toast(page, 'Added to Pasted accounts').textContent()).toContain('4 companies');

      await page.getByRole('button', { name: 'Open as research table' }).click();
      await page.waitForURL(`${baseUrl}/sales-account-development/research?*`);
      const chips = page.getByRole('region', { name: 'Filters applied' }).locator('li');
      await expect
        .poll(() => chips.allTextContents())
        .toEqual(['Stripe', 'Microsoft', 'Apple Inc.', 'Delta Air Lines']);
      await expect
        .poll(async () =>
          (
            await page
              .locator('[data-company-row]')
              .evaluateAll((els) => els.map((el) => el.getAttribute('data-company-row') ?? ''))
          ).sort(),
        )
        .toEqual(['Apple Inc.', 'Delta Air Lines', 'Microsoft', 'Stripe']);
      expectNoErrors(errors, 'research input');
    } finally {
      await close();
    }
  });

  it('reads the first column of an uploaded CSV, header left out; fits a phone in the dark theme', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...PHONE,
      colorScheme: 'dark',
      storageState,
    });
    try {
      await page.goto('/research-input');
      await page.getByRole('heading', { level: 1, name: 'Research Input' }).waitFor();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'accounts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Company,Website\n"Stripe, Inc.",stripe.com\nAAPL,apple.com\n', 'utf8'),
      });
      const list = page.getByLabel('Companies, one per line: name, domain or ticker');
      await expect.poll(() => list.inputValue()).toBe('Company\nStripe, Inc.\nAAPL');
      await page.getByText('2 companies (at most 500)').waitFor();
      await page.getByRole('button', { name: 'Match', exact: true }).click();
      await page.locator('[data-match-summary]').waitFor();
      expect(await page.locator('[data-match-summary]').textContent()).toBe(
        '2 matched, 0 need a choice, 0 not found',
      );
      expect((await cells(page, 'Stripe, Inc.')).slice(2)).toEqual(['High 90', "Same name without 'Inc.'"]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // An empty list is refused in the page, with the reason.
      await list.fill('  \n ');
      await page.getByRole('button', { name: 'Match', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Paste or upload at least one company name, domain or ticker.' })
        .waitFor();
      expectNoErrors(errors, 'research input on a phone');
    } finally {
      await close();
    }
  });
});
