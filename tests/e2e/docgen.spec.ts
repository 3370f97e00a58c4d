/**
 * Document generation in Chromium (issue 9 point 4, David): a company handed over from Company Finder
 * (`?companies=…&source=document-generation`) is chosen for a proposal with a contact and the prospect added on
 * the spot; the proposal is generated for 5 credits and previewed with the company and its `[Missing: …]` marks;
 * a mark is filled in and saved, and the document exports to DOCX; a cold e-mail is copied as plain text; the
 * documents are listed and deleted; an account without credits is refused with the server's message. The page
 * fits a phone, in both themes.
 */
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.DOCGEN_SHOTS_DIR;
const OFFERING = 'Route analytics that cut empty truck miles';
const DECISION_DATE = 'a decision date';
const DEAL_VALUE = "the deal's value (add a forecast to the prospect)";

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title });

/**
 * Closes the toasts on screen: one may cover a button at the bottom right, and the pointer resting on it
 * pauses it (Radix), so it would never go by itself. ('Credits Deducted' comes on one charge in ten.)
 */
async function closeToasts(page: Page) {
  for (const close of await page.locator('[data-toast]').getByRole('button', { name: 'Close' }).all()) {
    if (await close.isVisible()) await close.click();
  }
}
const missingItems = (page: Page) =>
  page
    .locator('[data-missing-list] [data-missing-item]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-missing-item') ?? ''));
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const remainingCredits = async (page: Page) =>
  ((await (await page.request.get('/api/v1/credits')).json()) as { remainingCredits: number })
    .remainingCredits;

/** A failed request is logged by the browser as an error; the refused generation expects one (402). */
const withoutFailedLoads = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

/** The company as Company Finder finds it: a search by name, the exact match taken. */
async function findCompany(page: Page, name: string): Promise<{ id: string; name: string }> {
  const response = await page.request.get(`/api/v1/companies?q=${encodeURIComponent(name)}&limit=10`);
  expect(response.status()).toBe(200);
  const { companies } = (await response.json()) as { companies: { id: string; name: string }[] };
  const found = companies.find((company) => company.name === name);
  expect(found, `${name} in the company data`).toBeTruthy();
  return { id: found?.id ?? '', name };
}

/** Document generation opened with companies selected for generation, as Company Finder hands them over. */
const handedOver = (companies: { id: string; name: string }[]) =>
  `/intelligent-sales-document-generation?${new URLSearchParams({
    companies: JSON.stringify(companies),
    source: 'document-generation',
  })}`;

describeInBrowser('document generation', (browser) => {
  let owner: StorageState;
  beforeAll(async () => {
    // The seller's offering is in the profile, so only what the account lacks is marked missing.
    owner = await onboardedUser(browser(), 'Docgen', async (request) => {
      const profile = await request.patch('/api/v1/profile', { data: { company: { offering: OFFERING } } });
      expect(profile.status()).toBe(200);
    });
  });

  it('generates a proposal for a company handed over from Company Finder; previews, edits, saves and exports it', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      const stripe = await findCompany(page, 'Stripe');
      await page.goto(handedOver([stripe]));
      await page.getByRole('heading', { level: 1, name: 'Document generation' }).waitFor();

      // The handed-over company is a quick choice, selected for generation, and chosen.
      const choices = page.locator('[data-context-companies]');
      await choices.getByText('Selected for generation in Company Finder').waitFor();
      await page.locator('[data-chosen-company="Stripe"]').waitFor();
      expect(await choices.getByRole('button', { name: 'Stripe' }).getAttribute('aria-pressed')).toBe('true');

      // Ten templates; the proposal needs a company, a contact and a prospect.
      expect(await page.locator('[data-doc-template]').count()).toBe(10);
      await page.locator('[data-doc-template="proposal"]').click();
      await page.locator('[data-doc-template="proposal"][data-selected]').waitFor();
      expect(await page.locator('[data-doc-template="proposal"]').textContent()).toContain(
        'Needs: Company, contact and prospect',
      );
      await page.locator('[data-need="company"][data-state="filled"]').waitFor();
      expect(await page.locator('[data-need="contact"]').getAttribute('data-state')).toBe('empty');
      expect(await page.locator('[data-need="prospect"]').getAttribute('data-state')).toBe('empty');

      // Stripe is not a prospect yet: added on the spot, and chosen.
      await page.locator('[data-add-prospect]').click();
      await toast(page, 'Added to prospects').waitFor();
      await closeToasts(page);
      await expect.poll(() => page.locator('[data-prospect-select]').inputValue()).toMatch(/^[0-9a-f-]{36}$/);
      await page.locator('[data-need="prospect"][data-state="filled"]').waitFor();

      // The contact is one of Stripe's people.
      const contacts = page.locator('[data-contact-select]');
      await expect.poll(() => contacts.isEnabled()).toBe(true);
      const patrick = await contacts.locator('option', { hasText: 'Patrick Collison' }).getAttribute('value');
      await contacts.selectOption(patrick ?? '');
      await page.locator('[data-need="contact"][data-state="filled"]').waitFor();
      await page.locator('[data-notes]').fill('Payments analytics pilot for the logistics team');

      // The company chosen is the workflow's company.
      await expect
        .poll(
          async () =>
            (
              (await (await page.request.get('/api/v1/workflow')).json()) as {
                state: { companyName: string } | null;
              }
            ).state?.companyName,
          { timeout: 10_000 },
        )
        .toBe('Stripe');

      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'docgen-composer-1280');

      // Generate: 5 credits.
      const before = await remainingCredits(page);
      const generate = page.locator('[data-generate]');
      expect(await generate.textContent()).toContain('Generate · 5 credits');
      await generate.click();
      await page.locator('[data-document-view]').waitFor();
      expect(new URL(page.url()).searchParams.get('document')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await remainingCredits(page)).toBe(before - 5);

      // The preview: the company's name, the missing marks highlighted and listed with a hint each.
      expect(await page.locator('[data-document-heading]').textContent()).toBe('Proposal: Stripe');
      const preview = page.locator('[data-document-preview]');
      await preview.getByRole('heading', { name: 'Proposal for Stripe' }).waitFor();
      expect(await preview.textContent()).toContain('Patrick Collison');
      expect(await preview.textContent()).toContain(OFFERING);
      const marks = await preview
        .locator('mark[data-missing]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-missing') ?? ''));
      expect(marks).toEqual(expect.arrayContaining([DECISION_DATE, DEAL_VALUE]));
      const missing = await missingItems(page);
      expect(new Set(missing)).toEqual(new Set(marks));
      expect(await page.locator(`[data-missing-item="${DEAL_VALUE}"]`).textContent()).toContain(
        'Add a forecast to the prospect',
      );
      expect(await page.locator('[data-missing-count]').first().getAttribute('data-missing-count')).toBe(
        String(missing.length),
      );
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'docgen-preview-1280');

      // Fill in a mark: the editor opens with the mark selected; typing replaces it; Save.
      await closeToasts(page);
      await page.locator(`[data-missing-item="${DECISION_DATE}"] [data-fill-in]`).click();
      const text = page.locator('[data-markdown-input]');
      await text.waitFor();
      await expect
        .poll(() =>
          text.evaluate((area: HTMLTextAreaElement) =>
            area.value.slice(area.selectionStart, area.selectionEnd),
          ),
        )
        .toBe(`[Missing: ${DECISION_DATE}]`);
      await page.keyboard.type('March 31, 2027');
      await page.locator('[data-title-input]').fill('Stripe: payments analytics proposal');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.locator('[data-save-document]').click();
      await toast(page, 'Document saved').waitFor();
      await closeToasts(page);
      await preview.waitFor();
      expect(await page.locator('[data-document-heading]').textContent()).toBe(
        'Stripe: payments analytics proposal',
      );
      expect(await preview.textContent()).toContain('March 31, 2027');
      // The missing list is the server's, after the save.
      expect(await missingItems(page)).not.toContain(DECISION_DATE);
      expect((await missingItems(page)).length).toBe(missing.length - 1);
      const id = new URL(page.url()).searchParams.get('document');
      const saved = (await (await page.request.get(`/api/v1/docgen/documents/${id}`)).json()) as {
        missing: string[];
      };
      expect(saved.missing).not.toContain(DECISION_DATE);

      // DOCX: a download of the saved text.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-export-format="docx"]').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Stripe. payments analytics proposal\.docx$/);
      const zip = await JSZip.loadAsync(await readFile(await download.path()));
      const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
      expect(xml).toContain('Proposal for Stripe');
      expect(xml).toContain('March 31, 2027');
      await toast(page, 'DOCX downloaded').waitFor();

      // Dark theme: the preview stays readable.
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'docgen-preview-dark-1280');
      expectNoErrors(errors, 'proposal');
    } finally {
      await close();
    }
  });

  it('copies a cold e-mail as plain text; lists the documents and deletes one', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: owner,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      const stripe = await findCompany(page, 'Stripe');
      await page.goto(handedOver([stripe]));
      await page.locator('[data-chosen-company="Stripe"]').waitFor();
      await page.locator('[data-doc-template="cold-outreach-email"]').click();
      const contacts = page.locator('[data-contact-select]');
      await expect.poll(() => contacts.isEnabled()).toBe(true);
      const patrick = await contacts.locator('option', { hasText: 'Patrick Collison' }).getAttribute('value');
      await contacts.selectOption(patrick ?? '');
      await page.locator('[data-generate]').click();
      await page.locator('[data-document-view]').waitFor();
      expect(await page.locator('[data-document-heading]').textContent()).toBe(
        'Cold outreach e-mail: Stripe',
      );
      await closeToasts(page);

      await page.locator('[data-copy-email]').click();
      await toast(page, 'E-mail copied').waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/^Subject: .*Stripe/);
      expect(copied).toContain('Hi Patrick,');
      // Plain text: no Markdown symbols, no citation markers.
      expect(copied).not.toMatch(/\*\*|^#|\[\d+\]/m);
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'docgen-email-1280');

      // Back to the form: both documents are listed, newest first, with their missing counts.
      await closeToasts(page);
      await page.locator('[data-back]').click();
      await page.locator('[data-generate]').waitFor();
      const rows = page.locator('[data-generated-document]');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.first().locator('[data-document-title]').textContent()).toBe(
        'Cold outreach e-mail: Stripe',
      );
      expect(await rows.nth(1).locator('[data-document-title]').textContent()).toBe(
        'Stripe: payments analytics proposal',
      );
      expect(await rows.nth(1).locator('[data-missing-count]').getAttribute('data-missing-count')).toMatch(
        /^\d+$/,
      );

      // Opened from the list, then deleted after a confirmation.
      await rows.first().locator('[data-document-title]').click();
      await page.locator('[data-document-view]').waitFor();
      await page.locator('[data-document-toolbar] [data-delete-document]').click();
      const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
      await dialog.waitFor();
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Delete document' }).click();
      await toast(page, 'Document deleted').waitFor();
      await page.locator('[data-generate]').waitFor();
      await expect.poll(() => rows.count()).toBe(1);
      const list = (await (await page.request.get('/api/v1/docgen/documents')).json()) as {
        documents: { title: string }[];
      };
      expect(list.documents.map((document) => document.title)).toEqual([
        'Stripe: payments analytics proposal',
      ]);
      expectNoErrors(errors, 'e-mail and list');
    } finally {
      await close();
    }
  });

  it('on a phone: the company is picked by typing, and the form and the preview fit the width', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState: owner });
    try {
      await page.goto('/sales-document-generation');
      await page.getByRole('heading', { level: 1, name: 'Document generation' }).waitFor();
      await page.locator('[data-generated-document]').first().waitFor();
      // Stripe is a prospect now: suggested for free as the user types, chosen with the keyboard.
      await page.locator('[data-company-search]').fill('stri');
      await page.locator('[data-company-option="Stripe"]').waitFor();
      await page.keyboard.press('Enter');
      await page.locator('[data-chosen-company="Stripe"]').waitFor();
      await expect.poll(() => page.locator('[data-prospect-select]').inputValue()).toMatch(/^[0-9a-f-]{36}$/);
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'docgen-composer-375');

      await page.locator('[data-generated-document] [data-document-title]').first().click();
      await page.locator('[data-document-preview]').waitFor();
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'docgen-preview-375');
      expectNoErrors(errors, 'phone');
    } finally {
      await close();
    }
  });

  it('without credits, the generation is refused with the server’s message and nothing is saved', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Broke'),
    });
    try {
      for (let left = await remainingCredits(page); left > 0; ) {
        const spent = await page.request.post('/api/v1/credits/usage', {
          data: { activityType: 'ai_query', quantity: Math.min(left, 100_000) },
          headers: { origin: baseUrl },
        });
        expect(spent.status()).toBe(201);
        left = ((await spent.json()) as { account: { remainingCredits: number } }).account.remainingCredits;
      }
      const stripe = await page.request.get('/api/v1/companies/Stripe');
      expect(stripe.status()).toBe(200);
      const { id } = (await stripe.json()) as { id: string };
      await page.goto(handedOver([{ id, name: 'Stripe' }]));
      await page.locator('[data-chosen-company="Stripe"]').waitFor();
      // No offering in this profile: the page says documents will mark it missing, and where to set it.
      expect(
        await page
          .locator('[data-profile-notice]')
          .getByRole('link', { name: 'Complete your profile' })
          .getAttribute('href'),
      ).toBe('/profile');

      await page.locator('[data-doc-template="one-pager"]').click();
      await page.locator('[data-generate]').click();
      const refused = page.locator('[data-generate-error]');
      await refused.waitFor();
      expect(await refused.textContent()).toContain('Insufficient credits. Required: 5, Available: 0');
      expect(await refused.getByRole('link', { name: 'Get more credits' }).getAttribute('href')).toBe(
        '/credits',
      );
      expect(await toast(page, 'Insufficient Credits').textContent()).toContain(
        'Document generation requires 5 credits. You have 0 available.',
      );
      expect(await page.locator('[data-documents-empty]').count()).toBe(1);
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'docgen-no-credits-1280');
      expectNoErrors(withoutFailedLoads(errors), 'no credits');
    } finally {
      await close();
    }
  });
});
