/**
 * The evaluations' set-up: a user whose knowledge base holds the demo library a new workspace starts with
 * (the security policy templates filled in for a company by demo.ts), loaded through the real ingestion
 * pipeline, and the built-in engine as the answers use it.
 */
import { closeSync, existsSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { createBuiltinEngine } from '../../src/server/ai/builtin/engine.ts';
import type { AiEngine } from '../../src/server/ai/port.ts';
import type { AppDeps, Caller } from '../../src/server/context.ts';
import { seedReferenceData } from '../../src/server/db/seed/seed.ts';
import { demoDocuments } from '../../src/server/features/knowledge/demo.ts';
import { addDocument, processDocument } from '../../src/server/features/knowledge/documents.ts';
import { createTestApp } from './app.ts';
import { authClient } from './auth.ts';
import { type Backend, createPglite, createPostgres, type TestDatabase } from './databases.ts';
import { userIdOf } from './knowledge-rows.ts';
import { demoDumpFile, demoTemplateName } from './run-templates.ts';

/** The demo library as a new workspace gets it (the same documents every run). */
export const demoLibrary = () => demoDocuments('Northwind Analytics', new Date('2026-01-15'));

/** The built-in engine for answers: they use neither of its lexicon's sources (the copilot's). */
export const answersEngine = (): AiEngine =>
  createBuiltinEngine({
    vocabulary: () => Promise.reject(new Error('not used by answers')),
    companyNames: () => Promise.resolve([]),
  });

/**
 * A signed-up user (`name`, e-mail `<name>@example.com`) with credits enough for the whole library, and the
 * demo library indexed for them; throws when a document does not index. Returns what the evaluation calls.
 */
export async function userWithDemoLibrary(
  database: TestDatabase,
  name: string,
): Promise<{ deps: AppDeps; caller: Caller; documents: number; ms: number }> {
  await seedReferenceData(database.db);
  const { deps, app } = await createTestApp(database);
  const email = `${name.toLowerCase()}@example.com`;
  const client = authClient(app);
  await client.signUp(email, 'violet-harbor-42', name);
  const userId = await userIdOf(database.db, email);
  const caller: Caller = { id: userId, email, name, emailVerified: false };
  // Processing costs credits.
  await client.request('GET', '/api/v1/credits');
  await database.db.execute(sql`update user_credits set total_credits = 100000 where user_id = ${userId}`);
  const started = performance.now();
  const library = demoLibrary();
  for (const file of library) {
    const { document } = await addDocument(
      deps,
      caller,
      { filename: file.filename, title: file.title, bytes: new TextEncoder().encode(file.text) },
      { queue: false },
    );
    const outcome = await processDocument(deps, {
      documentId: document.id,
      userId,
      checksum: document.checksum,
    });
    if (outcome.status !== 'indexed') throw new Error(`${file.filename}: ${JSON.stringify(outcome)}`);
  }
  return { deps, caller, documents: library.length, ms: Math.round(performance.now() - started) };
}

/** The user the shared library belongs to. */
const LIBRARY_USER = 'Eva';
/** How long an evaluation waits for another to index the library (within the evaluations' 180-s set-up). */
const INDEXING_WAIT_MS = 170_000;

export type DemoLibraryDatabase = {
  database: TestDatabase;
  deps: AppDeps;
  caller: Caller;
  documents: number;
  /** How the library got there: indexed by this file, or copied from the one another file indexed. */
  how: 'indexed' | 'copied';
  ms: number;
};

/**
 * A database of `backend` with a user (Eva) whose knowledge base holds the demo library, for the evaluations:
 * the first evaluation of the run to ask indexes it (userWithDemoLibrary) and keeps it as the run's template for
 * that kind of database, the others get a copy (issue 26: three evaluations on two databases indexed it six
 * times a run). The templates go with the run's (global-setup.ts); without PostgreSQL each file indexes its own.
 */
export async function databaseWithDemoLibrary(backend: Backend): Promise<DemoLibraryDatabase> {
  const adminUrl = inject('postgresUrl');
  const runTemplate = inject('postgresTemplate');
  const started = performance.now();
  if (!adminUrl || !runTemplate) {
    const database = await backend.create();
    return { database, ...(await userWithDemoLibrary(database, LIBRARY_USER)), how: 'indexed' };
  }
  const shared =
    backend.name === 'postgres'
      ? await postgresWithLibrary(adminUrl, runTemplate)
      : await pgliteWithLibrary(demoDumpFile(runTemplate));
  const { deps } = await createTestApp(shared.database);
  const email = `${LIBRARY_USER.toLowerCase()}@example.com`;
  const caller: Caller = {
    id: await userIdOf(shared.database.db, email),
    email,
    name: LIBRARY_USER,
    emailVerified: false,
  };
  return {
    ...shared,
    deps,
    caller,
    documents: demoLibrary().length,
    ms: Math.round(performance.now() - started),
  };
}

/** A copy of the run's template with the library; the first caller (under an advisory lock) makes it. */
async function postgresWithLibrary(adminUrl: string, runTemplate: string) {
  const template = demoTemplateName(runTemplate);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let how: DemoLibraryDatabase['how'] = 'copied';
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      const database = await createPostgres(adminUrl, runTemplate);
      try {
        await userWithDemoLibrary(database, LIBRARY_USER);
      } finally {
        // A template is copied only while nobody is connected to it.
        await database.close();
      }
      const name = new URL(database.url ?? '').pathname.slice(1);
      await admin.query(`alter database ${name} rename to ${template}`);
      how = 'indexed';
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => undefined);
    await admin.end();
  }
  return { database: await createPostgres(adminUrl, template), how };
}

/**
 * An in-memory PGlite with the library: the first caller (who creates the lock file) indexes it and writes its
 * dump for the others, who wait for the dump and start from it.
 */
async function pgliteWithLibrary(dump: string) {
  try {
    closeSync(openSync(`${dump}.lock`, 'wx'));
  } catch {
    const deadline = Date.now() + INDEXING_WAIT_MS;
    while (!existsSync(dump)) {
      if (Date.now() > deadline) throw new Error(`The demo library's PGlite dump never came: ${dump}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { database: await createPglite(dump), how: 'copied' as const };
  }
  const database = await createPglite();
  await userWithDemoLibrary(database, LIBRARY_USER);
  if (!database.thread) throw new Error('A PGlite database without its thread');
  writeFileSync(`${dump}.part`, await database.thread.dump());
  renameSync(`${dump}.part`, dump);
  return { database, how: 'indexed' as const };
}
