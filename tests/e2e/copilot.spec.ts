/**
 * The copilot (issue 7 §5-§7): a typed request lands on the right agent with the filters applied, the palette
 * works from any page, a command creates a prospect, and the conversation is kept on the server.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { COPILOT_TEXTS, HANDOFF_TOASTS } from '../../src/shared/copilot.ts';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title });
const replies = (page: Page) => page.locator('[data-chat-message="assistant"]:not([data-streaming])');

describeInBrowser('copilot', (browser) => {
  it('a request typed in the chat lands on the research table with its filters; the chat keeps it', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Copilot'),
    });
    try {
      await page.goto('/chat');
      await page.getByRole('heading', { level: 1, name: 'Copilot' }).waitFor();
      const box = page.getByLabel('Message the copilot');
      await box.fill('hello');
      await box.press('Enter');
      // The placeholder first, then the answer with its confidence label; no handing off for small talk.
      await page.locator('[data-streaming]').or(replies(page)).first().waitFor();
      await replies(page).first().locator('[data-confidence]').waitFor();
      expect(await replies(page).first().locator('[data-confidence]').textContent()).toBe('Initial analysis');
      expect(new URL(page.url()).pathname).toBe('/chat');
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A request that leads to an agent: the reply stays readable while a countdown runs, then hands off.
      await box.fill('fintech companies in Germany');
      await box.press('Enter');
      const countdown = page.locator('[data-handoff-countdown]');
      await countdown.waitFor();
      expect(await countdown.textContent()).toMatch(/^Opening Company Finder in \d s/);
      expect(new URL(page.url()).pathname).toBe('/chat');
      await page.waitForURL(/\/sales-account-development\/research\?/, { timeout: 15_000 });
      const params = new URL(page.url()).searchParams;
      expect([params.getAll('industry'), params.getAll('country')]).toEqual([['Fintech'], ['Germany']]);
      await toast(page, HANDOFF_TOASTS.switching('Company Finder', true).title).waitFor();
      // The research table opened filtered.
      await page.getByText('Filters applied:').waitFor();

      // Back in the chat, the conversation is still there (read from the server).
      await page.goto('/chat');
      await page
        .locator('[data-chat-message="user"]')
        .filter({ hasText: 'fintech companies in Germany' })
        .waitFor();
      expect(await page.locator('[data-chat-message]').count()).toBe(4);
      expectNoErrors(errors, 'chat');
    } finally {
      await close();
    }
  });

  it('"Stay here" cancels the hand-off; a prospect command said nowhere asks which prospect', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Countdown', async (request) => {
        const created = await request.post('/api/v1/prospects', { data: { name: 'Harbor Freight Lines' } });
        expect(created.status()).toBe(201);
      }),
    });
    try {
      // The page's clock is ours: the countdown's seconds pass when the test says so.
      await page.clock.install();
      await page.goto('/chat');
      await page.getByRole('heading', { level: 1, name: 'Copilot' }).waitFor();
      // Without a prospect open, the starters are requests that work anywhere.
      const starters = await page.locator('main li button').allTextContents();
      expect(starters).not.toContain('Set the realistic forecast to $2.5m');
      const box = page.getByLabel('Message the copilot');
      await box.fill('fintech companies in Germany');
      await box.press('Enter');
      const countdown = page.locator('[data-handoff-countdown]');
      await countdown.waitFor();
      await page.getByRole('button', { name: 'Stay here' }).click();
      await countdown.waitFor({ state: 'detached' });
      await page.clock.runFor(10_000);
      expect(new URL(page.url()).pathname).toBe('/chat');

      // A command for a prospect, with none open: the copilot asks which, and does it for the one picked.
      await box.fill('set the realistic forecast to $2.5m');
      await box.press('Enter');
      const picker = page.locator('[data-prospect-picker]');
      await picker.getByText('Which prospect?').waitFor();
      await picker.locator('[data-pick-prospect="Harbor Freight Lines"]').click();
      await replies(page).filter({ hasText: 'Updated the realistic forecast to $2.5M.' }).waitFor();
      expect(new URL(page.url()).searchParams.get('prospect')).toMatch(/^[0-9a-f-]{36}$/);
      const list = (await (await page.request.get('/api/v1/prospects')).json()) as {
        prospects: { name: string; pipeline: { realistic: number; optimistic: number } | null }[];
      };
      expect(list.prospects.find((p) => p.name === 'Harbor Freight Lines')?.pipeline?.realistic).toBe(
        2_500_000,
      );

      // The form's rule holds here too: an optimistic amount below the realistic one is refused, nothing changes.
      await box.fill('update optimistic forecast to 800k');
      await box.press('Enter');
      await replies(page).filter({ hasText: 'Forecast amounts must be in order' }).waitFor();
      const after = (await (await page.request.get('/api/v1/prospects')).json()) as typeof list;
      expect(after.prospects.find((p) => p.name === 'Harbor Freight Lines')?.pipeline?.optimistic).toBe(0);
      expectNoErrors(errors, 'countdown and picker');
    } finally {
      await close();
    }
  });

  it('the palette opens with Ctrl+K on any page; a request hands off to its agent; a command creates a prospect', async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Palette'),
    });
    try {
      await page.goto('/credits');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.keyboard.press('Control+k');
      const palette = page.locator('[data-copilot-palette]');
      await palette.waitFor();
      const box = palette.getByLabel('Request or command');
      await box.fill('help me answer a security questionnaire');
      await box.press('Enter');
      // Every agent is built now: "Open now" opens the RFP agent at once, and the palette closes.
      await palette.getByRole('button', { name: 'Open now' }).click();
      await toast(page, HANDOFF_TOASTS.switching('RFP Responses', false).title).waitFor();
      await page.waitForURL(/\/automated-rfp-responses/);
      await palette.waitFor({ state: 'detached' });

      await page.keyboard.press('Control+k');
      await palette.waitFor();
      await box.fill('create a prospect for Berlin Ledger');
      await box.press('Enter');
      // The prospect page is built: the command opens it and the palette closes.
      await page.waitForURL(/\/prospect\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: 'Berlin Ledger' }).waitFor();
      expect(await palette.count()).toBe(0);
      const prospects = await page.request.get('/api/v1/copilot/sessions');
      expect(prospects.status()).toBe(200);
      // Nothing failed on the way.
      expect(await page.getByText(COPILOT_TEXTS.failure).count()).toBe(0);
      expectNoErrors(errors, 'palette');
    } finally {
      await close();
    }
  });
});
