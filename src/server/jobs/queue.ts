import { hostname } from 'node:os';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../shared/uuid.ts';
import type { Db } from '../db/client.ts';
import { jobSchedules, jobs } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** What API clients and subscribers see of a job (the row minus its locking internals). */
export type JobView = {
  id: string;
  type: string;
  status: JobStatus;
  progress: number;
  message: string | null;
  result: unknown;
  error: string | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  userId: string | null;
};

export type JobContext = {
  /** Records progress (clamped to 0-100, rounded) and tells subscribers; also counts as a heartbeat. */
  progress(percent: number, message?: string): Promise<void>;
  /** Aborted when the server shuts down past its grace period, or when another worker took the job over. */
  signal: AbortSignal;
  logger: Logger;
};

export type JobHandler<P> = (
  job: { id: string; type: string; payload: P; attempt: number },
  ctx: JobContext,
) => Promise<unknown>;

export type RegisterOptions = {
  maxAttempts?: number;
  /** Delay before attempt `attempt + 1`, given the number of the attempt that just failed (1-based). */
  backoffMs?: (attempt: number) => number;
};

export type EnqueueOptions = {
  userId?: string | null;
  organizationId?: string | null;
  runAt?: Date;
  maxAttempts?: number;
  /**
   * Names the work when at most one job may do it at a time (an RFP's "draft all", one document's processing):
   * while a job with this key is queued or running, enqueueing again returns that job instead of a second one.
   */
  uniqueKey?: string;
};

export type JobListener = (job: JobView) => void;

export type JobQueueOptions = {
  db: Db;
  logger: Logger;
  /** Must be unique among live queues; stable across restarts so start() can recover its own jobs at once. */
  workerId?: string;
  pollIntervalMs?: number;
  concurrency?: number;
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this is taken to belong to a dead server. */
  staleAfterMs?: number;
  /** How long stop() lets running handlers finish before aborting their signal. */
  stopGraceMs?: number;
};

export type JobQueue = {
  readonly workerId: string;
  register<P>(type: string, handler: JobHandler<P>, options?: RegisterOptions): void;
  /** The job types registered so far, sorted (the architecture page lists them). */
  registeredTypes(): string[];
  /** A new job; with `uniqueKey`, the open job of that key when there is one (see EnqueueOptions). */
  enqueue<P>(type: string, payload: P, options?: EnqueueOptions): Promise<JobView>;
  get(id: string): Promise<JobView | null>;
  /** Creates or updates a periodic job; the first run is due at once for a new schedule. */
  schedule(name: string, type: string, intervalSeconds: number, payload?: unknown): Promise<void>;
  unschedule(name: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Recovers stale jobs, fires due schedules, then claims and runs due jobs until none is left. */
  runOnce(): Promise<void>;
  subscribe(id: string, listener: JobListener): () => void;
};

export const DEFAULT_MAX_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 5 * 60_000;

export const defaultBackoffMs = (attempt: number) =>
  Math.min(1000 * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);

/** Job ids must be UUIDs: anything else cannot exist, and PostgreSQL would reject the cast. */
type JobRow = typeof jobs.$inferSelect;

type Registration = {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
};

type Outcome = { ok: true; result: unknown } | { ok: false; error: string };

type Running = {
  controller: AbortController;
  done: Promise<void>;
  /** Set when stop() aborted the handler: the attempt is not the job's fault. */
  interrupted: boolean;
};

const TERMINAL: ReadonlySet<JobStatus> = new Set(['succeeded', 'failed']);

export const isTerminal = (status: JobStatus) => TERMINAL.has(status);

export function toJobView(row: JobRow): JobView {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    progress: row.progress,
    message: row.progressMessage,
    result: row.result ?? null,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    userId: row.userId,
  };
}

/**
 * Enqueues a job inside the caller's open transaction, so that it exists only if the change it follows commits
 * (PGlite's one connection cannot run `enqueue` beside an open transaction). A worker finds it on its next poll.
 */
export async function enqueueWithin<P>(
  tx: Db,
  type: string,
  payload: P,
  options: Pick<EnqueueOptions, 'userId' | 'runAt' | 'maxAttempts'> = {},
): Promise<string> {
  const [row] = await tx
    .insert(jobs)
    .values({
      type,
      payload: payload ?? {},
      userId: options.userId ?? null,
      maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
      ...(options.runAt ? { runAt: options.runAt } : {}),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('Inserting a job returned no row');
  return row.id;
}

/** Worker ids of started queues in this process: two live queues sharing one would recover each other's jobs. */
const liveWorkerIds = new Set<string>();
const defaultWorkerIds = new Set<string>();

/** host:pid is stable across a container restart (same hostname, often pid 1), which start() recovery relies on. */
function uniqueWorkerId(requested: string | undefined): string {
  if (requested) return requested;
  const base = `${hostname()}:${process.pid}`;
  let id = base;
  for (let n = 2; defaultWorkerIds.has(id) || liveWorkerIds.has(id); n++) id = `${base}:${n}`;
  defaultWorkerIds.add(id);
  return id;
}

const milliseconds = (ms: number) => sql`(${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'Job failed';

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db } = options;
  const workerId = uniqueWorkerId(options.workerId);
  const logger = options.logger.child({ component: 'jobs', workerId });
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const staleAfterMs = options.staleAfterMs ?? 30_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const recoverEveryMs = Math.min(5000, staleAfterMs / 2);

  const registry = new Map<string, Registration>();
  const listeners = new Map<string, Set<JobListener>>();
  const running = new Map<string, Running>();

  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let tickInFlight: Promise<void> | null = null;
  let wakeAgain = false;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let lastRecoveryAt = 0;

  function emit(row: JobRow) {
    const set = listeners.get(row.id);
    if (!set) return;
    const view = toJobView(row);
    for (const listener of set) {
      try {
        listener(view);
      } catch (err) {
        logger.warn({ err, jobId: row.id }, 'job listener threw');
      }
    }
  }

  /** Rows still claimed by this worker; a guard so a worker that lost its lock never overwrites the new owner. */
  const ownedBy = (id: string) =>
    and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

  async function claim(limit: number): Promise<JobRow[]> {
    const types = [...registry.keys()];
    if (limit <= 0 || types.length === 0) return [];
    const typeList = sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    );
    // SKIP LOCKED lets several servers claim side by side without ever sharing a job. The ids are chosen first,
    // in the same transaction: as a subquery of the update, PostgreSQL may run the limited select once per row
    // and claim every queued job, whatever the limit.
    return db.transaction(async (tx) => {
      const next = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(eq(jobs.status, 'queued'), sql`${jobs.runAt} <= now()`, sql`${jobs.type} in (${typeList})`),
        )
        .orderBy(jobs.runAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (next.length === 0) return [];
      return tx
        .update(jobs)
        .set({
          status: 'running',
          lockedBy: workerId,
          lockedAt: sql`now()`,
          heartbeatAt: sql`now()`,
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          inArray(
            jobs.id,
            next.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  /**
   * Puts back jobs whose server died. A job already on its last attempt fails instead, so a job that
   * crashes the process cannot crash every server in turn forever.
   */
  async function recover(where: SQL): Promise<void> {
    const exhausted = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
    const rows = await db
      .update(jobs)
      .set({
        status: sql`case when ${exhausted} then 'failed' else 'queued' end`,
        error: sql`case when ${exhausted} then 'The server running this job stopped before it finished' else ${jobs.error} end`,
        finishedAt: sql`case when ${exhausted} then now() else null end`,
        runAt: sql`now()`,
        lockedBy: null,
        lockedAt: null,
        heartbeatAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.status, 'running'), where))
      .returning();
    for (const row of rows) {
      logger.warn(
        { jobId: row.id, type: row.type, status: row.status },
        'recovered a job abandoned by its worker',
      );
      emit(row);
    }
  }

  const recoverStale = () =>
    recover(
      sql`coalesce(${jobs.heartbeatAt}, ${jobs.lockedAt}, ${jobs.updatedAt}) < now() - ${milliseconds(staleAfterMs)}`,
    );

  async function recoverStaleIfDue() {
    if (Date.now() - lastRecoveryAt < recoverEveryMs) return;
    lastRecoveryAt = Date.now();
    await recoverStale();
  }

  async function fireDueSchedules(): Promise<void> {
    const types = [...registry.keys()];
    if (types.length === 0) return;
    const typeList = sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    );
    // Advance and enqueue in one statement; the partial unique index turns a second open run into a no-op.
    // The cadence keeps its phase, but a server that was down does not replay the runs it missed.
    await db.execute(sql`
      with due as (
        update job_schedules s
        set next_run_at = case
              when s.next_run_at + s.interval_seconds * interval '1 second' > now()
                then s.next_run_at + s.interval_seconds * interval '1 second'
              else now() + s.interval_seconds * interval '1 second'
            end,
            updated_at = now()
        where s.name in (
          select name from job_schedules
          where next_run_at <= now() and type in (${typeList})
          for update skip locked)
        returning s.name, s.type, s.payload
      )
      insert into jobs (type, payload, schedule_name)
      select type, payload, name from due
      on conflict do nothing`);
  }

  async function heartbeat() {
    const ids = [...running.keys()];
    if (ids.length === 0) return;
    const alive = await db
      .update(jobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    const kept = new Set(alive.map((r) => r.id));
    for (const id of ids) {
      const entry = running.get(id);
      // Another worker recovered it (we looked dead to it): stop working on a job that is no longer ours.
      if (entry && !kept.has(id) && !entry.controller.signal.aborted) {
        logger.warn({ jobId: id }, 'lost the lock on a running job; aborting it');
        entry.controller.abort(new Error('Job was taken over by another worker'));
      }
    }
  }

  function syncHeartbeatTimer() {
    if (running.size > 0 && !heartbeatTimer) {
      heartbeatTimer = setInterval(() => {
        heartbeat().catch((err) => logger.error({ err }, 'job heartbeat failed'));
      }, heartbeatMs);
      heartbeatTimer.unref();
    } else if (running.size === 0 && heartbeatTimer) {
      clearInterval(heartbeatTimer);
      heartbeatTimer = null;
    }
  }

  /** Used for a job whose type is unknown here (only claimable types are claimed, so this is a safety net). */
  const fallbackRegistration: Registration = {
    handler: async () => null,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    backoffMs: defaultBackoffMs,
  };

  async function finish(row: JobRow, registration: Registration, entry: Running, outcome: Outcome) {
    const where = ownedBy(row.id);
    let updated: JobRow[];
    if (outcome.ok) {
      updated = await db
        .update(jobs)
        .set({
          status: 'succeeded',
          progress: 100,
          result: outcome.result,
          error: null,
          lockedBy: null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
    } else if (entry.interrupted) {
      updated = await db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: sql`now()`,
          error: 'Interrupted by a server shutdown',
          lockedBy: null,
          lockedAt: null,
          heartbeatAt: null,
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
    } else if (row.attempts < row.maxAttempts) {
      const delay = registration.backoffMs(row.attempts);
      updated = await db
        .update(jobs)
        .set({
          status: 'queued',
          runAt: sql`now() + ${milliseconds(delay)}`,
          error: outcome.error,
          progress: 0,
          progressMessage: null,
          lockedBy: null,
          lockedAt: null,
          heartbeatAt: null,
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
    } else {
      updated = await db
        .update(jobs)
        .set({
          status: 'failed',
          error: outcome.error,
          lockedBy: null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
    }
    const final = updated[0];
    if (!final) {
      logger.warn({ jobId: row.id }, 'job finished after another worker took it over; outcome dropped');
      return;
    }
    if (final.status === 'failed')
      logger.warn({ jobId: row.id, type: row.type, error: final.error }, 'job failed');
    else if (final.status === 'queued' && !outcome.ok) {
      logger.info(
        { jobId: row.id, type: row.type, attempt: row.attempts, error: outcome.error },
        'job will be retried',
      );
    }
    emit(final);
  }

  async function execute(row: JobRow, entry: Running): Promise<void> {
    const registration = registry.get(row.type);
    const jobLogger = logger.child({ jobId: row.id, type: row.type, attempt: row.attempts });
    let outcome: Outcome;
    if (!registration) {
      outcome = { ok: false, error: `No handler for job type ${row.type}` };
    } else {
      let last: { progress: number; message: string | null | undefined } | null = null;
      const ctx: JobContext = {
        signal: entry.controller.signal,
        logger: jobLogger,
        progress: async (percent, message) => {
          const progress = Math.round(Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0)));
          if (last && last.progress === progress && last.message === message) return;
          last = { progress, message };
          const [updated] = await db
            .update(jobs)
            .set({
              progress,
              ...(message === undefined ? {} : { progressMessage: message }),
              heartbeatAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(ownedBy(row.id))
            .returning();
          if (updated) emit(updated);
        },
      };
      try {
        const result = await registration.handler(
          { id: row.id, type: row.type, payload: row.payload, attempt: row.attempts },
          ctx,
        );
        // jsonb needs a JSON value: undefined becomes null, and a value JSON cannot hold fails the attempt.
        outcome = { ok: true, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) };
      } catch (err) {
        if (!entry.interrupted) jobLogger.warn({ err }, 'job attempt failed');
        outcome = { ok: false, error: errorText(err) };
      }
    }
    await finish(row, registration ?? fallbackRegistration, entry, outcome);
  }

  function launch(row: JobRow): Promise<void> {
    emit(row);
    const entry: Running = { controller: new AbortController(), done: Promise.resolve(), interrupted: false };
    entry.done = execute(row, entry)
      .catch((err) => logger.error({ err, jobId: row.id }, 'could not record the outcome of a job'))
      .finally(() => {
        running.delete(row.id);
        syncHeartbeatTimer();
        // A slot is free: pick up whatever else is waiting without waiting for the next poll, after a turn of the
        // event loop. PGlite answers through microtasks only, so a chain of jobs calling each other directly
        // would hold every request (even a static file) until the queue is empty.
        if (started) setImmediate(wake);
      });
    running.set(row.id, entry);
    syncHeartbeatTimer();
    return entry.done;
  }

  async function tick(): Promise<void> {
    try {
      await recoverStaleIfDue();
      await fireDueSchedules();
      const free = concurrency - running.size;
      if (free > 0 && started) {
        const claimed = await claim(free);
        for (const row of claimed) launch(row);
        // A full batch means more may be waiting.
        if (claimed.length === free) wakeAgain = true;
      }
    } catch (err) {
      logger.error({ err }, 'job worker tick failed');
    }
  }

  function wake() {
    if (!started) return;
    if (tickInFlight) {
      wakeAgain = true;
      return;
    }
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    tickInFlight = tick().finally(() => {
      tickInFlight = null;
      if (!started) return;
      if (wakeAgain && running.size < concurrency) {
        wakeAgain = false;
        setImmediate(wake);
      } else {
        wakeAgain = false;
        timer = setTimeout(wake, pollIntervalMs);
      }
    });
  }

  function sleep(ms: number): { promise: Promise<void>; cancel(): void } {
    let handle: NodeJS.Timeout | undefined;
    const promise = new Promise<void>((resolve) => {
      handle = setTimeout(resolve, ms);
      handle.unref();
    });
    return { promise, cancel: () => clearTimeout(handle) };
  }

  async function waitForRunning(ms: number): Promise<boolean> {
    if (running.size === 0) return true;
    const timeout = sleep(ms);
    const all = Promise.all([...running.values()].map((r) => r.done)).then(() => true);
    const done = await Promise.race([all, timeout.promise.then(() => false)]);
    timeout.cancel();
    return done;
  }

  return {
    workerId,

    register(type, handler, opts) {
      registry.set(type, {
        handler: handler as JobHandler<unknown>,
        maxAttempts: Math.max(1, opts?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
        backoffMs: opts?.backoffMs ?? defaultBackoffMs,
      });
    },

    registeredTypes() {
      return [...registry.keys()].sort();
    },

    async enqueue(type, payload, opts) {
      const registration = registry.get(type);
      if (!registration) throw new AppError('BAD_REQUEST', 400, `Unknown job type: ${type}`);
      const uniqueKey = opts?.uniqueKey ?? null;
      // A keyed insert that meets an open job of its key inserts nothing (the partial unique index decides, so
      // concurrent requests cannot both insert); that job is the answer. Should it finish in between, try again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const [row] = await db
          .insert(jobs)
          .values({
            type,
            payload: payload ?? {},
            userId: opts?.userId ?? null,
            organizationId: opts?.organizationId ?? null,
            maxAttempts: Math.max(1, opts?.maxAttempts ?? registration.maxAttempts),
            uniqueKey,
            ...(opts?.runAt ? { runAt: opts.runAt } : {}),
          })
          .onConflictDoNothing()
          .returning();
        if (row) {
          if (started) setImmediate(wake);
          return toJobView(row);
        }
        if (uniqueKey === null) break;
        const [open] = await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.uniqueKey, uniqueKey), inArray(jobs.status, ['queued', 'running'])));
        if (open) return toJobView(open);
      }
      throw new Error('Inserting a job returned no row');
    },

    async get(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ? toJobView(row) : null;
    },

    async schedule(name, type, intervalSeconds, payload = {}) {
      if (!registry.has(type)) throw new AppError('BAD_REQUEST', 400, `Unknown job type: ${type}`);
      if (!Number.isInteger(intervalSeconds) || intervalSeconds < 1) {
        throw new AppError(
          'BAD_REQUEST',
          400,
          'A schedule interval must be a whole number of seconds, at least 1',
        );
      }
      await db
        .insert(jobSchedules)
        .values({ name, type, payload, intervalSeconds })
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: {
            type,
            payload,
            intervalSeconds,
            // A shorter interval takes effect now rather than after the old, longer wait.
            nextRunAt: sql`least(${jobSchedules.nextRunAt}, now() + ${intervalSeconds} * interval '1 second')`,
            updatedAt: sql`now()`,
          },
        });
      if (started) setImmediate(wake);
    },

    async unschedule(name) {
      await db.delete(jobSchedules).where(eq(jobSchedules.name, name));
    },

    async start() {
      if (started) return;
      if (liveWorkerIds.has(workerId))
        throw new Error(`Another job queue in this process uses worker id ${workerId}`);
      liveWorkerIds.add(workerId);
      started = true;
      // Jobs still locked by our own id were cut off by our previous life: no need to wait for staleness.
      const mine = [...running.keys()];
      await recover(
        mine.length > 0
          ? sql`${jobs.lockedBy} = ${workerId} and ${notInArray(jobs.id, mine)}`
          : sql`${jobs.lockedBy} = ${workerId}`,
      );
      logger.info({ concurrency, pollIntervalMs }, 'job worker started');
      wake();
    },

    async stop() {
      if (!started) return;
      started = false;
      liveWorkerIds.delete(workerId);
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await tickInFlight;
      if (!(await waitForRunning(stopGraceMs))) {
        logger.warn(
          { jobs: [...running.keys()] },
          'aborting jobs still running after the shutdown grace period',
        );
        for (const entry of running.values()) {
          entry.interrupted = true;
          entry.controller.abort(new Error('Server shutting down'));
        }
        // A handler that ignores its signal is left behind; its job is recovered once its heartbeat is stale.
        if (!(await waitForRunning(Math.min(stopGraceMs, 5000)))) {
          logger.error(
            { jobs: [...running.keys()] },
            'jobs ignored their abort signal; leaving them to recovery',
          );
        }
      }
      // No more heartbeats: whatever is left behind goes stale and another server picks it up.
      if (heartbeatTimer) {
        clearInterval(heartbeatTimer);
        heartbeatTimer = null;
      }
      logger.info('job worker stopped');
    },

    async runOnce() {
      await recoverStale();
      lastRecoveryAt = Date.now();
      await fireDueSchedules();
      for (;;) {
        const claimed = await claim(concurrency);
        if (claimed.length === 0) break;
        await Promise.all(claimed.map(launch));
      }
    },

    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) {
        set = new Set();
        listeners.set(id, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(id);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(id);
      };
    },
  };
}
