/**
 * First-start load of the real company data into `company_master` (shared rows, owner_id null). Runs at
 * every start but costs one indexed lookup once the data is there; the load itself is one transaction, so a
 * crash leaves either all of it or none, and the next start tries again.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { dropSecondaryIndexes, withCopySession } from '../../../db/copy.ts';
import { companyMaster } from '../../../db/schema.ts';
import type { Logger } from '../../../logger.ts';
import {
  buildCompanyRows,
  type CompanyRow,
  REAL_SOURCES,
  readSourceTexts,
  SOURCES_DIR,
} from './build-company-rows.ts';
import { COMPANY_COPY } from './copy-companies.ts';
import { loadPlaces } from './places.ts';

/** Any number: two servers starting together on one PostgreSQL take turns on it. */
const LOAD_LOCK = 0x70_72_6f_73;

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
    return rows.length;
  });
}

/** Loads the S&P 500, SEC and Y Combinator companies unless they are there; returns what it did. */
export async function loadCompanyData(
  database: Database,
  options: { logger?: Logger; sourcesDir?: string } = {},
): Promise<LoadResult> {
  const started = performance.now();
  if (await hasRealData(database.db)) return { loaded: 0, ms: performance.now() - started };
  const { rows, stats } = buildCompanyRows(readSourceTexts(options.sourcesDir ?? SOURCES_DIR), loadPlaces());
  const loaded = await writeCompanyRows(database, rows);
  // Planner statistics for the new rows (PGlite has no autovacuum to gather them).
  if (loaded > 0) await database.db.execute(sql`analyze company_master`);
  const ms = performance.now() - started;
  options.logger?.info({ ...stats, loaded, ms: Math.round(ms) }, 'company data loaded');
  return { loaded, ms };
}
