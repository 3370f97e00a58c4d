/**
 * The embedded database on its own thread (pglite-worker.ts), seen from the main thread as the part of PGlite's
 * client that Drizzle and copy.ts use: `query` and `transaction`. A watchdog replaces the thread when its
 * heartbeat stops for longer than `stallMs` while statements wait: those statements fail with
 * DatabaseUnavailableError (503), the next ones wait for the new thread, and what was committed is on disk.
 * An in-memory database (tests) has nothing on disk: its stall is reported, never "recovered" into an empty one.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { ThreadCall, ThreadReply, ThreadRequest, WorkerOptions } from './pglite-protocol.ts';
import { SlowQueryWatch } from './slow-queries.ts';

export const DATABASE_UNAVAILABLE =
  'The database stopped answering and is being restarted. Nothing you saved before is lost; try again in a moment.';

/** A statement was cut off by the watchdog, or the database thread is restarting. */
export class DatabaseUnavailableError extends Error {
  constructor() {
    super(DATABASE_UNAVAILABLE);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Whether an error is, or was caused by (Drizzle wraps the driver's error), DatabaseUnavailableError. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let current = err, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    current = current.cause;
  }
  return false;
}

export type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string) => unknown>;
  blob?: Blob;
};

export type PgliteQueryable = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
};

export type PgliteThreadOptions = {
  dataDir: string | null;
  /** What a new database starts from (paths.ts databaseTemplateFile); null: PostgreSQL's initdb. */
  template: string | null;
  /** How long the thread may go without a heartbeat while statements wait before it is replaced. */
  stallMs: number;
  /** Told about each restart (the logger). */
  onRestart?: (reason: string, waiting: string[]) => void;
  /** The thread's native stack; NATIVE_STACK_MB unless a test wants it small. */
  stackSizeMb?: number;
};

/**
 * PostgreSQL's own recursion guard (max_stack_depth, at most ~7.6 MB) counts the WebAssembly's stack in its
 * memory; each of those frames also takes room on the thread's native stack. With Node's 4 MB a deep query
 * (a recursive function, a long expression) overflows the native stack first: a RangeError inside the
 * backend, which leaves it broken. With 32 MB PostgreSQL's guard always answers first, with its usual error.
 */
const NATIVE_STACK_MB = 32;

/** A request the thread has not answered yet, with what it asked (logged when the thread is replaced). */
type Pending = { resolve(value: unknown): void; reject(error: unknown): void; asked: string };

const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./pglite-worker.ts', import.meta.url)
  : new URL('./pglite-worker.js', import.meta.url);

/** The build has the worker next to main.js; from the sources (tests, tsx) it is TypeScript, loaded through tsx. */
function startWorker(workerData: WorkerOptions, stackSizeMb: number): Worker {
  const resourceLimits = { stackSizeMb };
  if (!workerFile.pathname.endsWith('.ts')) return new Worker(workerFile, { workerData, resourceLimits });
  // tsx's ESM API (its `tsx/esm/api` export, which `require.resolve` would answer with the CommonJS build).
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const load = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); })`;
  return new Worker(load, { eval: true, workerData, resourceLimits });
}

export class PgliteThread implements PgliteQueryable {
  /** Times the thread was replaced since start (for /metrics). */
  restarts = 0;
  /** Every statement is timed, inside a transaction too (spec 1 §8's slow queries). */
  readonly slowQueries = new SlowQueryWatch();
  private worker: Worker | null = null;
  /** Bumped at every restart: a transaction begun on an earlier thread is gone. */
  private generation = 0;
  private ready: Promise<void>;
  private restarting = false;
  /** Set once the first thread answered: a failure before that is a failed start, not a crash to recover from. */
  private opened = false;
  private closed = false;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTx = 1;
  private openTransactions = 0;
  /** A recycle waiting for the statements and transactions in flight to end. */
  private onSettled: (() => void) | null = null;
  private lastBeat = Date.now();
  private readonly watchdog: NodeJS.Timeout;
  private readonly checkEveryMs: number;
  private lastCheck = Date.now();
  /** Why the thread is about to end, as it said (a failure of the database it cannot recover from). */
  private fatal: string | null = null;
  /** The silence already reported (in-memory databases, which are never replaced). */
  private stallReported = 0;

  private constructor(private readonly options: PgliteThreadOptions) {
    this.ready = this.spawn();
    this.checkEveryMs = Math.min(1000, options.stallMs / 4);
    this.watchdog = setInterval(() => this.check(), this.checkEveryMs);
    this.watchdog.unref();
  }

  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.ready;
    } catch (err) {
      clearInterval(thread.watchdog);
      throw err;
    }
    return thread;
  }

  /** False while the thread is being replaced. */
  get available(): boolean {
    return !this.restarting && !this.closed;
  }

  /** The whole database as a gzipped tar, which a new database can start from (the build's template). */
  dump(): Promise<Uint8Array> {
    return this.call({ op: 'dump' }) as Promise<Uint8Array>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.slowQueries.time(
      sql,
      () => this.call(this.queryRequest(sql, params, options)) as Promise<Results<T>>,
    );
  }

  async transaction<T>(work: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    await this.ready;
    const tx = this.nextTx++;
    const generation = this.generation;
    this.openTransactions++;
    try {
      await this.call({ op: 'begin', tx }, true);
      // Inside a transaction, statements go straight to its thread: a recycle waits for the transaction's end.
      const inside: PgliteQueryable = {
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
          if (this.generation !== generation) return Promise.reject(new DatabaseUnavailableError());
          return this.slowQueries.time(
            sql,
            () => this.call({ ...this.queryRequest(sql, params, options), tx }, true) as Promise<Results<R>>,
          );
        },
      };
      let result: T;
      try {
        result = await work(inside);
      } catch (err) {
        if (this.generation === generation)
          await this.call({ op: 'end', tx, commit: false }, true).catch(() => {});
        throw err;
      }
      if (this.generation !== generation) throw new DatabaseUnavailableError();
      await this.call({ op: 'end', tx, commit: true }, true);
      return result;
    } finally {
      this.openTransactions--;
      this.settled();
    }
  }

  /**
   * Replaces the thread with a fresh one once what is in flight is answered; requests meanwhile wait, none
   * fails. WebAssembly memory only grows: after a bulk load (a first start's data) a new thread gives back
   * the hundreds of MB the load took.
   */
  recycle(): Promise<void> {
    if (this.restarting || this.closed) return this.ready;
    const previous = this.ready;
    this.ready = (async () => {
      await previous;
      await new Promise<void>((resolve) => {
        this.onSettled = resolve;
        this.settled();
      });
      const old = this.worker;
      await this.call({ op: 'close' }, true).catch(() => {});
      this.worker = null;
      await old?.terminate();
      await this.spawn();
    })();
    return this.ready;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.ready.catch(() => {});
    await this.call({ op: 'close' }).catch(() => {});
    this.closed = true;
    clearInterval(this.watchdog);
    await this.worker?.terminate();
  }

  private queryRequest(sql: string, params?: unknown[], options?: QueryOptions) {
    return {
      op: 'query' as const,
      sql,
      ...(params?.length ? { params } : {}),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(options?.parsers ? { identityTypes: Object.keys(options.parsers).map(Number) } : {}),
      ...(options?.blob ? { blob: options.blob } : {}),
    };
  }

  /** `direct`: a statement of an open transaction, which must not wait behind a recycle. */
  private async call(request: ThreadCall, direct = false): Promise<unknown> {
    if (this.closed) throw new Error('The database is closed');
    if (!direct) await this.ready;
    const worker = this.worker;
    if (!worker) throw new DatabaseUnavailableError();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const asked = request.op === 'query' ? request.sql.slice(0, 300) : request.op;
      this.pending.set(id, { resolve, reject, asked });
      worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  private spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const worker = startWorker(
        { dataDir: this.options.dataDir, template: this.options.template },
        this.options.stackSizeMb ?? NATIVE_STACK_MB,
      );
      this.worker = worker;
      this.lastBeat = Date.now();
      worker.on('message', (reply: ThreadReply) => {
        this.lastBeat = Date.now();
        if ('ready' in reply) {
          this.opened = true;
          return resolve();
        }
        if ('beat' in reply) return;
        if ('fatal' in reply) {
          this.fatal = reply.fatal;
          return;
        }
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        this.settled();
        if ('error' in reply)
          waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
        else waiting.resolve(reply.result);
      });
      // Before 'ready' this is a failed open (start-up reports it); after, the thread crashed: replace it.
      worker.on('error', (err) => {
        reject(err);
        if (this.opened && this.worker === worker) this.restart(`the database thread failed: ${err.message}`);
      });
      worker.on('exit', (code) => {
        reject(new Error(`The database thread exited (code ${code}) while opening`));
        if (this.opened && this.worker === worker && !this.closed)
          this.restart(this.fatal ?? `the database thread exited (code ${code})`);
      });
    });
  }

  private settled(): void {
    if (this.onSettled && this.pending.size === 0 && this.openTransactions === 0) {
      const resolve = this.onSettled;
      this.onSettled = null;
      resolve();
    }
  }

  private check(): void {
    const now = Date.now();
    const sinceCheck = now - this.lastCheck;
    this.lastCheck = now;
    // This thread was itself held (a long synchronous task, a paused process): the beats sent meanwhile wait
    // in the queue behind this timer, so the silence says nothing about the database thread: watch afresh.
    if (sinceCheck > this.checkEveryMs * 3) {
      this.lastBeat = now;
      return;
    }
    if (this.restarting || this.closed || this.pending.size === 0) return;
    const silentMs = now - this.lastBeat;
    if (silentMs <= this.options.stallMs) return;
    const reason = `no answer from the database thread for ${Math.round(silentMs / 1000)} s`;
    if (this.options.dataDir) {
      this.restart(reason);
      return;
    }
    // An in-memory database (tests) is not replaced: a new thread would start empty. Say what it waits for.
    if (this.stallReported === this.lastBeat) return;
    this.stallReported = this.lastBeat;
    const waiting = [...this.pending.values()].map((pending) => pending.asked);
    process.emitWarning(`${reason}, waiting for: ${waiting.join(' | ')}`, 'DatabaseStall');
  }

  private restart(reason: string): void {
    if (this.restarting || this.closed) return;
    // Nothing to open again from: say so (in tests, where it explains every failure that follows).
    if (!this.options.dataDir)
      process.emitWarning(`The in-memory database was lost: ${reason}`, 'DatabaseLost');
    this.restarting = true;
    this.fatal = null;
    this.restarts++;
    this.generation++;
    this.options.onRestart?.(
      reason,
      [...this.pending.values()].map((waiting) => waiting.asked),
    );
    const old = this.worker;
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(new DatabaseUnavailableError());
    this.pending.clear();
    this.ready = (async () => {
      await old?.terminate().catch(() => {});
      // Opening again replays PostgreSQL's write-ahead log: committed transactions stay, open ones roll back.
      for (let attempt = 0; ; attempt++) {
        try {
          await this.spawn();
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** attempt)));
        }
      }
      this.restarting = false;
    })();
  }
}
