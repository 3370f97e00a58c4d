import type { APIRequestContext, Browser, BrowserContextOptions } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A client address of its own for each test user (the e2e server trusts X-Forwarded-For). */
const clientAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/**
 * A new user who has finished onboarding, created through the API; its cookies go into each new page.
 * `prepare` runs signed in, before onboarding completes (e.g. to add ICP segments).
 */
export async function onboardedUser(
  browser: Browser,
  label: string,
  prepare?: (request: APIRequestContext) => Promise<void>,
): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const email = `${label.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'violet-harbor-42', name: `${label} User` },
    headers: { origin: baseUrl, 'x-forwarded-for': clientAddress() },
  });
  expect(signUp.status()).toBe(200);
  await prepare?.(context.request);
  const done = await context.request.patch('/api/v1/profile', {
    data: { onboardingCompleted: true, company: { name: `${label} Co` } },
  });
  expect(done.status()).toBe(200);
  const state = await context.storageState();
  await context.close();
  return state;
}
