import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { Profile } from '../../../shared/profile.ts';
import { userProfiles } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import type { App } from '../../http/app.ts';

describe.each(backends())('profile and ICP on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      users: { ada: 'Ada', bob: { name: 'Bob', password: 'amber-lantern-77' } },
    }));
  });
  afterAll(() => close?.());

  const read = async (client: AuthClient) => {
    const response = await client.request('GET', '/api/v1/profile');
    expect(response.status).toBe(200);
    return (await response.json()) as Profile;
  };

  it('needs a signed-in user: User not authenticated', async () => {
    const response = await app.request('/api/v1/profile');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'User not authenticated' },
    });
  });

  it('starts with onboarding to do and an empty ICP', async () => {
    const profile = await read(ada);
    expect(profile.onboardingCompleted).toBe(false);
    expect(profile.idealCustomerProfile).toEqual({ segments: [], summary: '' });
  });

  it('completes onboarding with the company; bad input is refused and changes nothing', async () => {
    const bad = await ada.request('PATCH', '/api/v1/profile', { company: { name: 'x'.repeat(500) } });
    expect(bad.status).toBe(400);
    expect((await read(ada)).company.name).toBe('');
    const response = await ada.request('PATCH', '/api/v1/profile', {
      onboardingCompleted: true,
      company: {
        name: 'Analytical Engines Ltd',
        website: 'engines.example',
        industry: 'Software',
        offering: 'Analytics',
      },
      summary: 'Mid-size fintechs in Europe',
    });
    expect(response.status).toBe(200);
    const profile = await read(ada);
    expect(profile.onboardingCompleted).toBe(true);
    expect(profile.company.name).toBe('Analytical Engines Ltd');
    expect(profile.idealCustomerProfile.summary).toBe('Mid-size fintechs in Europe');
  });

  it('adds, updates, toggles and deletes ICP segments', async () => {
    const added = await ada.request('POST', '/api/v1/profile/icp-segments', {
      name: 'EU fintech',
      industries: ['Financial Services', 'Financial Services'],
      companySizes: ['51-200'],
      regions: ['Germany'],
      jobTitles: ['VP Sales'],
    });
    expect(added.status).toBe(201);
    const [segment] = ((await added.json()) as Profile).idealCustomerProfile.segments;
    expect(segment).toMatchObject({ name: 'EU fintech', industries: ['Financial Services'], isActive: true });
    const id = segment?.id ?? '';

    const before = segment?.updatedAt ?? '';
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await ada.request('PATCH', `/api/v1/profile/icp-segments/${id}`, {
      regions: ['Germany', 'Austria'],
    });
    const afterUpdate = ((await updated.json()) as Profile).idealCustomerProfile.segments[0];
    expect(afterUpdate?.regions).toEqual(['Germany', 'Austria']);
    expect(afterUpdate?.name).toBe('EU fintech');
    // A PATCH changes only what it sends: the other lists stay.
    expect(afterUpdate).toMatchObject({
      industries: ['Financial Services'],
      companySizes: ['51-200'],
      jobTitles: ['VP Sales'],
    });
    expect(Date.parse(afterUpdate?.updatedAt ?? '')).toBeGreaterThan(Date.parse(before));

    const toggled = await ada.request('POST', `/api/v1/profile/icp-segments/${id}/toggle`);
    expect(((await toggled.json()) as Profile).idealCustomerProfile.segments[0]?.isActive).toBe(false);

    const badSize = await ada.request('PATCH', `/api/v1/profile/icp-segments/${id}`, {
      companySizes: ['huge'],
    });
    expect(badSize.status).toBe(400);
    const unknown = await ada.request('DELETE', `/api/v1/profile/icp-segments/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      'ICP segment not found',
    );

    const deleted = await ada.request('DELETE', `/api/v1/profile/icp-segments/${id}`);
    expect(((await deleted.json()) as Profile).idealCustomerProfile.segments).toEqual([]);
  });

  it("keeps users apart: Bob cannot reach Ada's segment, and RLS hides her row from an unfiltered query", async () => {
    const added = await ada.request('POST', '/api/v1/profile/icp-segments', { name: 'Ada only' });
    const id = ((await added.json()) as Profile).idealCustomerProfile.segments[0]?.id ?? '';
    for (const [method, path] of [
      ['PATCH', `/api/v1/profile/icp-segments/${id}`],
      ['POST', `/api/v1/profile/icp-segments/${id}/toggle`],
      ['DELETE', `/api/v1/profile/icp-segments/${id}`],
    ] as const) {
      const response = await bob.request(method, path, method === 'PATCH' ? { name: 'taken' } : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await read(bob)).idealCustomerProfile.segments).toEqual([]);
    expect((await read(ada)).idealCustomerProfile.segments[0]?.name).toBe('Ada only');

    const bobId = (await bob.session())?.user.id ?? '';
    const visible = await withUser(database.db, bobId, (tx) => tx.select().from(userProfiles));
    expect(visible.map((row) => row.userId)).toEqual([bobId]);
    const all = await database.db.select().from(userProfiles);
    expect(all).toHaveLength(2);
    // Writing someone else's row is refused by the policy itself, and so is an unfiltered update.
    const adaId = (await ada.session())?.user.id ?? '';
    const refused = await withUser(database.db, bobId, (tx) =>
      tx.insert(userProfiles).values({ userId: adaId }).onConflictDoNothing(),
    ).catch((err: Error & { cause?: Error }) => err.cause?.message ?? err.message);
    expect(refused).toMatch(/row-level security/);
    await withUser(database.db, bobId, (tx) => tx.update(userProfiles).set({ companyName: 'Bob was here' }));
    expect((await read(ada)).company.name).toBe('Analytical Engines Ltd');
  });

  it('deleting the account needs the password and removes the profile with it', async () => {
    const cleo = authClient(app);
    await cleo.signUp('cleo@example.com', 'copper-meadow-31', 'Cleo');
    await cleo.request('POST', '/api/v1/profile/icp-segments', { name: 'Cleo only' });
    const cleoId = (await cleo.session())?.user.id ?? '';
    const wrong = await cleo.request('POST', '/api/auth/delete-user', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    const deleted = await cleo.request('POST', '/api/auth/delete-user', { password: 'copper-meadow-31' });
    expect(deleted.status).toBe(200);
    expect(await cleo.session()).toBeNull();
    const rows = await database.db.select().from(userProfiles).where(eq(userProfiles.userId, cleoId));
    expect(rows).toEqual([]);
    expect((await cleo.signIn('cleo@example.com', 'copper-meadow-31')).status).toBe(401);
  });
});
