/**
 * Sales Q&A in Chromium (issue 9 point 1): a question the documents answer gets a cited answer with its
 * source; an answer added to the library answers a paraphrase of its question ("From your answer library"),
 * and a thumbs down with a comment shows with the entry; a question nothing answers goes to the review list
 * and, answered there, joins the library. Every screen without serious axe violations, and the page fits a
 * phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../src/shared/theme.ts';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.ANSWERS_SHOTS_DIR;

const ACCESS_POLICY = [
  '# Access control policy',
  '',
  '## Multi-factor authentication',
  '',
  'All employees must use Okta with multi-factor authentication (MFA) to reach production systems hosted on AWS.',
  '',
  '## Access reviews',
  '',
  'Access reviews must be performed quarterly by each system owner, who removes the access nobody needs.',
].join('\n');

const LIBRARY_QUESTION = 'Do you support single sign-on with SAML?';
const LIBRARY_ANSWER =
  'Yes. We support **SAML 2.0** single sign-on with Okta, Azure AD and Google Workspace.';
const PARAPHRASE = 'Does your product support SAML single sign-on?';
const UNKNOWN = 'What is the capital of Mongolia?';

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A failed request is logged by the browser as an error; none is expected here, but it is not ours to judge. */
const withoutFailedLoads = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

const expectAccessible = async (page: Page, where: string) => {
  await settleAnimations(page);
  expect(await seriousA11yViolations(page), where).toEqual([]);
};

/** Asks in the question box and waits for the newest answer (or refusal) to arrive. */
async function ask(page: Page, question: string) {
  const box = page.locator('[data-ask-input]');
  await box.fill(question);
  await box.press('Enter');
  const newest = page.locator('[data-answer-turn]').first();
  await newest.locator('[data-answer-question]').filter({ hasText: question }).waitFor();
  await expect.poll(() => newest.getAttribute('data-answer-status'), { timeout: 30_000 }).not.toBe('asking');
  return newest;
}

describeInBrowser('sales Q&A', (browser) => {
  let seller: StorageState;
  beforeAll(async () => {
    // One document to answer from, indexed before the tests; no demo library (the test server loads none by
    // itself, and a server that would is told not to), so the answers come from this document alone.
    seller = await onboardedUser(browser(), 'Answers', async (request) => {
      expect((await request.delete('/api/v1/knowledge/demo')).status()).toBe(200);
      const upload = await request.post('/api/v1/knowledge/documents', {
        multipart: {
          files: {
            name: 'access-control-policy.md',
            mimeType: 'text/markdown',
            buffer: Buffer.from(ACCESS_POLICY, 'utf8'),
          },
        },
      });
      expect(upload.status()).toBeLessThan(300);
      // expect.poll belongs to tests, not hooks: the document is waited for by hand.
      let statuses: string[] = [];
      for (const started = Date.now(); Date.now() - started < 60_000; ) {
        const list = await request.get('/api/v1/knowledge/documents');
        statuses = ((await list.json()) as { documents: { status: string }[] }).documents.map(
          (d) => d.status,
        );
        if (statuses.every((status) => status === 'indexed' || status === 'failed')) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(statuses).toEqual(['indexed']);
    });
  });

  it('answers from the documents with the cited source, which opens in file search', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: seller });
    try {
      await page.goto('/instant-sales-answers');
      await page.getByRole('heading', { level: 1, name: 'Sales Q&A' }).waitFor();
      await page.locator('[data-ask-empty]').waitFor();
      expect(await page.title()).toMatch(/^Sales Q&A/);

      const answer = await ask(page, 'How often must access reviews be performed?');
      expect(await answer.getAttribute('data-answer-status')).toBe('documents');
      expect(await answer.locator('[data-answer-origin="documents"]').textContent()).toContain(
        'From your documents',
      );
      expect(await answer.locator('[data-citation]').count()).toBeGreaterThan(0);
      const source = answer.locator('[data-answer-sources] [data-source]').first();
      await source.waitFor();
      expect((await source.locator('[data-source-title]').textContent())?.toLowerCase()).toContain('access');
      expect((await source.locator('[data-source-snippet]').textContent())?.toLowerCase()).toContain(
        'quarterly',
      );
      expect(await answer.locator('[data-credits-charged]').textContent()).toMatch(/credits? used/);
      // The question is in the address: the workflow reads it as the search context.
      expect(new URL(page.url()).searchParams.get('q')).toBe('How often must access reviews be performed?');

      // A citation badge picks its source out.
      await answer.locator('[data-citation] button').first().click();
      await answer.locator('[data-source][data-picked]').waitFor();
      await expectAccessible(page, 'documents answer');
      await shot(page, 'answers-documents-1280');

      await answer.locator('[data-open-passage]').first().click();
      await page.waitForURL(/\/enterprise-file-search\?/);
      await page.locator('[data-narrowed-document]').waitFor();
      expectNoErrors(withoutFailedLoads(errors), 'documents answer');
    } finally {
      await close();
    }
  });

  it('answers a paraphrase from the library, and a thumbs down with a comment shows with the entry', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: seller });
    try {
      await page.goto('/instant-sales-answers?tab=library');
      await page.locator('[data-library-empty]').waitFor();
      await expectAccessible(page, 'empty library');

      await page.locator('[data-add-entry]').click();
      const form = page.locator('[data-entry-form="create"]');
      await form.waitFor();
      await form.locator('[data-entry-question]').fill(LIBRARY_QUESTION);
      await form.locator('[data-entry-answer]').fill(LIBRARY_ANSWER);
      // The preview renders the Markdown as sellers will see it.
      expect(await form.locator('[data-entry-preview] strong').textContent()).toBe('SAML 2.0');
      await form.locator('[data-entry-category]').selectOption('security');
      const tag = form.getByRole('textbox', { name: 'Tags' });
      await tag.fill('sso');
      await tag.press('Enter');
      await expectAccessible(page, 'entry form');
      await form.locator('[data-entry-save]').click();
      await form.waitFor({ state: 'detached' });

      const entry = page.locator('[data-library-entry]').first();
      await entry.waitFor();
      expect(await entry.locator('[data-entry-title]').textContent()).toBe(LIBRARY_QUESTION);
      expect(await entry.locator('[data-category="security"]').count()).toBe(1);
      expect(await page.locator('[data-category-chip="security"]').textContent()).toContain('1');
      expect(await page.locator('[data-tag-chip="sso"]').textContent()).toContain('1');
      await expectAccessible(page, 'library');
      await shot(page, 'answers-library-1280');

      await page.getByRole('tab', { name: 'Ask' }).click();
      const answer = await ask(page, PARAPHRASE);
      expect(await answer.getAttribute('data-answer-status')).toBe('library');
      const origin = answer.locator('[data-answer-origin="library"]');
      expect(await origin.textContent()).toContain('From your answer library');
      expect(await origin.locator('[data-entry-owner]').textContent()).toBe('Answers User');
      expect(await answer.locator('[data-markdown] strong').textContent()).toBe('SAML 2.0');
      expect(await answer.locator('[data-credits-charged]').textContent()).toContain('Free');

      await answer.locator('[data-vote="down"]').click();
      await answer.locator('[data-feedback-comment]').fill('Mention SCIM provisioning too');
      await answer.getByRole('button', { name: 'Send feedback' }).click();
      await answer.locator('[data-feedback-recorded]').waitFor();
      // One vote per answer: the thumbs are gone.
      expect(await answer.locator('[data-vote]').count()).toBe(0);
      await expectAccessible(page, 'library answer');
      await shot(page, 'answers-from-library-1280');

      await answer.locator('[data-open-entry]').click();
      const detail = page.locator('[data-entry-detail]');
      await detail.locator('[data-feedback-comment-item]').first().waitFor();
      expect(await detail.locator('[data-feedback-unhelpful]').getAttribute('data-feedback-unhelpful')).toBe(
        '1',
      );
      expect(await detail.locator('[data-feedback-comment-item]').first().textContent()).toContain(
        'Mention SCIM provisioning too',
      );
      await expectAccessible(page, 'entry detail');
      expectNoErrors(withoutFailedLoads(errors), 'library answer');
    } finally {
      await close();
    }
  });

  it('sends a question nothing answers for review, and answering it there adds it to the library', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: seller });
    try {
      await page.goto('/instant-sales-answers');
      const unknown = await ask(page, UNKNOWN);
      expect(await unknown.getAttribute('data-answer-status')).toBe('unknown');
      expect(await unknown.locator('[data-answer-text]').textContent()).toContain('doesn’t know');
      expect(await unknown.locator('[data-add-to-library]').count()).toBe(1);

      await unknown.locator('[data-send-review]').click();
      await unknown.locator('[data-review-note]').fill('Asked by Globex');
      await unknown.locator('[data-review-submit]').click();
      await unknown.locator('[data-review-sent]').waitFor();
      await expectAccessible(page, 'unanswered question');

      await unknown.getByRole('button', { name: 'Open the review list' }).click();
      const request = page.locator('[data-review="open"]').first();
      await request.waitFor();
      expect(await request.locator('[data-review-question]').textContent()).toBe(UNKNOWN);
      expect(await request.textContent()).toContain('Asked by Globex');
      expect(await page.getByRole('tab', { name: /review/i }).textContent()).toContain('1');
      await expectAccessible(page, 'review list');
      await shot(page, 'answers-reviews-1280');

      await request.locator('[data-answer-review]').click();
      const form = page.locator('[data-entry-form="review"]');
      await form.waitFor();
      expect(await form.locator('[data-entry-question-fixed]').textContent()).toBe(UNKNOWN);
      await form.locator('[data-entry-answer]').fill('Ulaanbaatar is the capital of Mongolia.');
      await form.locator('[data-entry-save]').click();
      await form.waitFor({ state: 'detached' });
      await page.locator('[data-reviews-empty]').waitFor();
      await page.locator('[data-review-history-toggle]').click();
      await page.locator('[data-review="answered"]').waitFor();

      // Back on the answer, the library now answers the question.
      await page.getByRole('tab', { name: 'Ask' }).click();
      const resolved = page.locator('[data-answer-turn]').first();
      await resolved.locator('[data-added-to-library]').waitFor();
      await resolved.getByRole('button', { name: 'Ask again' }).click();
      const again = page.locator('[data-answer-turn]').first();
      await expect.poll(() => again.getAttribute('data-answer-status'), { timeout: 30_000 }).toBe('library');
      expect(await again.locator('[data-markdown]').textContent()).toContain('Ulaanbaatar');

      await page.getByRole('tab', { name: /library/i }).click();
      await page.locator('[data-library-entry]').filter({ hasText: UNKNOWN }).waitFor();
      expectNoErrors(withoutFailedLoads(errors), 'review list');
    } finally {
      await close();
    }
  });

  it('asks the question in the address on arrival, and fits a phone in both themes', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState: seller });
    try {
      await page.goto(`/instant-sales-answers?q=${encodeURIComponent(PARAPHRASE)}`);
      const answer = page.locator('[data-answer-turn]').first();
      await expect.poll(() => answer.getAttribute('data-answer-status'), { timeout: 30_000 }).toBe('library');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page, 'phone, light');
      await shot(page, 'answers-375');

      await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Sales Q&A' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await page.getByRole('tab', { name: /library/i }).click();
      await page.locator('[data-library-entry]').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page, 'phone, dark');
      await shot(page, 'answers-library-dark-375');
      expectNoErrors(withoutFailedLoads(errors), 'phone');
    } finally {
      await close();
    }
  });

  it('saves an answer from documents to the library once, even double-clicked, and then answers from it', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: seller });
    const question = 'Who removes the access nobody needs?';
    try {
      await page.goto('/instant-sales-answers');
      await page.getByRole('heading', { level: 1, name: 'Sales Q&A' }).waitFor();
      const answer = await ask(page, question);
      expect(await answer.getAttribute('data-answer-status')).toBe('documents');
      const creates: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/v1/answers/library')) {
          creates.push(request.postData() ?? '');
        }
      });
      await answer.locator('[data-save-to-library]').dblclick();
      const toast = page.locator('[data-toast]').filter({ hasText: 'Saved to the library' });
      await toast.waitFor();
      await answer.locator('[data-saved-to-library]').waitFor();
      // One entry, whatever the clicks sent; its answer keeps no citation markers.
      const library = await page.request.get(`/api/v1/answers/library?q=${encodeURIComponent(question)}`);
      const entries = (
        (await library.json()) as { entries: { question: string; answer: string }[] }
      ).entries.filter((entry) => entry.question === question);
      expect(entries).toHaveLength(1);
      expect(entries[0]?.answer).toMatch(/quarterly|system owner/i);
      expect(entries[0]?.answer).not.toMatch(/\[\d+\]/);
      expect(creates.length).toBeGreaterThanOrEqual(1);
      await expectAccessible(page, 'saved to library');
      await shot(page, 'answers-saved-1280');

      await answer.locator('[data-saved-to-library]').click();
      await page.locator('[data-entry-detail]').getByText(question).first().waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[data-entry-detail]').waitFor({ state: 'detached' });

      const again = await ask(page, 'Who removes access that nobody needs?');
      expect(await again.getAttribute('data-answer-status')).toBe('library');
      expect(await again.locator('[data-save-to-library]').count()).toBe(0);
      expectNoErrors(withoutFailedLoads(errors), 'save to library');
    } finally {
      await close();
    }
  });
});
