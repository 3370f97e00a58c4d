/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly, synchronously: on the
 * HTTP thread every statement would stop every request for its duration, and a statement that never returns
 * (upstream electric-sql/pglite#1058) would freeze the server for good. Here it can only stop this thread,
 * which the main thread notices by the missing heartbeat and replaces (pglite-thread.ts).
 *
 * Messages in: `query`, `begin`/`end` of a transaction (queries name it), `close`. Each answer carries the
 * request's id, with the result or the error's fields (DatabaseError's code, detail, constraint...).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import type { ThreadReply, ThreadRequest, WorkerOptions } from './pglite-protocol.ts';
import { HEARTBEAT_MS } from './pglite-protocol.ts';
import { unpackDump } from './unpack-dump.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const options = workerData as WorkerOptions;

/**
 * A new database starts as a copy of the build's template when there is one: PostgreSQL's initdb takes
 * seconds and grows this thread's WebAssembly memory by hundreds of MB that it never gives back.
 */
function templateFor(dataDir: string | null): Blob | undefined {
  const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  if (!fresh || !options.template || !existsSync(options.template)) return undefined;
  const dump = readFileSync(options.template);
  if (!dataDir) return new Blob([dump]);
  // On disk, unpacked by us and then opened as it stands (unpack-dump.ts says why).
  unpackDump(dump, dataDir);
  return undefined;
}

// PGlite's default 128 MB of shared buffers lives in this process's memory; the embedded database is small and
// the OS caches its files anyway.
const database = await PGlite.create({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  loadDataDir: templateFor(options.dataDir),
  postgresqlconf: ['shared_buffers = 8MB'],
  extensions: PGLITE_EXTENSIONS,
});

/** Open transactions by the main thread's id: the PGlite transaction and how to end it. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }
>();
const ROLLBACK = Symbol('rollback');

const reply = (message: ThreadReply) => port.postMessage(message);

/**
 * PGlite's protocol loop retries whatever its backend's main loop throws, except its own longjmp, for ever
 * (electric-sql/pglite#1058). A WebAssembly trap there held this thread at 100% CPU and froze the server (the
 * ones seen: a half-loaded pg_trgm, see pglite-extensions.ts, and a deep recursion overflowing the native
 * stack). End the thread instead: the main thread fails what waited with 503 at once and opens the database
 * again from disk.
 */
const backend = database as unknown as {
  mod: { _PostgresMainLoopOnce(): void };
  POSTGRES_MAIN_LONGJMP: number;
};
const mainLoopOnce = backend.mod._PostgresMainLoopOnce;
backend.mod._PostgresMainLoopOnce = () => {
  try {
    mainLoopOnce();
  } catch (err) {
    if ((err as { status?: unknown }).status === backend.POSTGRES_MAIN_LONGJMP) throw err;
    reply({ id: 0, fatal: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
    process.exit(1);
  }
};

function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = { name: err.name, message: err.message };
  // DatabaseError's own fields (code, detail, constraint, table, column, schema, severity, ...): plain values.
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** Drizzle's parsers keep dates, timestamps, intervals and numeric arrays as text: the same for these types. */
const identityParsers = (types: number[]) =>
  Object.fromEntries(types.map((type) => [type, (value: string) => value]));

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? database : transactions.get(request.tx)?.tx;
      if (!target) throw new Error('The transaction has already ended');
      return target.query(request.sql, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.identityTypes ? { parsers: identityParsers(request.identityTypes) } : {}),
        ...(request.blob ? { blob: request.blob } : {}),
      });
    }
    case 'begin': {
      let pgTx!: Transaction;
      let end!: (commit: boolean) => void;
      let started!: () => void;
      const ready = new Promise<void>((resolve) => {
        started = resolve;
      });
      const done = database
        .transaction(
          (inside) =>
            new Promise<void>((resolve, reject) => {
              pgTx = inside;
              end = (commit) => (commit ? resolve() : reject(ROLLBACK));
              started();
            }),
        )
        .catch((err) => {
          if (err !== ROLLBACK) throw err;
        })
        .finally(() => transactions.delete(request.tx));
      // A transaction that fails to begin rejects `done` before it ever starts.
      await Promise.race([ready, done]);
      transactions.set(request.tx, { tx: pgTx, end, done });
      return null;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('The transaction has already ended');
      open.end(request.commit);
      await open.done;
      return null;
    }
    case 'dump': {
      const tar = await database.dumpDataDir('gzip');
      return new Uint8Array(await tar.arrayBuffer());
    }
    case 'close':
      await database.close();
      return null;
  }
}

port.on('message', (request: ThreadRequest) => {
  handle(request).then(
    (result) => reply({ id: request.id, result }),
    (err) => reply({ id: request.id, error: errorFields(err) }),
  );
});

// The heartbeat stops while a statement runs (the WebAssembly call holds this thread): how the main thread
// tells a slow statement from one that will never return.
setInterval(() => reply({ id: 0, beat: true }), HEARTBEAT_MS).unref();
reply({ id: 0, ready: true });
