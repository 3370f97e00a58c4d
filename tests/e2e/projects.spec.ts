/**
 * Sales projects in Chromium (issue 10 point 2): a project is created on its page; a company is added from
 * its company page and an RFP from the RFP editor through "Add to project" (the menu then marks the project
 * holding it), and a second project is created inline from the menu; the project page shows them grouped by
 * kind with links to their agents; a note is added, the status changed, an item removed; the project is
 * deleted with a confirmation and its address then says it is not found; the pages fit a phone (dark theme).
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.PROJECTS_SHOTS_DIR;
const RFP_TITLE = 'Stripe security questionnaire';

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function closeToasts(page: Page) {
  for (const close of await page.locator('[data-toast]').getByRole('button', { name: 'Close' }).all()) {
    if (await close.isVisible()) await close.click();
  }
}

/** Opens "Add to project" and picks a project; waits for the toast that says where it went. */
async function addToProject(page: Page, kind: string, project: string) {
  await closeToasts(page);
  await page.locator(`[data-add-to-project="${kind}"]`).first().click();
  const option = page.locator(`[data-project-option="${project}"]`);
  await option.waitFor();
  await option.click();
  await page
    .locator('[data-toast]')
    .filter({ hasText: `Added to ${project}` })
    .waitFor();
}

describeInBrowser('Sales projects', (browser) => {
  let owner: StorageState;
  let rfpId = '';
  beforeAll(async () => {
    owner = await onboardedUser(browser(), 'Pat', async (request) => {
      const rfp = await request.post('/api/v1/rfp/projects', {
        data: { title: RFP_TITLE, text: '1. Is data encrypted at rest?\n2. Do you support SAML?' },
      });
      expect(rfp.status()).toBe(201);
      rfpId = ((await rfp.json()) as { id: string }).id;
    });
  });

  it('groups a company and an RFP in a project, with notes, a status and removals', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/sales-projects');
      await page.getByRole('heading', { level: 1, name: 'My Sales Projects' }).waitFor();
      await page.locator('[data-projects-empty]').waitFor();

      // Created on the list page, it opens.
      await page.getByLabel('Name', { exact: true }).fill('Stripe expansion');
      await page.getByLabel('Description (optional)').fill('Payments platform deal, Q3');
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.waitForURL(/\/sales-projects\/[0-9a-f-]{36}$/);
      const projectUrl = page.url();
      await page.getByRole('heading', { level: 1, name: 'Stripe expansion' }).waitFor();
      await page.locator('[data-project-items-empty]').waitFor();

      // A company from its page: the menu then marks the project as holding it.
      await page.goto('/sales-account-development/Stripe');
      await page.getByRole('heading', { level: 1, name: 'Stripe' }).waitFor();
      await addToProject(page, 'company', 'Stripe expansion');
      await closeToasts(page);
      await page.locator('[data-add-to-project="company"]').click();
      await page.locator('[data-project-option="Stripe expansion"][data-holds]').waitFor();
      await shot(page, 'add-to-project-menu');
      // "New project…" creates another one with the company in it.
      await page.locator('[data-new-project]').click();
      const dialog = page.locator('[data-new-project-dialog]');
      await dialog.getByLabel('Project name').fill('Fintech campaign');
      await dialog.getByRole('button', { name: 'Create and add' }).click();
      await page.locator('[data-toast]').filter({ hasText: 'Added to Fintech campaign' }).waitFor();

      // An RFP from the editor.
      await page.goto(`/rfp-editor/${rfpId}`);
      await page.getByRole('heading', { level: 1, name: RFP_TITLE }).waitFor();
      await addToProject(page, 'rfp', 'Stripe expansion');

      // The project page: grouped by kind, each linking to its agent.
      await page.goto(projectUrl);
      await page.locator('[data-item-group="company"]').waitFor();
      expect(await page.locator('[data-item-group] h3').allTextContents()).toEqual([
        'Companies (1)',
        'RFPs (1)',
      ]);
      const company = page.locator('[data-project-item="company"]');
      expect(await company.getByRole('link').getAttribute('href')).toBe('/sales-account-development/Stripe');
      const rfp = page.locator('[data-project-item="rfp"]');
      expect(await rfp.getByRole('link').getAttribute('href')).toBe(`/rfp-editor/${rfpId}`);
      expect(await rfp.textContent()).toContain('0 of 2 approved');
      expect(await page.locator('[data-project-description]').textContent()).toBe(
        'Payments platform deal, Q3',
      );

      // A note, newest first.
      const note = page.getByRole('textbox', { name: 'New note' });
      await note.fill('Intro call with the CFO on Monday');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.locator('[data-project-note]').filter({ hasText: 'Intro call with the CFO' }).waitFor();
      await note.fill('Sent the security questionnaire back');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect
        .poll(() => page.locator('[data-project-note] p').allTextContents())
        .toEqual(['Sent the security questionnaire back', 'Intro call with the CFO on Monday']);

      // The status, kept.
      await page.getByLabel('Status').selectOption('won');
      await page.locator('[data-toast]').filter({ hasText: 'Project saved' }).waitFor();

      // An item removed.
      await page.getByRole('button', { name: `Remove ${RFP_TITLE} from the project` }).click();
      await expect.poll(() => page.locator('[data-project-item="rfp"]').count()).toBe(0);

      await page.reload();
      await page.locator('[data-item-group="company"]').waitFor();
      expect(await page.getByLabel('Status').inputValue()).toBe('won');
      expect(await page.locator('[data-project-item]').count()).toBe(1);
      expect(await page.locator('[data-project-note]').count()).toBe(2);
      await shot(page, 'project-desktop');

      // The list: status, counts per kind; filtered by status.
      await page.goto('/sales-projects');
      const row = page.locator('[data-project-row]').filter({ hasText: 'Stripe expansion' });
      await row.waitFor();
      expect(await row.locator('[data-project-status]').getAttribute('data-project-status')).toBe('won');
      expect(await row.locator('[data-count="company"]').textContent()).toBe('1 Company');
      expect(await page.locator('[data-project-row]').count()).toBe(2);
      await page.getByLabel('Filter by status').selectOption('won');
      await page.waitForURL(/status=won/);
      await expect.poll(() => page.locator('[data-project-row]').count()).toBe(1);
      await shot(page, 'projects-list');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Deleted with a confirmation; its address then says so.
      await page.goto(projectUrl);
      await page.locator('[data-delete-project]').click();
      await page
        .locator('[data-delete-project-dialog]')
        .getByRole('button', { name: 'Delete project' })
        .click();
      await page.waitForURL(/\/sales-projects$/);
      await page.goto(projectUrl);
      await page.locator('[data-project-not-found]').waitFor();
      // The 404 of the deleted project is the browser's logged failed load, expected here.
      expectNoErrors(
        errors.filter((error) => !error.startsWith('Failed to load resource')),
        'sales projects',
      );
    } finally {
      await close();
    }
  });

  it('fits a phone, in the dark theme', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...PHONE,
      colorScheme: 'dark',
      storageState: owner,
    });
    try {
      await page.goto('/sales-projects');
      const link = page.locator('[data-project-link]').filter({ hasText: 'Fintech campaign' });
      await link.waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await link.click();
      await page.getByRole('heading', { level: 1, name: 'Fintech campaign' }).waitFor();
      await page.locator('[data-project-item="company"]').waitFor();
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await shot(page, 'project-phone');
      expect(await seriousA11yViolations(page)).toEqual([]);
      expectNoErrors(errors, 'sales projects on a phone');
    } finally {
      await close();
    }
  });
});
