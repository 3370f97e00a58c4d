/** Messages between the main thread (pglite-thread.ts) and the embedded database's thread (pglite-worker.ts). */

export type WorkerOptions = {
  dataDir: string | null;
  /** A dump a new database starts from (databaseTemplateFile in paths.ts), when there is one. */
  template: string | null;
};

/** What the main thread asks; each request adds its id. */
export type ThreadCall =
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      /** The transaction the statement belongs to; none: on its own (it waits for any open transaction). */
      tx?: number;
      rowMode?: 'array' | 'object';
      /** Types whose values stay as text (Drizzle's parsers are identities; functions cannot cross threads). */
      identityTypes?: number[];
      /** COPY ... FROM '/dev/blob' reads this. */
      blob?: Blob;
    }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  /** The whole data directory as a gzipped tar (the build's template). */
  | { op: 'dump' }
  | { op: 'close' };

export type ThreadRequest = ThreadCall & { id: number };

export type ThreadReply =
  | { id: number; result: unknown }
  | { id: number; error: Record<string, unknown> }
  | { id: 0; beat: true }
  | { id: 0; ready: true }
  /** The backend failed in a way it cannot recover from; the thread ends right after. */
  | { id: 0; fatal: string };

/** How often the database thread says it is alive while idle or between statements. */
export const HEARTBEAT_MS = 250;
