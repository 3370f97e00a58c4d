/**
 * The shared agent workflow (issue 7 point 9, spec 3 §4): a company page suggests the next agents with the
 * company in their links; the steps and suggestions survive a reload and follow the user to another browser;
 * templates lead through their steps; the bar stays small on a phone.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { WorkflowResponse } from '../../src/shared/workflow.ts';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations, textsOf } from './site.ts';
import { onboardedUser } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const PASSWORD = 'violet-harbor-42';
const SHOTS = process.env.WORKFLOW_SHOTS_DIR;

const panel = (page: Page) => page.locator('[data-workflow-panel]');
const suggested = (page: Page) =>
  panel(page)
    .locator('[data-recommendation]')
    .evaluateAll((items) =>
      items.map((item) => [
        item.getAttribute('data-recommendation'),
        item.querySelector('[data-priority]')?.getAttribute('data-priority'),
      ]),
    );
const history = (page: Page) =>
  panel(page)
    .locator('[data-history-step]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-history-step')));

async function expand(page: Page) {
  await panel(page).getByRole('button', { name: 'Show more next steps' }).click();
  await panel(page).locator('[data-recommendation]').first().waitFor();
}

/** The state as the server holds it, once it satisfies `done` (saves are debounced by a second). */
async function serverState(page: Page, done: (body: WorkflowResponse) => boolean) {
  let body: WorkflowResponse = { state: null, updatedAt: null };
  await expect
    .poll(
      async () => {
        body = (await (await page.request.get('/api/v1/workflow')).json()) as WorkflowResponse;
        return done(body);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return body;
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

describeInBrowser('agent workflow', (browser) => {
  it('a company page suggests People Finder, RFP and documents; the state survives a reload and another browser', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Workflow'),
    });
    let second: Awaited<ReturnType<typeof openPage>> | null = null;
    try {
      await page.goto('/sales-account-development/Microsoft');
      await page.getByRole('heading', { level: 1, name: 'Microsoft' }).waitFor();
      // The bar names the first suggestion; opened, it lists them all with their priority.
      await panel(page).locator('[data-top-recommendation="jim"]').waitFor();
      await shot(page, 'company-1280');
      await expand(page);
      expect(await suggested(page)).toEqual([
        ['jim', 'high'],
        ['maya', 'medium'],
        ['david', 'medium'],
      ]);
      const names = await textsOf(page, '[data-workflow-panel] [data-recommendation] a');
      expect(names).toEqual(['Open People Finder', 'Open RFP Responses', 'Open Document Generation']);
      const rfp = new URL(
        (await panel(page).locator('[data-recommendation="maya"] a').getAttribute('href')) ?? '',
        baseUrl,
      );
      expect(JSON.parse(rfp.searchParams.get('companies') ?? '[]')).toEqual([{ name: 'Microsoft' }]);
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'company-1280-open');

      // Following People Finder carries the company; there, account development and RFP are suggested.
      await panel(page).locator('[data-recommendation="jim"]').getByRole('link').click();
      await page.waitForURL(`${baseUrl}/people-finder-master/research?company=Microsoft`);
      await expect
        .poll(() => suggested(page))
        .toEqual([
          ['alex', 'high'],
          ['maya', 'medium'],
        ]);
      expect(await history(page)).toEqual(['alex', 'jim']);
      const saved = await serverState(page, (b) => b.state?.workflowHistory.length === 2);
      expect(saved.state?.companyName).toBe('Microsoft');
      expect(saved.state?.handoffData).toMatchObject({ targetAgent: 'jim', sourceAgent: 'alex' });
      await serverState(page, (b) => b.state?.recommendations[0]?.agentId === 'alex');

      // A reload shows the same steps and suggestions.
      await page.reload();
      await panel(page).locator('[data-top-recommendation="alex"]').waitFor();
      await expand(page);
      expect(await history(page)).toEqual(['alex', 'jim']);
      expect(await suggested(page)).toEqual([
        ['alex', 'high'],
        ['maya', 'medium'],
      ]);
      await shot(page, 'people-1280-open');

      // Another browser, signed in afresh, gets the state from the server.
      const { user } = (await (await page.request.get('/api/auth/get-session')).json()) as {
        user: { email: string };
      };
      second = await openPage(browser(), DESKTOP);
      const signIn = await second.page.request.post('/api/auth/sign-in/email', {
        data: { email: user.email, password: PASSWORD },
        headers: { origin: baseUrl },
      });
      expect(signIn.status()).toBe(200);
      await second.page.goto('/people-finder-master/research?company=Microsoft');
      await panel(second.page).locator('[data-top-recommendation]').waitFor();
      await expand(second.page);
      expect(await history(second.page)).toEqual(['alex', 'jim']);
      expect(await suggested(second.page)).toEqual([
        ['alex', 'high'],
        ['maya', 'medium'],
      ]);
      expectNoErrors(second.errors, 'second browser');
      expectNoErrors(errors, 'workflow');
    } finally {
      await second?.close();
      await close();
    }
  });

  it('the next step follows the page open now, and can be dismissed', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Stale'),
    });
    try {
      await page.goto('/sales-account-development/Microsoft');
      await panel(page).locator('[data-top-recommendation="jim"]').waitFor();
      // Elsewhere, the company left behind is not the next step's subject.
      for (const path of ['/instant-sales-answers', '/sales-account-development/research?industry=Fintech']) {
        await page.goto(path);
        await panel(page).locator('[data-top-recommendation="alex"]').waitFor();
        expect(await panel(page).textContent(), path).not.toContain('Microsoft');
      }
      await shot(page, 'research-1280');

      // Dismissed, the bar is gone, on another page with the same next step too (after a full load), until the
      // next step is another one.
      await page.goto('/instant-sales-answers');
      await panel(page).locator('[data-top-recommendation="alex"]').waitFor();
      await panel(page).getByRole('button', { name: 'Dismiss this next step' }).click();
      await expect.poll(() => panel(page).count()).toBe(0);
      await serverState(page, (b) => typeof b.state?.workflowData.dismissedStep === 'string');
      await page.goto('/sales-document-generation');
      // Once the step for this page is worked out and saved, it is the one dismissed: no bar.
      await serverState(
        page,
        (b) => b.state?.lastAgent === 'david' && b.state.recommendations[0]?.agentId === 'alex',
      );
      expect(await panel(page).count()).toBe(0);
      await page.goto('/sales-account-development/Microsoft');
      await panel(page).locator('[data-top-recommendation="jim"]').waitFor();
      expectNoErrors(errors, 'stale next step');
    } finally {
      await close();
    }
  });

  it('a template leads through its steps; start over forgets them; the bar stays one line on a phone', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...PHONE,
      storageState: await onboardedUser(browser(), 'Template'),
    });
    try {
      await page.goto('/sales-account-development/research');
      await page.getByRole('heading', { level: 1, name: 'Company research' }).waitFor();
      await panel(page).locator('[data-top-recommendation="alex"]').waitFor();
      // Collapsed, the bar is one short line and nothing is wider than the screen.
      const bar = await panel(page).boundingBox();
      expect(bar?.height).toBeLessThan(72);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, 'research-375');

      await expand(page);
      await shot(page, 'research-375-open');
      await panel(page).locator('[data-template="quick-research"]').click();
      await page.waitForURL(`${baseUrl}/enterprise-file-search`);
      await panel(page).locator('[data-top-recommendation="emma"]').waitFor();
      expect(await panel(page).locator('[data-active-template]').textContent()).toBe(
        'Quick research · 1 of 2 steps taken',
      );
      expect(await history(page)).toEqual(['alex', 'sofia']);
      await shot(page, 'file-search-375-open');
      await serverState(page, (b) => b.state?.currentObjective === 'Quick research');

      await panel(page).getByRole('button', { name: 'Start over' }).click();
      await expect.poll(() => history(page)).toEqual(['sofia']);
      await expect.poll(() => panel(page).locator('[data-active-template]').count()).toBe(0);
      await serverState(page, (b) => b.state?.workflowHistory.length === 1 && !b.state.currentObjective);

      // A company page on a phone: the bar names the next agent in one line above the company.
      await page.goto('/sales-account-development/Microsoft');
      await page.getByRole('heading', { level: 1, name: 'Microsoft' }).waitFor();
      await panel(page).locator('[data-top-recommendation="jim"]').waitFor();
      expect((await panel(page).boundingBox())?.height).toBeLessThan(72);
      await shot(page, 'company-375');
      expectNoErrors(errors, 'templates');
    } finally {
      await close();
    }
  });
});
