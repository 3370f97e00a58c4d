/**
 * Moving from the embedded database to PostgreSQL (`npm run db:move -- --to postgres://...`): every table of
 * the PGlite database in DATA_DIR is copied into an empty PostgreSQL database, which then holds exactly what
 * the embedded one held (same ids, the auth secret, sessions, sealed secrets, uploaded files byte for byte).
 *
 * The target is migrated with the server's own migrate(); everything after that happens in one transaction on
 * the target, so a failure leaves it migrated but empty (and the move can be run again). Rows travel in
 * COPY's text format, read from PGlite in ranges of pages (`COPY (select ... where ctid ...) TO '/dev/blob'`)
 * and streamed into `COPY ... FROM STDIN`: each value goes as PostgreSQL prints it and is read back by the
 * same type's input function, so nothing is converted on the way. Each table is checked afterwards by its
 * row count and a checksum of its rows on both sides before the transaction commits.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { type CopySession, dropForeignKeys, dropSecondaryIndexes } from './copy.ts';
import type { PgliteQueryable } from './pglite-thread.ts';
import { creditPricing, industryCodes } from './schema.ts';

/** A move that was refused or failed, with a message for the person who ran it. */
export class MoveError extends Error {
  override name = 'MoveError';
}

export type MovedTable = { table: string; rows: number };
export type MoveResult = { tables: MovedTable[]; rows: number; ms: number };

export type MoveOptions = {
  /** DATA_DIR: the embedded database is in its `db` folder. */
  dataDir: string;
  /** The PostgreSQL database to fill (postgres:// or postgresql://); it must hold none of our rows. */
  to: string;
  /** How long the embedded database's thread may stay silent (PGLITE_STALL_SECONDS). */
  stallMs?: number;
  /** About how much stored data one read from the embedded database takes (default 16 MB); tests make it small. */
  chunkBytes?: number;
  /** Told what is being done, for a progress line on big tables. */
  onProgress?: (message: string) => void;
};

/**
 * Tables our migrate + seed fill by themselves (`npm run db:migrate` on the target): their rows do not make the
 * target "in use"; they are replaced by the embedded database's, where an operator may have changed prices.
 */
const REFERENCE_TABLES = new Set<string>([getTableName(industryCodes), getTableName(creditPricing)]);

/** Schemas that are not ours to copy; `drizzle` holds the migrations bookkeeping, which migrate() writes. */
const SKIPPED_SCHEMAS = `('pg_catalog', 'information_schema', 'drizzle')`;

/**
 * Stored data read per COPY from PGlite: small enough for its memory (uploaded files are kept in bytea columns,
 * up to UPLOAD_MAX_MB each, and come out as hex), big enough to be fast.
 */
const CHUNK_BYTES = 16 * 1024 * 1024;

/** From this many rows, a table's secondary indexes are built once after the COPY instead of row by row. */
const INDEX_REBUILD_ROWS = 10_000;

/**
 * Both sides print and read values the same way: the checksums compare text, and COPY's text format carries
 * timestamps and bytea as these settings print them. `row_security = off` makes a policy that would hide
 * rows an error instead of a silent loss.
 */
const SESSION_SETTINGS = `select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true),
  set_config('intervalstyle', 'postgres', true), set_config('bytea_output', 'hex', true),
  set_config('extra_float_digits', '1', true), set_config('row_security', 'off', true)`;

type Table = {
  /** Quoted and schema-qualified, for SQL. */
  name: string;
  /** What the user reads: the bare name in public, else schema.name. */
  label: string;
  /** Quoted names of the columns that hold data (generated columns are computed again by the target). */
  columns: string[];
  /** Heap pages, and bytes stored with its TOAST (where files live), to size the reads. */
  pages: number;
  bytes: number;
};

type Summary = { rows: number; checksum: string };

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** The target: a PostgreSQL database, whose pool the move takes connections from. */
type Target = Database & { db: { $client: pg.Pool } };

/** Copies the embedded database in `dataDir` into the empty PostgreSQL database at `to`. */
export async function moveToPostgres(options: MoveOptions): Promise<MoveResult> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  assertPostgresUrl(options.to);
  const embeddedDir = join(options.dataDir, 'db');
  assertEmbeddedIdle(embeddedDir);

  const target = await openTarget(options.to);
  let source: Database | null = null;
  try {
    source = await openSource(options.dataDir, embeddedDir, options.stallMs);
    const query = pgliteQuery(source);
    await refuseIfInUse(target, await listTables(query));
    progress('migrating both databases');
    await source.migrate();
    await target.migrate();
    const tables = await listTables(query);
    await assertSameColumns(target, tables);
    const moved = await copyEverything(source, target, tables, options.chunkBytes ?? CHUNK_BYTES, progress);
    progress('gathering planner statistics on the target');
    await target.db.$client.query(`analyze ${tables.map((table) => table.name).join(', ')}`);
    return {
      tables: moved,
      rows: moved.reduce((sum, table) => sum + table.rows, 0),
      ms: performance.now() - started,
    };
  } finally {
    await source?.close();
    await target.close();
  }
}

function assertPostgresUrl(url: string): void {
  try {
    if (loadConfig({ DATABASE_URL: url }).database.mode === 'postgres') return;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
  }
  throw new MoveError(
    `--to must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@localhost:5432/prospector (got "${redact(url)}")`,
  );
}

/**
 * PGlite runs in one process and does not lock its files: a second process opening them while a server runs
 * would corrupt them. It writes postmaster.pid while open and removes it when closed, which tells us.
 */
function assertEmbeddedIdle(embeddedDir: string): void {
  if (!existsSync(join(embeddedDir, 'PG_VERSION'))) {
    throw new MoveError(`There is no embedded database in ${embeddedDir} (check DATA_DIR): nothing to move.`);
  }
  if (existsSync(join(embeddedDir, 'postmaster.pid'))) {
    throw new MoveError(
      `The embedded database in ${embeddedDir} is open in another process (postmaster.pid is there). Stop the ` +
        'server that uses it first: the embedded database can be used by one process only. If no server is ' +
        'running, the last one did not shut down cleanly: start it once, stop it with Ctrl+C, and move again.',
    );
  }
}

async function openTarget(url: string): Promise<Target> {
  // A quick probe with a deadline: the pool would wait minutes for a host that drops packets.
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await probe.connect();
  } catch (err) {
    const message = (err as Error).message;
    const hint = /database .* does not exist/.test(message)
      ? ' (create it first: createdb, or CREATE DATABASE)'
      : '';
    throw new MoveError(`Cannot reach the target database ${redact(url)}: ${message}${hint}`);
  } finally {
    await probe.end().catch(() => {});
  }
  const database = await openDatabase({ mode: 'postgres', url, maxConnections: 2 });
  return database as Target;
}

async function openSource(dataDir: string, embeddedDir: string, stallMs?: number): Promise<Database> {
  try {
    return await openDatabase({ mode: 'pglite', dataDir, ...(stallMs ? { stallMs } : {}) });
  } catch (err) {
    throw new MoveError(
      `Cannot open the embedded database in ${embeddedDir}: ${(err as Error).message}. It must not be in use: ` +
        'stop the server that runs on it first (the embedded database can be used by one process only).',
    );
  }
}

function pgliteQuery(database: Database): Query {
  return async <T>(text: string, params?: unknown[]) =>
    (await (database.thread as PgliteQueryable).query<T>(text, params)).rows;
}

/** Every table outside the system and migration schemas, with the columns that hold data. */
async function listTables(query: Query): Promise<Table[]> {
  return query<Table>(
    `select format('%I.%I', n.nspname, c.relname) as name,
       case when n.nspname = 'public' then c.relname else n.nspname || '.' || c.relname end as label,
       array(select quote_ident(a.attname) from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
             order by a.attnum) as columns,
       (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
       pg_table_size(c.oid)::float8 as bytes
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname not in ${SKIPPED_SCHEMAS} and n.nspname not like 'pg\\_%'
     order by n.nspname, c.relname`,
  );
}

/** Runs `work` in a transaction on one connection of the target; commits when asked, else rolls back. */
async function onTarget<T>(
  target: Target,
  commit: boolean,
  work: (query: Query, client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await target.db.$client.connect();
  const query: Query = async <R>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as R[];
  try {
    await client.query('begin');
    await client.query(
      `${SESSION_SETTINGS}, set_config('statement_timeout', '0', true), set_config('lock_timeout', '0', true),
       set_config('idle_in_transaction_session_timeout', '0', true)`,
    );
    const result = await work(query, client);
    await client.query(commit ? 'commit' : 'rollback');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Before anything is changed: refuse a target that holds rows in any of our tables (reference data aside). */
async function refuseIfInUse(target: Target, tables: Table[]): Promise<void> {
  await onTarget(target, false, async (query) => {
    const present = [];
    for (const table of tables) {
      const [row] = await query<{ present: boolean }>('select to_regclass($1) is not null as present', [
        table.name,
      ]);
      if (row?.present) present.push(table);
    }
    await allowReading(query, present);
    const used = await tablesWithRows(query, present);
    if (used.length) {
      throw new MoveError(
        `The target database is not empty: ${named(used)} ${used.length === 1 ? 'has' : 'have'} rows. ` +
          'Move into a new, empty database (createdb, or CREATE DATABASE), never over data you want to keep.',
      );
    }
  });
}

/** At most five names, then how many more. */
function named(tables: string[]): string {
  const more = tables.length - 5;
  return more > 0 ? `${tables.slice(0, 5).join(', ')} and ${more} more tables` : tables.join(', ');
}

async function tablesWithRows(query: Query, tables: Table[]): Promise<string[]> {
  const used = [];
  for (const table of tables) {
    if (REFERENCE_TABLES.has(table.label)) continue;
    const [row] = await query<{ used: boolean }>(`select exists (select 1 from ${table.name}) as used`);
    if (row?.used) used.push(table.label);
  }
  return used;
}

/**
 * Row-level security is on for most of our tables. The app sees all rows by connecting as the tables' owner
 * (only user-scoped work switches to prospector_app, where the policies apply); the move does the same, so
 * it must own the tables, which it does when its migrate() created them. FORCE ROW LEVEL SECURITY (which
 * would apply the policies to the owner too) is lifted for this transaction; returns the statements that put
 * it back.
 */
async function allowReading(query: Query, tables: Table[]): Promise<string[]> {
  const [me] = await query<{ name: string; bypass: boolean }>(
    'select current_user as name, rolsuper or rolbypassrls as bypass from pg_roles where rolname = current_user',
  );
  const restore: string[] = [];
  for (const table of tables) {
    const [row] = await query<{ owned: boolean; owner: string; forced: boolean }>(
      `select pg_has_role(relowner, 'USAGE') as owned, pg_get_userbyid(relowner) as owner,
         relforcerowsecurity as forced
       from pg_class where oid = $1::regclass`,
      [table.name],
    );
    if (!row?.owned) {
      throw new MoveError(
        `The target's table ${table.label} belongs to the role ${row?.owner}, not to ${me?.name}: connect as ` +
          `${row?.owner} (or a member of it), the role the app will use, so the move can read and write every row.`,
      );
    }
    if (row.forced && !me?.bypass) {
      await query(`alter table ${table.name} no force row level security`);
      restore.push(`alter table ${table.name} force row level security`);
    }
  }
  return restore;
}

/** After migrate(): the target's tables have the same data columns as the embedded ones, or the copy would fail. */
async function assertSameColumns(target: Target, tables: Table[]) {
  await onTarget(target, false, async (query) => {
    const theirs = await listTables(query);
    const byName = new Map(theirs.map((table) => [table.name, table.columns.join(', ')]));
    for (const table of tables) {
      const columns = byName.get(table.name);
      if (columns === undefined) {
        throw new MoveError(
          `The table ${table.label} is not in the target after its migrations; nothing was copied.`,
        );
      }
      if (columns !== table.columns.join(', ')) {
        throw new MoveError(
          `The table ${table.label} has other columns on the target (${columns}) than in the embedded database ` +
            `(${table.columns.join(', ')}); nothing was copied.`,
        );
      }
    }
  });
}

function summarySql(table: Table): string {
  return `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
    from (select md5(row(${table.columns.join(', ')})::text) as h from ${table.name}) x`;
}

/** The target's transaction inside a read-only snapshot of the embedded database. */
async function copyEverything(
  source: Database,
  target: Target,
  tables: Table[],
  chunkBytes: number,
  progress: (message: string) => void,
): Promise<MovedTable[]> {
  return (source.thread as NonNullable<Database['thread']>).transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    await tx.query(SESSION_SETTINGS);
    const expected = new Map<string, Summary>();
    for (const table of tables) {
      const [summary] = (await tx.query<Summary>(summarySql(table))).rows;
      expected.set(table.name, summary ?? { rows: 0, checksum: '' });
    }
    return onTarget(target, true, async (query, client) => {
      await query(`lock table ${tables.map((table) => table.name).join(', ')} in access exclusive mode`);
      const restoreForce = await allowReading(query, tables);
      const used = await tablesWithRows(query, tables);
      if (used.length)
        throw new MoveError(`The target database is not empty any more: ${named(used)} got rows.`);
      const session = statementSession(query);
      // Keys and triggers off while the rows go in, in any order; adding the keys back checks every row.
      const addKeys: string[] = [];
      for (const table of tables) addKeys.push(...(await dropForeignKeys(session, table.name)));
      const enableTriggers: string[] = [];
      for (const table of tables) {
        const triggers = await query<{ name: string }>(
          `select quote_ident(tgname) as name from pg_trigger
           where tgrelid = $1::regclass and not tgisinternal and tgenabled <> 'D'`,
          [table.name],
        );
        for (const trigger of triggers) {
          await query(`alter table ${table.name} disable trigger ${trigger.name}`);
          enableTriggers.push(`alter table ${table.name} enable trigger ${trigger.name}`);
        }
      }
      const buildIndexes: string[] = [];
      for (const table of tables) {
        // Reference tables may hold the seed's rows; the embedded database's replace them.
        if (REFERENCE_TABLES.has(table.label)) await query(`delete from ${table.name}`);
        const rows = expected.get(table.name)?.rows ?? 0;
        if (rows === 0) continue;
        if (rows >= INDEX_REBUILD_ROWS) {
          progress(`copying ${table.label} (${rows.toLocaleString('en')} rows)`);
          buildIndexes.push(...(await dropSecondaryIndexes(session, table.name)));
        }
        await copyTable(tx, client, table, readRanges(table, rows, chunkBytes));
      }
      progress('building indexes and checking keys');
      for (const statement of [...buildIndexes, ...addKeys, ...enableTriggers]) {
        await query(statement);
      }
      await advanceSequences(tx, query);
      progress('verifying');
      const moved: MovedTable[] = [];
      for (const table of tables) {
        const want = expected.get(table.name) ?? { rows: 0, checksum: '' };
        const [got] = await query<Summary>(summarySql(table));
        if (got?.rows !== want.rows) {
          throw new MoveError(
            `Verification failed for ${table.label}: ${want.rows} rows in the embedded database, ` +
              `${got?.rows} on the target. Nothing was kept on the target.`,
          );
        }
        if (got.checksum !== want.checksum) {
          throw new MoveError(
            `Verification failed for ${table.label}: its rows differ between the embedded database and the ` +
              'target (checksums). Nothing was kept on the target.',
          );
        }
        moved.push({ table: table.label, rows: got.rows });
      }
      for (const statement of restoreForce) await query(statement);
      return moved;
    });
  });
}

/** The part of a copy session that copy.ts's index and key helpers use: plain statements. */
function statementSession(query: Query): CopySession {
  return {
    query: async <T>(text: string, params?: unknown[]) => {
      const rows = await query<T>(text, params);
      return { rows, rowCount: rows.length };
    },
    copyRows: () => Promise.reject(new Error('the move copies COPY text as it comes, not rows')),
  };
}

/**
 * The ctid ranges a table is read in, each holding about `chunkBytes` of stored data: ranges of pages, or,
 * where the rows of one page hold more than that (files stored out of line), a few rows of a page at a time.
 * The last range is open-ended, so a page count that is off cannot lose rows.
 */
function* readRanges(table: Table, rows: number, chunkBytes: number): Generator<string> {
  const pages = table.pages;
  const perPage = table.bytes / Math.max(pages, 1);
  if (perPage <= chunkBytes) {
    const step = Math.max(1, Math.floor(chunkBytes / Math.max(perPage, 1)));
    for (let page = 0; page < pages; page += step) {
      yield `ctid >= '(${page},0)' and ctid < '(${page + step},0)'`;
    }
  } else {
    const step = Math.max(1, Math.floor(chunkBytes / (table.bytes / Math.max(rows, 1))));
    for (let page = 0; page < pages; page++) {
      // Line pointers number from 1; an 8 kB page holds at most 291 rows, and the last range takes any more.
      for (let item = 1; item <= 291; item += step) {
        const end = item + step > 291 ? `(${page + 1},0)` : `(${page},${item + step})`;
        yield `ctid >= '(${page},${item})' and ctid < '${end}'`;
      }
    }
  }
  yield `ctid >= '(${pages},0)'`;
}

/** One COPY into the target, fed with the embedded table read range by range. */
async function copyTable(
  tx: PgliteQueryable,
  client: pg.PoolClient,
  table: Table,
  ranges: Iterable<string>,
): Promise<void> {
  const columns = table.columns.join(', ');
  async function* chunks() {
    for (const range of ranges) {
      const result = await tx.query(
        `copy (select ${columns} from ${table.name} where ${range}) to '/dev/blob'`,
      );
      if (result.blob?.size) yield Buffer.from(await result.blob.arrayBuffer());
    }
  }
  await pipeline(
    Readable.from(chunks()),
    client.query(copyFrom(`copy ${table.name} (${columns}) from stdin`)),
  );
}

/**
 * Sequences (serial and identity columns) continue where the embedded database's left off, and never below the
 * largest value of the column they fill. None of our tables has one today; tables added later may.
 */
async function advanceSequences(tx: PgliteQueryable, query: Query): Promise<void> {
  const { rows: sequences } = await tx.query<{ name: string; last: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last
     from pg_sequences where schemaname not in ${SKIPPED_SCHEMAS}`,
  );
  for (const sequence of sequences) {
    const [owner] = await query<{ tbl: string; col: string }>(
      `select d.refobjid::regclass::text as tbl, quote_ident(a.attname) as col
       from pg_depend d join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
       where d.classid = 'pg_class'::regclass and d.objid = $1::regclass and d.refobjsubid > 0
         and d.deptype in ('a', 'i')`,
      [sequence.name],
    );
    const largest = owner ? `(select max(${owner.col})::bigint from ${owner.tbl})` : 'null::bigint';
    // setval is strict: with neither a value used nor a row, the sequence stays as new.
    await query(`select setval($1::regclass, greatest($2::bigint, ${largest}), true)`, [
      sequence.name,
      sequence.last,
    ]);
  }
}

/** A database URL without its password, for messages. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
