/**
 * People Finder in Chromium (issue 6; spec 1 §2.1, §2.8, §2.9; spec 2 §8; spec 3 §5): Jim's start page, the
 * people table (title search, facet filters in the address, multi-select save), the contact drawer (finders
 * with their price first, My People with notes), My People from the sidebar and the phone's Work sheet, key
 * people at My Companies, the company page's key people card, running out of credits, the phone layout, and
 * axe on each. It needs only the Y Combinator founders (Patrick and John Collison at Stripe); where the
 * synthetic sample contacts add something to check (an address held), it is checked when they are there.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { CREDIT_TOASTS } from '../../src/shared/credits.ts';
import { FILTER_FAILURE_TEXTS } from '../../src/shared/filter-validator.ts';
import { displayPhone } from '../../src/shared/phone.ts';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, gotoHydrated, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const FINDER = '/people-finder-master';
const RESEARCH = '/people-finder-master/research';

const rows = (page: Page) => page.locator('[data-person-row]');
const rowNames = (page: Page) =>
  rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-person-row') ?? ''));
const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title });
const params = (page: Page) => new URL(page.url()).searchParams;

/** A failed request is logged by the browser as an error; these pages expect some (404, 402). */
const withoutFailedLoads = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

const remainingCredits = async (request: APIRequestContext) =>
  ((await (await request.get('/api/v1/credits')).json()) as { remainingCredits: number }).remainingCredits;

type ApiPerson = { id: string; fullName: string; hasEmail: boolean; company: { id: string; name: string } };

async function saveCompany(request: APIRequestContext, name: string): Promise<string> {
  const company = (await (await request.get(`/api/v1/companies/${encodeURIComponent(name)}`)).json()) as {
    id: string;
  };
  const saved = await request.put(`/api/v1/companies/${company.id}/saved`, {
    data: {},
    headers: { origin: baseUrl },
  });
  expect([200, 201]).toContain(saved.status());
  return company.id;
}

describeInBrowser('people', (browser) => {
  let storageState: StorageState;
  beforeAll(async () => {
    storageState = await onboardedUser(browser(), 'People');
    // The counts compared below are final once the server is ready: its people data, the background sample
    // of contacts included, is all in (describeInBrowser waited for it).
    expect((await fetch(`${baseUrl}/api/health/ready`)).status).toBe(200);
  });

  it('searches by title from Jim’s start page, filters by seniority with facet counts kept in the address; axe on both', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/app');
      const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
      await sidebar.getByRole('link', { name: 'People Finder' }).click();
      await page.waitForURL(`${baseUrl}${FINDER}`);
      await page.getByRole('heading', { level: 2, name: 'What Jim does' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Suggested searches' }).waitFor();
      expect(
        await page
          .getByRole('list', { name: 'Common roles' })
          .getByRole('link', { name: 'VP Sales' })
          .getAttribute('href'),
      ).toBe(`${RESEARCH}?title=VP+Sales`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('searchbox', { name: 'Job title' }).fill('founder');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl}${RESEARCH}?title=founder`);
      await page.getByRole('heading', { level: 1, name: 'People research' }).waitFor();
      await rows(page).first().waitFor();
      expect(await page.getByRole('searchbox', { name: 'Job title' }).inputValue()).toBe('founder');
      const titles = await page
        .locator('td[data-column="title"]')
        .evaluateAll((tds) => tds.map((td) => td.textContent ?? ''));
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.every((title) => /founder/i.test(title))).toBe(true);
      expect(await page.locator('[data-cost-line]').textContent()).toContain(
        'A new search costs 1 credit when it finds people.',
      );

      // The facet count is the API's count under the other filters.
      const facets = (await (await page.request.get('/api/v1/people/facets?title=founder')).json()) as {
        seniority: { value: string; count: number }[];
      };
      const founders = facets.seniority.find((f) => f.value === 'founder')?.count ?? 0;
      expect(founders).toBeGreaterThan(0);
      const seniority = page.getByRole('group', { name: 'Seniority' });
      const founder = seniority.getByRole('checkbox', { name: /^Founder \d/ });
      await founder.waitFor();
      const label =
        (await seniority
          .locator('label')
          .filter({ hasText: /^Founder/ })
          .textContent()) ?? '';
      expect(Number(label.replace(/[^\d]/g, ''))).toBe(founders);

      await founder.check();
      await expect.poll(() => params(page).getAll('seniority')).toEqual(['founder']);
      expect(params(page).get('title')).toBe('founder');
      await page.locator('[data-filter-summary]').getByText('Founder', { exact: true }).waitFor();
      await page.reload();
      await rows(page).first().waitFor();
      expect(await founder.isChecked()).toBe(true);
      const seniorities = await page
        .locator('td[data-column="seniority"]')
        .evaluateAll((tds) => tds.map((td) => td.textContent ?? ''));
      expect(seniorities.every((text) => text === 'Founder')).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Sorting by name is the server's.
      await page.getByRole('button', { name: /^Name/ }).click();
      await expect.poll(() => params(page).get('sort')).toBe('name');
      const byName = (
        (await (
          await page.request.get('/api/v1/people?title=founder&seniority=founder&sort=name&limit=5')
        ).json()) as { people: { fullName: string }[] }
      ).people.map((p) => p.fullName);
      await expect.poll(async () => (await rowNames(page)).slice(0, 5)).toEqual(byName);
      expectNoErrors(errors, 'people search');
    } finally {
      await close();
    }
  });

  it('shows what the filters became ("fintech") and the spec suggestion for an industry that matches nothing', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto(`${RESEARCH}?title=founder&industry=fintech`);
      const summary = page.locator('[data-filter-summary]');
      await summary.getByText('Fintech', { exact: true }).waitFor();
      await expect
        .poll(() =>
          page
            .getByRole('group', { name: 'Company industry' })
            .getByRole('checkbox', { name: /^Fintech/ })
            .isChecked(),
        )
        .toBe(true);

      await page.goto(`${RESEARCH}?title=founder&industry=underwater%20basket%20weaving`);
      const suggestions = page.locator('[data-filter-suggestions]');
      await suggestions.waitFor();
      expect(await suggestions.textContent()).toContain(
        FILTER_FAILURE_TEXTS.industry('underwater basket weaving'),
      );
      await page.getByRole('heading', { name: 'No people match this search' }).waitFor();
      await suggestions.getByRole('button', { name: 'Remove this filter' }).click();
      await expect.poll(() => params(page).getAll('industry')).toEqual([]);
      await rows(page).first().waitFor();
      expectNoErrors(errors, 'filter validation');
    } finally {
      await close();
    }
  });

  it('opens the contact drawer: finders priced first, no paid button for what we do not hold; saves with notes; My People from the sidebar', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto(`${RESEARCH}?q=collison`);
      await rows(page).nth(2).waitFor();
      const found = await rowNames(page);
      expect(found).toContain('John Collison');
      // Patrick Collison founded Auctomatic and Stripe: a contact at each.
      expect(found.filter((name) => name === 'Patrick Collison').length).toBeGreaterThanOrEqual(2);
      await page.getByRole('button', { name: 'John Collison', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'John Collison' });
      await drawer.waitFor();
      expect(await drawer.textContent()).toContain('Co-founder at Stripe');
      expect(await drawer.getByRole('link', { name: 'Stripe', exact: true }).getAttribute('href')).toBe(
        '/sales-account-development/Stripe',
      );
      expect(await drawer.locator('[data-source]').textContent()).toBe(
        'Source: Y Combinator founders · Licence: CC BY-SA 4.0',
      );
      // We hold no number for a founder: the plain fact, not a paid button that would fail.
      await drawer.getByText('We hold no number for this person.').waitFor();
      expect(await drawer.getByRole('button', { name: /Find phone/ }).count()).toBe(0);

      // A real person's address is never guessed from the sample addresses at stripe.com, and no real one is
      // held there: the card says there is nothing to find rather than offer a find that finds nothing
      // (issue 25: the row said "Can be guessed", then the find said "No e-mail address found").
      await drawer.getByText(/We hold no address for this person, and no address at stripe\.com/).waitFor();
      expect(await drawer.getByRole('button', { name: /Find e-mail/ }).count()).toBe(0);
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await drawer.getByRole('button', { name: 'Save to My People' }).click();
      await toast(page, 'Saved to My People').waitFor();
      await drawer.getByText('In My People').waitFor();
      await drawer.getByLabel('Notes').fill('Met at Sessions; prefers e-mail.');
      await drawer.getByLabel('Tags').fill('warm');
      await page.keyboard.press('Enter');
      await drawer.getByRole('button', { name: 'Save notes and tags' }).click();
      await toast(page, 'Notes and tags for John Collison saved.').waitFor();
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // (Escape would first close the toast, the top layer.)
      await drawer.getByRole('button', { name: 'Close' }).click();
      await drawer.waitFor({ state: 'detached' });
      expect(
        await page
          .getByRole('button', { name: 'Save John Collison to My People', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');

      // Multi-select: both Patrick Collisons (Stripe and Auctomatic) in one go.
      const patricks = page.getByRole('checkbox', { name: 'Select Patrick Collison', exact: true });
      await patricks.nth(0).check();
      await patricks.nth(1).check();
      const bar = page.getByRole('region', { name: 'Selected people' });
      expect(await bar.textContent()).toContain('2 selected');
      await bar.getByRole('button', { name: 'Save to My People' }).click();
      await toast(page, '2 people saved.').waitFor();
      await bar.waitFor({ state: 'detached' });

      await page
        .getByRole('navigation', { name: 'Sidebar' })
        .getByRole('link', { name: 'My People' })
        .click();
      await page.waitForURL(`${baseUrl}${FINDER}?myPeople=true`);
      await page.getByRole('heading', { level: 1, name: 'My People' }).waitFor();
      await rows(page).nth(2).waitFor();
      await expect
        .poll(async () => (await rowNames(page)).sort())
        .toEqual(['John Collison', 'Patrick Collison', 'Patrick Collison']);
      expect(await page.locator('[data-cost-line]').textContent()).toContain('My People is free');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The notes are the server's: after a reload they are still there.
      await page.reload();
      await page.getByRole('button', { name: 'John Collison', exact: true }).click();
      const again = page.getByRole('dialog', { name: 'John Collison' });
      await expect
        .poll(() => again.getByLabel('Notes').inputValue())
        .toBe('Met at Sessions; prefers e-mail.');
      expect(await again.getByRole('list', { name: 'Tags' }).textContent()).toContain('warm');
      // The table's Contact column said so before the card was opened.
      await page.goto(`${RESEARCH}?q=collison`);
      const john = page.locator('[data-person-row="John Collison"] td[data-column="contact"]');
      await john.waitFor();
      expect(await john.textContent()).toContain('E-mail: None held');
      expectNoErrors(withoutFailedLoads(errors), 'contact drawer');
    } finally {
      await close();
    }
  });

  it('finds e-mails and phones for a selection as a job with its cost first, then exports the selection as CSV', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Enrich'),
    });
    try {
      await page.goto(`${RESEARCH}?title=cto`);
      await rows(page).nth(3).waitFor();
      for (let i = 0; i < 4; i++) await rows(page).nth(i).getByRole('checkbox').check();
      const bar = page.getByRole('region', { name: 'Selected people' });
      await bar.getByRole('button', { name: 'Find e-mails and phones' }).click();
      const dialog = page.getByRole('dialog', { name: 'Find contact details' });
      await dialog.getByLabel('Phone numbers').check();
      // The most it can cost, before anything runs.
      expect(await dialog.locator('[data-enrich-quote]').textContent()).toMatch(
        /People selected4At most\d+ credits?/,
      );
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const before = await remainingCredits(page.request);
      await dialog.getByRole('button', { name: 'Find for 4 people' }).click();
      const report = dialog.locator('[data-enrich-report]');
      await report.waitFor({ timeout: 30_000 });
      const figures = await report.locator('dd').allTextContents();
      expect(figures[0]).toBe('4 of 4');
      const [emails, phones, nothing, used] = figures.slice(1).map(Number);
      expect((emails ?? 0) + (nothing ?? 0)).toBeLessThanOrEqual(4);
      // Exactly what was found is charged: 2 credits per address, 5 per number.
      expect(used).toBe((emails ?? 0) * 2 + (phones ?? 0) * 5);
      expect(await remainingCredits(page.request)).toBe(before - (used ?? 0));
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Export 4 selected' }).click();
      const exporting = page.getByRole('dialog', { name: 'Export to CSV' });
      await exporting.locator('[data-export-quote]').waitFor();
      expect(await exporting.locator('[data-export-quote]').textContent()).toContain('People4Cost1 credit');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        exporting.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path()) ?? '', 'utf8');
      const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
      expect(parsed.data).toHaveLength(4);
      // The addresses just found are in the file; nobody else's.
      expect(parsed.data.filter((row) => row['E-mail']).length).toBe(emails);
      expect(parsed.data.every((row) => /cto|chief technology/i.test(row.Title ?? ''))).toBe(true);
      expectNoErrors(withoutFailedLoads(errors), 'enrichment and export');
    } finally {
      await close();
    }
  });

  it('a person asks to be removed on the public page, confirms from the mailed link, and is gone from the search', async () => {
    const signedIn = await browser().newContext({ baseURL: baseUrl, storageState });
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      // A sample person whose address we hold (a verified find). The sample loads in the background after
      // the server starts, which takes longer on a machine busy with other tests: wait for it.
      let person: ApiPerson | undefined;
      await expect
        .poll(
          async () => {
            const response = await signedIn.request.get('/api/v1/people?title=cfo&source=synthetic&limit=50');
            const search = await response.json();
            if (!response.ok()) console.warn('[removal] people search', response.status(), search);
            person = (search.people as ApiPerson[] | undefined)?.find((p) => p.hasEmail);
            return person;
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBeDefined();
      const found = await signedIn.request.post(`/api/v1/people/${person?.id}/email`, {
        headers: { origin: baseUrl },
      });
      const { email } = (await found.json()) as { email: string };

      // The page is prerendered: a click before hydration would submit the bare HTML form.
      await gotoHydrated(page, '/privacy/remove-me');
      await page.getByRole('heading', { level: 1, name: 'Remove my data' }).waitFor();
      await page.getByLabel('Your work e-mail address').fill(email);
      await page.getByRole('button', { name: 'Send the confirmation link' }).click();
      await page.locator('[data-removal-requested]').waitFor();
      expect(await page.locator('[data-removal-requested]').textContent()).toContain(
        'If we hold data about this address, a confirmation link is on its way to it.',
      );
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const mailbox = await (
        await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)
      ).json();
      const mail = (mailbox.mails as { kind: string; text: string }[]).find(
        (m) => m.kind === 'privacy-removal',
      );
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      expect(link).toContain('/privacy/remove-me/confirm?token=');
      await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
      // Opening the link removes nothing: the person confirms with the button. (A common name is shared by
      // many synthetic people: the whole first hundred is read.)
      const byName = `/api/v1/people?q=${encodeURIComponent(person?.fullName ?? '')}&limit=100`;
      const stillThere = await (await signedIn.request.get(byName)).json();
      expect((stillThere.people as ApiPerson[]).some((p) => p.id === person?.id)).toBe(true);
      await page.getByRole('button', { name: 'Remove my data' }).click();
      const outcome = page.locator('[data-removal-outcome]');
      await outcome.waitFor();
      expect(await outcome.getAttribute('data-removal-outcome')).toBe('removed');
      const after = await (await signedIn.request.get(byName)).json();
      expect((after.people as ApiPerson[]).some((p) => p.id === person?.id)).toBe(false);
      // The link works once.
      await page.reload();
      await page.getByRole('button', { name: 'Remove my data' }).click();
      await page.locator('[data-removal-outcome="refused"]').waitFor();
      expect(await page.locator('[data-removal-outcome]').textContent()).toBe(
        'This link is invalid or has expired. Please ask for the removal again.',
      );
      expectNoErrors(withoutFailedLoads(errors), 'removal');
    } finally {
      await close();
      await signedIn.close();
    }
  }, 120_000);

  it('key people: an honest empty page first; after saving Stripe to My Companies, its founders by company; the company page card', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'KeyPeople'),
    });
    try {
      await page.goto('/key-people');
      await page.getByRole('heading', { name: 'No companies in My Companies yet' }).waitFor();
      expect(await page.getByRole('link', { name: 'Find companies' }).getAttribute('href')).toBe(
        '/sales-account-development',
      );

      const stripeId = await saveCompany(page.request, 'Stripe');
      const before = await remainingCredits(page.request);
      await page.goto('/key-people');
      const stripe = page.locator('[data-key-people-company="Stripe"]');
      await stripe.waitFor();
      const names = await stripe
        .locator('[data-person-row]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-person-row')));
      expect(names).toEqual(expect.arrayContaining(['John Collison', 'Patrick Collison']));
      expect(await stripe.getByRole('link', { name: 'Stripe', exact: true }).getAttribute('href')).toBe(
        '/sales-account-development/Stripe',
      );
      expect(await stripe.getByRole('link', { name: 'Everyone at Stripe' }).getAttribute('href')).toBe(
        `${RESEARCH}?companyId=${stripeId}`,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto('/sales-account-development/Stripe');
      const card = page.locator('[data-company-key-people]');
      await card.locator('[data-person-row]').first().waitFor();
      await card.getByRole('link', { name: 'See everyone at Stripe in People Finder' }).click();
      await page.waitForURL(`${baseUrl}${RESEARCH}?companyId=${stripeId}`);
      await page.locator('[data-filter-summary]').getByText('Stripe', { exact: true }).waitFor();
      await rows(page).nth(1).waitFor();
      const companies = await page
        .locator('td[data-column="company"]')
        .evaluateAll((tds) => tds.map((td) => td.querySelector('a')?.textContent ?? ''));
      expect(companies.every((name) => name === 'Stripe')).toBe(true);
      expect(await page.locator('[data-cost-line]').textContent()).toContain(
        'The people of one company are free',
      );
      // The people of the user's own accounts are free.
      expect(await remainingCredits(page.request)).toBe(before);
      expectNoErrors(errors, 'key people');
    } finally {
      await close();
    }
  });

  it('runs out of credits: a search shows the Insufficient Credits toast; My People stays free', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'PeopleBroke'),
    });
    try {
      // Someone with an address we hold, if the sample contacts are loaded (the founders have none).
      const held = (
        (await (
          await page.request.get('/api/v1/people?company=stripe.com&source=synthetic&limit=50')
        ).json()) as {
          people: ApiPerson[];
        }
      ).people.find((person) => person.hasEmail);
      let left = await remainingCredits(page.request);
      while (left > 0) {
        const spent = await page.request.post('/api/v1/credits/usage', {
          data: { activityType: 'company_search', quantity: Math.min(left, 100_000) },
          headers: { origin: baseUrl },
        });
        expect(spent.status()).toBe(201);
        left = ((await spent.json()) as { account: { remainingCredits: number } }).account.remainingCredits;
      }

      await page.goto(`${RESEARCH}?title=founder`);
      const refused = toast(page, 'Insufficient Credits');
      await refused.waitFor();
      expect(await refused.textContent()).toContain(
        CREDIT_TOASTS.insufficient('Contact discovery', 1, 0).description,
      );
      await page.getByRole('heading', { name: 'Not enough credits to search' }).waitFor();

      await page
        .getByRole('navigation', { name: 'People lists' })
        .getByRole('link', { name: 'My People' })
        .click();
      await page.getByRole('heading', { name: 'No saved people yet' }).waitFor();

      if (!held) {
        console.warn('[e2e] no sample contact with an address: the e-mail finder’s 402 is not checked');
      } else {
        // The people of one company are free to list; finding the address is what the credits are missing for.
        await page.goto(`${RESEARCH}?companyId=${held.company.id}&q=${encodeURIComponent(held.fullName)}`);
        await page.getByRole('button', { name: held.fullName, exact: true }).first().click();
        const drawer = page.getByRole('dialog', { name: held.fullName });
        await drawer.getByRole('button', { name: /^Find e-mail/ }).click();
        const short = toast(page, 'Insufficient Credits');
        await expect
          .poll(() => short.textContent())
          .toContain(CREDIT_TOASTS.insufficient('Email finder', 2, 0).description);
      }
      expectNoErrors(withoutFailedLoads(errors), 'out of credits');
    } finally {
      await close();
    }
  });

  it('on a phone: search, filters in a sheet, cards, the drawer, My People from the Work sheet; nothing wider than the screen', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState });
    try {
      await page.goto(FINDER);
      await page.getByRole('searchbox', { name: 'Job title' }).fill('founder');
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(`${baseUrl}${RESEARCH}?title=founder`);
      const cards = page.locator('[data-person-cards]');
      await cards.locator('li').first().waitFor();
      expect(await page.locator('[data-person-table]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await page.getByRole('button', { name: 'Filters' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.waitFor();
      await sheet.getByRole('group', { name: 'Seniority' }).getByRole('checkbox').first().click();
      await expect.poll(() => params(page).getAll('seniority').length).toBe(1);
      await sheet.getByRole('button', { name: 'Show results' }).click();
      await sheet.waitFor({ state: 'detached' });
      await cards.locator('li').first().waitFor();
      // The previous results stay, dimmed, until the new ones arrive: axe judges the new ones.
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const first = (await rowNames(page))[0] ?? '';
      await cards.getByRole('button', { name: first, exact: true }).first().click();
      const drawer = page.getByRole('dialog', { name: first });
      await drawer.waitFor();
      await settleAnimations(page);
      const box = await drawer.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      const tabs = page.getByRole('navigation', { name: 'Mobile' });
      await tabs.getByRole('button', { name: 'Work' }).click();
      await page
        .getByRole('dialog', { name: 'My Work' })
        .getByRole('link', { name: /My People/ })
        .click();
      await page.waitForURL(`${baseUrl}${FINDER}?myPeople=true`);
      await page.getByRole('heading', { level: 1, name: 'My People' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expectNoErrors(errors, 'phone');
    } finally {
      await close();
    }
  });

  it('a row says what Find e-mail will give, and the find gives it; nothing found is a normal answer; phone numbers as the user’s locale writes them', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      locale: 'de-DE',
      storageState: await onboardedUser(browser(), 'Finders'),
    });
    type Found = {
      people: (ApiPerson & { emailFind: string | null; hasPhone: boolean; phone: string | null })[];
    };
    const people = async (query: string) =>
      ((await (await page.request.get(`/api/v1/people?${query}`)).json()) as Found).people;
    const post = (path: string) => page.request.post(path, { headers: { origin: baseUrl } });
    try {
      // The API: nothing to find for John Collison, said beforehand; asked anyway, a 200 "not found", free.
      const john = (await people('q=john%20collison')).find((p) => p.company.name === 'Stripe');
      expect(john?.emailFind).toBeNull();
      const before = await remainingCredits(page.request);
      const none = await post(`/api/v1/people/${john?.id}/email`);
      expect([none.status(), await none.json()]).toEqual([
        200,
        { found: false, message: 'No e-mail address found for this person', creditsCharged: 0 },
      ]);
      expect(await remainingCredits(page.request)).toBe(before);

      // Sample people (random): one whose address can be guessed, one whose number we hold, where there are.
      let guessable: Found['people'][number] | undefined;
      let callable: Found['people'][number] | undefined;
      for (const query of ['title=cfo', 'title=cto', 'seniority=c_suite', 'source=synthetic']) {
        const found = await people(`${query}&source=synthetic&limit=100&sort=name`);
        guessable ??= found.find((p) => p.emailFind === 'guessed');
        callable ??= found.find((p) => p.hasPhone && !p.phone);
        if (guessable && callable) break;
      }
      const open = async (person: ApiPerson) => {
        // The people of one company are free to list.
        await page.goto(
          `${RESEARCH}?companyId=${person.company.id}&q=${encodeURIComponent(person.fullName)}`,
        );
        await page.getByRole('button', { name: person.fullName, exact: true }).first().click();
        const drawer = page.getByRole('dialog', { name: person.fullName });
        await drawer.waitFor();
        return drawer;
      };
      const contactCell = (person: ApiPerson) =>
        page.locator(`[data-person-row="${person.fullName}"] td[data-column="contact"]`).first();

      if (!guessable)
        console.warn('[e2e] no sample contact with a guessable address: that promise is not checked');
      else {
        const drawer = await open(guessable);
        expect(await contactCell(guessable).textContent()).toContain('E-mail: Can be guessed');
        const spent = await remainingCredits(page.request);
        await drawer.getByRole('button', { name: 'Find e-mail · 2 credits' }).click();
        const result = drawer.locator('[data-email-result]');
        await result.waitFor();
        expect(await result.getAttribute('data-email-result')).toBe('guessed');
        expect(await result.textContent()).toMatch(/Guessed\d+% confidence/);
        expect(await remainingCredits(page.request)).toBe(spent - 2);
        await drawer.getByRole('button', { name: 'Close' }).click();
        await drawer.waitFor({ state: 'detached' });
      }

      if (!callable) console.warn('[e2e] no sample contact with a number: phone formatting is not checked');
      else {
        const drawer = await open(callable);
        await drawer.getByRole('button', { name: /^Find phone/ }).click();
        const shown = drawer.locator('[data-phone-result]');
        await shown.waitFor();
        // The stored number stays as it was; the browser (de-DE) shows it nationally in Germany and
        // internationally elsewhere.
        const raw = (await people(`companyId=${callable.company.id}&limit=100`)).find(
          (p) => p.id === callable?.id,
        )?.phone;
        const expected = displayPhone(raw ?? '', 'DE');
        expect(await shown.textContent()).toBe(expected.text);
        expect(await shown.getAttribute('href')).toBe(`tel:${expected.dial}`);
        await drawer.getByRole('button', { name: 'Close' }).click();
        await drawer.waitFor({ state: 'detached' });
        expect(await contactCell(callable).textContent()).toContain(`Phone: ${expected.text}`);
      }
      // Not even a failed load in the console: "not found" is not an error.
      expectNoErrors(errors, 'finders');
    } finally {
      await close();
    }
  });

  it('"<title> at <company>" that finds nobody says why, and offers the search meant, then the closest titles held there', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      // A title nobody at Stripe holds, the first of a few that is (with the sample contacts, or the founders alone).
      type Answer = {
        noMatch: { reason: string; message: string; closestTitles: { title: string }[] } | null;
      };
      let title = '';
      let closest: string[] = [];
      for (const candidate of ['CISO', 'VP Security', 'Co-founder and CISO']) {
        const query = new URLSearchParams({ title: candidate, company: 'Stripe' });
        const { noMatch } = (await (await page.request.get(`/api/v1/people?${query}`)).json()) as Answer;
        if (noMatch?.reason === 'no_title' && noMatch.closestTitles.length > 0) {
          title = candidate;
          closest = noMatch.closestTitles.map((t) => t.title);
          break;
        }
      }
      expect(title).not.toBe('');
      // Typed as a first-time user would, company and all, into Jim's search box: the search meant is offered.
      await page.goto(FINDER);
      await page.getByRole('searchbox', { name: 'Job title' }).fill(`${title} at stripe`);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'No people match this search' }).waitFor();
      await page
        .getByText(`Nobody has the job title “${title} at stripe”: Stripe is a company in your data.`, {
          exact: false,
        })
        .waitFor();
      await page.getByRole('button', { name: `Search for “${title}” at Stripe` }).click();
      await expect.poll(() => params(page).getAll('company')).toEqual(['Stripe']);
      expect(params(page).get('title')).toBe(title);
      await page.getByText(`No contact with the title “${title}” at Stripe in your data.`).waitFor();
      const offered = page.getByRole('list', { name: 'Closest titles at Stripe' }).getByRole('button');
      const labels = await offered.allTextContents();
      expect(labels.map((label) => label.replace(/\d+ (person|people)$/, ''))).toEqual(closest);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // One click takes the title, at the same company.
      await offered.first().click();
      await expect.poll(() => params(page).get('title')).toBe(closest[0]);
      expect(params(page).getAll('company')).toEqual(['Stripe']);
      await rows(page).first().waitFor();
      const companies = await page
        .locator('td[data-column="company"]')
        .evaluateAll((tds) => tds.map((td) => td.querySelector('a')?.textContent ?? ''));
      expect(companies.length).toBeGreaterThan(0);
      expect(companies.every((name) => name === 'Stripe')).toBe(true);
      expectNoErrors(errors, 'no match');
    } finally {
      await close();
    }
  });
});
