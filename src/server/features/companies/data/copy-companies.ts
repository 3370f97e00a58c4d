/**
 * Bulk writes into `company_master` with COPY, the fastest way in on both backends: `COPY ... FROM STDIN`
 * over a `pg` connection (pg-copy-streams), or PGlite's `COPY ... FROM '/dev/blob'`. A multi-row INSERT of
 * the same rows through Drizzle is 3-4 times slower on PGlite (parameter binding in WebAssembly).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../../db/client.ts';
import type { CompanyRow } from './build-company-rows.ts';

/** A row to copy: a shared row, or (with an owner) a user's import. */
export type CopyRow = CompanyRow & { ownerId?: string; importId?: string };

const COLUMNS: readonly [keyof CopyRow, string][] = [
  ['name', 'name'],
  ['domain', 'domain'],
  ['website', 'website'],
  ['primaryIndustry', 'primary_industry'],
  ['naicsCode', 'naics_code'],
  ['subIndustry', 'sub_industry'],
  ['size', 'size'],
  ['employees', 'employees'],
  ['country', 'country'],
  ['countryCode', 'country_code'],
  ['region', 'region'],
  ['city', 'city'],
  ['location', 'location'],
  ['foundedYear', 'founded_year'],
  ['ticker', 'ticker'],
  ['exchange', 'exchange'],
  ['cik', 'cik'],
  ['description', 'description'],
  ['source', 'source'],
  ['license', 'license'],
  ['ownerId', 'owner_id'],
  ['importId', 'import_id'],
];

const COPY_INTO = `copy company_master (${COLUMNS.map(([, column]) => column).join(', ')})`;

/** Rows per COPY chunk (PGlite gets each chunk as one blob). */
const CHUNK = 20_000;

/** A value in COPY's text format: NULL is \N; backslash, tab and line breaks are escaped. */
function copyValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (ch) =>
    ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r',
  );
}

function* copyChunks(rows: Iterable<CopyRow>, onRows?: (n: number) => void): Generator<string> {
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(`${COLUMNS.map(([key]) => copyValue(row[key])).join('\t')}\n`);
    if (lines.length === CHUNK) {
      yield lines.join('');
      onRows?.(lines.length);
      lines = [];
    }
  }
  if (lines.length) {
    yield lines.join('');
    onRows?.(lines.length);
  }
}

/** One transaction on one connection: plain SQL, and COPY of company rows into company_master. */
export type CopySession = {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  copyRows(rows: Iterable<CopyRow>, onRows?: (n: number) => void): Promise<void>;
};

/** Runs `work` in a transaction that commits when it returns and rolls back when it throws. */
export async function withCopySession<T>(
  database: Database,
  work: (session: CopySession) => Promise<T>,
): Promise<T> {
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.mode === 'postgres') {
    const connection = await (client as pg.Pool).connect();
    try {
      await connection.query('begin');
      const result = await work({
        query: async <R>(text: string, params?: unknown[]) => {
          const answer = await connection.query(text, params);
          return { rows: answer.rows as R[], rowCount: answer.rowCount ?? 0 };
        },
        copyRows: (rows, onRows) =>
          pipeline(
            Readable.from(copyChunks(rows, onRows)),
            connection.query(copyFrom(`${COPY_INTO} from stdin`)),
          ),
      });
      await connection.query('commit');
      return result;
    } catch (err) {
      await connection.query('rollback').catch(() => {});
      throw err;
    } finally {
      connection.release();
    }
  }
  return (client as PGlite).transaction((tx) =>
    work({
      query: async <R>(text: string, params?: unknown[]) => {
        const answer = await tx.query<R>(text, params);
        return { rows: answer.rows, rowCount: answer.affectedRows ?? 0 };
      },
      copyRows: async (rows, onRows) => {
        for (const chunk of copyChunks(rows, onRows)) {
          await tx.query(`${COPY_INTO} from '/dev/blob'`, [], { blob: new Blob([chunk]) });
        }
      },
    }),
  );
}

/**
 * Drops the secondary indexes of company_master and returns the statements that build them again: for a
 * large write into a small table, building each index once after the COPY (in the same transaction) is
 * several times faster than updating it row by row, GIN indexes most of all.
 */
export async function dropSecondaryIndexes(session: CopySession): Promise<string[]> {
  const { rows } = await session.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i
     where i.indrelid = 'company_master'::regclass and not i.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const index of rows) await session.query(`drop index ${index.name}`);
  return rows.map((index) => index.def);
}
