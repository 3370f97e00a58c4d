/**
 * Buyer intent in Chromium (issue 10 point 3): a markdown file that mentions Microsoft and a prospect created
 * for Stripe put both on the page, ranked by score, each with its reason, signal chips and evidence (the
 * document opens in file search); the signal filter narrows the list; the page fits a phone; a new user sees
 * what creates signals, and every user reads that no third-party intent data is used.
 */
import type { APIRequestContext } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.INTENT_SHOTS_DIR;

const NOTES = [
  '# Account notes',
  '',
  'We met the Microsoft procurement team on Tuesday. The buyers at Microsoft asked for a security review',
  'and a pricing proposal before the end of the quarter.',
  '',
].join('\n');

/** Waits (by hand: hooks cannot use expect.poll) until every uploaded document is processed. */
async function waitForIndexed(request: APIRequestContext) {
  let statuses: string[] = [];
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    const list = await request.get('/api/v1/knowledge/documents');
    statuses = ((await list.json()) as { documents: { status: string }[] }).documents.map((d) => d.status);
    if (statuses.every((status) => status === 'indexed' || status === 'failed')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(statuses).toEqual(['indexed']);
}

describeInBrowser('buyer intent', (browser) => {
  let seller: StorageState;
  let documentId = '';

  beforeAll(async () => {
    seller = await onboardedUser(browser(), 'Intent', async (request) => {
      expect((await request.delete('/api/v1/knowledge/demo')).status()).toBe(200);
      const upload = await request.post('/api/v1/knowledge/documents', {
        multipart: {
          files: { name: 'account-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES, 'utf8') },
        },
      });
      expect(upload.status()).toBe(202);
      documentId = ((await upload.json()) as { results: { document: { id: string } }[] }).results[0]?.document
        .id as string;
      await waitForIndexed(request);
      const stripe = await request.get('/api/v1/companies/Stripe');
      expect(stripe.status()).toBe(200);
      const companyId = ((await stripe.json()) as { id: string }).id;
      expect((await request.post('/api/v1/prospects', { data: { companyId } })).status()).toBe(201);
    });
  });

  it('ranks the mentioned company and the prospect with their reasons and evidence', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: seller });
    try {
      await page.goto('/buyer-intent-results');
      await page.getByRole('heading', { level: 1, name: 'Buyer Intent' }).waitFor();
      await page.locator('[data-intent-list]').waitFor();
      expect(await page.title()).toMatch(/^Buyer Intent/);
      expect(await page.locator('[data-intent-no-third-party]').textContent()).toContain(
        'No third-party intent data',
      );

      const rows = page.locator('[data-intent-company]');
      expect(
        (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-intent-company')))).sort(),
      ).toEqual(['Microsoft', 'Stripe']);
      // Highest score first.
      const scores = (await page.locator('[data-intent-score]').allTextContents()).map(Number);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(scores.every((score) => score > 0 && score <= 100)).toBe(true);

      const microsoft = page.locator('[data-intent-company="Microsoft"]');
      const stripe = page.locator('[data-intent-company="Stripe"]');
      expect(await microsoft.locator('[data-intent-reason]').textContent()).toMatch(
        /^Mentioned in 1 of your documents/,
      );
      expect(await stripe.locator('[data-intent-reason]').textContent()).toMatch(
        /^You created a prospect today/,
      );
      expect(await microsoft.locator('[data-signal-chip="document_mention"]').textContent()).toBe(
        '1 document',
      );
      expect(await stripe.locator('[data-signal-chip="prospect"]').textContent()).toBe('Prospect');
      expect(
        await microsoft
          .getByRole('meter', { name: 'Intent score of Microsoft' })
          .getAttribute('aria-valuenow'),
      ).toBe(await microsoft.locator('[data-intent-score]').textContent());

      // The formula is one click away.
      await page.getByText('How the score is computed').click();
      await page.locator('[data-intent-formula] dl').waitFor();
      expect(await page.locator('[data-intent-formula] dt').allTextContents()).toEqual([
        'Documents up to 35',
        'Your activity up to 40',
        'ICP fit up to 25',
      ]);

      // The evidence: the document, which opens in file search.
      await microsoft.getByRole('button', { name: 'Show evidence for Microsoft' }).click();
      const evidence = microsoft.locator('[data-evidence-kind="document_mention"]');
      const link = evidence.getByRole('link', { name: 'account notes' });
      expect(await link.getAttribute('href')).toBe(
        `/enterprise-file-search?q=Microsoft&document=${documentId}`,
      );
      expect(await microsoft.getByRole('link', { name: 'Open company' }).getAttribute('href')).toBe(
        '/sales-account-development/Microsoft',
      );
      expect(await microsoft.getByRole('button', { name: 'Add to prospects' }).count()).toBe(1);
      expect(await microsoft.getByRole('link', { name: 'Find people' }).getAttribute('href')).toMatch(
        /^\/people-finder-master\/research\?companyId=[0-9a-f-]{36}$/,
      );
      await stripe.getByRole('button', { name: 'Show evidence for Stripe' }).click();
      expect(
        await stripe
          .locator('[data-evidence-kind="prospect"]')
          .getByRole('link')
          .first()
          .getAttribute('href'),
      ).toMatch(/^\/prospect\/[0-9a-f-]{36}$/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/buyer-intent-desktop.png`, fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The signal filter: documents only, kept in the address.
      await page.locator('[data-kind-filter="document_mention"]').click();
      await page.waitForURL(/kind=document_mention/);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-intent-company')).toBe('Microsoft');
      expect(await page.locator('[data-kind-filter="document_mention"]').getAttribute('aria-pressed')).toBe(
        'true',
      );

      await page.locator('[data-kind-filter="document_mention"]').click();
      await expect.poll(() => rows.count()).toBe(2);

      // Opening the document: file search, narrowed to it.
      const toggle = microsoft.locator('[data-intent-toggle]');
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await microsoft.getByRole('link', { name: 'account notes' }).click();
      await page.waitForURL(/\/enterprise-file-search\?/);
      expect(new URL(page.url()).searchParams.get('document')).toBe(documentId);
      expectNoErrors(errors, '/buyer-intent-results');
    } finally {
      await close();
    }
  });

  it('fits a phone in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors, close } = await openPage(browser(), {
        ...PHONE,
        colorScheme,
        storageState: seller,
      });
      try {
        await page.goto('/buyer-intent-results');
        await page.locator('[data-intent-list]').waitFor();
        await page.locator('[data-intent-company="Microsoft"] [data-intent-toggle]').click();
        await page.locator('[data-intent-evidence]').waitFor();
        await settleAnimations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        const box = await page
          .locator('[data-intent-company="Microsoft"] [data-intent-reason]')
          .boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/buyer-intent-phone-${colorScheme}.png`, fullPage: true });
        expect(await seriousA11yViolations(page)).toEqual([]);
        expectNoErrors(errors, `/buyer-intent-results on a phone (${colorScheme})`);
      } finally {
        await close();
      }
    }
  });

  it('tells a new user what creates signals', async () => {
    const newcomer = await onboardedUser(browser(), 'IntentNew');
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState: newcomer });
    try {
      await page.goto('/buyer-intent-results');
      await page.getByRole('heading', { name: 'No buyer intent yet' }).waitFor();
      expect(await page.locator('[data-intent-empty]').textContent()).toContain(
        'Upload documents that mention companies',
      );
      expect(await page.getByRole('link', { name: 'Upload documents' }).getAttribute('href')).toBe(
        '/sales-knowledge-agent',
      );
      expect(await page.locator('[data-intent-no-third-party]').isVisible()).toBe(true);
      expect(await page.locator('[data-kind-filter]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/buyer-intent-empty.png`, fullPage: true });
      expectNoErrors(errors, '/buyer-intent-results (new user)');
    } finally {
      await close();
    }
  });
});
