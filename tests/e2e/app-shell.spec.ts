/** The signed-in app shell in Chromium: sidebar, mobile bottom navigation, toasts, ICP editing, axe (spec 1 §2.8-2.10, §4). */

import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

describeInBrowser('app shell', (browser) => {
  let storageState: StorageState;
  beforeAll(async () => {
    storageState = await onboardedUser(browser(), 'Shell', async (request) => {
      await request.post('/api/v1/profile/icp-segments', {
        data: { name: 'EU fintech', industries: ['Fintech'] },
      });
    });
  });

  it('shows the sidebar groups; collapsing it persists across a reload', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/app');
      const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
      await sidebar.waitFor();
      for (const label of [
        'CORE AI AGENTS',
        'SALES OPERATIONS',
        'PIPELINE & INSIGHTS',
        'SETTINGS & CONFIG',
      ]) {
        expect(await sidebar.getByText(label, { exact: true }).count(), label).toBe(1);
      }
      expect(await sidebar.getByRole('link', { name: 'My Companies' }).getAttribute('href')).toBe(
        '/sales-account-development/research?myCompanies=true&source=sidebar',
      );
      expect(await sidebar.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      expect(await seriousA11yViolations(page)).toEqual([]);

      const aside = page.locator('[data-sidebar="desktop"]');
      const wide = (await aside.boundingBox())?.width ?? 0;
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
      await settleAnimations(page);
      const narrow = (await aside.boundingBox())?.width ?? 0;
      expect(wide).toBe(256);
      expect(narrow).toBe(56);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sidebar-store') ?? '{}'));
      expect(stored.state).toMatchObject({ isCollapsed: true, userPreferences: { compactMode: false } });

      await page.reload();
      await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();

      // Spec 1 §2.8: the Workspace takes the whole width; the top bar brings the sidebar back.
      await sidebar.getByRole('link', { name: 'Workspace' }).click();
      await page.waitForURL(`${baseUrl}/sales-account-development/research`);
      await sidebar.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await sidebar.waitFor();
      expectNoErrors(errors, 'sidebar');
    } finally {
      await close();
    }
  });

  it('reaches the pipeline and insight pages in one click, and from Ctrl+K by their name', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/app');
      const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
      for (const [name, path] of [
        ['Account Management', '/account-management'],
        ['Key People', '/key-people'],
        ['Buyer Intent', '/buyer-intent-results'],
        ['Events', '/events-results'],
        ['All Agents', '/agents'],
      ] as const) {
        await sidebar.getByRole('link', { name, exact: true }).click();
        await page.waitForURL(`${baseUrl}${path}`);
        await expect
          .poll(() => sidebar.getByRole('link', { name, exact: true }).getAttribute('aria-current'), {
            message: name,
          })
          .toBe('page');
      }

      // The palette finds a page by the first letters of its name and opens it, free.
      const before = (await (await page.request.get('/api/v1/credits')).json()) as {
        remainingCredits: number;
      };
      await page.keyboard.press('Control+k');
      const palette = page.locator('[data-copilot-palette]');
      await palette.getByLabel('Request or command').fill('buyer int');
      await palette
        .locator('[data-palette-pages]')
        .getByRole('button', { name: /Buyer Intent/ })
        .click();
      await page.waitForURL(`${baseUrl}/buyer-intent-results`);
      await palette.waitFor({ state: 'detached' });
      // Its whole name and Enter do the same.
      await page.keyboard.press('Control+k');
      await palette.getByLabel('Request or command').fill('Account Management');
      await palette.getByLabel('Request or command').press('Enter');
      await page.waitForURL(`${baseUrl}/account-management`);
      const after = (await (await page.request.get('/api/v1/credits')).json()) as {
        remainingCredits: number;
      };
      expect(after.remainingCredits).toBe(before.remainingCredits);
      expectNoErrors(errors, 'pages');
    } finally {
      await close();
    }
  });

  it('shows the frame at once, before the app has loaded, and the app then takes its place', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    // The app's scripts are held back until the frame has been seen: a slow network, made certain.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    try {
      await page.goto('/account-management', { waitUntil: 'commit' });
      const skeleton = page.locator('[data-app-shell-skeleton]');
      await skeleton.getByText('PIPELINE & INSIGHTS').waitFor();
      expect(await skeleton.getByText('Account Management').count()).toBe(1);
      release();
      await page.getByRole('navigation', { name: 'Sidebar' }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Account Management' }).waitFor();
      expect(await skeleton.count()).toBe(0);
      expectNoErrors(errors, 'frame');
    } finally {
      release();
      await close();
    }
  });

  it('on a phone: five tabs, sheets with their titles, an item navigates and closes the sheet', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState });
    try {
      await page.goto('/app');
      const tabs = page.getByRole('navigation', { name: 'Mobile' });
      await tabs.waitFor();
      expect(await tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      const sheets = [
        ['Agents', 'AI Agents', 'Choose an AI agent to help with your sales tasks'],
        ['Work', 'My Work', 'Quick access to your companies and contacts'],
        ['Search', 'Search & Knowledge', 'Search files and explore your knowledge graph'],
        ['More', 'More Options', 'Analytics, integrations, and settings'],
      ] as const;
      for (const [tab, title, subtitle] of sheets) {
        await tabs.getByRole('button', { name: tab }).click();
        const sheet = page.getByRole('dialog', { name: title });
        await sheet.waitFor();
        expect(await sheet.textContent()).toContain(subtitle);
        await sheet.getByRole('button', { name: 'Close' }).last().click();
        await sheet.waitFor({ state: 'detached' });
      }
      await tabs.getByRole('button', { name: 'Search' }).click();
      await page
        .getByRole('dialog', { name: 'Search & Knowledge' })
        .getByRole('link', { name: /Knowledge Graph/ })
        .click();
      await page.waitForURL(`${baseUrl}/knowledge-graph`);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect
        .poll(() => tabs.getByRole('button', { name: 'Search' }).getAttribute('aria-current'))
        .toBe('true');
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const height = await tabs.evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeGreaterThanOrEqual(60);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The sidebar is a drawer here: Escape closes it.
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      const drawer = page.getByRole('dialog', { name: 'Sidebar' });
      await drawer.waitFor();
      const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(Math.ceil(375 * 0.85));
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      expectNoErrors(errors, 'mobile navigation');
    } finally {
      await close();
    }
  });

  it('toasts: F8 focuses the toast area and Escape closes the toast', async () => {
    const { page, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
      await page.getByLabel('Current password').fill('violet-harbor-42');
      await page.getByLabel('New password', { exact: true }).fill('amber-lantern-77');
      await page.getByLabel('Confirm new password').fill('amber-lantern-78');
      await page.getByRole('button', { name: 'Update password' }).click();
      const toast = page.locator('[data-toast]').filter({ hasText: "Passwords don't match" });
      await toast.waitFor();
      await page.keyboard.press('F8');
      await expect
        .poll(() =>
          page.evaluate(
            () => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? '',
          ),
        )
        .toMatch(/Notification/);
      await page.keyboard.press('Escape');
      await toast.waitFor({ state: 'detached' });
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('edits the ICP: add, edit, pause and delete a segment', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/onboarding?edit=true');
      await page.getByRole('button', { name: 'Continue' }).click();
      const list = page.getByRole('list', { name: 'ICP segments' });
      await list.getByText('EU fintech').waitFor();

      await page.getByRole('button', { name: 'Add another segment' }).click();
      const form = page.getByRole('form', { name: 'New segment' });
      await form.getByLabel('Segment name').fill('US healthtech');
      await form.getByRole('button', { name: '201-500' }).click();
      await form.getByRole('button', { name: 'Add segment' }).click();
      await list.getByText('US healthtech').waitFor();
      expect(await list.getByText('201-500 employees').count()).toBe(1);

      await page.getByRole('button', { name: 'Edit US healthtech' }).click();
      const edit = page.getByRole('form', { name: 'Edit segment' });
      await edit.getByLabel('Segment name').fill('US digital health');
      await edit.getByRole('button', { name: 'Save segment' }).click();
      await list.getByText('US digital health').waitFor();

      const toggle = page.getByRole('switch', { name: 'US digital health active' });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await list.getByText(/Paused/).waitFor();

      await page.getByRole('button', { name: 'Delete US digital health' }).click();
      await list.getByText('US digital health').waitFor({ state: 'detached' });
      const profile = await (await page.request.get('/api/v1/profile')).json();
      expect(profile.idealCustomerProfile.segments.map((s: { name: string }) => s.name)).toEqual([
        'EU fintech',
      ]);
      expectNoErrors(errors, 'ICP editing');
    } finally {
      await close();
    }
  });
});
