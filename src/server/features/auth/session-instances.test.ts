/**
 * Sign-out and revocation with two server instances on one PostgreSQL database (issue 21, defect 6): each
 * instance remembers session checks for a few seconds, so the other instance must never answer a write from
 * that memory. PostgreSQL only: an embedded PGlite database has one instance by construction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { authClient } from '../../../../tests/helpers/auth.ts';
import { backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { openDatabase } from '../../db/client.ts';
import type { App } from '../../http/app.ts';

const postgres = backends().find((backend) => backend.name === 'postgres');
const PASSWORD = 'violet-harbor-42';

describe.skipIf(!postgres)('sessions across two instances on postgres', () => {
  let database: TestDatabase;
  let otherDatabase: Awaited<ReturnType<typeof openDatabase>>;
  let first: App;
  let second: App;

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    otherDatabase = await openDatabase({ mode: 'postgres', url: database.url ?? '', maxConnections: 3 });
    first = (await createTestApp(database)).app;
    second = (await createTestApp({ ...otherDatabase, url: database.url, destroy: otherDatabase.close })).app;
    expect((await authClient(first).signUp('ada@example.com', PASSWORD, 'Ada')).status).toBe(200);
  });
  afterAll(async () => {
    await otherDatabase.close();
    await database.destroy();
  });

  /** A request to the second instance with the given session cookie. */
  const onSecond = (cookie: string, method: string, path: string, body?: unknown) =>
    second.request(path, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('a session signed out on one instance cannot write on the other, even right after it was checked there', async () => {
    const ada = authClient(first);
    expect((await ada.signIn('ada@example.com', PASSWORD)).status).toBe(200);
    const cookie = ada.cookie;
    // The second instance checks (and remembers) the session.
    expect((await onSecond(cookie, 'GET', '/api/v1/profile')).status).toBe(200);
    expect((await ada.request('POST', '/api/auth/sign-out', {})).status).toBe(200);

    const write = await onSecond(cookie, 'PATCH', '/api/v1/profile', { company: { name: 'Stolen Ltd' } });
    expect(write.status).toBe(401);
    const owner = authClient(first);
    await owner.signIn('ada@example.com', PASSWORD);
    const profile = (await (await owner.request('GET', '/api/v1/profile')).json()) as {
      company?: { name?: string } | null;
    };
    expect(profile.company?.name).not.toBe('Stolen Ltd');
  });

  it('a session revoked from another device cannot write on the other instance', async () => {
    const laptop = authClient(first);
    const phone = authClient(first);
    await laptop.signIn('ada@example.com', PASSWORD);
    await phone.signIn('ada@example.com', PASSWORD);
    expect((await onSecond(phone.cookie, 'GET', '/api/v1/profile')).status).toBe(200);
    expect((await laptop.request('POST', '/api/auth/revoke-other-sessions', {})).status).toBe(200);
    const write = await onSecond(phone.cookie, 'PATCH', '/api/v1/profile', {
      company: { name: 'Stolen Ltd' },
    });
    expect(write.status).toBe(401);
    // The session that was kept still writes there.
    const kept = await onSecond(laptop.cookie, 'PATCH', '/api/v1/profile', {
      company: { name: 'Analytical Ltd' },
    });
    expect(kept.status).toBe(200);
  });
});
