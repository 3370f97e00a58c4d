/**
 * RFP responses in Chromium (issue 9 points 2 and 3, Maya): a CSV questionnaire becomes a project with its
 * issuer and deadline; "Draft all" runs as a job whose progress reaches 100% (the answer library's answer
 * drafted for free, what nothing answers left for review); an answer is written with the Markdown toolbar,
 * saved, approved, commented and saved to the library, while an empty answer cannot be approved; the answers
 * export to DOCX, CSV and back into the CSV; a Google VSAQ questionnaire keeps its sections; a file without
 * questions is refused with the server's reason; the editor fits a phone, in both themes.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.RFP_SHOTS_DIR;
const VSAQ = '/work/shared/data/kb/questionnaires/webapp.json';

const SAML = 'Do you support single sign-on with SAML?';
const ENCRYPTION = 'Is customer data encrypted at rest?';
const BRAZIL = 'Which data centers in Brazil do you use?';
const LIBRARY_ANSWER = 'Yes: SAML 2.0 with Okta, Azure AD and Google Workspace.';
/** A vendor questionnaire as a spreadsheet: numbered rows under section rows, an empty answer column. */
const QUESTIONNAIRE = [
  'ID,Question,Vendor response',
  'Access,,',
  `A1,${SAML},`,
  'Data protection,,',
  `A2,${ENCRYPTION},`,
  `A3,${BRAZIL},`,
].join('\n');

const file = (name: string, mimeType: string, content: string | Buffer) => ({
  name,
  mimeType,
  buffer: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
});

/** A day `n` days from today, as a date input takes it (local time, as the page counts days). */
function dayIn(n: number): string {
  const day = new Date();
  day.setDate(day.getDate() + n);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A refused request is logged by the browser as an error; the empty approval and the bad file expect one. */
const withoutFailedLoads = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Closes the toasts on screen: one may cover a button at the bottom right (the pointer on it pauses it). */
async function closeToasts(page: Page) {
  for (const close of await page.locator('[data-toast]').getByRole('button', { name: 'Close' }).all()) {
    if (await close.isVisible()) await close.click();
  }
}

const question = (page: Page, text: string) => page.locator('[data-question]').filter({ hasText: text });
const panel = (page: Page) => page.locator('[data-question-panel]');

/** Every drafting progress shown, recorded from now on (a short job can pass a poll between two values). */
async function recordDraftProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { draftProgress: string[] }).draftProgress = seen;
    const note = () => {
      for (const el of document.querySelectorAll('[data-draft-progress]')) {
        const value = el.getAttribute('data-draft-progress') ?? '';
        if (seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-draft-progress'],
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { draftProgress: string[] }).draftProgress.map(Number));
}

/** Downloads an export through the menu and returns its name and bytes. */
async function exportAs(page: Page, format: 'docx' | 'csv' | 'source') {
  await closeToasts(page);
  await page.locator('[data-export-menu]').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`[data-export="${format}"]`).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

describeInBrowser('RFP responses', (browser) => {
  let owner: StorageState;
  beforeAll(async () => {
    // One question is in the answer library: it is drafted from there, free, whatever the documents hold.
    owner = await onboardedUser(browser(), 'Maya', async (request) => {
      const entry = await request.post('/api/v1/answers/library', {
        data: {
          question: 'Do you support SAML single sign-on?',
          answer: LIBRARY_ANSWER,
          category: 'security',
        },
      });
      expect(entry.status()).toBe(201);
    });
  });

  it('makes an RFP of a CSV, drafts all to 100%, writes, approves, comments, saves to the library and exports', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/automated-rfp-responses');
      await page.getByRole('heading', { level: 1, name: 'RFP responses' }).waitFor();
      await page.locator('[data-rfp-empty]').waitFor();

      await page
        .locator('[data-rfp-input]')
        .setInputFiles(file('globex-controls.csv', 'text/csv', QUESTIONNAIRE));
      expect(await page.locator('[data-rfp-file]').textContent()).toBe('globex-controls.csv');
      await page.locator('[data-rfp-issuer]').fill('Globex');
      await page.locator('[data-rfp-deadline]').fill(dayIn(10));
      await page.locator('[data-rfp-create]').click();

      // The editor opens on the project: the title comes from the file, the questions from its column.
      await page.waitForURL(/\/rfp-editor\/[0-9a-f-]{36}/);
      await page.getByRole('heading', { level: 1, name: 'globex-controls' }).waitFor();
      await expect.poll(() => page.locator('[data-question]').count()).toBe(3);
      expect(await page.locator('[data-question-list] h3').allTextContents()).toEqual([
        'Access',
        'Data protection',
      ]);
      expect(await page.locator('[data-progress-approved]').first().textContent()).toBe(
        '0 of 3 approved (0%)',
      );

      // Draft all: a job, followed to 100%, then its report.
      const progressSeen = await recordDraftProgress(page);
      await page.locator('[data-draft-all]').click();
      await page.locator('[data-draft-result="done"]').waitFor({ timeout: 30_000 });
      const drafting = page.getByRole('progressbar', { name: 'Drafting progress' });
      expect(await drafting.getAttribute('aria-valuenow')).toBe('100');
      expect(await page.locator('[data-draft-result] [data-job-progress] + p').textContent()).toContain(
        '3 of 3 questions drafted',
      );
      const seen = await progressSeen();
      expect(seen.at(-1)).toBe(100);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(await page.locator('[data-draft-count="fromLibrary"] dd').textContent()).toBe('1');
      expect(await page.locator('[data-draft-all]').isEnabled()).toBe(true);

      // The library's answer is a draft from the library; what nothing answers waits for review.
      await expect.poll(() => question(page, SAML).getAttribute('data-question-status')).toBe('draft');
      await question(page, SAML).click();
      expect(await panel(page).locator('[data-answer-origin]').getAttribute('data-answer-origin')).toBe(
        'library',
      );
      expect(await page.locator('[data-answer-input]').inputValue()).toBe(LIBRARY_ANSWER);
      expect(await question(page, BRAZIL).getAttribute('data-question-status')).toBe('needs_review');

      // An empty answer cannot be approved: the server's reason is shown.
      await question(page, ENCRYPTION).click();
      await page
        .locator('[data-question-panel] [data-question-text]')
        .filter({ hasText: ENCRYPTION })
        .waitFor();
      expect(await page.locator('[data-answer-input]').inputValue()).toBe('');
      // A closed question nothing answers says so, in the list and in the panel.
      expect(await panel(page).locator('[data-verdict]').getAttribute('data-verdict')).toBe('not_stated');
      expect(await panel(page).locator('[data-verdict]').textContent()).toBe('Not stated in your documents');
      expect(await question(page, ENCRYPTION).locator('[data-verdict]').textContent()).toBe('Not stated');
      await page.locator('[data-set-status="approved"]').click();
      await page.locator('[data-question-problem]').waitFor();
      expect(await page.locator('[data-question-problem]').textContent()).toBe('The answer is empty');

      // An answer written with the toolbar: the words selected are made bold, the preview shows them so.
      await question(page, BRAZIL).click();
      await page.locator('[data-question-panel] [data-question-text]').filter({ hasText: BRAZIL }).waitFor();
      const answer = page.locator('[data-answer-input]');
      await answer.fill('We host in São Paulo (AWS sa-east-1).');
      await answer.evaluate((element: HTMLTextAreaElement) => {
        const start = element.value.indexOf('São Paulo');
        element.focus();
        element.setSelectionRange(start, start + 'São Paulo'.length);
      });
      await page.locator('[data-tool="bold"]').click();
      expect(await answer.inputValue()).toBe('We host in **São Paulo** (AWS sa-east-1).');
      expect(await page.locator('[data-answer-preview] strong').textContent()).toBe('São Paulo');
      await page.locator('[data-unsaved]').waitFor();

      // Unsaved: opening another question asks first; staying keeps the text.
      page.once('dialog', (dialog) => void dialog.dismiss());
      await question(page, SAML).click();
      expect(await question(page, BRAZIL).getAttribute('aria-current')).toBe('true');
      expect(await answer.inputValue()).toBe('We host in **São Paulo** (AWS sa-east-1).');

      await page.locator('[data-save-answer]').click();
      await panel(page).locator('[data-answer-origin="manual"]').waitFor();
      await expect.poll(() => page.locator('[data-unsaved]').count()).toBe(0);

      await page.locator('[data-set-status="approved"]').click();
      await panel(page).locator('[data-status="approved"]').waitFor();
      await expect
        .poll(() => page.locator('[data-progress-approved]').first().textContent())
        .toBe('1 of 3 approved (33%)');

      // Assigned, commented, and saved to the answer library for the next RFP.
      await page.locator('[data-assignee-input]').fill('Dana (Security)');
      await page.locator('[data-assignee-input]').press('Enter');
      await expect.poll(() => question(page, BRAZIL).textContent()).toContain('Dana (Security)');
      await closeToasts(page);
      await page.locator('[data-comment-input]').fill('Confirm with infra before we send');
      await page.getByRole('button', { name: 'Add comment' }).click();
      await page.locator('[data-comment]').filter({ hasText: 'Confirm with infra before we send' }).waitFor();
      await closeToasts(page);
      await page.locator('[data-save-library]').click();
      await page.locator('[data-in-library]').waitFor();
      const library = await page.request.get('/api/v1/answers/library?q=Brazil');
      expect(JSON.stringify(await library.json())).toContain('São Paulo');

      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'rfp-editor-1280');

      // DOCX: a Word file (a zip) with the question and the answer written.
      const docx = await exportAs(page, 'docx');
      expect(docx.name).toBe('globex-controls.docx');
      expect(docx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(docx.bytes.length).toBeGreaterThan(2000);
      const zip = await JSZip.loadAsync(docx.bytes);
      const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
      expect(xml).toContain(BRAZIL);
      expect(xml).toContain('São Paulo');

      // CSV: one row per question; and back into the questionnaire's own CSV, its answer column filled in.
      const csv = await exportAs(page, 'csv');
      expect(csv.name).toBe('globex-controls.csv');
      const rows = Papa.parse<string[]>(csv.bytes.toString('utf8').replace(/^\uFEFF/, '')).data;
      expect(rows[0]?.slice(0, 5)).toEqual(['Ref', 'Section', 'Question', 'Verdict', 'Answer']);
      expect(rows.find((row) => row.includes(BRAZIL))).toEqual(
        expect.arrayContaining(['approved', 'Dana (Security)']),
      );
      const source = await exportAs(page, 'source');
      const back = Papa.parse<string[]>(source.bytes.toString('utf8').replace(/^\uFEFF/, '')).data;
      expect(back[0]).toEqual(['ID', 'Question', 'Vendor response']);
      expect(back.find((row) => row[0] === 'A1')?.[2]).toBe(LIBRARY_ANSWER);
      // The spreadsheet cell gets the answer as text, without the Markdown marks.
      expect(back.find((row) => row[0] === 'A3')?.[2]).toBe('We host in São Paulo (AWS sa-east-1).');

      // The list shows the project with its issuer, deadline and progress.
      await page.getByRole('link', { name: 'RFP responses', exact: true }).click();
      const listed = page.locator('[data-rfp-project]').filter({ hasText: 'globex-controls' });
      await listed.waitFor();
      expect(await listed.textContent()).toContain('Globex');
      expect(await listed.textContent()).toContain('due in 10 days');
      // The list may show its cached copy first, then the one read again.
      await expect
        .poll(() => listed.locator('[data-progress-approved]').textContent())
        .toBe('1 of 3 approved (33%)');
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'rfp-projects-1280');
      expectNoErrors(withoutFailedLoads(errors), 'RFP editor');
    } finally {
      await close();
    }
  });

  it('reads a Google VSAQ questionnaire by section and drafts it question by question', async () => {
    if (!existsSync(VSAQ)) return;
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/automated-rfp-responses');
      await page.getByRole('heading', { level: 1, name: 'RFP responses' }).waitFor();
      await page
        .locator('[data-rfp-input]')
        .setInputFiles(file('webapp.json', 'application/json', await readFile(VSAQ)));
      await page.locator('[data-rfp-create]').click();
      await page.waitForURL(/\/rfp-editor\//);
      await page.getByRole('heading', { level: 1, name: 'Web Application Security Questionnaire' }).waitFor();
      expect(await page.locator('[data-question]').count()).toBeGreaterThan(50);
      expect(await page.locator('[data-question-list] h3').allTextContents()).toContain(
        'Application › Application Metadata',
      );
      expect(await page.locator('[data-rfp-source]').textContent()).toBe('VSAQ JSON · webapp.json');

      const progressSeen = await recordDraftProgress(page);
      await page.locator('[data-draft-all]').click();
      await page.locator('[data-draft-result]').waitFor({ timeout: 45_000 });
      const seen = await progressSeen();
      expect(seen.at(-1)).toBe(100);
      expect(
        await page.getByRole('progressbar', { name: 'Drafting progress' }).getAttribute('aria-valuenow'),
      ).toBe('100');

      // The filters: by status, and by words.
      await page.locator('[data-status-filter="needs_review"]').click();
      const statuses = () =>
        page
          .locator('[data-question]')
          .evaluateAll((items) => [
            ...new Set(items.map((item) => item.getAttribute('data-question-status'))),
          ]);
      await expect.poll(statuses).toEqual(['needs_review']);
      await page.locator('[data-status-filter="all"]').click();
      await page.locator('[data-question-search]').fill('HSTS');
      await expect.poll(() => page.locator('[data-question]').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-question]').first().textContent()).toContain('HSTS');
      expectNoErrors(withoutFailedLoads(errors), 'VSAQ');
    } finally {
      await close();
    }
  });

  it('refuses a file without questions with the reason, and makes an RFP of pasted text', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/automated-rfp-responses');
      await page.getByRole('heading', { level: 1, name: 'RFP responses' }).waitFor();
      await page
        .locator('[data-rfp-input]')
        .setInputFiles(file('notes.txt', 'text/plain', 'Hello there.\nNothing to ask here.\n'));
      await page.locator('[data-rfp-create]').click();
      await page.locator('[data-rfp-upload="refused"]').waitFor();
      expect(await page.locator('[data-rfp-upload-error]').textContent()).toMatch(
        /^No questions were found in it/,
      );
      expect(page.url()).toMatch(/\/automated-rfp-responses$/);

      await page.locator('[data-rfp-mode="paste"]').click();
      await page.locator('[data-rfp-title]').fill('Initech security review');
      await page
        .locator('[data-rfp-text]')
        .fill(
          'Security review\n\n1. Is MFA required for every employee?\n2. How often are access reviews done?',
        );
      await page.locator('[data-rfp-create]').click();
      await page.waitForURL(/\/rfp-editor\//);
      await page.getByRole('heading', { level: 1, name: 'Initech security review' }).waitFor();
      await expect.poll(() => page.locator('[data-question]').count()).toBe(2);
      expectNoErrors(withoutFailedLoads(errors), 'new RFP');
    } finally {
      await close();
    }
  });

  it('on a phone, the list and then the question fit the width, in both themes', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState: owner });
    try {
      await page.goto('/automated-rfp-responses');
      await page.locator('[data-rfp-project]').filter({ hasText: 'globex-controls' }).waitFor();
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'rfp-projects-375');

      await page
        .locator('[data-rfp-project]')
        .filter({ hasText: 'globex-controls' })
        .locator('[data-rfp-project-title]')
        .click();
      await page.locator('[data-question-list]').waitFor();
      // One at a time: the list first, then the question in its place.
      expect(await panel(page).count()).toBe(0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      await question(page, BRAZIL).click();
      await panel(page).waitFor();
      expect(await page.locator('[data-question-list]').count()).toBe(0);
      expect(await page.locator('[data-answer-input]').inputValue()).toContain('São Paulo');
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'rfp-editor-375');

      await page.getByRole('button', { name: 'All questions' }).click();
      await page.locator('[data-question-list]').waitFor();

      // In the dark theme too (the theme switch sits in the sidebar, behind the menu on a phone).
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await question(page, BRAZIL).click();
      await panel(page).waitFor();
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'rfp-editor-dark-375');
      expectNoErrors(withoutFailedLoads(errors), 'phone');
    } finally {
      await close();
    }
  });
});
