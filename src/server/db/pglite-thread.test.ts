/**
 * The embedded database on its own thread (issue 22): a statement that never returns no longer freezes the
 * server. The thread's watchdog cuts it off with a 503 that says what happened, the thread is replaced, and
 * what was committed before is still there. `select pg_sleep(n)` holds the thread the way a stuck statement
 * does (PGlite sleeps inside the WebAssembly call, so not even its heartbeat runs).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app.ts';
import { authClient, callJson } from '../../../tests/helpers/auth.ts';
import { type Database, openDatabase, queryRows } from './client.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, PgliteThread } from './pglite-thread.ts';

const STALL_MS = 1500;
/** Recursion as deep as asked: each level is a frame on the backend's stack. */
const DEEP_FUNCTION = `create or replace function deep(n int) returns int language plpgsql as
  $$ begin if n <= 0 then return 0; end if; return deep(n - 1) + 1; end $$`;

describe('PGlite on its own thread', () => {
  let dataDir: string;
  let database: Database;
  const restarts: { reason: string; waiting: string[] }[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'prospector-thread-'));
    database = await openDatabase({
      mode: 'pglite',
      dataDir,
      stallMs: STALL_MS,
      onRestart: (reason, waiting) => restarts.push({ reason, waiting }),
    });
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers statements, keeps transactions whole and passes PostgreSQL errors through', async () => {
    await database.db.execute(sql`create table kept (n int primary key)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (1)`);
      await tx.execute(sql`insert into kept values (2)`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (3)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const failed = await database.db.execute(sql`insert into kept values (1)`).then(
      () => new Error('the duplicate key was accepted'),
      (err: Error) => err,
    );
    expect(failed.cause).toMatchObject({ code: '23505', constraint: 'kept_pkey' });
    const rows = await queryRows<{ n: number }>(database.db, sql`select n from kept order by n`);
    expect(rows.map((row) => row.n)).toEqual([1, 2]);
  });

  it('cuts off a statement that holds the thread, restarts it and keeps what was committed', async () => {
    const stuck = await database.db.execute(sql`select pg_sleep(${(STALL_MS * 4) / 1000})`).then(
      () => new Error('the stalled statement answered'),
      (err: Error) => err,
    );
    expect(isDatabaseUnavailable(stuck)).toBe(true);
    expect(String(stuck.cause)).toContain(DATABASE_UNAVAILABLE);
    expect(restarts).toHaveLength(1);
    expect(restarts[0]?.waiting.join(' ')).toContain('pg_sleep');
    expect(database.thread?.restarts).toBe(1);
    const rows = await queryRows<{ n: number }>(database.db, sql`select n from kept order by n`);
    expect(rows.map((row) => row.n)).toEqual([1, 2]);
  });

  it('answers a request caught by the watchdog with 503 and the reason, and the next one normally', async () => {
    const { app, jobs } = await createTestApp({ ...database, url: null, destroy: async () => {} });
    const user = authClient(app);
    expect((await user.signUp('thread@example.com', 'Harbour lantern 2026!')).status).toBe(200);
    const holding = database.db.execute(sql`select pg_sleep(${(STALL_MS * 4) / 1000})`).catch(() => null);
    // Health answers at once whatever the database does, and says it is degraded while the thread is replaced.
    const healthDuring = (async () => {
      const answers: { status: number; database: string; ms: number }[] = [];
      for (let i = 0; i < 60; i++) {
        const asked = performance.now();
        const health = await callJson<{ checks: { database: string } }>(user, 'GET', '/api/health');
        answers.push({
          status: health.status,
          database: health.body.checks.database,
          ms: performance.now() - asked,
        });
        if (health.status === 503) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return answers;
    })();
    const during = await callJson<{ error: { code: string; message: string } }>(
      user,
      'GET',
      '/api/v1/credits',
    );
    const answers = await healthDuring;
    expect(answers.at(-1)).toMatchObject({ status: 503, database: 'restarting' });
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(500);
    await holding;
    expect(during.status).toBe(503);
    expect(during.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE });
    const after = await callJson(user, 'GET', '/api/v1/credits');
    expect(after.status).toBe(200);
    await expect
      .poll(async () => (await user.request('GET', '/api/health/ready')).status, { timeout: 5000 })
      .toBe(200);
    await jobs.stop();
  });

  it('does not mistake a held main thread for a stuck database thread', async () => {
    const restartsBefore = database.thread?.restarts;
    const answer = queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from kept`);
    // A long synchronous task here (a big document parsed on a busy machine): the database thread's answer
    // and beats wait in the queue while the watchdog's timer comes due.
    const until = Date.now() + STALL_MS * 3;
    while (Date.now() < until) {
      // busy
    }
    expect((await answer)[0]?.n).toBe(2);
    expect(database.thread?.restarts).toBe(restartsBefore);
  });

  it('never replaces an in-memory database for a stall: a new thread would start empty', async () => {
    const memory = await openDatabase({ mode: 'pglite', dataDir: null, template: null, stallMs: 200 });
    try {
      await memory.db.execute(sql`create table kept_in_memory (n int)`);
      await memory.db.execute(sql`insert into kept_in_memory values (1)`);
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      await memory.db.execute(sql`select pg_sleep(1)`);
      process.off('warning', onWarning);
      expect(warnings).toEqual([expect.stringContaining('waiting for: select pg_sleep(1)')]);
      const rows = await queryRows<{ n: number }>(memory.db, sql`select n from kept_in_memory`);
      expect(rows).toEqual([{ n: 1 }]);
      expect(memory.thread?.restarts).toBe(0);
    } finally {
      await memory.close();
    }
  });

  it("answers a query too deep for the stack with PostgreSQL's own error, and goes on", async () => {
    await database.db.execute(sql.raw(DEEP_FUNCTION));
    const restartsBefore = database.thread?.restarts;
    const deep = await database.db.execute(sql`select deep(100000)`).then(
      () => new Error('the deep query answered'),
      (err: Error) => err,
    );
    expect(deep.cause).toMatchObject({ code: '54001' });
    expect(String(deep.cause)).toContain('stack depth limit exceeded');
    expect(await queryRows(database.db, sql`select deep(10) as n`)).toEqual([{ n: 10 }]);
    expect(database.thread?.restarts).toBe(restartsBefore);
  });

  it('ends a thread whose backend broke at once (no 30 s freeze): 503, then the data from disk', async () => {
    // A 4 MB native stack (Node's default) lets deep recursion break the backend with a RangeError, which
    // PGlite's own loop would retry for ever (electric-sql/pglite#1058).
    const brokenDir = mkdtempSync(join(tmpdir(), 'prospector-broken-'));
    const reasons: string[] = [];
    const thread = await PgliteThread.open({
      dataDir: brokenDir,
      template: null,
      stallMs: 60_000,
      stackSizeMb: 4,
      onRestart: (reason) => reasons.push(reason),
    });
    try {
      await thread.query(DEEP_FUNCTION);
      await thread.query('create table kept_here (n int)');
      await thread.query('insert into kept_here values (1)');
      const asked = performance.now();
      const broken = await thread.query('select deep(100000)').then(
        () => new Error('the deep query answered'),
        (err: Error) => err,
      );
      expect(performance.now() - asked).toBeLessThan(10_000);
      expect(isDatabaseUnavailable(broken)).toBe(true);
      expect(reasons).toEqual([expect.stringMatching(/^RangeError: Maximum call stack size exceeded/)]);
      const rows = await thread.query<{ n: number }>('select n from kept_here');
      expect(rows.rows).toEqual([{ n: 1 }]);
      expect(thread.restarts).toBe(1);
    } finally {
      await thread.close();
      rmSync(brokenDir, { recursive: true, force: true });
    }
  });

  it('starts a new database as a copy of a dump instead of running initdb, and keeps it after', async () => {
    const dump = await database.thread?.dump();
    if (!dump) throw new Error('no dump');
    const templateFile = join(dataDir, 'template.tar.gz');
    writeFileSync(templateFile, dump);
    const copyDir = mkdtempSync(join(tmpdir(), 'prospector-copy-'));
    try {
      const copy = await openDatabase({ mode: 'pglite', dataDir: copyDir, template: templateFile });
      await copy.db.execute(sql`insert into kept values (7)`);
      await copy.close();
      // Opened again, it is the copy's own data (the template is for new databases only).
      const again = await openDatabase({ mode: 'pglite', dataDir: copyDir, template: templateFile });
      const rows = await queryRows<{ n: number }>(again.db, sql`select n from kept order by n`);
      await again.close();
      expect(rows.map((row) => row.n)).toEqual([1, 2, 7]);
    } finally {
      rmSync(copyDir, { recursive: true, force: true });
    }
  });

  it('renews the thread without failing a request: an open transaction ends first, the rest wait', async () => {
    const restartsBefore = database.thread?.restarts;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (20)`);
      await held;
      await tx.execute(sql`insert into kept values (21)`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const renewed = database.thread?.recycle();
    const meanwhile = queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from kept`);
    release();
    await Promise.all([transaction, renewed]);
    // The statement asked during the renewal saw the transaction's rows: it waited for its end.
    expect((await meanwhile)[0]?.n).toBe(4);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select n from kept where n >= 20 order by n`,
    );
    expect(rows.map((row) => row.n)).toEqual([20, 21]);
    expect(database.thread?.restarts).toBe(restartsBefore);
    expect(database.thread?.available).toBe(true);
  });
});
