/**
 * Webhooks and the events timeline in Chromium (issue 10 points 3 and 4): a webhook to a local receiver started
 * by the test is added in the Integrations page, its secret shown once; "Send test" delivers a signed ping the
 * receiver verifies with the documented recipe and the log shows it delivered; a prospect created arrives as
 * `prospect.created`; the events page shows it, linking to the prospect; both pages fit a phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentedVerify, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.WEBHOOK_SHOTS_DIR;

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

describeInBrowser('Webhooks and events', (browser) => {
  let owner: StorageState;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    owner = await onboardedUser(browser(), 'Hooks');
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());

  it('adds a webhook, delivers a signed test and a prospect.created event, and shows the event on the timeline', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/integrations?tab=webhooks');
      await page.getByRole('heading', { level: 2, name: 'Webhooks', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'No webhooks yet' }).waitFor();

      await page.getByRole('button', { name: 'Add webhook' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Endpoint URL').fill(receiver.url('hooks/prospector'));
      await dialog.getByLabel('Description (optional)').fill('Local receiver');
      // Prospect created and status changed are ticked by default; add document processed.
      expect(await dialog.locator('[data-event-type="prospect.created"]').isChecked()).toBe(true);
      await dialog.locator('[data-event-type="document.processed"]').check();
      await dialog.getByRole('button', { name: 'Add webhook' }).click();

      // The secret is shown with a copy button.
      await dialog.getByRole('heading', { name: 'Copy the signing secret' }).waitFor();
      const secret = await dialog.locator('[data-webhook-secret]').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await dialog.getByRole('button', { name: 'Done' }).click();

      const card = page.locator('[data-webhook]');
      await card.waitFor();
      expect(await card.locator('[data-webhook-url]').textContent()).toBe(receiver.url('hooks/prospector'));
      expect(await card.textContent()).toContain(`${secret.slice(0, 10)}…`);
      expect(await card.textContent()).not.toContain(secret);

      // Send test: the ping arrives signed, and the log shows it delivered with the receiver's 200.
      await card.getByRole('button', { name: 'Send test' }).click();
      const ping = await receiver.waitFor((r) => header(r.headers['prospector-event']) === 'webhook.ping');
      const verify = await documentedVerify();
      expect(verify(ping.body, header(ping.headers['prospector-signature']), secret)).toBe(true);
      await card.locator('[data-delivery-status="succeeded"]').first().waitFor({ timeout: 15_000 });
      expect(await card.locator('[data-delivery] [data-delivery-code]').first().textContent()).toBe('200');
      await shot(page, 'webhooks-desktop');

      // Reveal shows the same secret.
      await card.getByRole('button', { name: 'Reveal secret' }).click();
      expect(await card.locator('[data-webhook-secret]').inputValue()).toBe(secret);

      // A prospect created through the app's API arrives as prospect.created, signed.
      const created = await page.request.post('/api/v1/prospects', {
        data: { name: 'Webhook Works Ltd' },
        headers: { origin: baseUrl },
      });
      expect(created.status()).toBe(201);
      const { id: prospectId } = (await created.json()) as { id: string };
      const event = await receiver.waitFor(
        (r) => header(r.headers['prospector-event']) === 'prospect.created',
      );
      expect(verify(event.body, header(event.headers['prospector-signature']), secret)).toBe(true);
      expect(JSON.parse(event.body)).toMatchObject({
        type: 'prospect.created',
        data: { prospectId, name: 'Webhook Works Ltd' },
      });
      await expect
        .poll(async () => card.locator('[data-delivery]').count(), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);

      // The events page shows it under Today, linking to the prospect.
      await page.goto('/events-results');
      await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Today' }).waitFor();
      const row = page.locator('[data-event-type="prospect.created"]');
      expect(await row.textContent()).toContain('Webhook Works Ltd was added as a prospect');
      expect(await row.getByRole('link').getAttribute('href')).toBe(`/prospect/${prospectId}`);
      await shot(page, 'events-desktop');

      // Filtered to another type, the empty state says how such an event arises.
      await page.getByLabel('Type').selectOption('rfp.completed');
      await page.getByRole('heading', { name: 'No “RFP completed” events yet' }).waitFor();
      expect(page.url()).toContain('type=rfp.completed');
      await page.getByRole('button', { name: 'Show all events' }).click();
      await row.waitFor();

      await row.getByRole('link').click();
      await page.waitForURL(`**/prospect/${prospectId}`);
      expectNoErrors(errors, 'the webhooks journey');
    } finally {
      await close();
    }
  });

  it('fits a phone in both themes, without serious accessibility violations', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors, close } = await openPage(browser(), {
        ...PHONE,
        colorScheme,
        storageState: owner,
      });
      try {
        await page.goto('/integrations?tab=webhooks');
        await page.locator('[data-webhook]').first().waitFor();
        await page.getByRole('button', { name: 'Deliveries' }).first().click();
        await page.locator('[data-delivery]').first().waitFor();
        expect(await pageWidth(page)).toBeLessThanOrEqual(390);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await shot(page, `webhooks-phone-${colorScheme}`);

        await page.goto('/events-results');
        await page.locator('[data-event-type]').first().waitFor();
        expect(await pageWidth(page)).toBeLessThanOrEqual(390);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await shot(page, `events-phone-${colorScheme}`);
        expectNoErrors(errors, `the phone pages (${colorScheme})`);
      } finally {
        await close();
      }
    }
  });
});
