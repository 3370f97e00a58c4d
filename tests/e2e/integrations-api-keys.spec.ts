/**
 * API keys in Chromium (issue 10 point 4, "an API key created in the UI works with curl against the documented
 * endpoints"): a key is created on /integrations with read-only scopes, read from the dialog that shows it
 * once, and used with curl and fetch (a GET works, a write is refused for its missing scope); the list shows
 * when it was last used; it is revoked in the UI and the same call then fails with 401. The tab fits a phone,
 * in both themes.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.API_KEYS_SHOTS_DIR;
const KEY_NAME = 'Nightly CRM sync';

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** curl as a seller would run it: status code on the last line. */
async function curl(key: string, path: string): Promise<{ status: number; body: unknown }> {
  const { stdout } = await promisify(execFile)('curl', [
    '-s',
    '-H',
    `Authorization: Bearer ${key}`,
    '-w',
    '\n%{http_code}',
    `${baseUrl}${path}`,
  ]);
  const lines = stdout.trimEnd().split('\n');
  const status = Number(lines.pop());
  return { status, body: JSON.parse(lines.join('\n')) };
}

const withKey = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });

describeInBrowser('API keys', (browser) => {
  let owner: StorageState;
  beforeAll(async () => {
    owner = await onboardedUser(browser(), 'Keys', async (request) => {
      const prospect = await request.post('/api/v1/prospects', { data: { name: 'Initech' } });
      expect(prospect.status()).toBe(201);
    });
  });

  it('creates a key in the UI that works with curl, shows its last use, and revokes it at once', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/integrations?tab=api');
      await page.getByRole('heading', { level: 2, name: 'API keys', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'No API keys yet' }).waitFor();
      expect(await page.locator('#api-try-it + p + pre').textContent()).toContain(
        `${baseUrl}/api/v1/companies`,
      );

      await page.getByRole('button', { name: 'Create API key' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.waitFor();
      // Nothing to create without a name.
      expect(await dialog.getByRole('button', { name: 'Create key' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Name').fill(KEY_NAME);
      // "All" then "Read only": every write scope is unticked again.
      await dialog.getByRole('button', { name: 'All', exact: true }).click();
      expect(await dialog.getByRole('checkbox', { name: 'Prospects: write' }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Read only' }).click();
      expect(await dialog.getByRole('checkbox', { name: 'Prospects: write' }).isChecked()).toBe(false);
      expect(await dialog.getByRole('checkbox', { name: 'Prospects: read' }).isChecked()).toBe(true);
      await shot(page, 'api-keys-create');
      await dialog.getByRole('button', { name: 'Create key' }).click();

      // Shown once, with the warning and a copy button.
      const shown = page.getByRole('dialog', { name: 'Copy your API key' });
      await shown.waitFor();
      expect(await shown.getByRole('alert').textContent()).toContain('it will not be shown again');
      const key = await shown.locator('[data-api-key-value]').inputValue();
      expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
      expect(await shown.locator('pre').textContent()).toContain(`Bearer ${key}`);
      await shown.getByRole('button', { name: 'Copy the API key' }).click();
      await page.locator('[data-toast]').filter({ hasText: 'API key copied' }).waitFor();
      await shot(page, 'api-keys-shown');
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });

      // The list: name, prefix, scopes, never used yet; the key itself is nowhere on the page.
      const row = page.locator('[data-api-key]').filter({ hasText: KEY_NAME });
      await row.waitFor();
      expect(await row.locator('[data-api-key-status]').textContent()).toBe('Active');
      expect(await row.textContent()).toContain(`${key.slice(0, 11)}…`);
      expect(await row.textContent()).toContain('Last used never');
      expect(await row.textContent()).toContain('prospects:read');
      expect(await page.content()).not.toContain(key);

      // The documented endpoints with the key, as curl sends it.
      const prospects = await curl(key, '/api/v1/prospects');
      expect(prospects.status).toBe(200);
      expect((prospects.body as { prospects: { name: string }[] }).prospects.map((p) => p.name)).toEqual([
        'Initech',
      ]);
      expect((await curl(key, '/api/v1/credits')).status).toBe(200);
      // A read-only key cannot write, and no key can manage keys.
      const write = await withKey(key, '/api/v1/prospects', {
        method: 'POST',
        body: JSON.stringify({ name: 'Hooli' }),
      });
      expect(write.status).toBe(403);
      expect(((await write.json()) as { error: { message: string } }).error.message).toContain(
        'prospects:write',
      );
      expect((await withKey(key, '/api/v1/integrations/api-keys')).status).toBe(403);

      await page.reload();
      await row.waitFor();
      expect(await row.textContent()).not.toContain('Last used never');

      // Revoked in the UI (after a confirmation): the same call fails at once.
      page.once('dialog', (confirm) => void confirm.accept());
      await row.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
      await expect.poll(() => row.locator('[data-api-key-status]').textContent()).toBe('Revoked');
      const revoked = await curl(key, '/api/v1/prospects');
      expect(revoked.status).toBe(401);
      expect(revoked.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'This API key has been revoked' },
      });
      expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      await shot(page, 'api-keys-list');
      expect(await seriousA11yViolations(page)).toEqual([]);
      expectNoErrors(errors, '/integrations?tab=api');
    } finally {
      await close();
    }
  });

  it('fits a phone in both themes, with the create dialog', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState: owner });
    try {
      await page.goto('/integrations?tab=api');
      await page.locator('[data-api-key]').first().waitFor();
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'api-keys-390');

      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await page.getByRole('button', { name: 'Create API key' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.waitFor();
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'api-keys-create-dark-390');

      // The key as shown once fits too: it wraps rather than pushing the dialog wider.
      await dialog.getByLabel('Name').fill('Phone key');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByRole('dialog', { name: 'Copy your API key' });
      await shown.locator('[data-api-key-value]').waitFor();
      await settleAnimations(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      const box = await shown.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'api-keys-shown-dark-390');
      expectNoErrors(errors, '/integrations?tab=api on a phone');
    } finally {
      await close();
    }
  });
});
