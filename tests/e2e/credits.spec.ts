/**
 * Credits in Chromium (spec 2 §2.1, §2.2, §4, §8): buying a package in the dialog, changing plan on /pricing,
 * the /credits page (ledger, filters, CSV export, chart, prices), running out of credits, axe.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { CREDIT_ERRORS } from '../../src/shared/credits.ts';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, gotoHydrated, settleAnimations } from './site.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A user who has finished onboarding, created through the API; its cookies go into each new page. */
async function onboardedUser(browser: Browser): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const email = `credits-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'violet-harbor-42', name: 'Credits User' },
    headers: { origin: baseUrl },
  });
  expect(signUp.status()).toBe(200);
  const done = await context.request.patch('/api/v1/profile', {
    data: { onboardingCompleted: true, company: { name: 'Credits Co' } },
  });
  expect(done.status()).toBe(200);
  const state = await context.storageState();
  await context.close();
  return state;
}

type Account = { planType: string; totalCredits: number; remainingCredits: number; alerts: number[] };

const account = async (page: Page): Promise<Account> => (await page.request.get('/api/v1/credits')).json();

/** '500,550' -> 500550 */
const credits = async (page: Page, selector: string) =>
  Number((await page.locator(selector).first().textContent())?.replace(/[^\d]/g, ''));

const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title });

describeInBrowser('credits', (browser) => {
  let storageState: StorageState;
  beforeAll(async () => {
    storageState = await onboardedUser(browser());
  });

  it('buys a package: Professional preselected, Processing..., success toast, 550 more credits', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/credits');
      await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
      await page.locator('[data-remaining-credits]').waitFor();
      const before = await credits(page, '[data-remaining-credits]');
      expect(before).toBe(500_000);

      await page.getByRole('main').getByRole('button', { name: 'Buy credits' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
      await dialog.waitFor();
      await settleAnimations(page);
      expect(await dialog.getByRole('radio').count()).toBe(4);
      expect(await dialog.getByRole('radio', { name: 'Professional', exact: true }).isChecked()).toBe(true);
      expect(await dialog.textContent()).toContain('no card is charged');
      // Spec 2 §2.2: the perk is listed on packages of 500 credits or more.
      for (const [id, perk] of [
        ['starter', false],
        ['professional', true],
        ['business', true],
        ['enterprise', true],
      ] as const) {
        const text = await dialog.locator(`[data-package="${id}"]`).textContent();
        expect(text?.includes('Priority processing'), id).toBe(perk);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Purchase' }).click();
      const processing = dialog.getByRole('button', { name: 'Processing...' });
      await processing.waitFor();
      expect(await processing.isDisabled()).toBe(true);

      await toast(page, 'Purchase Successful!').waitFor();
      expect(await toast(page, 'Purchase Successful!').textContent()).toContain(
        '550 credits have been added to your account',
      );
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => credits(page, '[data-remaining-credits]')).toBe(before + 550);
      const newest = page.locator('[data-ledger] tbody tr').first();
      await expect.poll(() => newest.getAttribute('data-transaction-type')).toBe('purchase');
      expect(await newest.textContent()).toContain('+550');
      expectNoErrors(errors, 'purchase');
    } finally {
      await close();
    }
  });

  it('changes plan on /pricing: an upgrade now, a downgrade at the end of the cycle; Free does nothing', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    const planRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/credits/plan')) planRequests.push(request.postData() ?? '');
    });
    try {
      // Public pages ask who is signed in only on a browser that has signed in before (the app notes it).
      await page.goto('/app');
      await page.getByRole('navigation', { name: 'Sidebar' }).waitFor();
      await page.goto('/pricing');
      const current = page.locator('[data-current-plan]');
      await current.waitFor();
      expect(await current.getAttribute('data-current-plan')).toBe('unlimited');
      expect(await current.textContent()).toContain('500,550');
      const card = (name: string) => page.getByRole('article', { name, exact: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      await card('Free').getByRole('button', { name: 'Get Started' }).click();
      await page.waitForTimeout(300);
      expect(planRequests).toEqual([]);

      await card('Business').getByRole('button', { name: 'Get Started' }).click();
      await toast(page, 'Plan Updated').waitFor();
      expect(await toast(page, 'Plan Updated').textContent()).toContain(
        'Successfully upgraded to Business plan',
      );
      const currentButton = card('Business').getByRole('button', { name: 'Current Plan' });
      await currentButton.waitFor();
      expect(await currentButton.isDisabled()).toBe(true);
      await expect.poll(() => current.getAttribute('data-current-plan')).toBe('business');

      await card('Professional').getByRole('button', { name: 'Get Started' }).click();
      const scheduled = toast(page, 'Plan Change Scheduled');
      await scheduled.waitFor();
      expect(await scheduled.textContent()).toMatch(/end of your billing cycle, on \w+ \d+, \d{4}/);
      await page.locator('[data-pending-plan="professional"]').waitFor();
      expect(await current.getAttribute('data-current-plan')).toBe('business');
      expect(planRequests.map((body) => JSON.parse(body).planId)).toEqual(['business', 'professional']);

      // Signed in, 'Buy Credits' opens the purchase dialog instead of asking to sign in.
      await page.getByRole('button', { name: 'Buy Credits' }).click();
      await page.getByRole('dialog', { name: 'Purchase Credits' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Purchase Credits' }).waitFor({ state: 'detached' });
      expectNoErrors(errors, '/pricing signed in');
    } finally {
      await close();
    }
  });

  it('/pricing for a visitor: Buy Credits asks to sign in', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await gotoHydrated(page, '/pricing');
      await page.getByRole('button', { name: 'Buy Credits' }).click();
      await toast(page, 'Authentication Required').waitFor();
      expect(await toast(page, 'Authentication Required').textContent()).toContain(
        'Please sign in to use credits',
      );
      await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();
      expect(await page.locator('[data-current-plan]').count()).toBe(0);
      expectNoErrors(errors, '/pricing visitor');
    } finally {
      await close();
    }
  });

  it('/credits: the ledger, filters, a CSV export of the filtered rows, the chart and the prices', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      for (const [activityType, quantity] of [
        ['company_search', 3],
        ['email_finder', 2],
      ] as const) {
        const spent = await page.request.post('/api/v1/credits/usage', { data: { activityType, quantity } });
        expect(spent.status()).toBe(201);
      }
      await page.goto('/credits');
      const rows = page.locator('[data-ledger] tbody tr');
      await rows.first().waitFor();
      const types = () =>
        rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-transaction-type')));
      // Newest first: the two charges, then the plan changes, the purchase and the first grant.
      const all = await types();
      expect(all.slice(0, 2)).toEqual(['usage', 'usage']);
      expect(all.at(-1)).toBe('grant');
      expect(all).toContain('purchase');

      await page.getByRole('figure', { name: 'Credits used per day this cycle' }).waitFor();
      const byActivity = page.getByRole('list', { name: 'Credits used by activity' });
      expect(await byActivity.textContent()).toContain('Company search3');
      expect(await byActivity.textContent()).toContain('Email finder4');
      const prices = page.locator('[data-price-list]');
      await prices.waitFor();
      for (const category of ['AI', 'Companies', 'People']) {
        expect(await prices.getByRole('heading', { name: category, exact: true }).count(), category).toBe(1);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel('Type', { exact: true }).selectOption('usage');
      await expect.poll(types).toEqual(['usage', 'usage']);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^prospector-credits-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe('Date,Type,Activity,Credits,Description');
      expect(lines.slice(1).map((line) => line.split(',').slice(1, 4))).toEqual([
        ['usage', 'email_finder', '-4'],
        ['usage', 'company_search', '-3'],
      ]);

      await page.getByLabel('Activity', { exact: true }).selectOption('phone_finder');
      await page.getByText('No transactions match these filters').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(async () => (await types()).length).toBe(all.length);
      expectNoErrors(errors, '/credits');
    } finally {
      await close();
    }
  });

  it('runs out of credits: the 402 with the spec message, and the 100% usage banner', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/credits');
      await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
      // Spend everything (at most 100,000 units per request).
      for (let left = (await account(page)).remainingCredits; left > 0; ) {
        const quantity = Math.min(left, 100_000);
        const spent = await page.request.post('/api/v1/credits/usage', {
          data: { activityType: 'ai_query', quantity },
        });
        expect(spent.status()).toBe(201);
        left = (await spent.json()).account.remainingCredits;
      }
      const refused = await page.request.post('/api/v1/credits/usage', {
        data: { activityType: 'ai_query', quantity: 1 },
      });
      expect(refused.status()).toBe(402);
      const body = await refused.json();
      expect(body.error.message).toBe(CREDIT_ERRORS.insufficient(1, 0));
      expect(body.error.details).toEqual({ required: 1, available: 0 });
      expect((await account(page)).alerts).toEqual([80, 100]);

      await page.reload();
      const banner = page.getByRole('region', { name: 'Credit usage alert' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain('You have used all your credits');
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await banner.getByRole('link', { name: 'View usage' }).getAttribute('href')).toBe('/credits');
      await banner.getByRole('button', { name: 'Buy credits' }).click();
      await page.getByRole('dialog', { name: 'Purchase Credits' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Purchase Credits' }).waitFor({ state: 'detached' });
      await banner.getByRole('button', { name: 'Dismiss credit usage alert' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.reload();
      await page.locator('[data-remaining-credits]').waitFor();
      expect(await credits(page, '[data-remaining-credits]')).toBe(0);
      expect(await page.locator('[data-usage-alert]').count()).toBe(0);
      expectNoErrors(errors, 'out of credits');
    } finally {
      await close();
    }
  });
});
