import { expect, it } from 'vitest';
import { HERO } from '../../src/shared/marketing.ts';
import { PRERENDERED_PATHS, REDIRECTS } from '../../src/shared/routes.ts';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';

/** Spec 1 §2.2: hero, stat cards, the two buttons, data sources, agent showcase, why section, pricing teaser. */
const LANDING_ORDER = ['hero', 'stats', 'cta', 'sources', 'agents', 'why', 'pricing-teaser'];

it('serves the landing hero in the HTML, before any JavaScript runs', async () => {
  const res = await fetch(`${baseUrl}/`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('data-section="hero"');
  expect(html).toContain(HERO.headline.replace(/&/g, '&amp;').slice(0, 30));
});

it.each(Object.entries(REDIRECTS))('redirects %s to %s', async (from, to) => {
  const res = await fetch(`${baseUrl}${from}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(to);
});

describeInBrowser('public site', (browser) => {
  it('shows every landing section in the spec order', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto('/');
    const sections = await page
      .locator('[data-section]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section')));
    expect(sections).toEqual(LANDING_ORDER);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(HERO.headline.slice(0, 20));
    expect(errors).toEqual([]);
    await close();
  });

  for (const path of PRERENDERED_PATHS) {
    it(`${path} loads without console errors, broken images or serious axe violations (light and dark)`, async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, errors, close } = await openPage(browser(), { colorScheme });
        const res = await page.goto(path, { waitUntil: 'networkidle' });
        expect(res?.status()).toBe(200);
        expect(await page.locator('h1').count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          colorScheme === 'dark',
        );
        // Bring lazy images in, then check that every image decoded.
        await page.evaluate(async () => {
          for (const img of Array.from(document.images)) img.loading = 'eager';
          window.scrollTo(0, document.body.scrollHeight);
          await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
        });
        const broken = await page
          .locator('img')
          .evaluateAll((imgs) =>
            (imgs as HTMLImageElement[]).filter((img) => img.naturalWidth === 0).map((img) => img.src),
          );
        expect(broken).toEqual([]);
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await close();
      }
    });
  }

  it('answers an unknown path with 404, the not-found page and a way home', async () => {
    const { page, close } = await openPage(browser());
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('[data-section="hero"]').waitFor();
    await close();
  });

  it('follows a redirect in the browser to the guarded page, which sends a visitor home', async () => {
    const { page, close } = await openPage(browser());
    await page.goto('/research-report');
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('[data-section="hero"]').waitFor();
    await close();
  });
});
