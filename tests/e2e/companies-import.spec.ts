/**
 * CSV import of the user's own accounts in Chromium (issue 5 §4): choose a file, the preview with its mapping
 * pre-filled from the headers, the import's progress and report (imported, duplicates, row errors), then the
 * imported companies in the research table; files refused in the browser (too large) and by the server (not
 * UTF-8) say why in the dialog; the dialog on a phone and by keyboard.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const RESEARCH = '/sales-account-development/research';

/** Rows 2-4 are new companies, row 5 repeats row 2's website, row 6 has no name (the header is row 1). */
const ACCOUNTS_CSV = [
  'Company Name,Website,Industry,Employees,Country,City',
  'Quillfeather Analytics,https://quillfeather-analytics.example,Software,120,United States,Boston',
  'Brambleworth Logistics,brambleworth-logistics.example,Logistics,800,Germany,Hamburg',
  'Tidepool Assay Labs,https://tidepool-assay.example,Biotechnology,45,Czech Republic,Ostrava',
  'Quillfeather Analytics Inc,quillfeather-analytics.example,Software,120,United States,Boston',
  ',https://nameless.example,Retail,10,France,Paris',
].join('\n');
const IMPORTED = ['Brambleworth Logistics', 'Quillfeather Analytics', 'Tidepool Assay Labs'];

const csvFile = (name: string, text: string | Buffer) => ({
  name,
  mimeType: 'text/csv',
  buffer: typeof text === 'string' ? Buffer.from(text, 'utf8') : text,
});

const rowNames = (page: Page) =>
  page
    .locator('[data-company-row]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-company-row') ?? ''));

/** A failed request is logged by the browser as an error; the refused uploads expect one. */
const withoutFailedLoads = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

async function openImport(page: Page): Promise<Locator> {
  await page.goto(RESEARCH);
  await page.getByRole('heading', { level: 1, name: 'Company research' }).waitFor();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import companies from CSV' });
  await dialog.waitFor();
  return dialog;
}

describeInBrowser('companies import', (browser) => {
  let storageState: StorageState;
  beforeAll(async () => {
    storageState = await onboardedUser(browser(), 'Importer');
  });

  it('imports a CSV: mapping pre-filled from the headers, progress, the report with its row error, then the imported companies in the table', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      const dialog = await openImport(page);
      await dialog.locator('input[type="file"]').setInputFiles(csvFile('accounts.csv', ACCOUNTS_CSV));

      await dialog.getByRole('heading', { name: 'Check the file and its columns' }).waitFor();
      expect(await dialog.locator('[data-import-rows]').textContent()).toContain('5 rows');
      expect(await dialog.locator('[data-import-sample] tbody tr').count()).toBe(5);
      const select = (name: string) => dialog.getByRole('combobox', { name, exact: true });
      expect(await select('Company name (required)').inputValue()).toBe('Company Name');
      expect(await select('Website').inputValue()).toBe('Website');
      expect(await select('Industry').inputValue()).toBe('Industry');
      expect(await select('Employees').inputValue()).toBe('Employees');
      expect(await select('Country').inputValue()).toBe('Country');
      expect(await select('City').inputValue()).toBe('City');
      expect(await select('Domain').inputValue()).toBe('');
      expect(await select('Domain').locator('option:checked').textContent()).toBe('Don’t import');
      // Every field has its select, each with a label.
      expect(await dialog.getByRole('combobox').count()).toBe(12);
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Import 5 rows' }).click();
      const report = dialog.locator('[data-import-report]');
      await report.waitFor({ timeout: 30_000 });
      const count = (key: string) => report.locator(`[data-import-count="${key}"]`).textContent();
      expect(await count('imported')).toBe('3');
      expect(await count('duplicates')).toBe('1');
      expect(await count('errors')).toBe('1');
      const rowErrors = dialog.locator('[data-import-errors] li');
      expect(await rowErrors.count()).toBe(1);
      expect(await rowErrors.first().textContent()).toContain('Row 6');
      expect(await rowErrors.first().textContent()).toContain('The company name is empty');
      // Focus moved to the report, so a keyboard user starts there.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Import finished');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The API has the same report.
      const listed = (await (await page.request.get('/api/v1/companies/imports')).json()) as {
        imports: { filename: string; status: string; importedRows: number }[];
      };
      expect(listed.imports[0]).toMatchObject({
        filename: 'accounts.csv',
        status: 'succeeded',
        importedRows: 3,
      });

      const credits = async () =>
        ((await (await page.request.get('/api/v1/credits')).json()) as { usedCredits: number }).usedCredits;
      const usedBefore = await credits();
      await dialog.getByRole('button', { name: 'Show imported companies' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForURL(`${baseUrl}${RESEARCH}?dataSource=import`);
      await expect.poll(async () => (await rowNames(page)).sort()).toEqual(IMPORTED);
      const found = (await (await page.request.get('/api/v1/companies?source=import')).json()) as {
        companies: { name: string; imported: boolean; domain: string | null }[];
      };
      expect(found.companies.every((company) => company.imported)).toBe(true);
      // Listing one's own imports is free.
      expect(await credits()).toBe(usedBefore);
      expect(found.companies.find((c) => c.name === 'Quillfeather Analytics')?.domain).toBe(
        'quillfeather-analytics.example',
      );
      expectNoErrors(errors, 'import');
    } finally {
      await close();
    }
  });

  it('says why a file is refused: too large (checked in the browser), not UTF-8 (by the server), no name column', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      const dialog = await openImport(page);
      const problem = dialog.locator('[data-import-problem]');

      // Dropped on the drop zone, as a user drags it from their desktop.
      await dialog.locator('[data-drop-zone]').evaluate((zone) => {
        const transfer = new DataTransfer();
        transfer.items.add(
          new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.csv', { type: 'text/csv' }),
        );
        zone.dispatchEvent(
          new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }),
        );
      });
      await problem.waitFor();
      expect(await problem.textContent()).toContain('The file is larger than 10 MB');
      expect(await problem.getAttribute('role')).toBe('alert');

      const latin1 = Buffer.from('Name,City\nCaf\u00e9 Z\u00fcrich,Z\u00fcrich\n', 'latin1');
      await dialog.locator('input[type="file"]').setInputFiles(csvFile('latin1.csv', latin1));
      await expect.poll(() => problem.textContent()).toContain('The file is not UTF-8 text');
      expect(await problem.textContent()).toContain('latin1.csv cannot be imported');

      await dialog
        .locator('input[type="file"]')
        .setInputFiles(csvFile('german.csv', 'Firma,Ort\nKranich Werkzeuge,Bremen\n'));
      await dialog.getByRole('heading', { name: 'Check the file and its columns' }).waitFor();
      const name = dialog.getByRole('combobox', { name: 'Company name (required)' });
      expect(await name.inputValue()).toBe('');
      await dialog.getByText('Map a column to the company name').waitFor();
      const start = dialog.getByRole('button', { name: 'Import 1 row' });
      expect(await start.isDisabled()).toBe(true);
      await name.selectOption('Firma');
      expect(await start.isDisabled()).toBe(false);
      expectNoErrors(withoutFailedLoads(errors), 'refused files');
    } finally {
      await close();
    }
  });

  it('on a phone, by keyboard: the dialog fits the screen and gives focus back when closed', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState });
    try {
      await page.goto(RESEARCH);
      await page.getByRole('heading', { level: 1, name: 'Company research' }).waitFor();
      const button = page.getByRole('button', { name: 'Import CSV' });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Import companies from CSV' });
      await dialog.waitFor();
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

      await dialog.locator('input[type="file"]').setInputFiles(csvFile('accounts.csv', ACCOUNTS_CSV));
      await dialog.getByRole('heading', { name: 'Check the file and its columns' }).waitFor();
      await settleAnimations(page);
      const box = await dialog.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
      // Only the sample table scrolls sideways, inside its own region.
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Import CSV');
      expectNoErrors(errors, 'phone import');
    } finally {
      await close();
    }
  });
});
