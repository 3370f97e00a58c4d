/** Shared expectations and page helpers for the public-site browser tests (not a spec file itself). */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { HERO } from '../../src/shared/marketing.ts';
import type { PRERENDERED_PATHS } from '../../src/shared/routes.ts';
import { pageMeta } from '../../src/web/app/page-meta.ts';

export type PublicPath = (typeof PRERENDERED_PATHS)[number];

/**
 * The h1 each public page must show. Spec texts where the spec gives them (landing headline, spec 1 §2.2;
 * 'Choose Your Plan', spec 2 §2.1); the page's own heading otherwise. /auth and /login are the landing page.
 */
export const EXPECTED_H1: Readonly<Record<PublicPath, string>> = {
  '/': HERO.headline,
  '/auth': HERO.headline,
  '/login': HERO.headline,
  '/product': 'Six AI agents. One workspace for the whole sales motion.',
  '/pricing': 'Choose Your Plan',
  '/enhanced-pricing': 'Pricing that scales with your pipeline',
  '/company': 'Sales intelligence you can run yourself',
  '/privacy': 'Privacy policy',
  '/privacy/remove-me': 'Remove my data',
  '/terms': 'Terms of use',
  '/cookies': 'Cookies and local storage',
  '/contact': 'Who to contact, and how',
  '/reset-password': 'Choose a new password',
  '/architecture': 'Architecture documentation',
};

export const expectedTitle = (path: PublicPath): string => pageMeta(path).title;

/** HTML-escapes text the way React's server renderer does, to look for it in raw markup. */
export const htmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Prerendered markup is clickable before React has hydrated it, and clicks made then are lost. React marks the
 * DOM nodes it has claimed with `__reactProps$…` keys; once the header's theme toggle and the footer's last
 * button carry one, the whole tree (rendered in one pass) is interactive.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const claimed = (el: Element | null) =>
      !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
    const buttons = document.querySelectorAll('footer button');
    return (
      claimed(document.querySelector('header button[aria-label="Toggle theme"]')) &&
      claimed(buttons[buttons.length - 1] ?? null)
    );
  });
}

/** Goes to a public path and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * Lets what an input changed show, to check that something did not happen: two animation frames (React has
 * committed the input's update by then), then the animations it started (a dialog closing fades out first).
 */
export async function afterRender(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await settleAnimations(page);
}

/** Waits for finite CSS animations and transitions (dialog fade-ins, colour transitions) to end. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export const isDark = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

export const storedTheme = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((k) => localStorage.getItem(k), key);

/** Text content of every match, trimmed, in document order. */
export const textsOf = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim() ?? ''));

/** Fails with the list of errors in the message (console.error calls and uncaught exceptions). */
export function expectNoErrors(errors: readonly string[], where: string): void {
  expect(errors, `console/page errors on ${where}:\n${errors.join('\n')}`).toEqual([]);
}
