import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { openDatabase, queryRows } from './client.ts';
import { SEED_DATA_DIR, seedReferenceData } from './seed/seed.ts';

describe('the migration journal', () => {
  it('dates each migration after the one before: drizzle skips one dated before the last applied', () => {
    const journal = JSON.parse(
      readFileSync(join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string; when: number }[] };
    const outOfOrder = journal.entries.filter(
      (entry, i) => i > 0 && entry.when <= (journal.entries[i - 1]?.when ?? 0),
    );
    expect(outOfOrder.map((entry) => entry.tag)).toEqual([]);
  });
});

describe.each(backends())('migrations and seed on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(() => database.destroy());

  it('creates the tables', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['industry_codes', 'job_schedules', 'jobs']),
    );
  });

  it('can be applied again without changes', async () => {
    await database.migrate();
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('seeds the NAICS codes idempotently', async () => {
    const first = await seedReferenceData(database.db);
    await seedReferenceData(database.db);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from industry_codes`,
    );
    expect(rows[0]?.n).toBe(first.industryCodes);
    expect(first.industryCodes).toBeGreaterThan(2000);
    const software = await queryRows<{ title: string; parent_code: string; level: number }>(
      database.db,
      sql`select title, parent_code, level from industry_codes where code = '513210'`,
    );
    expect(software[0]).toEqual({ title: 'Software Publishers', parent_code: '51321', level: 6 });
    const manufacturing = await queryRows<{ parent_code: string }>(
      database.db,
      sql`select parent_code from industry_codes where code = '334'`,
    );
    expect(manufacturing[0]?.parent_code).toBe('31-33');
  });

  it('writes the reference data again when its file changes, and only then', async () => {
    await seedReferenceData(database.db);
    const changed = mkdtempSync(join(tmpdir(), 'prospector-seed-'));
    try {
      const naics = readFileSync(join(SEED_DATA_DIR, 'naics-2022.csv'), 'utf8');
      writeFileSync(
        join(changed, 'naics-2022.csv'),
        naics.replaceAll('Software Publishers', 'Software Makers'),
      );
      await database.db.execute(sql`update industry_codes set title = 'Edited here' where code = '334'`);
      await seedReferenceData(database.db);
      const title = async (code: string) =>
        (
          await queryRows<{ title: string }>(
            database.db,
            sql`select title from industry_codes where code = ${code}`,
          )
        )[0]?.title;
      // The same data as last time: nothing written, an operator's edit stays.
      expect(await title('334')).toBe('Edited here');
      await seedReferenceData(database.db, changed);
      expect(await title('513210')).toBe('Software Makers');
    } finally {
      await seedReferenceData(database.db);
      rmSync(changed, { recursive: true, force: true });
    }
  });

  it.runIf(backend.name === 'postgres')(
    'migrates a new database once when several instances start together',
    async () => {
      const fresh = await backend.create();
      try {
        // Every migration already applied by create(): take them back out to start from an empty database.
        await fresh.db.execute(sql`drop schema public cascade`);
        await fresh.db.execute(sql`drop schema drizzle cascade`);
        await fresh.db.execute(sql`create schema public`);
        const instances = await Promise.all(
          Array.from({ length: 4 }, () =>
            openDatabase({ mode: 'postgres', url: fresh.url ?? '', maxConnections: 2 }),
          ),
        );
        try {
          await Promise.all(instances.map((instance) => instance.migrate()));
        } finally {
          await Promise.all(instances.map((instance) => instance.close()));
        }
        const [applied] = await queryRows<{ n: number; distinct: number }>(
          fresh.db,
          sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
        );
        expect(applied?.n).toBeGreaterThan(20);
        expect(applied?.n).toBe(applied?.distinct);
      } finally {
        await fresh.destroy();
      }
    },
  );
});
