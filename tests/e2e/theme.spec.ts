/** Light/dark theme (spec 1 §4 'Theme'): system preference first, then the saved choice, with no flash. */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../src/shared/theme.ts';
import { describeInBrowser, openPage } from './browser.ts';
import { expectNoErrors, gotoHydrated, isDark, storedTheme } from './site.ts';

/** Relative luminance of the body's background, 0 (black) to 1 (white), whatever CSS colour syntax is used. */
const bodyLuminance = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) return -1;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });

describeInBrowser('theme', (browser) => {
  for (const colorScheme of ['dark', 'light'] as const) {
    it(`on a first visit follows the system preference (${colorScheme}) before any script of the app runs`, async () => {
      const { page, errors, close } = await openPage(browser(), { colorScheme });
      try {
        await page.goto('/', { waitUntil: 'domcontentloaded' });
        expect(await isDark(page)).toBe(colorScheme === 'dark');
        expect(await storedTheme(page, THEME_STORAGE_KEY)).toBeNull();
        const luminance = await bodyLuminance(page);
        if (colorScheme === 'dark') expect(luminance).toBeLessThan(0.3);
        else expect(luminance).toBeGreaterThan(0.7);
        expectNoErrors(errors, '/');
      } finally {
        await close();
      }
    });
  }

  it('toggles the dark class, saves the choice and keeps it across reloads and pages without a flash', async () => {
    const { page, errors, close } = await openPage(browser(), {
      colorScheme: 'light',
      viewport: { width: 1280, height: 800 },
    });
    try {
      await gotoHydrated(page, '/');
      expect(await isDark(page)).toBe(false);
      const toggle = page.locator('header').getByRole('button', { name: 'Toggle theme' });

      await toggle.click();
      expect(await isDark(page)).toBe(true);
      expect(await storedTheme(page, THEME_STORAGE_KEY)).toBe('dark');
      expect(await bodyLuminance(page)).toBeLessThan(0.3);

      // After a reload the class is on <html> as soon as the document is parsed.
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await isDark(page)).toBe(true);

      // And on another page, also before the app's scripts run.
      await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
      expect(await isDark(page)).toBe(true);

      // Back to light: saved too.
      await gotoHydrated(page, '/pricing');
      await toggle.click();
      expect(await isDark(page)).toBe(false);
      expect(await storedTheme(page, THEME_STORAGE_KEY)).toBe('light');
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await isDark(page)).toBe(false);
      expectNoErrors(errors, 'theme toggle');
    } finally {
      await close();
    }
  });

  it('a saved choice beats the system preference, and is applied by the inline script alone (no flash)', async () => {
    const { page, close } = await openPage(browser(), { colorScheme: 'dark' });
    try {
      await gotoHydrated(page, '/');
      expect(await isDark(page)).toBe(true);
      await page.locator('header').getByRole('button', { name: 'Toggle theme' }).click();
      expect(await storedTheme(page, THEME_STORAGE_KEY)).toBe('light');

      // Block every external script: whatever theme the page then shows was set before any bundle could run,
      // i.e. the first paint already has it.
      await page.route('**/*.{js,mjs}', (route) => route.abort());
      await page.reload({ waitUntil: 'load' });
      expect(await isDark(page)).toBe(false);
      expect(await bodyLuminance(page)).toBeGreaterThan(0.7);

      await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.reload({ waitUntil: 'load' });
      expect(await isDark(page)).toBe(true);
      expect(await bodyLuminance(page)).toBeLessThan(0.3);
    } finally {
      await close();
    }
  });
});
