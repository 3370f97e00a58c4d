import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { openDatabase } from '../db/client.ts';
import { jobSchedules, jobs } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { createLogger } from '../logger.ts';
import {
  createJobQueue,
  defaultBackoffMs,
  type JobQueue,
  type JobQueueOptions,
  type JobView,
} from './queue.ts';

const logger = createLogger('silent');

/** Resolves when `check` holds, polling briefly; fails the test with `what` after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe.each(backends())('job queue on $name', (backend: Backend) => {
  let database: TestDatabase;
  const queues: JobQueue[] = [];
  const newQueue = (options: Partial<JobQueueOptions> = {}) => {
    const queue = createJobQueue({ db: database.db, logger, pollIntervalMs: 20, ...options });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.delete(jobs);
    await database.db.delete(jobSchedules);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
  });

  it('runs an enqueued job to success with its result and progress 100', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    queue.register<{ n: number }>('double', async (job) => {
      seen.push(job.payload);
      return { doubled: job.payload.n * 2 };
    });
    const userId = crypto.randomUUID();
    const queued = await queue.enqueue('double', { n: 21 }, { userId });
    expect(queued).toMatchObject({
      type: 'double',
      status: 'queued',
      progress: 0,
      attempts: 0,
      userId,
      result: null,
    });

    await queue.start();
    await until(async () => (await queue.get(queued.id))?.status === 'succeeded', 'the job to succeed');

    const done = await queue.get(queued.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: { doubled: 42 },
      error: null,
      attempts: 1,
    });
    expect(done?.finishedAt).not.toBeNull();
    expect(seen).toEqual([{ n: 21 }]);
  });

  it('runs no more jobs at once than its concurrency, and lets the event loop turn between them', async () => {
    const queue = newQueue({ concurrency: 2 });
    let finished = 0;
    let active = 0;
    let mostActive = 0;
    queue.register('write', async () => {
      active += 1;
      mostActive = Math.max(mostActive, active);
      await database.db.execute(sql`select 1`);
      active -= 1;
      finished += 1;
    });
    for (let i = 0; i < 50; i++) await queue.enqueue('write', {});
    await queue.start();
    // Scheduled as the run begins, like a request arriving: it must not wait for the queue to empty (on PGlite,
    // which answers through microtasks only, jobs starting one another directly would never let it run).
    const seenAt = await new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await until(() => finished === 50, 'all jobs', 20_000);
    expect(mostActive).toBe(2);
    expect(seenAt).toBeLessThan(50);
  });

  it('keeps one open job per unique key, however many enqueue it at once, and a new one once it is over', async () => {
    const queue = newQueue();
    queue.register<{ n: number }>('keyed', async (job) => job.payload.n);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, n) => queue.enqueue('keyed', { n }, { uniqueKey: 'project-1' })),
    );
    expect(new Set(burst.map((job) => job.id)).size).toBe(1);
    // Another key, or none, is other work.
    const other = await queue.enqueue('keyed', { n: 20 }, { uniqueKey: 'project-2' });
    const plain = await queue.enqueue('keyed', { n: 21 });
    expect(new Set([burst[0]?.id, other.id, plain.id]).size).toBe(3);
    await queue.runOnce();
    expect((await queue.get(burst[0]?.id ?? ''))?.status).toBe('succeeded');
    const again = await queue.enqueue('keyed', { n: 30 }, { uniqueKey: 'project-1' });
    expect(again.id).not.toBe(burst[0]?.id);
    expect(again.status).toBe('queued');
  });

  it('rejects an unregistered job type and answers null for unknown or malformed ids', async () => {
    const queue = newQueue();
    await expect(queue.enqueue('nope', {})).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    await expect(queue.enqueue('nope', {})).rejects.toBeInstanceOf(AppError);
    expect(await queue.get(crypto.randomUUID())).toBeNull();
    expect(await queue.get('not-a-uuid')).toBeNull();
  });

  it('stores clamped progress and tells subscribers, in order', async () => {
    const queue = newQueue();
    queue.register('steps', async (_job, ctx) => {
      await ctx.progress(-5, 'starting');
      await ctx.progress(40.4, 'reading');
      await ctx.progress(250);
      return 'ok';
    });
    const job = await queue.enqueue('steps', {});
    const events: JobView[] = [];
    const unsubscribe = queue.subscribe(job.id, (view) => events.push(view));

    await queue.runOnce();
    unsubscribe();

    expect(events.map((e) => [e.status, e.progress, e.message])).toEqual([
      ['running', 0, null],
      ['running', 0, 'starting'],
      ['running', 40, 'reading'],
      // No message given: the last one stays.
      ['running', 100, 'reading'],
      ['succeeded', 100, 'reading'],
    ]);
    expect(events.at(-1)?.result).toBe('ok');
  });

  it('retries a failing handler with backoff, then fails with its message', async () => {
    const queue = newQueue();
    const attempts: { attempt: number; at: number }[] = [];
    queue.register(
      'flaky',
      async (job) => {
        attempts.push({ attempt: job.attempt, at: Date.now() });
        throw new Error(`boom ${job.attempt}`);
      },
      { maxAttempts: 3, backoffMs: (attempt) => attempt * 150 },
    );
    const job = await queue.enqueue('flaky', {});

    await queue.runOnce();
    const afterFirst = await queue.get(job.id);
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, error: 'boom 1', progress: 0 });
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    // Backed off from the moment of the failure, by the database clock.
    expect((row?.runAt.getTime() ?? 0) - (row?.updatedAt.getTime() ?? 0)).toBe(150);
    await queue.runOnce();
    expect(attempts).toHaveLength(1);

    await queue.start();
    await until(async () => (await queue.get(job.id))?.status === 'failed', 'the job to fail');

    expect(await queue.get(job.id)).toMatchObject({ status: 'failed', attempts: 3, error: 'boom 3' });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = attempts.map((a) => a.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(140);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('backs off exponentially by default, capped at five minutes', () => {
    expect([1, 2, 3, 4].map(defaultBackoffMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(defaultBackoffMs(20)).toBe(300_000);
  });

  it.runIf(backend.name === 'postgres')(
    'never runs a job twice when two queues share the database',
    async () => {
      const runs = new Map<string, number>();
      const handler = async (job: { id: string }) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        return null;
      };
      // A second connection pool, as another server would have.
      const other = await openDatabase({ mode: 'postgres', url: database.url ?? '', maxConnections: 4 });
      onTestFinished(() => other.close());
      const a = newQueue({ workerId: 'server-a', concurrency: 4, pollIntervalMs: 5 });
      const b = newQueue({ db: other.db, workerId: 'server-b', concurrency: 4, pollIntervalMs: 5 });
      a.register('work', handler);
      b.register('work', handler);
      const ids = await Promise.all(
        Array.from({ length: 50 }, (_, i) => a.enqueue('work', { i }).then((j) => j.id)),
      );

      await Promise.all([a.start(), b.start()]);
      await until(async () => {
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(eq(jobs.status, 'succeeded'));
        return row?.n === 50;
      }, 'all 50 jobs to succeed');

      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      const rows = await database.db.select({ attempts: jobs.attempts }).from(jobs);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    },
  );

  it('puts back a job left running by a dead server and runs it', async () => {
    const seed = newQueue();
    seed.register('report', async () => 'done');
    const job = await seed.enqueue('report', {});
    // What a server that died mid-job leaves behind: running, locked, heartbeat long gone.
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: 'dead-server',
        attempts: 1,
        lockedAt: sql`now() - interval '10 minutes'`,
        heartbeatAt: sql`now() - interval '10 minutes'`,
      })
      .where(eq(jobs.id, job.id));

    const queue = newQueue({ workerId: 'new-server', staleAfterMs: 1000 });
    queue.register('report', async () => 'done again');
    await queue.start();
    await until(
      async () => (await queue.get(job.id))?.status === 'succeeded',
      'the recovered job to succeed',
    );
    expect(await queue.get(job.id)).toMatchObject({ result: 'done again', attempts: 2 });
  });

  it('leaves a running job with a fresh heartbeat alone', async () => {
    const seed = newQueue();
    seed.register('report', async () => 'done');
    const job = await seed.enqueue('report', {});
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: 'busy-server',
        attempts: 1,
        lockedAt: sql`now()`,
        heartbeatAt: sql`now()`,
      })
      .where(eq(jobs.id, job.id));

    const queue = newQueue({ workerId: 'other-server', staleAfterMs: 60_000 });
    queue.register('report', async () => 'stolen');
    await queue.runOnce();
    expect(await queue.get(job.id)).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('recovers its own jobs at once on start, whatever their heartbeat', async () => {
    const seed = newQueue();
    seed.register('report', async () => 'done');
    const job = await seed.enqueue('report', {});
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: 'worker-1',
        attempts: 1,
        lockedAt: sql`now()`,
        heartbeatAt: sql`now()`,
      })
      .where(eq(jobs.id, job.id));

    const restarted = newQueue({ workerId: 'worker-1' });
    restarted.register('report', async () => 'after restart');
    await restarted.start();
    await until(async () => (await restarted.get(job.id))?.status === 'succeeded', 'the job to run again');
    expect(await restarted.get(job.id)).toMatchObject({ result: 'after restart', attempts: 2 });
  });

  it('fails a recovered job that was already on its last attempt', async () => {
    const seed = newQueue();
    seed.register('report', async () => 'done');
    const job = await seed.enqueue('report', {}, { maxAttempts: 1 });
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: 'crashed',
        attempts: 1,
        heartbeatAt: sql`now() - interval '1 hour'`,
      })
      .where(eq(jobs.id, job.id));

    const queue = newQueue({ staleAfterMs: 1000 });
    queue.register('report', async () => 'never');
    await queue.runOnce();
    expect(await queue.get(job.id)).toMatchObject({
      status: 'failed',
      error: 'The server running this job stopped before it finished',
    });
  });

  it('enqueues a periodic job once per interval and never two open runs', async () => {
    const queue = newQueue();
    let release = deferred();
    let runs = 0;
    queue.register('tick', async () => {
      runs++;
      await release.promise;
      return runs;
    });
    const scheduleRuns = () => database.db.select().from(jobs).where(eq(jobs.scheduleName, 'every-second'));

    await queue.schedule('every-second', 'tick', 1, { kind: 'heartbeat' });
    await queue.start();
    await until(() => runs === 1, 'the first scheduled run');
    const [firstRun] = await scheduleRuns();
    expect(firstRun).toMatchObject({ type: 'tick', status: 'running', payload: { kind: 'heartbeat' } });

    // The schedule is due again while its first run is still going: no second run may open.
    await database.db.update(jobSchedules).set({ nextRunAt: sql`now() - interval '1 minute'` });
    await new Promise((r) => setTimeout(r, 150));
    expect(await scheduleRuns()).toHaveLength(1);
    // The skipped firing still advanced the schedule by one interval.
    const [schedule] = await database.db.select().from(jobSchedules);
    const nextDue = schedule?.nextRunAt.getTime() ?? 0;
    expect(nextDue - (schedule?.updatedAt.getTime() ?? 0)).toBe(1000);

    // Once the run is over, the next one comes at the next interval, not before.
    release.resolve();
    release = deferred();
    await until(() => runs === 2, 'the second scheduled run', 3000);
    release.resolve();
    const all = await scheduleRuns();
    expect(all).toHaveLength(2);
    const second = all.find((job) => job.id !== firstRun?.id);
    expect(second?.createdAt.getTime()).toBeGreaterThanOrEqual(nextDue);

    // Updating the schedule keeps one row.
    await queue.schedule('every-second', 'tick', 60);
    expect(await database.db.select().from(jobSchedules)).toMatchObject([{ intervalSeconds: 60 }]);
    await queue.unschedule('every-second');
    expect(await database.db.select().from(jobSchedules)).toHaveLength(0);
  });

  it('stop() waits for a running job to finish', async () => {
    const queue = newQueue();
    const started = deferred();
    let finished = false;
    queue.register('slow', async () => {
      started.resolve();
      await new Promise((r) => setTimeout(r, 150));
      finished = true;
      return 'slow result';
    });
    const job = await queue.enqueue('slow', {});
    await queue.start();
    await started.promise;

    await queue.stop();
    expect(finished).toBe(true);
    expect(await queue.get(job.id)).toMatchObject({ status: 'succeeded', result: 'slow result' });
  });

  it('stop() aborts a job that outlives the grace period and puts it back in the queue', async () => {
    const queue = newQueue({ stopGraceMs: 50 });
    const started = deferred();
    queue.register('endless', async (_job, ctx) => {
      started.resolve();
      await new Promise((_resolve, reject) => {
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
      });
    });
    const job = await queue.enqueue('endless', {});
    await queue.start();
    await started.promise;

    await queue.stop();
    expect(await queue.get(job.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      error: 'Interrupted by a server shutdown',
    });
  });

  it('sends heartbeats while a job runs', async () => {
    const queue = newQueue({ heartbeatMs: 30 });
    const started = deferred();
    const release = deferred();
    queue.register('long', async () => {
      started.resolve();
      await release.promise;
    });
    const job = await queue.enqueue('long', {});
    await queue.start();
    await started.promise;
    const heartbeat = async () =>
      (
        await database.db.select({ at: jobs.heartbeatAt }).from(jobs).where(eq(jobs.id, job.id))
      )[0]?.at?.getTime() ?? 0;
    const first = await heartbeat();
    await until(async () => (await heartbeat()) > first, 'a newer heartbeat');
    release.resolve();
  });
});
