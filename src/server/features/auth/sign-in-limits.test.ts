/**
 * Sign-in limits (issue 21, defect 6): wrong passwords hold back the address they come from for that account,
 * not the real owner elsewhere; a distributed guesser is capped per account, except on addresses the owner
 * signed in from before. The client address comes from X-Forwarded-For (TRUST_PROXY=true).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { queryRows } from '../../db/client.ts';
import type { App } from '../../http/app.ts';

const PASSWORD = 'violet-harbor-42';

describe.each(backends())('sign-in limits on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await backend.create();
    app = (await createTestApp(database, { env: { TRUST_PROXY: 'true' } })).app;
    for (const name of ['ada', 'bob', 'cy', 'dee']) {
      const signUp = await authClient(app).request(
        'POST',
        '/api/auth/sign-up/email',
        { email: `${name}@example.com`, password: PASSWORD, name },
        { 'x-forwarded-for': '192.0.2.1' },
      );
      expect(signUp.status).toBe(200);
    }
  });
  afterAll(() => database.destroy());

  const signIn = (ip: string, email: string, password: string) =>
    authClient(app).request(
      'POST',
      '/api/auth/sign-in/email',
      { email, password },
      { 'x-forwarded-for': ip },
    );
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;

  it('ten wrong passwords from one address hold back that address for that account, not the owner elsewhere', async () => {
    for (let i = 0; i < 10; i++)
      expect((await signIn('203.0.113.7', 'ada@example.com', `wrong-${i}-x`)).status).toBe(401);
    const limited = await signIn('203.0.113.7', 'ada@example.com', PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toMatchObject({ code: 'RATE_LIMITED', message: /Too many attempts/ });

    // The owner, from another address, with the right password.
    const owner = await signIn('198.51.100.20', 'ada@example.com', PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.headers.getSetCookie().join()).toContain('session_token');
    // The guessing address may still try another account (its own per-address ceiling is separate).
    expect((await signIn('203.0.113.7', 'bob@example.com', 'wrong-again-x')).status).toBe(401);
  });

  it('a successful sign-in forgives the wrong passwords its address had typed for that account', async () => {
    for (let i = 0; i < 9; i++)
      expect((await signIn('203.0.113.8', 'bob@example.com', `typo-${i}-x`)).status).toBe(401);
    expect((await signIn('203.0.113.8', 'bob@example.com', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await signIn('203.0.113.8', 'bob@example.com', `typo-${i}-y`)).status).toBe(401);
    expect((await signIn('203.0.113.8', 'bob@example.com', PASSWORD)).status).toBe(429);
  });

  it('holds under concurrency: of twenty simultaneous guesses from one address, ten reach the password check', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn('203.0.113.9', 'cy@example.com', `race-${i}-x`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('caps guesses from many addresses on one account; an address the owner signed in from still gets in', async () => {
    expect((await signIn('198.51.100.30', 'dee@example.com', PASSWORD)).status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(`10.77.${i >> 8}.${i & 255}`, 'dee@example.com', `guess-${i}-x`),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    // 50 attempts from new addresses per 15 minutes: the owner's first sign-in from .30 was one of them.
    expect(statuses.filter((s) => s === 401)).toHaveLength(49);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);

    // A new address, even with the right password, waits (or resets the password); the known one does not.
    const fresh = await signIn('198.51.100.31', 'dee@example.com', PASSWORD);
    expect(fresh.status).toBe(429);
    expect((await errorOf(fresh)).message).toMatch(/reset your password/);
    expect((await signIn('198.51.100.30', 'dee@example.com', PASSWORD)).status).toBe(200);
    // Other accounts are not held back by it.
    expect((await signIn('198.51.100.31', 'ada@example.com', PASSWORD)).status).toBe(200);

    // Resetting the password through the mailed link from the new address lets that address in.
    const client = authClient(app);
    const forwarded = { 'x-forwarded-for': '198.51.100.31' };
    const reset = { email: 'dee@example.com', redirectTo: 'http://localhost:3000/reset-password' };
    expect((await client.request('POST', '/api/auth/request-password-reset', reset, forwarded)).status).toBe(
      200,
    );
    const [row] = await queryRows<{ identifier: string }>(
      database.db,
      sql`select identifier from verifications where identifier like 'reset-password:%' order by created_at desc limit 1`,
    );
    const token = row?.identifier.replace('reset-password:', '') ?? '';
    const newPassword = 'amber-lantern-77';
    expect(
      (await client.request('POST', '/api/auth/reset-password', { token, newPassword }, forwarded)).status,
    ).toBe(200);
    expect((await signIn('198.51.100.31', 'dee@example.com', newPassword)).status).toBe(200);
    // The guessers' addresses are still held back.
    expect((await signIn('198.51.100.32', 'dee@example.com', newPassword)).status).toBe(429);
  });
});
