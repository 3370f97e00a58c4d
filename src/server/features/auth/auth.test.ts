import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { queryRows } from '../../db/client.ts';
import { accounts, signInAddresses, users, verifications } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import { hashPassword } from './auth.ts';
import { AUTH_CLEANUP_JOB } from './cleanup.ts';

const PASSWORD = 'violet-harbor-42';

describe.each(backends())('accounts on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let logLines = '';

  beforeAll(async () => {
    database = await backend.create();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines += chunk.toString();
        done();
      },
    });
    app = (await createTestApp(database, { logger: pino({ level: 'trace' }, sink) })).app;
  });
  afterAll(() => database.destroy());

  const mailsTo = async (to: string) => {
    const response = await app.request(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    return ((await response.json()) as { mails: { subject: string; text: string; kind: string }[] }).mails;
  };
  const linkIn = (text: string) => text.match(/https?:\/\/\S+/)?.[0] ?? '';

  it('signs up with an argon2id hash and a uuid, signs the user in and mails a confirmation', async () => {
    const client = authClient(app);
    const response = await client.signUp('Ada@Example.com', PASSWORD, 'Ada');
    expect(response.status).toBe(200);
    const session = await client.session();
    expect(session?.user.email).toBe('ada@example.com');
    expect(session?.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const [account] = await database.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, 'ada@example.com'));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const [mail] = await mailsTo('ada@example.com');
    expect(mail?.kind).toBe('verify-email');
    expect(linkIn(mail?.text ?? '')).toContain('/api/auth/verify-email?token=');
  });

  it('answers a sign-up with a registered address as for a new one, signs nobody in and mails the owner', async () => {
    type SignUpAnswer = { token: string | null; user: Record<string, unknown> };
    const fresh = await authClient(app).signUp('newcomer@example.com', 'copper-meadow-31', 'Newcomer');
    const intruder = authClient(app);
    const taken = await intruder.signUp('ADA@example.com', 'another-fine-pass', 'Mallory');
    expect(taken.status).toBe(200);
    expect(taken.status).toBe(fresh.status);
    const [freshBody, takenBody] = [
      (await fresh.json()) as SignUpAnswer,
      (await taken.json()) as SignUpAnswer,
    ];
    expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(takenBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(takenBody.user).toMatchObject({ email: 'ada@example.com', name: 'Mallory', emailVerified: false });
    // No session for anyone but the owner: the answer carries no token and sets no cookie.
    expect(takenBody.token).toBeNull();
    expect(taken.headers.getSetCookie()).toEqual([]);
    expect(await intruder.session()).toBeNull();
    const [owner] = await database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(takenBody.user.id).not.toBe(owner?.id);
    expect(owner?.name).toBe('Ada');

    const notices = async () =>
      (await mailsTo('ada@example.com')).filter((m) => m.text.includes('Someone tried to create'));
    const [notice] = await notices();
    expect(notice?.text).toMatch(/sign in or reset your password/);
    // Repeated attempts do not flood the owner's inbox: one notice per hour.
    await authClient(app).signUp('ada@example.com', 'another-fine-pass', 'Mallory');
    expect(await notices()).toHaveLength(1);
  });

  it('refuses a wrong password and a missing password', async () => {
    const client = authClient(app);
    expect((await client.signIn('ada@example.com', 'another-fine-pass')).status).toBe(401);
    const wrong = await client.signIn('ada@example.com', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe('Invalid email or password');
    const missing = await client.request('POST', '/api/auth/sign-in/email', { email: 'ada@example.com' });
    expect(missing.status).toBe(400);
    expect(await client.session()).toBeNull();
    const right = await client.signIn('ada@example.com', PASSWORD);
    expect(right.status).toBe(200);
    expect((await client.session())?.user.email).toBe('ada@example.com');
  });

  it('rejects weak passwords with reasons as weak_password and creates nothing', async () => {
    const client = authClient(app);
    for (const [password, reason] of [
      ['abc', /at least 8 characters/],
      ['password123', /most common passwords/],
      ['grace-hopper-1906', /e-mail address or name/],
    ] as const) {
      const response = await client.signUp('grace-hopper@example.com', password, 'Grace');
      expect(response.status).toBe(422);
      const body = (await response.json()) as {
        error: { code: string; message: string; details: { reasons: string[] } };
      };
      expect(body.error.code).toBe('weak_password');
      expect(body.error.details.reasons.join(' ')).toMatch(reason);
    }
    const rows = await database.db.select().from(users).where(eq(users.email, 'grace-hopper@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a short password, spaces only or one character repeated on sign-up, reset and password change', async () => {
    const hal = authClient(app);
    expect((await hal.signUp('hal@example.com', PASSWORD, 'Hal')).status).toBe(200);
    await hal.request('POST', '/api/auth/request-password-reset', {
      email: 'hal@example.com',
      redirectTo: 'http://localhost:3000/reset-password',
    });
    const [row] = await queryRows<{ identifier: string }>(
      database.db,
      sql`select identifier from verifications where identifier like 'reset-password:%' order by created_at desc limit 1`,
    );
    const token = row?.identifier.replace('reset-password:', '') ?? '';
    const stranger = authClient(app);
    for (const [password, reason] of [
      ['aaaaaaa', /at least 8 characters/],
      ['       ', /at least 8 characters/],
      ['        ', /spaces only/],
      ['\t\t  \n   ', /spaces only/],
      ['aaaaaaaa', /short pattern repeated/],
      ['ZZZZZZZZZZZZ', /short pattern repeated/],
      ['abababab', /short pattern repeated/],
      ['1231231231', /short pattern repeated/],
    ] as const) {
      for (const attempt of [
        () => stranger.signUp('weak@example.com', password, 'Weak'),
        () =>
          hal.request('POST', '/api/auth/change-password', {
            currentPassword: PASSWORD,
            newPassword: password,
          }),
        () => hal.request('POST', '/api/auth/reset-password', { token, newPassword: password }),
      ]) {
        const response = await attempt();
        expect(response.status, JSON.stringify(password)).toBe(422);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('weak_password');
        expect(body.error.message, JSON.stringify(password)).toMatch(reason);
      }
    }
    expect(await database.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toHaveLength(0);
    // Nothing changed: the password still works, the reset link still does.
    expect((await authClient(app).signIn('hal@example.com', PASSWORD)).status).toBe(200);
    expect(await (await app.request(`/api/v1/auth/reset-tokens/${token}`)).json()).toEqual({ valid: true });
  });

  it('still signs in an account whose password predates the 8-character minimum', async () => {
    expect((await authClient(app).signUp('old-timer@example.com', PASSWORD, 'Old')).status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, 'old-timer@example.com'));
    await database.db
      .update(accounts)
      .set({ password: await hashPassword('abc123') })
      .where(eq(accounts.userId, user?.id ?? ''));
    expect((await authClient(app).signIn('old-timer@example.com', 'abc123')).status).toBe(200);
  });

  it('resets a password through the mailed link; the link works once', async () => {
    const client = authClient(app);
    const request = await client.request('POST', '/api/auth/request-password-reset', {
      email: 'ada@example.com',
      redirectTo: 'http://localhost:3000/reset-password',
    });
    expect(request.status).toBe(200);
    const [mail] = await mailsTo('ada@example.com');
    expect(mail?.kind).toBe('reset-password');
    const link = new URL(linkIn(mail?.text ?? ''));

    // The link validates the token, then sends the browser to the reset page with it.
    const opened = await app.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get('location') ?? '');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    const check = async () =>
      ((await (await app.request(`/api/v1/auth/reset-tokens/${token}`)).json()) as { valid: boolean }).valid;
    expect(await check()).toBe(true);

    const weak = await client.request('POST', '/api/auth/reset-password', { token, newPassword: '123456' });
    expect(weak.status).toBe(422);
    const reset = await client.request('POST', '/api/auth/reset-password', {
      token,
      newPassword: 'amber-lantern-77',
    });
    expect(reset.status).toBe(200);
    expect(await check()).toBe(false);
    const again = await client.request('POST', '/api/auth/reset-password', {
      token,
      newPassword: 'other-lantern-88',
    });
    expect(again.status).toBe(400);

    expect((await client.signIn('ada@example.com', PASSWORD)).status).toBe(401);
    expect((await client.signIn('ada@example.com', 'amber-lantern-77')).status).toBe(200);

    // Nothing secret reaches the log: neither passwords nor the token.
    expect(logLines).not.toContain('amber-lantern-77');
    expect(logLines).not.toContain(PASSWORD);
    expect(logLines).not.toContain(token);
  });

  it('treats an expired reset link as invalid', async () => {
    const client = authClient(app);
    await client.signUp('lin@example.com', PASSWORD, 'Lin');
    await client.request('POST', '/api/auth/request-password-reset', {
      email: 'lin@example.com',
      redirectTo: 'http://localhost:3000/reset-password',
    });
    const [row] = await queryRows<{ identifier: string }>(
      database.db,
      sql`select identifier from verifications where identifier like 'reset-password:%' order by created_at desc limit 1`,
    );
    const token = row?.identifier.replace('reset-password:', '') ?? '';
    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const valid = await app.request(`/api/v1/auth/reset-tokens/${token}`);
    expect(await valid.json()).toEqual({ valid: false });
    const reset = await client.request('POST', '/api/auth/reset-password', {
      token,
      newPassword: 'amber-lantern-77',
    });
    expect(reset.status).toBe(400);
  });

  it('answers a reset request for an unknown address like any other, without a mail', async () => {
    const client = authClient(app);
    const response = await client.request('POST', '/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: 'http://localhost:3000/reset-password',
    });
    expect(response.status).toBe(200);
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);
  });

  it('sends at most one reset mail per address per minute: 429 with Retry-After', async () => {
    const client = authClient(app);
    const ask = () =>
      client.request('POST', '/api/auth/request-password-reset', {
        email: 'limit@example.com',
        redirectTo: 'http://localhost:3000/reset-password',
      });
    expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });

  it('sends the confirmation mail again on request, at most once a minute (issue 25)', async () => {
    const client = authClient(app);
    await client.signUp('resend@example.com', PASSWORD, 'Rene');
    expect(await mailsTo('resend@example.com')).toHaveLength(1);
    const resend = () =>
      client.request('POST', '/api/auth/send-verification-email', {
        email: 'resend@example.com',
        callbackURL: '/profile',
      });
    const sent = await resend();
    expect(sent.status).toBe(200);
    const mails = await mailsTo('resend@example.com');
    expect(mails.map((mail) => mail.kind)).toEqual(['verify-email', 'verify-email']);
    const link = linkIn(mails[0]?.text ?? '');
    expect(link).toContain('/api/auth/verify-email?token=');
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many attempts\. Please wait \d+ seconds and try again\./,
    );
    expect(await mailsTo('resend@example.com')).toHaveLength(2);
    // The new link confirms the address.
    await client.request('GET', new URL(link).pathname + new URL(link).search);
    const [confirmed] = await database.db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, 'resend@example.com'));
    expect(confirmed?.emailVerified).toBe(true);
  });

  it('rejects a state-changing request from another site', async () => {
    const client = authClient(app);
    const response = await client.request(
      'POST',
      '/api/auth/sign-in/email',
      { email: 'ada@example.com', password: 'amber-lantern-77' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    const fetchSite = await client.request(
      'POST',
      '/api/auth/sign-in/email',
      { email: 'ada@example.com', password: 'amber-lantern-77' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchSite.status).toBe(403);
    expect(client.cookie).toBe('');
  });

  it('signs out: the session ends on the server', async () => {
    const client = authClient(app);
    await client.signIn('ada@example.com', 'amber-lantern-77');
    const stolen = client.cookie;
    expect((await client.request('POST', '/api/auth/sign-out', {})).status).toBe(200);
    const reused = await app.request('/api/auth/get-session', { headers: { cookie: stolen } });
    expect(await reused.json()).toBeNull();
  });

  it('signing out other sessions ends them at once, even right after they were checked', async () => {
    const laptop = authClient(app);
    const phone = authClient(app);
    await laptop.signIn('ada@example.com', 'amber-lantern-77');
    await phone.signIn('ada@example.com', 'amber-lantern-77');
    expect((await phone.session())?.user.email).toBe('ada@example.com');
    const listed = await laptop.request('GET', '/api/auth/list-sessions');
    expect(((await listed.json()) as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect((await laptop.request('POST', '/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect(await phone.session()).toBeNull();
    expect((await laptop.session())?.user.email).toBe('ada@example.com');
    const profile = await phone.request('GET', '/api/v1/profile');
    expect(profile.status).toBe(401);
  });
});

describe.each(backends())('REQUIRE_EMAIL_VERIFICATION=true on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await backend.create();
    app = (await createTestApp(database, { env: { REQUIRE_EMAIL_VERIFICATION: 'true' } })).app;
  });
  afterAll(() => database.destroy());

  it('signs in only after the mailed confirmation link was opened', async () => {
    const client = authClient(app);
    expect((await client.signUp('cy@example.com', PASSWORD, 'Cy')).status).toBe(200);
    expect(await client.session()).toBeNull();
    const blocked = await client.signIn('cy@example.com', PASSWORD);
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as { message: string }).message).toBe('Email not verified');

    const inbox = await app.request('/api/dev/mailbox?to=cy@example.com');
    const { mails } = (await inbox.json()) as { mails: { kind: string; text: string }[] };
    const link = new URL(
      mails.find((m) => m.kind === 'verify-email')?.text.match(/https?:\/\/\S+/)?.[0] ?? '',
    );
    const opened = await app.request(link.pathname + link.search);
    expect(opened.status).toBeLessThan(400);
    expect((await client.signIn('cy@example.com', PASSWORD)).status).toBe(200);
    expect((await client.session())?.user.email).toBe('cy@example.com');
  });

  it('answers a sign-up with a registered address exactly as a new one, and mails the owner', async () => {
    const fresh = await authClient(app).signUp('dee@example.com', PASSWORD, 'Dee');
    const taken = await authClient(app).signUp('cy@example.com', 'another-fine-pass', 'Mallory');
    expect(taken.status).toBe(fresh.status);
    const [freshBody, takenBody] = (await Promise.all([fresh.json(), taken.json()])) as {
      token: string | null;
      user: Record<string, unknown>;
    }[];
    expect(takenBody?.token).toBeNull();
    expect(freshBody?.token).toBeNull();
    expect(Object.keys(takenBody?.user ?? {}).sort()).toEqual(Object.keys(freshBody?.user ?? {}).sort());
    const inbox = await app.request('/api/dev/mailbox?to=cy@example.com');
    const { mails } = (await inbox.json()) as { mails: { text: string }[] };
    expect(mails.some((m) => m.text.includes('Someone tried to create'))).toBe(true);
  });
});

describe.each(backends())('auth cleanup job on $name', (backend: Backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(() => database.destroy());

  it('removes expired tokens and finished abuse-limit windows, and keeps live ones', async () => {
    const { jobs } = await createTestApp(database);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await database.db.insert(verifications).values([
      { identifier: 'reset-password:old', value: 'u', expiresAt: hourAgo },
      { identifier: 'reset-password:live', value: 'u', expiresAt: new Date(Date.now() + 3_600_000) },
    ]);
    await database.db.execute(
      sql`insert into rate_limits (key, count, window_start) values ('old', 3, ${Date.now() - 7_200_000}), ('live', 1, ${Date.now()})`,
    );
    await jobs.enqueue(AUTH_CLEANUP_JOB, {});
    await jobs.runOnce();
    const tokens = await database.db.select({ identifier: verifications.identifier }).from(verifications);
    expect(tokens.map((t) => t.identifier)).toEqual(['reset-password:live']);
    const limits = await queryRows<{ key: string }>(database.db, sql`select key from rate_limits`);
    expect(limits.map((l) => l.key)).toEqual(['live']);
  });

  it('forgets sign-in addresses not used for 90 days', async () => {
    const { app, jobs } = await createTestApp(database);
    await authClient(app).signUp('kit@example.com', PASSWORD, 'Kit');
    const [kit] = await database.db.select().from(users).where(eq(users.email, 'kit@example.com'));
    const userId = kit?.id ?? '';
    await database.db.insert(signInAddresses).values([
      { userId, ip: '198.51.100.1', lastSuccessAt: new Date(Date.now() - 91 * 86_400_000) },
      { userId, ip: '198.51.100.2', lastSuccessAt: new Date(Date.now() - 89 * 86_400_000) },
    ]);
    await jobs.enqueue(AUTH_CLEANUP_JOB, {});
    await jobs.runOnce();
    const kept = await database.db.select({ ip: signInAddresses.ip }).from(signInAddresses);
    expect(kept.map((row) => row.ip)).toEqual(['198.51.100.2']);
  });
});
