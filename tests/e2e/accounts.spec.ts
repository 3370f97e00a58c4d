/** Accounts in Chromium: sign-up to onboarding to /app, logout, login, password reset, guards (spec 1 §2.5-2.7, §4). */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, gotoHydrated, settleAnimations } from './site.ts';
import { onboardedUser } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PASSWORD = 'violet-harbor-42';

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Waits for a toast with this title (and description): an earlier toast of the same title may still show. */
async function expectToast(page: Page, title: string, description?: string) {
  const withTitle = page.locator('[data-toast]').filter({ hasText: title });
  const toast = description ? withTitle.filter({ hasText: description }) : withTitle;
  await toast.first().waitFor();
}

/** Opens the sign-up modal from the header and creates an account; the app then asks for onboarding. */
async function signUp(page: Page, email: string) {
  await gotoHydrated(page, '/');
  await page.locator('header').getByRole('button', { name: 'Start building for free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('Username').fill('Ada');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Account created!', 'Check your email to confirm your account.');
  await page.waitForURL(`${baseUrl}/onboarding`);
}

/** Both onboarding steps with one ICP segment; ends on /app. */
async function completeOnboarding(page: Page) {
  await page.getByLabel('Company name').fill('Analytical Engines Ltd');
  await page.getByLabel('What you sell').fill('Revenue analytics for finance teams');
  await page.getByRole('button', { name: 'Continue' }).click();
  const form = page.getByRole('form', { name: 'New segment' });
  await form.getByLabel('Segment name').fill('EU fintech');
  await form.getByRole('button', { name: '51-200' }).click();
  await form.getByLabel('Industries').fill('Fintech, Insurance');
  await form.getByLabel('Regions').fill('Germany');
  await form.getByRole('button', { name: 'Add segment' }).click();
  await page.getByRole('list', { name: 'ICP segments' }).getByText('EU fintech').waitFor();
  await page.getByRole('button', { name: 'Finish and open the app' }).click();
  await page.waitForURL(`${baseUrl}/app`);
}

async function logIn(page: Page, email: string, password: string) {
  await gotoHydrated(page, '/auth');
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

async function latestMailLink(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { mails } = (await response.json()) as { mails: { kind: string; text: string }[] };
  const reset = mails.find((mail) => mail.kind === 'reset-password');
  const link = reset?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no reset mail for ${email}`);
  return link;
}

describeInBrowser('accounts', (browser) => {
  it('signs up, completes onboarding with an ICP segment, arrives on /app, logs out and logs back in', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      const email = uniqueEmail('journey');
      await signUp(page, email);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome to Prospector');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await completeOnboarding(page);
      const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
      expect(user).toMatchObject({ email, username: email.split('@')[0] });

      // Onboarding done: /onboarding goes to /app unless editing.
      await page.goto('/onboarding');
      await page.waitForURL(`${baseUrl}/app`);
      await page.goto('/onboarding?edit=true');
      await page.getByText('Company and ideal customer profile').waitFor();
      expect(await page.getByLabel('Company name').inputValue()).toBe('Analytical Engines Ltd');

      await page.goto('/app');
      await page.evaluate(() => {
        localStorage.setItem('recent_queries', '["x"]');
        localStorage.setItem('agent_workflow_state', '{}');
      });
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await expectToast(page, 'Logged out', 'See you soon!');
      await page.waitForURL(`${baseUrl}/`);
      const kept = await page.evaluate(() =>
        ['user', 'recent_queries', 'agent_workflow_state'].filter((k) => localStorage.getItem(k) !== null),
      );
      expect(kept).toEqual([]);
      const session = await (await page.request.get('/api/auth/get-session')).json();
      expect(session).toBeNull();

      await logIn(page, email, PASSWORD);
      await expectToast(page, 'Login successful!', 'Welcome back!');
      await page.waitForURL(`${baseUrl}/app`);
      expectNoErrors(errors, 'sign-up journey');
    } finally {
      await close();
    }
  });

  it('signing up with an address that has an account signs nobody in, says to check the e-mail and tells the owner', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      const email = uniqueEmail('taken');
      await gotoHydrated(page, '/');
      const created = await page.evaluate(
        async (body) =>
          (
            await fetch('/api/auth/sign-up/email', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { email, password: PASSWORD, name: 'Ada' },
      );
      expect(created).toBe(200);
      await page.context().clearCookies();

      await gotoHydrated(page, '/');
      await page.locator('header').getByRole('button', { name: 'Start building for free' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.getByLabel('Username').fill('Mallory');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill('another-fine-pass');
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, 'Account created!', 'Check your email to confirm your account.');
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${baseUrl}/`);
      expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();

      const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      const { mails } = (await mailbox.json()) as { mails: { text: string }[] };
      expect(mails.some((mail) => mail.text.includes('Someone tried to create'))).toBe(true);
      expectNoErrors(errors, 'sign-up with a registered address');
    } finally {
      await close();
    }
  });

  it('profile: an unconfirmed address gets its confirmation mail again, once a minute, and the link confirms it', async () => {
    const storageState = await onboardedUser(browser(), 'Resend');
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState });
    try {
      await page.goto('/profile');
      const account = page.locator('section').filter({ hasText: 'Who you are signed in as.' });
      await account.getByText('Not verified').waitFor();
      const email = (await page.request.get('/api/auth/get-session').then((r) => r.json())).user
        .email as string;
      const verifyMails = async () => {
        const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const { mails } = (await response.json()) as { mails: { kind: string; text: string }[] };
        return mails.filter((mail) => mail.kind === 'verify-email');
      };
      expect(await verifyMails()).toHaveLength(1);

      const resend = account.getByRole('button', { name: 'Resend verification e-mail' });
      await resend.click();
      await expectToast(page, 'Verification e-mail sent', email);
      // The server takes one a minute: the button waits as long and says so.
      await account.getByText(/You can send another in \d+ s\./).waitFor();
      expect(await resend.isDisabled()).toBe(true);
      expect(await verifyMails()).toHaveLength(2);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const link = (await verifyMails())[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      expect(link).toContain('/api/auth/verify-email?token=');
      await page.goto(link);
      await page.waitForURL(`${baseUrl}/profile`);
      await account.getByText('Verified', { exact: true }).waitFor();
      expect(await account.getByRole('button', { name: 'Resend verification e-mail' }).count()).toBe(0);
      expectNoErrors(errors, 'resend verification');
    } finally {
      await close();
    }
  });

  it('shows the server message when a login fails', async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      await logIn(page, uniqueEmail('nobody'), 'wrong-password-1');
      await expectToast(page, 'Login failed', 'Invalid email or password');
      expect(page.url()).toBe(`${baseUrl}/auth`);
    } finally {
      await close();
    }
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      const email = uniqueEmail('reset');
      await signUp(page, email);
      await page.evaluate(() =>
        fetch('/api/auth/sign-out', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
      );
      await page.context().clearCookies();

      await gotoHydrated(page, '/auth');
      const dialog = page.getByRole('dialog', { name: 'Welcome back' });
      await dialog.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByRole('dialog', { name: 'Reset your password' });
      await forgot.getByLabel('Email').fill(email);
      await forgot.getByRole('button', { name: 'Send Reset Email' }).click();
      await expectToast(page, 'Reset email sent!', 'Check your email for password reset instructions.');
      await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();

      await page.goto(await latestMailLink(page, email));
      await page.waitForURL(/\/reset-password\?token=/);
      await page.getByLabel('New Password').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel('New Password').fill('amber-lantern-77');
      await page.getByLabel('Confirm Password').fill('amber-lantern-78');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, "Passwords don't match", 'Please make sure both passwords are identical.');
      await page.getByLabel('New Password').fill('abc');
      await page.getByLabel('Confirm Password').fill('abc');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, 'Password too short', 'Password must be at least 8 characters long.');
      await page.getByLabel('New Password').fill('aaaaaaaa');
      await page.getByLabel('Confirm Password').fill('aaaaaaaa');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, 'Password reset failed', 'one character or a short pattern repeated');
      await page.getByLabel('New Password').fill('password123');
      await page.getByLabel('Confirm Password').fill('password123');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, 'Password reset failed', 'most common passwords');

      await page.getByLabel('New Password').fill('amber-lantern-77');
      await page.getByLabel('Confirm Password').fill('amber-lantern-77');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(
        page,
        'Password updated successfully!',
        'You can now sign in with your new password.',
      );
      await page.waitForURL(`${baseUrl}/auth`, { timeout: 5000 });

      await logIn(page, email, 'amber-lantern-77');
      await page.waitForURL(`${baseUrl}/onboarding`);
    } finally {
      await close();
    }
  });

  it('sends an invalid reset link back to sign-in after 3 seconds', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await page.goto('/reset-password?token=not-a-real-token');
      await expectToast(page, 'Invalid or expired link', 'Please request a new password reset email.');
      const shownAt = Date.now();
      await page.waitForURL(`${baseUrl}/auth`, { timeout: 6000 });
      expect(Date.now() - shownAt).toBeGreaterThan(2000);
      expectNoErrors(errors, 'invalid reset link');
    } finally {
      await close();
    }
  });

  it('a provider sign-in that failed comes back to /oauth/callback, says why and returns to sign-in', async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      await page.goto('/oauth/callback?error=access_denied');
      await expectToast(page, 'Login failed', 'You cancelled the sign-in at the provider.');
      await page.waitForURL(`${baseUrl}/auth`);
      // No provider is configured on the server under test: the dialog offers none.
      await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();
      expect(await page.getByRole('button', { name: /^Continue with/ }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('guards: signed out, /app goes to / and /onboarding to /auth', async () => {
    const { page, errors, close } = await openPage(browser(), DESKTOP);
    try {
      await page.goto('/app');
      await page.waitForURL(`${baseUrl}/`);
      await page.goto('/sales-projects');
      await page.waitForURL(`${baseUrl}/`);
      await page.goto('/onboarding');
      await page.waitForURL(`${baseUrl}/auth`);
      await settleAnimations(page);
      expectNoErrors(errors, 'guards');
    } finally {
      await close();
    }
  });
});
