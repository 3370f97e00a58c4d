/** The public route table (spec 1 §2.1): every public page, the redirects and the 404 page. */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LEGAL_NAV } from '../../src/shared/marketing.ts';
import { PRERENDERED_PATHS, PUBLIC_PATHS, REDIRECTS } from '../../src/shared/routes.ts';
import { baseUrl, describeInBrowser, openPage } from './browser.ts';
import {
  EXPECTED_H1,
  expectedTitle,
  expectNoErrors,
  gotoHydrated,
  htmlEscape,
  type PublicPath,
} from './site.ts';

/** Spec 1 §2.1, verbatim. */
const SPEC_REDIRECTS: Record<string, string> = {
  '/research-report': '/sales-account-development',
  '/knowledge-base': '/sales-account-development',
  '/ai-llms': '/integrations?ai-llms=true',
  '/salesforce': '/integrations?salesforce=true',
};

const UNKNOWN_PATH = '/no-such-page-e2e';

it.each(['/oauth/callback', '/privacy/remove-me/confirm'])(
  'prerenders every public path but the hand-offs that read their query: %s is served the app shell',
  async (path) => {
    expect(PUBLIC_PATHS.filter((p) => !(PRERENDERED_PATHS as readonly string[]).includes(p)).sort()).toEqual([
      '/oauth/callback',
      '/privacy/remove-me/confirm',
    ]);
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  },
);

it.each(PRERENDERED_PATHS)(
  '%s answers 200 with its h1 and title in the HTML, before any JavaScript',
  async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1], `h1 in the raw HTML of ${path}`).toBe(
      htmlEscape(EXPECTED_H1[path]),
    );
    expect(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1]).toBe(htmlEscape(expectedTitle(path)));
  },
);

it('lists exactly the redirects of the spec', () => {
  expect(REDIRECTS).toEqual(SPEC_REDIRECTS);
});

it.each(Object.entries(SPEC_REDIRECTS))('redirects %s to %s with HTTP 302', async (from, to) => {
  const res = await fetch(`${baseUrl}${from}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(to);
});

it('answers an unknown path with HTTP 404 and an HTML page', async () => {
  const res = await fetch(`${baseUrl}${UNKNOWN_PATH}`);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toContain('text/html');
});

/** Scrolls through the page a viewport at a time so lazy images start loading, then waits for them. */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined); // the assertion below names whatever is still missing
}

describeInBrowser('public routes', (browser) => {
  for (const path of PRERENDERED_PATHS) {
    it(`${path}: 200, no console or page error, its h1 and title, no broken image`, async () => {
      const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
      const failedImages: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'image' && response.status() >= 400) {
          failedImages.push(`${response.status()} ${response.url()}`);
        }
      });
      try {
        const res = await gotoHydrated(page, path);
        expect(res?.status()).toBe(200);
        expect(await page.locator('h1').allTextContents()).toEqual([EXPECTED_H1[path]]);
        expect(await page.title()).toBe(expectedTitle(path));

        await loadAllImages(page);
        const images = await page.locator('img').evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).map((img) => ({
            src: img.currentSrc || img.src,
            ok: img.complete && img.naturalWidth > 0,
          })),
        );
        const broken = images.filter((img) => !img.ok).map((img) => img.src);
        expect(broken, `broken images on ${path}`).toEqual([]);
        expect(failedImages, `image requests that failed on ${path}`).toEqual([]);
        if (EXPECTED_H1[path] === EXPECTED_H1['/']) expect(images.length).toBeGreaterThan(6);
        expectNoErrors(errors, path);
      } finally {
        await close();
      }
    });
  }

  it("shows 'Oops! Page not found' with a 'Return to Home' link to / for an unknown path", async () => {
    const { page, errors, close } = await openPage(browser());
    try {
      const res = await page.goto(UNKNOWN_PATH);
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
      const home = page.getByRole('link', { name: 'Return to Home' });
      expect(await home.getAttribute('href')).toBe('/');
      await waitForClickable(page);
      await home.click();
      await page.waitForURL(`${baseUrl}/`);
      await page.locator('[data-section="hero"]').waitFor();
      // Chromium reports the 404 document itself as a failed resource; nothing else may go wrong.
      expectNoErrors(
        errors.filter((e) => !/status of 404/.test(e)),
        UNKNOWN_PATH,
      );
    } finally {
      await close();
    }
  });

  it('sends a visitor who follows a redirect to a guarded page back to the landing page', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/salesforce');
      await page.waitForURL(`${baseUrl}/`);
      await page.locator('[data-section="hero"]').waitFor();
    } finally {
      await close();
    }
  });

  it('sets the title on client-side navigation between public pages', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    try {
      await gotoHydrated(page, '/');
      const legal = page.getByRole('navigation', { name: 'Legal' });
      for (const item of LEGAL_NAV) {
        const path = item.href as PublicPath;
        await legal.getByRole('link', { name: item.title, exact: true }).click();
        await page.waitForURL(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: EXPECTED_H1[path] }).waitFor();
        await expect.poll(() => page.title()).toBe(expectedTitle(path));
      }
      expectNoErrors(errors, 'client-side navigation');
    } finally {
      await close();
    }
  });
});

/** The 404 page is the app shell rendered by the client (nothing prerendered): wait for React to mount it. */
async function waitForClickable(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const link = Array.from(document.querySelectorAll('a')).find((a) => a.textContent === 'Return to Home');
    return !!link && Object.keys(link).some((k) => k.startsWith('__reactProps$'));
  });
}
