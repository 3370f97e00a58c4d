/**
 * Writes synthetic companies into `company_master` with COPY, in one transaction: a failed run leaves the
 * table as it was.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { dropSecondaryIndexes, withCopySession } from '../../../db/copy.ts';
import { COMPANY_COPY } from './copy-companies.ts';
import { type GenerateOptions, generateCompanies } from './generate-companies.ts';
import { loadPlaces } from './places.ts';

const SYNTHETIC = `source = 'synthetic' and owner_id is null`;

/**
 * From this many rows on, the secondary indexes are dropped and built again after the COPY (in the same
 * transaction): building a GIN index once is several times faster than updating it row by row.
 */
const REBUILD_INDEXES_FROM = 100_000;

export type WriteOptions = GenerateOptions & {
  /** Delete the synthetic rows already there first (in the same transaction). */
  replace?: boolean;
  /** From this many rows on, indexes are built after the COPY instead of updated row by row. */
  rebuildIndexesFrom?: number;
  onProgress?: (written: number) => void;
};

export type WriteResult = { written: number; deleted: number; ms: number };

/** Generates and writes `count` synthetic companies; refuses to add to earlier ones unless replacing. */
export async function writeSyntheticCompanies(
  database: Database,
  options: WriteOptions,
): Promise<WriteResult> {
  const started = performance.now();
  const rows = generateCompanies(loadPlaces(), options);
  let written = 0;
  const onRows = (n: number) => {
    written += n;
    options.onProgress?.(written);
  };
  const deleted = await withCopySession(database, async (session) => {
    const { rows: existing } = await session.query<{ n: number }>(
      `select count(*)::int as n from company_master where ${SYNTHETIC}`,
    );
    const count = existing[0]?.n ?? 0;
    if (count > 0 && !options.replace) {
      throw new Error(`${count} synthetic companies are already there; use --replace to generate them anew`);
    }
    const removed = options.replace
      ? (await session.query(`delete from company_master where ${SYNTHETIC}`)).rowCount
      : 0;
    const rebuild =
      options.count >= (options.rebuildIndexesFrom ?? REBUILD_INDEXES_FROM)
        ? await dropSecondaryIndexes(session, COMPANY_COPY.table)
        : [];
    await session.copyRows(COMPANY_COPY, rows, onRows);
    // More memory for the sorts of the index builds (the default 64 MB spills to disk at 1M rows).
    if (rebuild.length && database.mode === 'postgres') {
      await session.query(`set local maintenance_work_mem = '256MB'`);
    }
    for (const statement of rebuild) await session.query(statement);
    return removed;
  });
  // Planner statistics and the visibility map for the new rows: PGlite has no autovacuum at all, and on
  // PostgreSQL it comes later; until then plans are guesses and index-only scans read the table as well.
  await database.db.execute(sql`vacuum analyze company_master`);
  return { written, deleted, ms: performance.now() - started };
}
