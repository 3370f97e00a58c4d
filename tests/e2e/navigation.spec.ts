/** Public header, mobile drawer, auth modal entry points and footer (spec 1 §2.4, §2.5, §2.10). */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { AGENTS } from '../../src/shared/agents.ts';
import {
  AGENT_NAV,
  COPYRIGHT_YEAR,
  CTA_START_FREE,
  FOOTER_COLUMN_LIMIT,
  FOOTER_COLUMNS,
  FOOTER_HEADLINE,
  LEGAL_NAV,
  type NavItem,
  PRODUCT_NAV,
  RESOURCES_NAV,
} from '../../src/shared/marketing.ts';
import { baseUrl, describeInBrowser, openPage } from './browser.ts';
import { expectNoErrors, gotoHydrated, settleAnimations } from './site.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** Spec 1 §2.4: the footer headline, verbatim. */
const SPEC_FOOTER_HEADLINE = 'Go to market with unique data—and the ability to act on it';

/** Checks one menu entry: enabled entries are links to their path, disabled ones dimmed, unfocusable text. */
async function expectNavEntry(entry: Locator, item: NavItem) {
  const text = ((await entry.textContent()) ?? '').trim();
  expect(text.slice(0, item.title.length), 'entry title').toBe(item.title);
  if (item.disabled) {
    expect(await entry.getByRole('link').count(), `${item.title} is disabled but is a link`).toBe(0);
    const marker = entry.locator('[aria-disabled="true"]');
    expect(await marker.count(), `${item.title} lacks aria-disabled`).toBe(1);
    const opacity = await marker.evaluate((el) => Number(getComputedStyle(el).opacity));
    expect(opacity, `${item.title} is not dimmed`).toBeLessThan(1);
  } else {
    const link = entry.getByRole('link');
    expect(await link.count(), `${item.title} should be a link`).toBe(1);
    expect(await link.getAttribute('href')).toBe(item.href);
    expect(await link.getAttribute('aria-disabled')).toBeNull();
  }
}

describeInBrowser('public header', (browser) => {
  it('opens the Product, Agents and Resources menus with their entries; agents come from the catalogue', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await gotoHydrated(page, '/');
      const main = page.getByRole('navigation', { name: 'Main' });
      // Spec 1 §2.4: one Agents entry per agent, linking to its path, with its tagline.
      expect(AGENT_NAV.map((item) => [item.href, item.description])).toEqual(
        AGENTS.map((agent) => [agent.path, agent.tagline]),
      );
      const menus = [
        ['Product', PRODUCT_NAV],
        ['Agents', AGENT_NAV],
        ['Resources', RESOURCES_NAV],
      ] as const;
      for (const [title, items] of menus) {
        const trigger = main.getByRole('button', { name: title });
        await trigger.click();
        await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: 5_000 }).toBe('true');
        const content = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
        await content.waitFor();
        const entries = content.getByRole('listitem');
        expect(await entries.count(), `${title} menu`).toBe(items.length);
        for (const [index, item] of items.entries()) {
          const entry = entries.nth(index);
          expect(await entry.isVisible(), `${item.title} visible`).toBe(true);
          await expectNavEntry(entry, item);
          expect(await entry.textContent()).toContain(item.description);
        }
        await page.keyboard.press('Escape');
        await content.waitFor({ state: 'hidden' });
        expect(await trigger.getAttribute('aria-expanded')).toBe('false');
      }
      expectNoErrors(errors, 'header menus');
    } finally {
      await close();
    }
  });

  it('keeps one header menu open at a time; a click outside closes it; Arrow Down focuses the first entry', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await gotoHydrated(page, '/');
      const main = page.getByRole('navigation', { name: 'Main' });
      const product = main.getByRole('button', { name: 'Product' });
      const agents = main.getByRole('button', { name: 'Agents' });
      const expanded = () => Promise.all([product, agents].map((t) => t.getAttribute('aria-expanded')));
      await product.click();
      await expect.poll(expanded).toEqual(['true', 'false']);
      await agents.click();
      await expect.poll(expanded).toEqual(['false', 'true']);
      await page.locator('[data-section="hero"] h1').click();
      await expect.poll(expanded).toEqual(['false', 'false']);

      await product.focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(expanded).toEqual(['true', 'false']);
      const first = PRODUCT_NAV.find((item) => !item.disabled);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('href')))
        .toBe(first?.href);
      await page.keyboard.press('Escape');
      await expect.poll(expanded).toEqual(['false', 'false']);
      expect(await product.evaluate((el) => el === document.activeElement), 'focus back on the trigger').toBe(
        true,
      );
      expectNoErrors(errors, 'header menu behaviour');
    } finally {
      await close();
    }
  });

  it('links Pricing to /enhanced-pricing and the logo back to /', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await gotoHydrated(page, '/');
      const main = page.getByRole('navigation', { name: 'Main' });
      await main.getByRole('link', { name: 'Pricing', exact: true }).click();
      await page.waitForURL(`${baseUrl}/enhanced-pricing`);
      await page.getByRole('heading', { level: 1, name: 'Pricing that scales with your pipeline' }).waitFor();
      await page.locator('header').getByRole('link').first().click();
      await page.waitForURL(`${baseUrl}/`);
      await page.locator('[data-section="hero"]').waitFor();
      expectNoErrors(errors, 'header links');
    } finally {
      await close();
    }
  });

  it(`opens the auth modal from Login (sign in) and '${CTA_START_FREE}' (sign up)`, async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await gotoHydrated(page, '/');
      const header = page.locator('header');
      const cases = [
        ['Login', 'Welcome back', 'Sign In'],
        [CTA_START_FREE, 'Create your account', 'Create Account'],
      ] as const;
      for (const [button, title, submit] of cases) {
        await header.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: submit }).waitFor();
        await settleAnimations(page);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      expectNoErrors(errors, 'auth modal');
    } finally {
      await close();
    }
  });

  for (const path of ['/auth', '/login']) {
    it(`${path} opens the sign-in modal on load, over the landing page`, async () => {
      const { page, errors, close } = await openPage(browser(), DESKTOP);
      try {
        await page.goto(path);
        const dialog = page.getByRole('dialog', { name: 'Welcome back' });
        await dialog.waitFor();
        await dialog.getByLabel('Email').waitFor();
        await dialog.getByLabel('Password', { exact: true }).waitFor();
        await dialog.getByRole('button', { name: 'Sign In' }).waitFor();
        expect(await page.locator('[data-section="hero"]').count()).toBe(1);
        expectNoErrors(errors, path);
      } finally {
        await close();
      }
    });
  }

  it('on a 375x812 phone collapses into a menu button whose side drawer has the navigation and closes', async () => {
    const { page, errors, close } = await openPage(browser(), PHONE);
    try {
      await gotoHydrated(page, '/');
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      expect(await page.locator('header').getByRole('button', { name: 'Login' }).isVisible()).toBe(false);
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      expect(await menuButton.isVisible()).toBe(true);

      // Open, check the contents, close with the Close button.
      await menuButton.click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor();
      await settleAnimations(page);
      const box = await drawer.boundingBox();
      if (!box) throw new Error('the drawer has no layout box');
      expect(Math.round(box.x + box.width)).toBe(375); // a side drawer, against the right edge
      expect(box.width).toBeLessThanOrEqual(Math.ceil(375 * 0.85)); // drawer width capped at 85 vw (spec 1 §9)
      const nav = drawer.getByRole('navigation', { name: 'Mobile' });
      for (const heading of ['Product', 'Agents', 'Resources'])
        await nav.getByText(heading, { exact: true }).waitFor();
      for (const item of [...PRODUCT_NAV, ...RESOURCES_NAV].filter((i) => !i.disabled)) {
        expect(
          await nav.getByRole('link', { name: item.title, exact: true }).first().getAttribute('href'),
        ).toBe(item.href);
      }
      for (const agent of AGENTS) {
        expect(await nav.locator(`a[href="${agent.path}"]`).count(), agent.name).toBe(1);
      }
      await drawer.getByRole('button', { name: 'Login' }).waitFor();
      await drawer.getByRole('button', { name: CTA_START_FREE }).waitFor();
      await drawer.getByRole('button', { name: 'Close' }).click();
      await drawer.waitFor({ state: 'hidden' });
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

      // Escape closes it too.
      await menuButton.click();
      await drawer.waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // Choosing a page navigates and closes the drawer.
      await menuButton.click();
      await drawer.waitFor();
      await nav.getByRole('link', { name: 'Pricing', exact: true }).last().click();
      await page.waitForURL(`${baseUrl}/enhanced-pricing`);
      await drawer.waitFor({ state: 'hidden' });
      expectNoErrors(errors, 'mobile drawer');
    } finally {
      await close();
    }
  });

  it('closes an open drawer by itself when the window grows to desktop width (spec 1 §2.10)', async () => {
    const { page, close } = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    try {
      await gotoHydrated(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
      await drawer.waitFor({ state: 'hidden', timeout: 5_000 });
    } finally {
      await close();
    }
  });
});

describeInBrowser('public footer', (browser) => {
  it('shows the headline, the first five entries of each column with disabled ones dimmed, copyright and legal links', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await gotoHydrated(page, '/');
      const footer = page.locator('footer');
      expect(FOOTER_HEADLINE).toBe(SPEC_FOOTER_HEADLINE);
      expect(await footer.getByRole('heading', { level: 2 }).textContent()).toBe(SPEC_FOOTER_HEADLINE);

      expect(FOOTER_COLUMNS.map((c) => c.title)).toEqual(['Product', 'Resources', 'Company']);
      expect(FOOTER_COLUMN_LIMIT).toBe(5);
      for (const column of FOOTER_COLUMNS) {
        const nav = footer.getByRole('navigation', { name: column.title, exact: true });
        const entries = nav.getByRole('listitem');
        const shown = column.items.slice(0, 5);
        expect(column.items.length).toBeGreaterThanOrEqual(5);
        expect(await entries.count(), `${column.title} column`).toBe(shown.length);
        for (const [index, item] of shown.entries()) await expectNavEntry(entries.nth(index), item);
        // Entries beyond the fifth are not shown.
        for (const hidden of column.items.slice(5)) {
          expect(await nav.getByText(hidden.title).count(), `${hidden.title} shown`).toBe(0);
        }
      }
      expect(FOOTER_COLUMNS.some((c) => c.items.slice(0, 5).some((i) => i.disabled))).toBe(true);

      expect(await footer.textContent()).toContain(`© ${COPYRIGHT_YEAR}`);
      expect(COPYRIGHT_YEAR).toBe(2024);
      const legal = footer.getByRole('navigation', { name: 'Legal' }).getByRole('link');
      expect(await legal.allTextContents()).toEqual(['Privacy', 'Terms', 'Cookies']);
      expect(await legal.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
        LEGAL_NAV.map((item) => item.href),
      );
      expect(LEGAL_NAV.map((item) => item.href)).toEqual(['/privacy', '/terms', '/cookies']);

      await footer.getByRole('button', { name: CTA_START_FREE }).click();
      await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
      expectNoErrors(errors, 'footer');
    } finally {
      await close();
    }
  });
});
