/**
 * Moving from the embedded database to PostgreSQL: a user's data written through the API on PGlite (account,
 * session, prospects, an uploaded file and its knowledge graph, a purchase, a webhook's sealed secret) reads
 * back the same, with the same ids, from the app started on the PostgreSQL database it was moved into; a
 * target with rows, an open embedded database and a bad target are refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app.ts';
import { type AuthClient, authClient, callJson } from '../../../tests/helpers/auth.ts';
import { buildPdf } from '../../../tests/helpers/knowledge-files.ts';
import type { App } from '../http/app.ts';
import { type Database, openDatabase, queryRows } from './client.ts';
import { MoveError, type MoveResult, moveToPostgres } from './move.ts';
import { seedReferenceData } from './seed/seed.ts';

const adminUrl = inject('postgresUrl');
const PASSWORD = 'violet-harbor-42';
const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true' };
/** Every byte value, and the characters COPY's text format escapes. */
const PROBE_BYTES = Buffer.concat([Buffer.from([...Array(256).keys()]), Buffer.from('\\\t\n\r\\N')]);
/** A file bigger than a read (chunkBytes below), stored out of line: read a row at a time. */
const BIG_FILE = randomBytes(300_000);
const NOTE =
  'Acme Corp encrypts every backup.\tTabs, a back\\slash, \\N and “quotes”.\r\nOkta is required.\n';

const asTestDatabase = (database: Database) => ({ ...database, url: null, destroy: () => database.close() });

/** What the user sees through the API, read the same way before and after the move. */
async function snapshot(client: AuthClient, app: App, documentIds: string[], webhookId: string) {
  const read = async (path: string) => {
    const answer = await callJson<unknown>(client, 'GET', path);
    expect(answer.status, path).toBe(200);
    return answer.body;
  };
  const files = [];
  for (const id of documentIds) {
    const response = await app.request(`/api/v1/knowledge/documents/${id}/download`, {
      headers: { cookie: client.cookie },
    });
    expect(response.status).toBe(200);
    files.push(Buffer.from(await response.arrayBuffer()).toString('base64'));
  }
  return {
    session: ((await read('/api/auth/get-session')) as { user: unknown }).user,
    prospects: await read('/api/v1/prospects'),
    documents: await read('/api/v1/knowledge/documents'),
    stats: await read('/api/v1/knowledge/stats'),
    credits: await read('/api/v1/credits'),
    transactions: await read('/api/v1/credits/transactions'),
    webhookSecret: await read(`/api/v1/integrations/webhooks/${webhookId}/secret`),
    files,
  };
}

describe.skipIf(!adminUrl)('moving the embedded database to PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-move-'));
  const targetName = `prospector_move_${process.pid}_${randomBytes(4).toString('hex')}`;
  const targetUrl = Object.assign(new URL(adminUrl ?? 'postgres://x'), { pathname: `/${targetName}` }).href;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl ?? '' });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };

  let before: Awaited<ReturnType<typeof snapshot>>;
  let ada: AuthClient;
  let documentIds: string[];
  let webhookId: string;
  let result: MoveResult;
  let target: Database;
  let app: App;

  beforeAll(async () => {
    const source = await openDatabase({ mode: 'pglite', dataDir });
    try {
      await source.migrate();
      await seedReferenceData(source.db);
      const embedded = await createTestApp(asTestDatabase(source), { env: ENV });
      ada = authClient(embedded.app);
      expect((await ada.signUp('ada@example.com', PASSWORD, 'Ada')).status).toBe(200);
      for (const name of ['Initech', 'Globex']) {
        expect((await callJson(ada, 'POST', '/api/v1/prospects', { name })).status).toBe(201);
      }
      const form = new FormData();
      form.append('files', new File([NOTE], 'security-note.md'));
      form.append(
        'files',
        new File([buildPdf([['Acme Corp uses Okta for sign-on.']]) as BlobPart], 'overview.pdf'),
      );
      const uploaded = await embedded.app.request('/api/v1/knowledge/documents', {
        method: 'POST',
        body: form,
        headers: { cookie: ada.cookie },
      });
      expect(uploaded.status).toBe(202);
      documentIds = ((await uploaded.json()) as { results: { document: { id: string } }[] }).results.map(
        (r) => r.document.id,
      );
      await embedded.jobs.runOnce();
      const bought = await callJson(ada, 'POST', '/api/v1/credits/purchases', {
        packageId: 'starter',
        idempotencyKey: 'move-test-1',
      });
      expect(bought.status).toBe(201);
      const hook = await callJson<{ id: string }>(ada, 'POST', '/api/v1/integrations/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: ['credits.low'],
      });
      expect(hook.status).toBe(201);
      webhookId = hook.body.id;
      before = await snapshot(ada, embedded.app, documentIds, webhookId);
      // A table with an identity column, every byte value and a big file: a sequence and bytea outside our schema.
      await source.db.execute(
        sql`create table move_probe (id int generated always as identity primary key, payload bytea not null)`,
      );
      await source.db.execute(
        sql`insert into move_probe (payload) values (${PROBE_BYTES}), (${BIG_FILE}), ('')`,
      );
    } finally {
      await source.close();
    }
    await admin(`create database ${targetName}`);
    // The probe table exists (empty) on the target only because our migrations do not make it.
    const setup = new pg.Client({ connectionString: targetUrl });
    await setup.connect();
    await setup.query(
      'create table move_probe (id int generated always as identity primary key, payload bytea not null)',
    );
    await setup.end();

    // Small reads: the page ranges and the row-by-row reads of big rows both take part.
    result = await moveToPostgres({ dataDir, to: targetUrl, chunkBytes: 64 * 1024 });
    target = await openDatabase({ mode: 'postgres', url: targetUrl, maxConnections: 5 });
    await target.migrate();
    ({ app } = await createTestApp(
      { ...target, url: targetUrl, destroy: () => target.close() },
      { env: ENV },
    ));
  });

  afterAll(async () => {
    await target?.close();
    await admin(`drop database if exists ${targetName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports every table with its rows', () => {
    const rows = Object.fromEntries(result.tables.map((table) => [table.table, table.rows]));
    expect(rows).toMatchObject({
      users: 1,
      saved_prospects: 2,
      document_files: 2,
      webhooks: 1,
      move_probe: 3,
    });
    expect(rows.app_settings).toBeGreaterThanOrEqual(1);
    expect(rows.industry_codes).toBeGreaterThan(2000);
    expect(rows.knowledge_entities).toBeGreaterThan(0);
    expect(result.tables.map((table) => table.table)).not.toContain('__drizzle_migrations');
    expect(result.rows).toBe(result.tables.reduce((sum, table) => sum + table.rows, 0));
  });

  it('lets the user sign in with the same password and read the same data, files and secrets', async () => {
    const again = authClient(app);
    expect((await again.signIn('ada@example.com', PASSWORD)).status).toBe(200);
    const after = await snapshot(again, app, documentIds, webhookId);
    // The sign-in was a new session; everything else is as it was.
    expect(after).toEqual(before);
    expect(after.files[0]).toBe(Buffer.from(NOTE).toString('base64'));
    // The session of the embedded database is still valid: the auth secret came across.
    const old = await app.request('/api/auth/get-session', { headers: { cookie: ada.cookie } });
    expect(((await old.json()) as { user: unknown }).user).toEqual(before.session);
  });

  it('keeps working on PostgreSQL: new rows, and sequences that continue after the moved ones', async () => {
    const again = authClient(app);
    await again.signIn('ada@example.com', PASSWORD);
    expect((await callJson(again, 'POST', '/api/v1/prospects', { name: 'Umbrella' })).status).toBe(201);
    const listed = await callJson<{ prospects: { name: string }[] }>(again, 'GET', '/api/v1/prospects');
    expect(listed.body.prospects.map((p) => p.name).sort()).toEqual(['Globex', 'Initech', 'Umbrella']);
    const [next] = await queryRows<{ id: number }>(
      target.db,
      sql`insert into move_probe (payload) values ('\\x01') returning id`,
    );
    expect(next?.id).toBe(4);
    const probe = await queryRows<{ id: number; payload: Buffer }>(
      target.db,
      sql`select id, payload from move_probe where id <= 3 order by id`,
    );
    expect(probe.map((row) => row.payload.toString('hex'))).toEqual(
      [PROBE_BYTES, BIG_FILE, Buffer.alloc(0)].map((bytes) => bytes.toString('hex')),
    );
  });

  it('refuses a target with rows, an embedded database in use and a target it cannot reach', async () => {
    const refused = await moveToPostgres({ dataDir, to: targetUrl }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(MoveError);
    expect((refused as Error).message).toMatch(/^The target database is not empty: accounts, /);
    const [users] = await queryRows<{ n: number }>(target.db, sql`select count(*)::int as n from users`);
    expect(users?.n).toBe(1);

    const unreachable = 'postgres://postgres@127.0.0.1:1/prospector';
    await expect(moveToPostgres({ dataDir, to: unreachable })).rejects.toThrow(/Cannot reach the target/);
    await expect(moveToPostgres({ dataDir, to: 'mysql://localhost/x' })).rejects.toThrow(/postgres:\/\//);

    const open = await openDatabase({ mode: 'pglite', dataDir });
    try {
      await expect(moveToPostgres({ dataDir, to: targetUrl })).rejects.toThrow(/open in another process/);
    } finally {
      await open.close();
    }
  });
});
