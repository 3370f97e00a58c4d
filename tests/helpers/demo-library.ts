/**
 * The evaluations' set-up: a user whose knowledge base holds the demo library a new workspace starts with
 * (the security policy templates filled in for a company by demo.ts), loaded through the real ingestion
 * pipeline, and the built-in engine as the answers use it.
 */
import { sql } from 'drizzle-orm';
import { createBuiltinEngine } from '../../src/server/ai/builtin/engine.ts';
import type { AiEngine } from '../../src/server/ai/port.ts';
import type { AppDeps, Caller } from '../../src/server/context.ts';
import { seedReferenceData } from '../../src/server/db/seed/seed.ts';
import { demoDocuments } from '../../src/server/features/knowledge/demo.ts';
import { addDocument, processDocument } from '../../src/server/features/knowledge/documents.ts';
import { createTestApp } from './app.ts';
import { authClient } from './auth.ts';
import type { TestDatabase } from './databases.ts';
import { userIdOf } from './knowledge-rows.ts';

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
