import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { AGENTS } from '../../src/shared/agents.ts';
import {
  COPYRIGHT_YEAR,
  FOOTER_COLUMN_LIMIT,
  FOOTER_COLUMNS,
  FOOTER_HEADLINE,
  PRODUCT_NAV,
  RESOURCES_NAV,
} from '../../src/shared/marketing.ts';
import {
  CREDIT_ANNUAL_SAVING,
  ENHANCED_ANNUAL_SAVING,
  ENHANCED_PLANS,
  formatPrice,
  PLANS,
} from '../../src/shared/pricing.ts';
import { THEME_STORAGE_KEY } from '../../src/shared/theme.ts';
import { baseUrl, describeInBrowser, openPage } from './browser.ts';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const texts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim() ?? ''));

describeInBrowser('public header, footer and theme', (browser) => {
  it('opens the Product, Agents and Resources menus with their entries', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    const menus = [
      ['Product', PRODUCT_NAV.map((item) => item.title)],
      ['Agents', AGENTS.map((agent) => agent.tagline)],
      ['Resources', RESOURCES_NAV.map((item) => item.title)],
    ] as const;
    for (const [title, entries] of menus) {
      await main.getByRole('button', { name: title }).click();
      for (const entry of entries) await main.getByText(entry, { exact: true }).first().waitFor();
      await page.keyboard.press('Escape');
    }
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await page.waitForURL(`${baseUrl}/enhanced-pricing`);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the auth modal from Login and from /auth', async () => {
    const { page, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto('/auth');
    await page.getByRole('dialog').waitFor();
    await close();
  });

  it('follows the system theme first, then keeps the chosen one across reloads without a flash', async () => {
    const { page, close } = await openPage(browser(), { colorScheme: 'dark' });
    await page.goto('/');
    expect(await isDark(page)).toBe(true);
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('light');
    await page.reload({ waitUntil: 'commit' });
    // Checked as soon as the document is parsed: the inline script must already have set the theme.
    await page.waitForLoadState('domcontentloaded');
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await page.reload();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');
    await close();
  });

  it('shows the footer headline, five entries per column with disabled ones dimmed, copyright and legal links', async () => {
    const { page, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    const footer = page.locator('footer');
    expect(await footer.locator('h2').textContent()).toBe(FOOTER_HEADLINE);
    for (const column of FOOTER_COLUMNS) {
      const nav = footer.getByRole('navigation', { name: column.title });
      const shown = column.items.slice(0, FOOTER_COLUMN_LIMIT);
      expect(await nav.locator('li').count()).toBe(shown.length);
      const entries = nav.locator('li > *');
      expect(await entries.allTextContents()).toEqual(
        shown.map((item) => (item.disabled ? `${item.title} (coming soon)` : item.title)),
      );
      for (const [i, item] of shown.entries()) {
        const entry = entries.nth(i);
        expect(await entry.getAttribute('aria-disabled')).toBe(item.disabled ? 'true' : null);
        const opacity = await entry.evaluate((el) => Number(getComputedStyle(el).opacity));
        if (item.disabled) expect(opacity).toBeLessThan(1);
        else expect(opacity).toBe(1);
      }
    }
    expect(await footer.textContent()).toContain(`© ${COPYRIGHT_YEAR}`);
    expect(await texts(page, 'footer nav[aria-label="Legal"] a')).toEqual(['Privacy', 'Terms', 'Cookies']);
    await close();
  });

  it('on a 375x812 phone, collapses the header into a side drawer', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await drawer
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Pricing' })
      .first()
      .waitFor();
    for (const title of ['Product', 'Agents', 'Resources']) await drawer.getByText(title).first().waitFor();
    await drawer.getByRole('button', { name: 'Toggle theme' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Its Login button hands over to the auth modal.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog').getByRole('textbox').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

describeInBrowser('pricing toggles', (browser) => {
  it(`/pricing: annual billing shows '${CREDIT_ANNUAL_SAVING}' and yearly prices`, async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto('/pricing');
    const prices = () => texts(page, '[data-plan] [data-price]');
    expect(await prices()).toEqual(PLANS.map((plan) => formatPrice(plan.monthlyPrice)));
    expect(await page.locator('[data-saving-badge]').count()).toBe(0);
    await page.getByRole('switch', { name: 'Annual billing' }).click();
    await page.locator('[data-saving-badge]').getByText(CREDIT_ANNUAL_SAVING).waitFor();
    expect(await prices()).toEqual(PLANS.map((plan) => formatPrice(plan.annualPrice)));
    expect(errors).toEqual([]);
    await close();
  });

  it(`/enhanced-pricing: annual billing shows '${ENHANCED_ANNUAL_SAVING}' and strikes through the monthly price`, async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto('/enhanced-pricing');
    const priced = ENHANCED_PLANS.filter((plan) => plan.monthlyPrice !== null);
    const discounted = priced.filter((plan) => plan.monthlyPrice !== plan.annualMonthlyPrice);
    expect(await page.locator('[data-original-price]').count()).toBe(0);
    await page.getByRole('switch', { name: 'Annual billing' }).click();
    await page.locator('[data-saving-badge]').getByText(ENHANCED_ANNUAL_SAVING).waitFor();
    for (const plan of discounted) {
      const card = page.locator(`[data-plan="${plan.id}"]`);
      expect(await card.locator('[data-original-price]').textContent()).toBe(
        formatPrice(plan.monthlyPrice ?? 0),
      );
      const struck = await card
        .locator('[data-original-price]')
        .evaluate((el) => getComputedStyle(el).textDecorationLine);
      expect(struck).toContain('line-through');
      expect(await card.locator('[data-price]').textContent()).toBe(
        formatPrice(plan.annualMonthlyPrice ?? 0),
      );
    }
    // The one deliberate change from the spec's label (it names another company's product).
    await page.locator('[data-plan="free"]').getByText('Try for free', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
