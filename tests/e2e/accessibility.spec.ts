/** axe on every public page in light and dark theme: no serious or critical violation (spec 1 §4 'Theme'). */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '../../src/shared/routes.ts';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { gotoHydrated, isDark, settleAnimations } from './site.ts';

const THEMES = ['light', 'dark'] as const;

async function expectNoSeriousViolations(page: Page, where: string) {
  await settleAnimations(page);
  const violations = await seriousA11yViolations(page);
  expect(violations, `serious/critical axe violations on ${where}:\n${violations.join('\n')}`).toEqual([]);
}

describeInBrowser('accessibility (axe)', (browser) => {
  for (const theme of THEMES) {
    for (const path of PRERENDERED_PATHS) {
      it(`${path} in ${theme} theme`, async () => {
        // The system preference picks the theme on a first visit (checked in theme.spec.ts).
        const { page, close } = await openPage(browser(), {
          colorScheme: theme,
          viewport: { width: 1280, height: 800 },
        });
        try {
          await gotoHydrated(page, path);
          expect(await isDark(page)).toBe(theme === 'dark');
          if (path === '/auth' || path === '/login') await page.getByRole('dialog').waitFor();
          await expectNoSeriousViolations(page, `${path} (${theme})`);
        } finally {
          await close();
        }
      });
    }

    it(`the open header menu, annual pricing, the 404 page and the mobile drawer in ${theme} theme`, async () => {
      const { page, close } = await openPage(browser(), {
        colorScheme: theme,
        viewport: { width: 1280, height: 800 },
      });
      try {
        await gotoHydrated(page, '/enhanced-pricing');
        await page.getByRole('switch', { name: 'Annual billing' }).click();
        await page.locator('[data-saving-badge]').waitFor();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Product' }).click();
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: /Credits/ })
          .waitFor();
        await expectNoSeriousViolations(page, `/enhanced-pricing, annual, Product menu open (${theme})`);

        await gotoHydrated(page, '/pricing');
        await page.getByRole('switch', { name: 'Annual billing' }).click();
        await page.locator('[data-saving-badge]').waitFor();
        await expectNoSeriousViolations(page, `/pricing, annual (${theme})`);

        await page.goto('/no-such-page-e2e');
        await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
        await expectNoSeriousViolations(page, `404 page (${theme})`);

        await page.setViewportSize({ width: 375, height: 812 });
        await gotoHydrated(page, '/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await expectNoSeriousViolations(page, `mobile drawer (${theme})`);
      } finally {
        await close();
      }
    });
  }
});
