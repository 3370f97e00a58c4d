/**
 * First-start load of the real company data into `company_master` (shared rows, owner_id null). Runs at
 * every start but costs two indexed lookups once the data is there; the load itself is one transaction, so a
 * crash leaves either all of it or none, and the next start tries again. A server whose data was loaded by
 * an older release (COMPANY_DATA_VERSION in app_settings) refreshes it in place: the rows keep their ids, so
 * what users saved, noted or researched still points at them.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../../../db/client.ts';
import { type CopyTarget, dropSecondaryIndexes, withCopySession } from '../../../db/copy.ts';
import { companyMaster } from '../../../db/schema.ts';
import type { Logger } from '../../../logger.ts';
import {
  buildCompanyRows,
  type CompanyRow,
  REAL_SOURCES,
  readSourceTexts,
  SOURCES_DIR,
} from './build-company-rows.ts';
import { COMPANY_COPY, type CopyRow } from './copy-companies.ts';
import { loadPlaces } from './places.ts';

/** Any number: two servers starting together on one PostgreSQL take turns on it. */
const LOAD_LOCK = 0x70_72_6f_73;

/**
 * Raise it when the sources or how rows are built from them change: servers loaded before refresh their
 * shared rows on their next start. 2: SEC filer metadata (SIC industries, addresses) and YAGO head counts.
 */
export const COMPANY_DATA_VERSION = 2;
const VERSION_KEY = 'company-data';

const REAL_DATA = `select 1 from company_master
  where owner_id is null and source in (${REAL_SOURCES.map((source) => `'${source}'`).join(', ')}) limit 1`;

export type LoadResult = { loaded: number; ms: number };

async function hasRealData(db: Db): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(companyMaster)
    .where(and(isNull(companyMaster.ownerId), inArray(companyMaster.source, [...REAL_SOURCES])))
    .limit(1);
  return rows.length > 0;
}

/**
 * Writes shared company rows in one transaction unless real data is there (checked again under a lock, as
 * another server may have loaded it meanwhile); returns how many it wrote.
 */
export async function writeCompanyRows(database: Database, rows: readonly CompanyRow[]): Promise<number> {
  return withCopySession(database, async (session) => {
    await session.query('select pg_advisory_xact_lock($1)', [LOAD_LOCK]);
    if ((await session.query(REAL_DATA)).rows.length) return 0;
    // On a new database the table is empty: build its indexes once, after the rows are in.
    const empty = (await session.query('select 1 from company_master limit 1')).rows.length === 0;
    const rebuild = empty ? await dropSecondaryIndexes(session, COMPANY_COPY.table) : [];
    await session.copyRows(COMPANY_COPY, rows);
    for (const statement of rebuild) await session.query(statement);
    await session.query(SET_VERSION, [VERSION_KEY, String(COMPANY_DATA_VERSION)]);
    return rows.length;
  });
}

const SET_VERSION = `insert into app_settings (key, value) values ($1, $2)
  on conflict (key) do update set value = excluded.value`;
const READ_VERSION = 'select value from app_settings where key = $1';
const isCurrent = (rows: { value: string }[]) => rows[0]?.value === String(COMPANY_DATA_VERSION);

const REFRESH_TARGET: CopyTarget<CopyRow> = { ...COMPANY_COPY, table: 'company_refresh' };

/** The columns a refresh writes: every column a row of the sources fills, but its identity. */
const REFRESHED = COMPANY_COPY.columns
  .map(([, column]) => column)
  .filter((column) => !['owner_id', 'import_id', 'source', 'name', 'cik'].includes(column));

/**
 * Brings shared rows loaded by an older release up to this one's sources, in one transaction: a row that is
 * still in the sources (same source and CIK, or same source and name) gets the new values in place, a new
 * one is added. Rows no longer in the sources stay, as users may have saved them. Returns how many rows the
 * sources have.
 */
export async function refreshCompanyRows(database: Database, rows: readonly CompanyRow[]): Promise<number> {
  return withCopySession(database, async (session) => {
    await session.query('select pg_advisory_xact_lock($1)', [LOAD_LOCK]);
    if (isCurrent((await session.query<{ value: string }>(READ_VERSION, [VERSION_KEY])).rows)) return 0;
    await session.query(
      'create temp table company_refresh (like company_master including defaults) on commit drop',
    );
    await session.copyRows(REFRESH_TARGET, rows);
    // The same company: same source and CIK, or (without a CIK) same source and name. Each apart, as an
    // equality a hash join answers (the two joined by `or` made a nested loop over every pair of rows).
    const sameCompany = [
      'm.owner_id is null and m.source = r.source and m.cik = r.cik',
      'm.owner_id is null and m.source = r.source and m.cik is null and r.cik is null and lower(m.name) = lower(r.name)',
    ];
    for (const same of sameCompany) {
      await session.query(`update company_master m
        set ${REFRESHED.map((column) => `${column} = r.${column}`).join(', ')}, updated_at = now()
        from company_refresh r where ${same}`);
    }
    const columns = COMPANY_COPY.columns.map(([, column]) => column).join(', ');
    await session.query(`insert into company_master (${columns})
      select ${columns} from company_refresh r
      where ${sameCompany.map((same) => `not exists (select 1 from company_master m where ${same})`).join(' and ')}`);
    await session.query(SET_VERSION, [VERSION_KEY, String(COMPANY_DATA_VERSION)]);
    return rows.length;
  });
}

/**
 * Loads the S&P 500, SEC, Y Combinator and YAGO companies unless they are there, or refreshes them when an
 * older release loaded them; returns what it did.
 */
export async function loadCompanyData(
  database: Database,
  options: { logger?: Logger; sourcesDir?: string } = {},
): Promise<LoadResult> {
  const started = performance.now();
  const loaded = await hasRealData(database.db);
  const version = sql`select value from app_settings where key = ${VERSION_KEY}`;
  if (loaded && isCurrent(await queryRows<{ value: string }>(database.db, version))) {
    return { loaded: 0, ms: performance.now() - started };
  }
  const { rows, stats } = buildCompanyRows(readSourceTexts(options.sourcesDir ?? SOURCES_DIR), loadPlaces());
  const written = loaded ? await refreshCompanyRows(database, rows) : await writeCompanyRows(database, rows);
  // Planner statistics for the new rows (PGlite has no autovacuum to gather them).
  if (written > 0) await database.db.execute(sql`analyze company_master`);
  const ms = performance.now() - started;
  options.logger?.info(
    { ...stats, loaded: written, refreshed: loaded, ms: Math.round(ms) },
    loaded ? 'company data refreshed' : 'company data loaded',
  );
  return { loaded: written, ms };
}
