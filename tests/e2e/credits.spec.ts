/**
 * Credits in Chromium (spec 2 §2.1, §2.2, §4, §8): buying a package in the dialog, changing plan on /pricing,
 * the /credits page (ledger, filters, CSV export, chart, prices), running out of credits, axe.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { CREDIT_ERRORS } from '../../src/shared/credits.ts';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { afterRender, expectNoErrors, gotoHydrated, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

type Account = {
  planType: string;
  totalCredits: number;
  usedCredits: number;
  remainingCredits: number;
  alerts: number[];
  autoTopUp: { packageId: string; below: number } | null;
};

const account = async (page: Page): Promise<Account> => (await page.request.get('/api/v1/credits')).json();

/** '500,550' -> 500550 */
const credits = async (page: Page, selector: string) =>
  Number((await page.locator(selector).first().textContent())?.replace(/[^\d]/g, ''));

/** A charge through the API, as an agent's request makes one (same-origin, like the app's own calls). */
const spend = (page: Page, activityType: string, quantity: number) =>
  page.request.post('/api/v1/credits/usage', {
    data: { activityType, quantity },
    headers: { origin: baseUrl },
  });

const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title });

describeInBrowser('credits', (browser) => {
  let storageState: StorageState;
  beforeAll(async () => {
    storageState = await onboardedUser(browser(), 'Credits');
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
      // The e2e server takes demo payments: the dialog says so, and says nothing of Stripe.
      const notice = dialog.locator('[data-payment-notice]');
      await notice.waitFor();
      expect(await notice.getAttribute('data-payment-notice')).toBe('demo');
      expect(await notice.textContent()).toContain('Demo payment: no card is charged');
      expect(await dialog.textContent()).not.toContain('Stripe');
      // No rollover: the buyer is told the package is for this billing cycle before paying.
      expect(await dialog.locator('[data-package-expiry]').textContent()).toMatch(
        /^Package credits are used within your current billing cycle \(until \w+ \d+, \d{4}\) and do not roll over\.$/,
      );
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/purchase.png` });
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

  it('changes plan on /pricing after a confirmation: an upgrade now keeping used credits, a downgrade at the end of the cycle; Free does nothing', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    const planRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/credits/plan')) planRequests.push(request.postData() ?? '');
    });
    try {
      // Public pages ask who is signed in only on a browser that has signed in before (the app notes it).
      await page.goto('/app');
      await page.getByRole('navigation', { name: 'Sidebar' }).waitFor();
      expect((await spend(page, 'ai_query', 47)).status()).toBe(201);
      await page.goto('/pricing');
      const current = page.locator('[data-current-plan]');
      await current.waitFor();
      expect(await current.getAttribute('data-current-plan')).toBe('unlimited');
      expect(await current.textContent()).toContain('500,503');
      expect(await current.textContent()).toContain('500,550');
      const card = (name: string) => page.getByRole('article', { name, exact: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      await card('Free').getByRole('button', { name: 'Get Started' }).click();
      await afterRender(page);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(planRequests).toEqual([]);

      // Issue 21: a click only opens the dialog, which says what changes and when; Cancel changes nothing.
      await card('Business').getByRole('button', { name: 'Get Started' }).click();
      const upgrade = page.getByRole('dialog', { name: 'Upgrade to Business' });
      await upgrade.waitFor();
      await settleAnimations(page);
      expect(await upgrade.locator('[data-plan-change-text]').textContent()).toMatch(
        /^Business starts now: your credits stay at 500,550, used credits stay at 47, and a new 30-day cycle starts today, renewing on \w+ \d+, \d{4}\.$/,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/plan-upgrade.png` });
      await upgrade.getByRole('button', { name: 'Cancel' }).click();
      await upgrade.waitFor({ state: 'detached' });
      await afterRender(page);
      expect(planRequests).toEqual([]);
      expect((await account(page)).planType).toBe('unlimited');

      await card('Business').getByRole('button', { name: 'Get Started' }).click();
      await upgrade.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'Plan Updated').waitFor();
      expect(await toast(page, 'Plan Updated').textContent()).toContain(
        'Successfully upgraded to Business plan',
      );
      const currentButton = card('Business').getByRole('button', { name: 'Current Plan' });
      await currentButton.waitFor();
      expect(await currentButton.isDisabled()).toBe(true);
      await expect.poll(() => current.getAttribute('data-current-plan')).toBe('business');
      // Nothing given back: the 47 used credits stay used.
      expect(await account(page)).toMatchObject({ totalCredits: 500_550, usedCredits: 47 });
      expect(await current.textContent()).toContain('500,503');

      await card('Professional').getByRole('button', { name: 'Get Started' }).click();
      const downgrade = page.getByRole('dialog', { name: 'Downgrade to Professional' });
      await downgrade.waitFor();
      await settleAnimations(page);
      expect(await downgrade.locator('[data-plan-change-text]').textContent()).toMatch(
        /^Your plan changes to Professional on \w+ \d+, \d{4}; until then you keep Business and your credits\.$/,
      );
      if (process.env.E2E_SHOTS)
        await page.screenshot({ path: `${process.env.E2E_SHOTS}/plan-downgrade.png` });
      await downgrade.getByRole('button', { name: 'Confirm' }).click();
      const scheduled = toast(page, 'Plan Change Scheduled');
      await scheduled.waitFor();
      expect(await scheduled.textContent()).toMatch(/end of your billing cycle, on \w+ \d+, \d{4}/);
      await page.locator('[data-pending-plan="professional"]').waitFor();
      expect(await current.getAttribute('data-current-plan')).toBe('business');
      expect(planRequests.map((body) => JSON.parse(body).planId)).toEqual(['business', 'professional']);
      expect(await account(page)).toMatchObject({ totalCredits: 500_550, usedCredits: 47 });

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
        const spent = await spend(page, activityType, quantity);
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
      // The upgrade started a new cycle but kept the 47 credits used before it: the chart keeps them too.
      expect(await byActivity.textContent()).toContain('AI query47');
      expect(await byActivity.textContent()).toContain('Email finder4');
      const prices = page.locator('[data-price-list]');
      await prices.waitFor();
      for (const category of ['AI', 'Companies', 'People']) {
        expect(await prices.getByRole('heading', { name: category, exact: true }).count(), category).toBe(1);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel('Type', { exact: true }).selectOption('usage');
      // The two charges here and the one before the plan change.
      await expect.poll(types).toEqual(['usage', 'usage', 'usage']);
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
        ['usage', 'ai_query', '-47'],
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
        const spent = await spend(page, 'ai_query', quantity);
        expect(spent.status()).toBe(201);
        left = (await spent.json()).account.remainingCredits;
      }
      const refused = await spend(page, 'ai_query', 1);
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

  it('automatic top-up: off by default; turned on, kept after a reload, bought by the server when the balance drops', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Credits'),
    });
    try {
      await page.goto('/credits');
      const card = page.getByRole('region', { name: 'Automatic top-up' });
      await card.waitFor();
      const toggle = card.getByRole('switch', { name: 'Top up automatically' });
      const packageSelect = card.getByLabel('Package to buy');
      const below = card.getByLabel('When fewer than this many credits remain');
      const save = card.getByRole('button', { name: 'Save' });
      expect(await card.getAttribute('data-auto-top-up')).toBe('off');
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      expect(await packageSelect.isDisabled()).toBe(true);
      expect(await save.isDisabled()).toBe(true);
      await card.getByText('Top-ups are demo payments').waitFor();

      await toggle.click();
      await packageSelect.selectOption('starter');
      const error = card.getByText('Enter a whole number of credits from 1 to 1,000,000.');
      for (const bad of ['', 'abc', '0', '1.5', '1000001']) {
        await below.fill(bad);
        await save.click();
        await error.waitFor();
        expect(await below.getAttribute('aria-invalid'), bad).toBe('true');
        expect(await below.evaluate((el) => el === document.activeElement), bad).toBe(true);
      }
      expect((await account(page)).autoTopUp).toBeNull();
      expect(await seriousA11yViolations(page)).toEqual([]);

      // 500,000 credits to start with: a threshold just below, so that a small charge crosses it.
      await below.fill('499,990');
      await error.waitFor({ state: 'detached' });
      await save.click();
      const saved = toast(page, 'Automatic top-up on');
      await saved.waitFor();
      expect(await saved.textContent()).toContain(
        'Buys Starter Pack (100 credits, $9.99) when fewer than 499,990 credits remain.',
      );
      await expect.poll(() => card.getAttribute('data-auto-top-up')).toBe('on');
      expect((await account(page)).autoTopUp).toEqual({ packageId: 'starter', below: 499_990 });

      await page.reload();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      expect(await packageSelect.inputValue()).toBe('starter');
      expect(await below.inputValue()).toBe('499990');
      expect(await save.isDisabled()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const spent = await spend(page, 'company_search', 20);
      expect(spent.status()).toBe(201);
      expect((await spent.json()).account.remainingCredits).toBe(499_980);

      // The server buys the package in a background job (after a 2 s demo payment): reload until it shows.
      const newest = page.locator('[data-ledger] tbody tr').first();
      await expect
        .poll(
          async () => {
            await page.reload();
            await newest.waitFor();
            return newest.getAttribute('data-transaction-type');
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe('purchase');
      expect(await newest.textContent()).toContain('+100');
      expect(await newest.textContent()).toContain('Automatic top-up, Starter Pack');
      await page.locator('[data-remaining-credits]').waitFor();
      expect(await credits(page, '[data-remaining-credits]')).toBe(500_080);
      // Bought once: the balance is above the threshold again.
      expect((await account(page)).remainingCredits).toBe(500_080);

      await toggle.click();
      expect(await packageSelect.isDisabled()).toBe(true);
      await save.click();
      await toast(page, 'Automatic top-up off').waitFor();
      await expect.poll(() => card.getAttribute('data-auto-top-up')).toBe('off');
      expect((await account(page)).autoTopUp).toBeNull();
      expectNoErrors(errors, 'automatic top-up');
    } finally {
      await close();
    }
  });

  it('credits bought elsewhere (another tab) are announced as Credits Added when the account is next read', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Arrivals'),
    });
    try {
      await page.goto('/chat');
      await page.getByRole('heading', { level: 1, name: 'Copilot' }).waitFor();
      await expect.poll(async () => (await page.request.get('/api/v1/credits')).status()).toBe(200);
      // Another tab buys the Professional package; this page has not read the account since.
      const bought = await page.request.post('/api/v1/credits/purchases', {
        data: { packageId: 'professional', idempotencyKey: `arrivals-${Date.now()}` },
      });
      expect(bought.status()).toBe(201);
      // A free command reads the account again: the arrival is announced, once.
      const box = page.getByLabel('Message the copilot');
      await box.fill('refresh');
      await box.press('Enter');
      await toast(page, 'Credits Added').waitFor();
      expect(await toast(page, 'Credits Added').textContent()).toContain('550 credits added to your account');
      expectNoErrors(errors, 'credits added');
    } finally {
      await close();
    }
  });

  it('a charge that breaks (API answer stood in) shows Credit Deduction Failed, not a generic error', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      // The server's answer when the charge itself fails (credits.test.ts makes it really fail).
      await page.route('**/api/v1/companies?*', (route) =>
        route.request().url().includes('q=ledger')
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({
                error: {
                  code: 'CREDIT_DEDUCTION_FAILED',
                  message: 'Failed to deduct credits. Please try again.',
                },
              }),
            })
          : route.continue(),
      );
      await page.goto('/sales-account-development/research?q=ledger');
      await toast(page, 'Credit Deduction Failed').waitFor();
      expect(await toast(page, 'Credit Deduction Failed').textContent()).toContain(
        'Failed to deduct credits. Please try again.',
      );
      // The stood-in 500 is the one error the browser logs.
      expect(errors.filter((e) => !e.includes('500'))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('back from Stripe Checkout, cancelled: says no payment was taken, once, and drops the parameters', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/credits?checkout=cancelled');
      const cancelled = toast(page, 'Purchase cancelled');
      await cancelled.waitFor();
      expect(await cancelled.textContent()).toContain('No payment was taken.');
      expect(await cancelled.getAttribute('data-variant')).toBe('default');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(new URL(page.url()).pathname).toBe('/credits');

      await page.reload();
      await page.getByRole('region', { name: 'Automatic top-up' }).waitFor();
      expect(await toast(page, 'Purchase cancelled').count()).toBe(0);
      expectNoErrors(errors, 'checkout cancelled');
    } finally {
      await close();
    }
  });

  it('back from Stripe Checkout, never confirmed: waits a minute, then a calm toast and the parameters go', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      // The page's clock, so that the minute of waiting passes at once.
      await page.clock.install();
      const asked = page.waitForRequest('**/api/v1/credits/checkouts/cs_unknown');
      await page.goto('/credits?checkout=success&session_id=cs_unknown');
      await asked;
      await page.locator('[data-checkout-pending]').waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Confirming your payment' }).count()).toBe(1);
      await page.clock.fastForward(61_000);

      const confirming = toast(page, 'Payment being confirmed');
      await confirming.waitFor();
      expect(await confirming.textContent()).toContain('as soon as Stripe confirms the payment');
      expect(await confirming.getAttribute('data-variant')).toBe('default');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.locator('[data-checkout-pending]').waitFor({ state: 'detached' });
      expect(await toast(page, 'Purchase Successful!').count()).toBe(0);
      expectNoErrors(errors, 'checkout pending');
    } finally {
      await close();
    }
  });

  // The e2e server takes demo payments; these answers of the API in Stripe mode are stood in by page.route.
  it('Stripe mode (API answers stood in): the notice, Processing... until the browser leaves, the grant on return', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    const checkoutUrl = 'https://checkout.stripe.test/c/pay/cs_test_e2e';
    try {
      await page.route('**/api/v1/credits/pricing', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), payments: 'stripe' } });
      });
      const purchases: unknown[] = [];
      await page.route('**/api/v1/credits/purchases', async (route) => {
        purchases.push(route.request().postDataJSON());
        await route.fulfill({ status: 202, json: { checkoutUrl, sessionId: 'cs_test_e2e' } });
      });
      // Stripe's page answers 204 No Content: the browser goes there and stays put, so what the page shows
      // while it leaves can be read (a held navigation would block reading the page).
      await page.route('https://checkout.stripe.test/**', (route) => route.fulfill({ status: 204 }));

      await page.goto('/credits');
      const card = page.getByRole('region', { name: 'Automatic top-up' });
      const note = card.locator('[data-auto-top-up-note]');
      await note.waitFor();
      expect(await note.textContent()).toContain('needs a saved card');
      expect(await card.getByRole('switch', { name: 'Top up automatically' }).isDisabled()).toBe(true);
      expect(await card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      await page.getByRole('main').getByRole('button', { name: 'Buy credits' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
      const notice = dialog.locator('[data-payment-notice]');
      await notice.waitFor();
      expect(await notice.getAttribute('data-payment-notice')).toBe('stripe');
      expect(await notice.textContent()).toMatch(/pay on Stripe.s secure checkout page/);
      expect(await dialog.textContent()).not.toContain('Demo payment');
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const leaving = page.waitForRequest('https://checkout.stripe.test/**');
      await dialog.getByRole('button', { name: 'Purchase' }).click();
      const navigation = await leaving;
      expect(navigation.url()).toBe(checkoutUrl);
      expect(navigation.isNavigationRequest()).toBe(true);
      // Leaving for Stripe: still processing and cannot be closed; nothing granted or toasted yet.
      const processing = dialog.getByRole('button', { name: 'Processing...' });
      await processing.waitFor();
      expect(await processing.isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await afterRender(page);
      expect(await dialog.isVisible()).toBe(true);
      expect(await processing.isVisible()).toBe(true);
      expect(await page.locator('[data-toast]').count()).toBe(0);
      expect(purchases).toEqual([{ packageId: 'professional', idempotencyKey: expect.any(String) }]);

      // Stripe sends the user back; the webhook's grant arrives on the second question.
      const current = await account(page);
      let asked = 0;
      await page.route('**/api/v1/credits/checkouts/cs_test_e2e', (route) => {
        asked += 1;
        return route.fulfill({
          json:
            asked < 2
              ? { status: 'pending' }
              : {
                  status: 'granted',
                  creditsAdded: 550,
                  account: {
                    ...current,
                    totalCredits: current.totalCredits + 550,
                    remainingCredits: current.remainingCredits + 550,
                  },
                },
        });
      });
      await page.goto('/credits?checkout=success&session_id=cs_test_e2e');
      await page.locator('[data-checkout-pending]').waitFor();
      const granted = toast(page, 'Purchase Successful!');
      await granted.waitFor();
      expect(await granted.textContent()).toContain('550 credits have been added to your account');
      expect(asked).toBe(2);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.locator('[data-checkout-pending]').waitFor({ state: 'detached' });
      expectNoErrors(errors, 'Stripe mode');
    } finally {
      await close();
    }
  });
});
