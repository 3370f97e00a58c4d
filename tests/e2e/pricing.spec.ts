/** The two pricing pages (spec 2 §2.1, §2.3, §4 'Billing period toggle', §9): toggles, figures, FAQ, table. */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  CREDIT_ANNUAL_SAVING,
  CREDIT_PAGE_FAQ,
  ENHANCED_ANNUAL_SAVING,
  ENHANCED_FEATURE_ROWS,
  ENHANCED_PAGE_FAQ,
  ENHANCED_PLANS,
  formatPrice,
  PLANS,
} from '../../src/shared/pricing.ts';
import { describeInBrowser, openPage } from './browser.ts';
import { expectNoErrors, gotoHydrated, textsOf } from './site.ts';

/** Spec 2 §9 'Plans on the credit pricing page': monthly and annual USD. */
const SPEC_CREDIT_PLANS = [
  { id: 'free', name: 'Free', monthly: 0, annual: 0 },
  { id: 'professional', name: 'Professional', monthly: 29, annual: 290 },
  { id: 'business', name: 'Business', monthly: 79, annual: 790 },
  { id: 'enterprise', name: 'Enterprise', monthly: 199, annual: 1990 },
];

/** Spec 2 §9 'Plans on the enhanced pricing page': monthly and (annual-equivalent) USD per month; null = custom. */
const SPEC_ENHANCED_PLANS = [
  { id: 'free', name: 'Free', monthly: 0, annual: 0 },
  { id: 'starter', name: 'Starter', monthly: 149, annual: 134 },
  { id: 'explorer', name: 'Explorer', monthly: 349, annual: 314 },
  { id: 'pro', name: 'Pro', monthly: 800, annual: 720 },
  { id: 'enterprise', name: 'Enterprise', monthly: null, annual: null },
];

const price = (amount: number | null) => (amount === null ? 'Custom' : formatPrice(amount));

/** The Monthly/Annual switch of a pricing page, its state and its saving badge. */
function billing(page: Page) {
  const toggle = page.getByRole('switch', { name: 'Annual billing' });
  return {
    toggle,
    checked: () => toggle.getAttribute('aria-checked'),
    badges: () => textsOf(page, '[data-saving-badge]'),
  };
}

describeInBrowser('pricing pages', (browser) => {
  it(`/pricing: monthly by default; annual shows '${CREDIT_ANNUAL_SAVING}' and the yearly prices (10x monthly)`, async () => {
    // The spec's figures and the shared constants the page renders must agree.
    expect(
      PLANS.map((p) => ({ id: p.id, name: p.name, monthly: p.monthlyPrice, annual: p.annualPrice })),
    ).toEqual(SPEC_CREDIT_PLANS);
    expect(CREDIT_ANNUAL_SAVING).toBe('Save 17%');
    for (const plan of SPEC_CREDIT_PLANS.filter((p) => p.monthly > 0)) {
      expect(plan.annual).toBe(plan.monthly * 10);
      expect(Math.round((1 - plan.annual / (plan.monthly * 12)) * 100)).toBe(17);
    }

    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    try {
      await gotoHydrated(page, '/pricing');
      const { toggle, checked, badges } = billing(page);
      const cards = page.locator('[data-plan]');
      const prices = () => textsOf(page, '[data-plan] [data-price]');
      const periods = () =>
        cards.evaluateAll((nodes) =>
          nodes.map((n) => n.querySelector('[data-price]')?.nextElementSibling?.textContent),
        );

      expect(await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-plan')))).toEqual(
        SPEC_CREDIT_PLANS.map((p) => p.id),
      );
      expect(await checked()).toBe('false');
      expect(await badges()).toEqual([]);
      expect(await prices()).toEqual(SPEC_CREDIT_PLANS.map((p) => price(p.monthly)));
      expect(await periods()).toEqual(SPEC_CREDIT_PLANS.map(() => '/month'));
      expect(await page.locator('[data-plan="professional"]').textContent()).toContain('Most Popular');
      for (const plan of SPEC_CREDIT_PLANS) {
        await page
          .getByRole('article', { name: plan.name, exact: true })
          .getByRole('button', { name: 'Get Started' })
          .waitFor();
      }

      await toggle.click();
      expect(await checked()).toBe('true');
      await page.locator('[data-saving-badge]').waitFor();
      expect(await badges()).toEqual(['Save 17%']);
      expect(await prices()).toEqual(SPEC_CREDIT_PLANS.map((p) => price(p.annual)));
      expect(await periods()).toEqual(SPEC_CREDIT_PLANS.map(() => '/year'));

      await toggle.click();
      expect(await checked()).toBe('false');
      await page.locator('[data-saving-badge]').waitFor({ state: 'detached' });
      expect(await prices()).toEqual(SPEC_CREDIT_PLANS.map((p) => price(p.monthly)));
      expectNoErrors(errors, '/pricing');
    } finally {
      await close();
    }
  });

  it(`/enhanced-pricing: annual shows '${ENHANCED_ANNUAL_SAVING}', strikes through the monthly price and shows the annual one`, async () => {
    expect(
      ENHANCED_PLANS.map((p) => ({
        id: p.id,
        name: p.name,
        monthly: p.monthlyPrice,
        annual: p.annualMonthlyPrice,
      })),
    ).toEqual(SPEC_ENHANCED_PLANS);
    expect(ENHANCED_ANNUAL_SAVING).toBe('Save 25%');

    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    try {
      await gotoHydrated(page, '/enhanced-pricing');
      const { toggle, checked, badges } = billing(page);
      const card = (id: string) => page.locator(`[data-plan="${id}"]`);
      const prices = () => textsOf(page, '[data-plan] [data-price]');

      expect(await checked()).toBe('false');
      expect(await badges()).toEqual([]);
      expect(await prices()).toEqual(SPEC_ENHANCED_PLANS.map((p) => price(p.monthly)));
      expect(await page.locator('[data-original-price]').count()).toBe(0);
      expect(await card('explorer').textContent()).toContain('Best value');

      await toggle.click();
      expect(await checked()).toBe('true');
      await page.locator('[data-saving-badge]').waitFor();
      expect(await badges()).toEqual(['Save 25%']);
      expect(await prices()).toEqual(SPEC_ENHANCED_PLANS.map((p) => price(p.annual)));
      for (const plan of SPEC_ENHANCED_PLANS) {
        const original = card(plan.id).locator('[data-original-price]');
        const discounted = plan.monthly !== null && plan.monthly !== plan.annual;
        expect(await original.count(), `${plan.name} struck-through price`).toBe(discounted ? 1 : 0);
        if (!discounted) continue;
        expect(await original.textContent()).toBe(price(plan.monthly));
        expect(await original.isVisible()).toBe(true);
        const decoration = await original.evaluate((el) => getComputedStyle(el).textDecorationLine);
        expect(decoration).toContain('line-through');
      }

      await toggle.click();
      expect(await checked()).toBe('false');
      await page.locator('[data-saving-badge]').waitFor({ state: 'detached' });
      expect(await page.locator('[data-original-price]').count()).toBe(0);
      expect(await prices()).toEqual(SPEC_ENHANCED_PLANS.map((p) => price(p.monthly)));
      expectNoErrors(errors, '/enhanced-pricing');
    } finally {
      await close();
    }
  });

  it('/enhanced-pricing: plan buttons, the comparison table and the FAQ (one answer open at a time)', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    try {
      await gotoHydrated(page, '/enhanced-pricing');
      // Spec 2 §2.3: 'Choose {plan}' on Starter, Explorer and Pro, 'Contact Sales' on Enterprise. The Free label
      // is deliberately our own ('Try for free') instead of the spec's wording, which names another product.
      for (const plan of ENHANCED_PLANS) {
        const cardEl = page.locator(`[data-plan="${plan.id}"]`);
        if (['starter', 'explorer', 'pro'].includes(plan.id))
          expect(plan.cta.label).toBe(`Choose ${plan.name}`);
        if (plan.id === 'enterprise') {
          expect(plan.cta.label).toBe('Contact Sales');
          expect(await cardEl.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe(
            '/contact',
          );
        } else {
          await cardEl.getByRole('button', { name: plan.cta.label }).waitFor();
        }
      }
      await page.locator('[data-plan="starter"]').getByRole('button', { name: 'Choose Starter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      const table = page.locator('[data-comparison-table]');
      expect(await table.locator('thead th').allTextContents()).toEqual([
        'Feature',
        ...SPEC_ENHANCED_PLANS.map((p) => p.name),
      ]);
      for (const row of ENHANCED_FEATURE_ROWS) {
        const cells = await table
          .getByRole('rowheader', { name: row.feature, exact: true })
          .locator('xpath=..')
          .getByRole('cell')
          .allTextContents();
        const from = SPEC_ENHANCED_PLANS.findIndex((p) => p.id === row.from);
        expect(cells, row.feature).toEqual(
          SPEC_ENHANCED_PLANS.map((_, i) => (i >= from ? 'Included' : 'Not included')),
        );
      }

      await expectSingleOpenFaq(
        page,
        ENHANCED_PAGE_FAQ.map((f) => f.question),
      );
      expectNoErrors(errors, '/enhanced-pricing');
    } finally {
      await close();
    }
  });

  it('/pricing: the FAQ has the four spec questions, one answer open at a time, collapsible', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    try {
      await gotoHydrated(page, '/pricing');
      expect(CREDIT_PAGE_FAQ).toHaveLength(4);
      await expectSingleOpenFaq(
        page,
        CREDIT_PAGE_FAQ.map((f) => f.question),
      );
      expectNoErrors(errors, '/pricing');
    } finally {
      await close();
    }
  });
});

async function expectSingleOpenFaq(page: Page, questions: readonly string[]) {
  const faq = page.locator('[data-faq]');
  const triggers = faq.getByRole('button');
  expect(await triggers.allTextContents()).toEqual(questions);
  const expanded = () => triggers.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-expanded')));
  expect(await expanded()).toEqual(questions.map(() => 'false'));
  await triggers.nth(0).click();
  await expect.poll(expanded).toEqual(questions.map((_, i) => String(i === 0)));
  await faq.getByRole('region').first().waitFor();
  await triggers.nth(1).click();
  await expect.poll(expanded).toEqual(questions.map((_, i) => String(i === 1)));
  await triggers.nth(1).click();
  await expect.poll(expanded).toEqual(questions.map(() => 'false'));
}
