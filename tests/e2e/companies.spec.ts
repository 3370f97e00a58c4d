/**
 * Company Finder in Chromium (issue 5 §7, §8; spec 1 §2.1, §2.8; spec 3 §5; spec 2 §8): Alex's start page,
 * the research table (search with typos, facet filters in the address, sort, multi-select save, columns,
 * export with its price first), My Companies from the sidebar, the company page (status and notes), honest
 * empty pages, running out of credits, the phone layout, and axe on each page.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { CREDIT_TOASTS } from '../../src/shared/credits.ts';
import { FILTER_FAILURE_TEXTS } from '../../src/shared/filter-validator.ts';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const RESEARCH = '/sales-account-development/research';

const rows = (page: Page) => page.locator('[data-company-row]');
const rowNames = (page: Page) =>
  rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-company-row') ?? ''));
const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title });
const params = (page: Page) => new URL(page.url()).searchParams;

/** The names the API gives for a query (the order the table must show). */
async function apiNames(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`/api/v1/companies?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { companies: { name: string }[] }).companies.map((c) => c.name);
}

/** A failed request is logged by the browser as an error; these pages expect some (404, 402). */
const withoutFailedLoads = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

describeInBrowser('companies', (browser) => {
  let storageState: StorageState;
  beforeAll(async () => {
    storageState = await onboardedUser(browser(), 'Companies');
  });

  it('searches from Alex’s start page: "microsft" finds Microsoft; axe on the start page and the table', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/sales-account-development?step=overview');
      await page.getByRole('heading', { level: 2, name: 'What Alex does' }).waitFor();
      await page
        .getByRole('heading', { level: 2, name: 'Suggested from your ideal customer profile' })
        .waitFor();
      await page.getByRole('link', { name: 'Set up your ICP' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('searchbox', { name: 'Search companies' }).fill('microsft');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl}${RESEARCH}?q=microsft`);
      await page.getByRole('heading', { level: 1, name: 'Company research' }).waitFor();
      await rows(page).first().waitFor();
      expect((await rowNames(page))[0]).toBe('Microsoft');
      expect(await page.getByRole('searchbox', { name: 'Search companies' }).inputValue()).toBe('microsft');
      expect(await seriousA11yViolations(page)).toEqual([]);
      expectNoErrors(errors, 'search');
    } finally {
      await close();
    }
  });

  it('filters from the panel with facet counts; the address keeps them over a reload; sort by name; back and forward', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto(RESEARCH);
      await rows(page).first().waitFor();
      const industry = page.getByRole('group', { name: 'Industry' });
      const software = industry.getByRole('checkbox', { name: /^Software \d/ });
      await software.waitFor();
      const label =
        (await industry
          .locator('label')
          .filter({ hasText: /^Software/ })
          .textContent()) ?? '';
      const count = Number(label.replace(/[^\d]/g, ''));
      expect(count).toBeGreaterThan(0);

      await software.check();
      await expect.poll(() => params(page).getAll('industry')).toEqual(['Software']);
      await page.locator('[data-filter-summary]').getByText('Software', { exact: true }).waitFor();
      await expect
        .poll(() => page.locator('td[data-column="industry"]').first().textContent())
        .toContain('Software');
      const industries = await page
        .locator('td[data-column="industry"]')
        .evaluateAll((tds) => tds.map((td) => td.textContent ?? ''));
      expect(industries.every((text) => text.startsWith('Software'))).toBe(true);
      const first = (await rowNames(page))[0];

      await page.reload();
      await rows(page).first().waitFor();
      expect(await software.isChecked()).toBe(true);
      expect(params(page).getAll('industry')).toEqual(['Software']);
      expect((await rowNames(page))[0]).toBe(first);

      // Sort by name on the server: the first rows are the API's first rows for the same sort.
      await page.getByRole('button', { name: /^Company/ }).click();
      await expect.poll(() => params(page).get('sort')).toBe('name');
      const byName = await apiNames(page, 'industry=Software&sort=name&limit=5');
      await expect.poll(async () => (await rowNames(page)).slice(0, 5)).toEqual(byName);
      expect(await page.locator('th[aria-sort="ascending"]').textContent()).toContain('Company');
      await page.getByRole('button', { name: /^Company/ }).click();
      await expect.poll(() => params(page).get('sort')).toBe('-name');
      const byNameDesc = await apiNames(page, 'industry=Software&sort=-name&limit=5');
      await expect.poll(async () => (await rowNames(page)).slice(0, 5)).toEqual(byNameDesc);

      // Each change was a history entry.
      await page.goBack();
      await expect.poll(() => params(page).get('sort')).toBe('name');
      await page.goBack();
      await expect.poll(() => params(page).get('sort')).toBeNull();
      await page.goBack();
      await expect.poll(() => params(page).getAll('industry')).toEqual([]);
      await expect.poll(() => software.isChecked()).toBe(false);
      await page.goForward();
      await expect.poll(() => software.isChecked()).toBe(true);
      expectNoErrors(errors, 'filters');
    } finally {
      await close();
    }
  });

  it('saves two companies by multi-select, lists them under My Companies from the sidebar; status and notes survive a reload', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto(`${RESEARCH}?industry=Fintech&sort=name`);
      await rows(page).nth(1).waitFor();
      const [a, b] = (await rowNames(page)).slice(0, 2) as [string, string];
      await page.getByRole('checkbox', { name: `Select ${a}`, exact: true }).check();
      await page.getByRole('checkbox', { name: `Select ${b}`, exact: true }).check();
      const bar = page.getByRole('region', { name: 'Selected companies' });
      expect(await bar.textContent()).toContain('2 selected');
      await bar.getByRole('button', { name: 'Save to My Companies' }).click();
      await toast(page, 'Saved to My Companies').waitFor();
      expect(await toast(page, 'Saved to My Companies').textContent()).toContain('2 companies saved.');
      await bar.waitFor({ state: 'detached' });
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: `Save ${a} to My Companies`, exact: true })
            .getAttribute('aria-pressed'),
        )
        .toBe('true');

      await page
        .getByRole('navigation', { name: 'Sidebar' })
        .getByRole('link', { name: 'My Companies' })
        .click();
      await page.waitForURL(`${baseUrl}${RESEARCH}?myCompanies=true&source=sidebar`);
      await page.getByRole('heading', { level: 1, name: 'My Companies' }).waitFor();
      await expect.poll(async () => (await rowNames(page)).sort()).toEqual([a, b].sort());
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('link', { name: a, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: a }).waitFor();
      const status = page.getByLabel('Status', { exact: true });
      expect(await status.inputValue()).toBe('new');
      await status.selectOption('engaged');
      await toast(page, 'Status changed').waitFor();
      await page
        .getByLabel('Notes', { exact: true })
        .fill('Met their CFO at Money20/20; wants a demo in May.');
      await page.getByLabel('Tags', { exact: true }).fill('warm');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Save notes and tags' }).click();
      await toast(page, 'Notes and tags').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: a }).waitFor();
      await expect.poll(() => page.getByLabel('Status', { exact: true }).inputValue()).toBe('engaged');
      expect(await page.getByLabel('Notes', { exact: true }).inputValue()).toBe(
        'Met their CFO at Money20/20; wants a demo in May.',
      );
      expect(await page.getByRole('list', { name: 'Tags' }).textContent()).toContain('warm');
      // Firmographics from the data we hold, with its source in small print; People Finder's people (its own
      // journey checks them); no invented documents.
      expect(await page.locator('[data-source]').textContent()).toMatch(/^Source: .+ · Licence: .+/);
      await page.getByRole('heading', { level: 2, name: 'Key people' }).waitFor();
      await page
        .getByText('Documents that mention this company appear once you upload them to the knowledge base')
        .waitFor();

      // The My Companies table shows the new status.
      await page.goto(`${RESEARCH}?myCompanies=true`);
      await expect
        .poll(() => page.getByRole('combobox', { name: `Status of ${a}` }).inputValue())
        .toBe('engaged');
      expectNoErrors(errors, 'my companies');
    } finally {
      await close();
    }
  });

  it('shows what the filters became ("fintech", "holland") and the spec suggestion for a word that matches nothing', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto(`${RESEARCH}?industry=fintech&country=holland`);
      const summary = page.locator('[data-filter-summary]');
      await summary.getByText('Fintech', { exact: true }).waitFor();
      await summary.getByText('Netherlands', { exact: true }).waitFor();
      expect(await summary.textContent()).toContain('holland');
      await expect
        .poll(() =>
          page
            .getByRole('group', { name: 'Industry' })
            .getByRole('checkbox', { name: /^Fintech/ })
            .isChecked(),
        )
        .toBe(true);

      await page.goto(`${RESEARCH}?industry=underwater%20basket%20weaving`);
      const suggestions = page.locator('[data-filter-suggestions]');
      await suggestions.waitFor();
      expect(await suggestions.textContent()).toContain(
        FILTER_FAILURE_TEXTS.industry('underwater basket weaving'),
      );
      await page.getByRole('heading', { name: 'No companies match this search' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await suggestions.getByRole('button', { name: 'Remove this filter' }).click();
      await expect.poll(() => params(page).getAll('industry')).toEqual([]);
      await suggestions.waitFor({ state: 'detached' });
      await rows(page).first().waitFor();

      // Valid filters that no company has together ("fintech in Germany"): what each one leaves out, with
      // the search without it one click away.
      await page.goto(`${RESEARCH}?industry=fintech&country=germany`);
      const without = page.locator('[data-without-filter]');
      await without.waitFor();
      expect(await page.getByText('No company in our data has all of these.').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await without.getByRole('button', { name: /^Without the industry: [\d,]+ companies$/ }).click();
      await expect.poll(() => params(page).getAll('industry')).toEqual([]);
      expect(params(page).getAll('country')).toEqual(['germany']);
      await rows(page).first().waitFor();

      // The copilot's "fintech companies in Germany with 50-200 employees": no one kind is the gap, two are.
      await page.goto(`${RESEARCH}?industry=Fintech&size=51-200&country=Germany`);
      await without.waitFor();
      await without
        .getByRole('button', { name: /^Without the size and the place: [\d,]+ companies$/ })
        .click();
      await expect
        .poll(() => [
          params(page).getAll('size'),
          params(page).getAll('country'),
          params(page).getAll('industry'),
        ])
        .toEqual([[], [], ['Fintech']]);
      await rows(page).first().waitFor();
      expectNoErrors(errors, 'filter validation');
    } finally {
      await close();
    }
  });

  it('opens the companies a hand-off names and orders by its words, with chips to remove; a size filter says how many sizes are known', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      // The copilot's hand-off for "Tell me about Stripe" (spec 3 §3 company context).
      await page.goto(`${RESEARCH}?companies=${encodeURIComponent('[{"name":"Stripe"}]')}&source=copilot`);
      await expect.poll(() => rowNames(page)).toEqual(['Stripe']);
      const summary = page.locator('[data-filter-summary]');
      await summary.getByText('Stripe', { exact: true }).waitFor();
      await summary.getByRole('button', { name: 'Remove filter Stripe' }).click();
      await expect.poll(() => params(page).get('companies')).toBeNull();
      await expect.poll(async () => (await rowNames(page)).length).toBeGreaterThan(1);

      // "payments software": both industries, the request's words first (a payment software company on top).
      await page.goto(
        `${RESEARCH}?industry=Fintech&industry=Software&about=${encodeURIComponent('payments software')}`,
      );
      await expect.poll(async () => (await rowNames(page))[0] ?? '').toMatch(/pay/i);
      await summary.getByText('“payments software”').waitFor();
      await summary.getByRole('button', { name: 'Remove filter “payments software”' }).click();
      await expect.poll(() => params(page).get('about')).toBeNull();

      // Software companies of 50-200 people: a valid request, over data where few sizes are known.
      await page.goto(`${RESEARCH}?industry=software&size=50-200`);
      const notice = page.locator('[data-size-coverage]');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/known size/);
      expect(await page.locator('[data-filter-suggestions]').count()).toBe(0);
      await notice.getByRole('button', { name: /without the size/ }).click();
      await expect.poll(() => params(page).getAll('size')).toEqual([]);
      await notice.waitFor({ state: 'detached' });
      expectNoErrors(errors, 'named companies and size coverage');
    } finally {
      await close();
    }
  });

  it('the column chooser hides a column, and the choice is kept after a reload', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto(RESEARCH);
      await rows(page).first().waitFor();
      expect(await page.locator('td[data-column="source"]').count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Source' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('td[data-column="source"]').count()).toBe(0);
      await page.reload();
      await rows(page).first().waitFor();
      expect(await page.locator('td[data-column="source"]').count()).toBe(0);
      expect(await page.locator('td[data-column="industry"]').count()).toBeGreaterThan(0);
      expectNoErrors(errors, 'columns');
    } finally {
      await close();
    }
  });

  it('at 1280 px with the sidebar open, the Size column is whole; the edge fades where more columns follow', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto(`${RESEARCH}?q=software`);
      await rows(page).first().waitFor();
      const table = page.locator('[data-company-table]');
      const [size, scroller] = await Promise.all([
        page.locator('th').filter({ hasText: 'Size' }).boundingBox(),
        table.boundingBox(),
      ]);
      expect(size && scroller && size.x + size.width).toBeLessThanOrEqual(
        (scroller?.x ?? 0) + (scroller?.width ?? 0),
      );
      await page.locator('[data-more-columns]').waitFor();
      // Scrolled to the end, nothing more follows.
      await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await page.locator('[data-more-columns]').waitFor({ state: 'detached' });
      expectNoErrors(errors, 'size column');
    } finally {
      await close();
    }
  });

  it('exports CSV with its price shown first', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto(`${RESEARCH}?industry=Fintech`);
      await rows(page).first().waitFor();
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export to CSV' });
      const quote = dialog.locator('[data-export-quote]');
      await quote.waitFor();
      const exported = Number((await quote.locator('dd').first().textContent())?.replace(/[^\d]/g, ''));
      expect(exported).toBeGreaterThan(0);
      expect(await quote.textContent()).toContain(`${Math.ceil(exported / 100)} credit`);
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
      const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
      expect(parsed.meta.fields?.[0]).toBe('Name');
      expect(parsed.data.length).toBe(exported);
      expect(parsed.data.every((row) => row.Industry === 'Fintech')).toBe(true);
      await dialog.waitFor({ state: 'detached' });
      expectNoErrors(errors, 'export');
    } finally {
      await close();
    }
  });

  it("a company we do not have says so; news and signals are honest: empty, then the user's own records", async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/sales-account-development/No%20Such%20Company%20Ltd');
      await page.getByRole('heading', { level: 1, name: 'Company not found' }).waitFor();
      expect(await page.getByRole('link', { name: /Search for/ }).getAttribute('href')).toBe(
        `${RESEARCH}?q=No+Such+Company+Ltd`,
      );

      await page.goto('/account-prospect/Microsoft');
      await page.getByRole('heading', { level: 1, name: 'Microsoft' }).waitFor();
      await page.getByRole('link', { name: 'Company news' }).click();
      await page.waitForURL(`${baseUrl}/company-news/Microsoft`);
      await page.getByRole('heading', { name: 'No news about Microsoft yet' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto('/ai-signals/Microsoft');
      await page.getByRole('heading', { name: 'No signals about Microsoft yet' }).waitFor();
      await page.getByRole('link', { name: 'Back to Microsoft' }).click();
      await page.waitForURL(`${baseUrl}/sales-account-development/Microsoft`);
      await page.getByRole('heading', { level: 1, name: 'Microsoft' }).waitFor();
      // Once the user has a record of the company, its news page shows it.
      await page.getByRole('button', { name: 'Save to My Companies' }).click();
      await toast(page, 'Saved to My Companies').waitFor();
      await page.goto('/company-news/Microsoft');
      await page.getByRole('heading', { level: 2, name: 'You saved it to My Companies' }).waitFor();
      expect(await page.getByText('Status: New').count()).toBe(1);
      expectNoErrors(withoutFailedLoads(errors), 'company pages');
    } finally {
      await close();
    }
  });

  it('runs out of credits: a search shows the Insufficient Credits toast; browsing stays free', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Companies'),
    });
    try {
      let left = ((await (await page.request.get('/api/v1/credits')).json()) as { remainingCredits: number })
        .remainingCredits;
      while (left > 0) {
        const spent = await page.request.post('/api/v1/credits/usage', {
          data: { activityType: 'company_search', quantity: Math.min(left, 100_000) },
          headers: { origin: baseUrl },
        });
        expect(spent.status()).toBe(201);
        left = ((await spent.json()) as { account: { remainingCredits: number } }).account.remainingCredits;
      }

      await page.goto(`${RESEARCH}?q=apple`);
      const refused = toast(page, 'Insufficient Credits');
      await refused.waitFor();
      const { description } = CREDIT_TOASTS.insufficient('Company search', 1, 0);
      expect(description).toBe('Company search requires 1 credits. You have 0 available.');
      expect(await refused.textContent()).toContain(description);
      await page.getByRole('heading', { name: 'Not enough credits to search' }).waitFor();
      expect(await page.getByRole('link', { name: 'Get more credits' }).getAttribute('href')).toBe(
        '/credits',
      );

      // Browsing without criteria costs nothing, so the table still fills.
      await page.getByRole('link', { name: 'All companies' }).click();
      await rows(page).first().waitFor();
      expectNoErrors(withoutFailedLoads(errors), 'out of credits');
    } finally {
      await close();
    }
  });

  it('on a phone: search, filters in a sheet, results as cards, nothing wider than the screen', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState });
    try {
      await page.goto('/sales-account-development');
      await page.getByRole('searchbox', { name: 'Search companies' }).fill('bank');
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(`${baseUrl}${RESEARCH}?q=bank`);
      const cards = page.locator('[data-company-cards]');
      await cards.locator('li').first().waitFor();
      expect(await page.locator('[data-company-table]').count()).toBe(0);

      await page.getByRole('button', { name: 'Filters' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.waitFor();
      await settleAnimations(page);
      const box = await sheet.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(Math.ceil(375 * 0.85));
      await sheet.getByRole('group', { name: 'Industry' }).getByRole('checkbox').first().click();
      await expect.poll(() => params(page).getAll('industry').length).toBe(1);
      await sheet.getByRole('button', { name: 'Show results' }).click();
      await sheet.waitFor({ state: 'detached' });
      await cards.locator('li').first().waitFor();
      // The new results, not the previous ones shown faded while they load (axe would flag their contrast).
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      expect(params(page).get('q')).toBe('bank');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expectNoErrors(errors, 'phone');
    } finally {
      await close();
    }
  });
});
