import { expect } from 'vitest';
import type { AppDeps } from '../../src/server/context.ts';
import { seedReferenceData } from '../../src/server/db/seed/seed.ts';
import type { App } from '../../src/server/http/app.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { createTestApp, type TestAppOptions } from './app.ts';
import { type AuthClient, authClient } from './auth.ts';
import type { Backend, TestDatabase } from './databases.ts';

/** The password of every fixture user unless a test gives its own. */
export const PASSWORD = 'violet-harbor-42';

/**
 * A user to sign up: the display name (signed up as `<key>@example.com` with PASSWORD), or the name with the
 * email and password a test depends on.
 */
export type TestUser = string | { name: string; email?: string; password?: string };

export type SignedInApp<K extends string> = {
  database: TestDatabase;
  app: App;
  jobs: JobQueue;
  deps: AppDeps;
  /** A signed-in client per user, in the order they were given (and signed up). */
  users: Record<K, AuthClient>;
  /** Stops the job queue and removes the database. */
  close(): Promise<void>;
};

/**
 * The set-up most HTTP tests share (issue 26): a new database of `backend`, the reference data when `seed` is
 * set, then whatever `beforeApp` writes (rows the app reads when it starts, such as the filter vocabulary), the
 * app (with createTestApp's options) and the users, each signed up (status 200) and signed in on a client of
 * its own. Call close() in afterAll; a set-up that fails cleans up after itself.
 */
export async function signedInApp<K extends string = never>(
  backend: Backend,
  {
    seed = false,
    beforeApp,
    users,
    ...options
  }: TestAppOptions & {
    seed?: boolean;
    beforeApp?: (database: TestDatabase) => Promise<unknown>;
    users?: Record<K, TestUser>;
  } = {},
): Promise<SignedInApp<K>> {
  const database = await backend.create();
  let jobs: JobQueue | undefined;
  const close = async () => {
    await jobs?.stop();
    await database.destroy();
  };
  try {
    if (seed) await seedReferenceData(database.db);
    await beforeApp?.(database);
    const created = await createTestApp(database, options);
    jobs = created.jobs;
    const clients = {} as Record<K, AuthClient>;
    for (const [key, user] of Object.entries(users ?? {}) as [K, TestUser][]) {
      const {
        name,
        email = `${key}@example.com`,
        password = PASSWORD,
      } = typeof user === 'string' ? { name: user } : user;
      const client = authClient(created.app);
      const signedUp = await client.signUp(email, password, name);
      expect(signedUp.status, `sign-up of ${email}`).toBe(200);
      clients[key] = client;
    }
    return { database, app: created.app, jobs: created.jobs, deps: created.deps, users: clients, close };
  } catch (error) {
    await close();
    throw error;
  }
}
