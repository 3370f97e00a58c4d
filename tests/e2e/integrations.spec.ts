/**
 * Integrations in Chromium (issue 10 point 4: AI provider, CRM tiles, import/export): `?ai-llms=true` opens the AI
 * provider tab, a provider pointing at a FAKE OpenAI-compatible server (tests/helpers/fake-openai.ts, started
 * here) is saved and its connection tested, then a wrong key is reported as such; `?salesforce=true` shows the
 * Salesforce tile saying the connector is not built; the prospects export downloads a CSV and an answer-library
 * CSV with one bad row is imported with that row reported, then a prospects CSV with a name already in the
 * pipeline; the tabs fit a phone.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAi, fakeAnswers, startFakeOpenAi } from '../helpers/fake-openai.ts';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const KEY = 'sk-e2e-provider-4242';
const SHOTS = process.env.INTEGRATIONS_SHOTS_DIR;

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const LIBRARY_CSV = [
  'question,answer,category,tags',
  'Do you offer a free trial?,Yes: 14 days with every feature.,pricing,trial',
  'Where is customer data hosted?,,security,',
  'Do you have a SOC 2 report?,"Yes: SOC 2 Type II, renewed every year.",security,soc2; audit',
].join('\n');

describeInBrowser('Integrations', (browser) => {
  let owner: StorageState;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: KEY });
    owner = await onboardedUser(browser(), 'Integrations', async (request) => {
      const prospect = await request.post('/api/v1/prospects', { data: { name: 'Globex Corporation' } });
      expect(prospect.status()).toBe(201);
    });
  });
  afterAll(() => fake.close());

  it('opens the AI provider with ?ai-llms=true, saves a provider and tests its connection', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/integrations?ai-llms=true');
      const tab = page.getByRole('tab', { name: 'AI provider' });
      await tab.waitFor();
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      await page.locator('[data-ai-status]').waitFor();
      expect(await page.locator('[data-ai-status]').textContent()).toContain('the built-in engine');

      // A preset fills the address and model; ours replace them.
      await page.getByRole('button', { name: 'Ollama (local)' }).click();
      expect(await page.getByLabel('Base URL').inputValue()).toBe('http://localhost:11434/v1');
      await page.getByLabel('Base URL').fill(fake.url);
      await page.getByLabel('Model').fill('fake-gpt');
      await page.locator('#ai-key').fill(KEY);

      fake.answerNext(fakeAnswers.text('OK'));
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.locator('[data-test-result="ok"]').waitFor();
      expect(await page.locator('[data-test-result]').textContent()).toContain(
        `fake-gpt answered at ${fake.url}`,
      );
      expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.locator('[data-ai-status]').textContent())
        .toContain(`fake-gpt at ${fake.url}, a key is set ending …4242`);
      // The key is gone from the form and never comes back from the server.
      expect(await page.locator('#ai-key').inputValue()).toBe('');
      expect(await page.locator('#ai-key').getAttribute('placeholder')).toBe('Saved key ending …4242');
      await page.reload();
      await page.locator('[data-ai-status]').waitFor();
      expect(await page.content()).not.toContain(KEY);

      // The saved key is tested when the field is left empty; a wrong one is reported as a bad key.
      fake.answerNext(fakeAnswers.text('OK'));
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.locator('[data-test-result="ok"]').waitFor();
      await page.locator('#ai-key').fill('sk-wrong-0000');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.locator('[data-test-result="bad_key"]').waitFor();
      expect(await page.locator('[data-test-result]').textContent()).toContain('refused the key (HTTP 401)');
      await shot(page, 'integrations-ai');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Removed: back to the built-in engine.
      await page.getByRole('button', { name: 'Remove' }).click();
      await expect
        .poll(() => page.locator('[data-ai-status]').textContent())
        .toContain('the built-in engine');
      expectNoErrors(errors, 'AI provider');
    } finally {
      await close();
    }
  });

  it('says plainly on the Salesforce tile that a native connector is not built, with the paths that work', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/integrations?salesforce=true');
      expect(await page.getByRole('tab', { name: 'CRM & apps' }).getAttribute('aria-selected')).toBe('true');
      const tile = page.locator('[data-crm="salesforce"]');
      await tile.waitFor();
      expect(await tile.getAttribute('aria-current')).toBe('true');
      expect(await page.locator('[data-crm="hubspot"]').getAttribute('aria-current')).toBeNull();
      const text = (await tile.textContent()) ?? '';
      expect(text).toContain('A native connector is not built');
      expect(text).toContain('Data Import Wizard');
      expect(text).toContain('prospect.created');
      expect(await page.locator('[data-crm]').count()).toBe(4);
      // Its links lead to the tabs that do the work.
      await tile.getByRole('link', { name: 'Import & export' }).click();
      await expect
        .poll(() => page.getByRole('tab', { name: 'Import & export' }).getAttribute('aria-selected'))
        .toBe('true');
      expectNoErrors(errors, 'CRM tiles');
    } finally {
      await close();
    }
  });

  it('exports the prospects as CSV, imports a library CSV (reporting its bad row) and a prospects CSV', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/integrations?tab=data');
      await page.getByRole('heading', { name: 'Prospects' }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export prospects (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^prospects-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = Papa.parse<Record<string, string>>(await readFile(await download.path(), 'utf8'), {
        header: true,
      }).data;
      expect(rows.map((row) => row.Name)).toEqual(['Globex Corporation']);

      await page.getByLabel('Answer library CSV file').setInputFiles({
        name: 'library.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(LIBRARY_CSV, 'utf8'),
      });
      const report = page.locator('[data-import-report]');
      await report.waitFor();
      expect(await report.textContent()).toContain('2 imported, 0 skipped, 1 refused (of 3 rows)');
      expect(await report.textContent()).toContain('Line 3: answer must not be empty');
      const library = await page.request.get('/api/v1/answers/library');
      const questions = ((await library.json()) as { entries: { question: string }[] }).entries.map(
        (e) => e.question,
      );
      expect(questions.sort()).toEqual(['Do you have a SOC 2 report?', 'Do you offer a free trial?']);

      // A prospects file: one new prospect, one already in the pipeline.
      await page.getByLabel('Prospects CSV file').setInputFiles({
        name: 'prospects.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Name,Status\nInitech,New logo\nGlobex Corporation,Qualified\n', 'utf8'),
      });
      const prospectsReport = page
        .getByRole('region', { name: 'Prospects', exact: true })
        .locator('[data-import-report]');
      await prospectsReport.waitFor();
      expect(await prospectsReport.textContent()).toContain('1 imported, 1 skipped, 0 refused (of 2 rows)');
      const pipeline = await page.request.get('/api/v1/prospects?sort=name');
      expect(((await pipeline.json()) as { total: number }).total).toBe(2);

      // The charged exports say their price before the download.
      await page.getByRole('button', { name: 'Export My Companies' }).click();
      await page.getByRole('dialog').locator('[data-export-quote]').waitFor();
      expect(await page.locator('[data-export-quote]').textContent()).toContain('Cost');
      await page.keyboard.press('Escape');
      expectNoErrors(
        errors.filter((error) => !error.startsWith('Failed to load resource')),
        'import/export',
      );
    } finally {
      await close();
    }
  });

  it('fits a phone, in both themes', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState: owner });
    try {
      for (const path of [
        '/integrations?tab=data',
        '/integrations?ai-llms=true',
        '/integrations?hubspot=true',
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
        await page.locator('#integrations-panel :is(h2, [data-ai-status])').first().waitFor();
        await settleAnimations(page);
        expect(await pageWidth(page), path).toBeLessThanOrEqual(390);
        expect(await seriousA11yViolations(page), path).toEqual([]);
        await shot(page, `integrations-${path.split('?')[1]}-390`);
      }
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'integrations-crm-dark-390');
      expectNoErrors(errors, 'phone');
    } finally {
      await close();
    }
  });
});
