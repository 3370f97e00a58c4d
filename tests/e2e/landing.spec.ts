/** The landing page (spec 1 §2.2, spec 2 §2.4): section order, server-rendered hero, and what each section says. */
import { expect, it } from 'vitest';
import { AGENTS } from '../../src/shared/agents.ts';
import {
  CTA_START_FREE,
  CTA_WATCH_DEMO,
  FREE_TRIAL_NOTE,
  HERO,
  HERO_STATS,
  PLATFORM_STATS,
} from '../../src/shared/marketing.ts';
import {
  formatPrice,
  LANDING_TEASER_BILLING,
  LANDING_TEASER_CREDITS_NOTE,
  LANDING_TEASER_PLANS,
} from '../../src/shared/pricing.ts';
import { baseUrl, describeInBrowser, openPage } from './browser.ts';
import { expectNoErrors, gotoHydrated, htmlEscape, settleAnimations } from './site.ts';

/**
 * Spec 1 §2.2, in order: hero; four stat cards; the 'Watch Demo' / 'Start building for free' buttons; the
 * 130+ sources / 99.7% uptime / 24/7 section; the agent showcase; 'why teams choose'; the pricing teaser.
 * (Header before and footer after are checked separately.)
 */
const SPEC_LANDING_ORDER = ['hero', 'stats', 'cta', 'sources', 'agents', 'why', 'pricing-teaser'];

/** Spec 1 §2.2 and §9: the four stat cards, verbatim. */
const SPEC_HERO_STATS = ['6 AI Agents', '94% Accuracy', '10x Faster', '$2M+ Pipeline created'];

/** Spec 1 §2.2: the four reasons of the 'why teams choose' section. */
const SPEC_WHY_REASONS = [
  'Purpose-built for sales',
  'Seamless integrations',
  'Enterprise-grade security',
  'Proven ROI',
];

/** Spec 2 §2.4 and §9 'Landing teaser': name, $/month, credits/year. */
const SPEC_TEASER = [
  { name: 'Starter', price: '$14', credits: '1.2K credits/year' },
  { name: 'Explorer', price: '$134', credits: '4.0K credits/year' },
  { name: 'Professional', price: '$314', credits: '10K credits/year' },
];

it('serves the hero heading and every landing section in the HTML, before any JavaScript runs', async () => {
  const res = await fetch(`${baseUrl}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  const html = await res.text();
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  expect(h1?.[1], 'no <h1> in the raw HTML of /').toBe(htmlEscape(HERO.headline));
  expect(html).toContain(htmlEscape(HERO.subheadline));
  const sections = [...html.matchAll(/data-section="([^"]+)"/g)].map((m) => m[1]);
  expect(sections).toEqual(SPEC_LANDING_ORDER);
});

describeInBrowser('landing page', (browser) => {
  it('shows header, every section in the spec order, then the footer', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    try {
      await gotoHydrated(page, '/');
      const sections = await page
        .locator('[data-section]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section')));
      expect(sections).toEqual(SPEC_LANDING_ORDER);
      for (const name of SPEC_LANDING_ORDER) {
        expect(await page.locator(`[data-section="${name}"]`).isVisible(), `${name} is hidden`).toBe(true);
      }
      // Header first, footer last: each section follows the header and precedes the footer.
      const placement = await page.evaluate(() => {
        const header = document.querySelector('header');
        const footer = document.querySelector('footer');
        return Array.from(document.querySelectorAll('[data-section]')).map(
          (section) =>
            !!header &&
            !!footer &&
            !!(header.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING) &&
            !!(footer.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_PRECEDING),
        );
      });
      expect(placement).toEqual(SPEC_LANDING_ORDER.map(() => true));
      await page.getByRole('heading', { level: 1, name: HERO.headline }).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expectNoErrors(errors, '/');
    } finally {
      await close();
    }
  });

  it('states the spec claims: four stat cards, 130+ sources, 99.7% uptime, 24/7', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    try {
      await page.goto('/');
      const cards = await page
        .locator('[data-section="stats"] [data-stat]')
        .evaluateAll((nodes) =>
          nodes.map((n) => `${n.querySelector('dd')?.textContent} ${n.querySelector('dt')?.textContent}`),
        );
      expect(cards).toEqual(SPEC_HERO_STATS);
      expect(cards).toEqual(HERO_STATS.map((s) => `${s.value} ${s.label}`));

      const sources = page.locator('[data-section="sources"]');
      expect(await sources.getByRole('heading', { level: 2 }).textContent()).toContain('130+');
      const sourcesText = (await sources.textContent()) ?? '';
      expect(PLATFORM_STATS.map((s) => s.value)).toEqual(['130+', '99.7%', '24/7']);
      for (const stat of PLATFORM_STATS) {
        expect(sourcesText).toContain(stat.value);
        expect(sourcesText).toContain(stat.label);
      }

      const why = page.locator('[data-section="why"]');
      for (const reason of SPEC_WHY_REASONS) await why.getByRole('heading', { name: reason }).waitFor();
      expectNoErrors(errors, '/');
    } finally {
      await close();
    }
  });

  it('showcases the six agents of the catalogue with name, title, tagline, three capabilities and an image', async () => {
    const { page, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    try {
      await page.goto('/');
      const showcase = page.locator('[data-section="agents"]');
      const cards = showcase.getByRole('article');
      expect(await cards.count()).toBe(6);
      expect(AGENTS).toHaveLength(6);
      for (const [index, agent] of AGENTS.entries()) {
        const card = cards.nth(index);
        expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(agent.name);
        const text = (await card.textContent()) ?? '';
        expect(text).toContain(agent.title);
        expect(text).toContain(agent.tagline);
        const capabilities = await card
          .getByRole('list', { name: `What ${agent.name} does` })
          .getByRole('listitem')
          .allTextContents();
        expect(capabilities).toEqual(agent.capabilities.slice(0, 3));
        expect(await card.getByRole('img').count()).toBe(1);
      }
    } finally {
      await close();
    }
  });

  it('shows the pricing teaser with the spec figures, billed yearly, linking to the full pricing page', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    try {
      await gotoHydrated(page, '/');
      const teaser = page.locator('[data-section="pricing-teaser"]');
      const plans = teaser.getByRole('listitem');
      expect(await plans.count()).toBe(SPEC_TEASER.length);
      for (const [index, want] of SPEC_TEASER.entries()) {
        const shared = LANDING_TEASER_PLANS[index];
        expect(
          shared && { name: shared.name, price: formatPrice(shared.monthlyPrice), credits: shared.credits },
        ).toEqual(want);
        const plan = plans.nth(index);
        expect(await plan.getByRole('heading', { level: 3 }).textContent()).toBe(want.name);
        const text = (await plan.textContent()) ?? '';
        expect(text).toContain(`${want.price}/month`);
        expect(text).toContain(want.credits);
        expect(text).toContain(LANDING_TEASER_BILLING);
      }
      expect(await teaser.textContent()).toContain(LANDING_TEASER_CREDITS_NOTE);
      await teaser.getByRole('link', { name: 'Compare all plans' }).click();
      await page.waitForURL(`${baseUrl}/enhanced-pricing`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expectNoErrors(errors, '/ -> /enhanced-pricing');
    } finally {
      await close();
    }
  });

  it(`opens the sign-up modal from '${CTA_WATCH_DEMO}' and '${CTA_START_FREE}'`, async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    try {
      await gotoHydrated(page, '/');
      const cta = page.locator('[data-section="cta"]');
      expect(await cta.textContent()).toContain(FREE_TRIAL_NOTE);
      for (const label of [CTA_WATCH_DEMO, CTA_START_FREE]) {
        await cta.getByRole('button', { name: label }).click();
        const dialog = page.getByRole('dialog', { name: 'Create your account' });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Create Account' }).waitFor();
        expect(await dialog.textContent()).toContain(FREE_TRIAL_NOTE);
        await settleAnimations(page);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      expectNoErrors(errors, '/ with the sign-up modal');
    } finally {
      await close();
    }
  });
});
