import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { type Database, openDatabase, queryRows } from './client.ts';

const postgres = backends().filter((backend) => backend.name === 'postgres');

/** The statements this connection holds prepared (one connection: every call below runs on it). */
const preparedCount = async (database: Database) => {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_prepared_statements where name like ${'p\\_%'}`,
  );
  return row?.n ?? 0;
};

describe.each(postgres)('prepared statements on $name', (backend) => {
  let created: TestDatabase;
  const opened: Database[] = [];
  const open = async (preparedStatements?: boolean) => {
    const database = await openDatabase({
      mode: 'postgres',
      url: created.url ?? '',
      maxConnections: 1,
      preparedStatements,
    });
    opened.push(database);
    return database;
  };
  beforeAll(async () => {
    created = await backend.create();
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await created.destroy();
  });

  it('prepares a statement with parameters once per connection and answers from it after', async () => {
    const database = await open();
    const square = (n: number) =>
      queryRows<{ square: number }>(database.db, sql`select ${n}::int * ${n} as square`);
    expect(await square(3)).toEqual([{ square: 9 }]);
    const afterFirst = await preparedCount(database);
    expect(await square(4)).toEqual([{ square: 16 }]);
    // The second run reused the first's statement; the count query itself is the other one prepared.
    expect(afterFirst).toBe(2);
    expect(await preparedCount(database)).toBe(2);
  });

  it('keeps at most 200 per connection and runs the rest unnamed', async () => {
    const database = await open();
    for (let i = 0; i < 210; i++) {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql.raw(`select ${i} + 0 as n`).append(sql` where ${1} = 1`),
      );
      expect(row?.n).toBe(i);
    }
    expect(await preparedCount(database)).toBe(200);
  });

  it('prepares nothing when DATABASE_PREPARED_STATEMENTS is false (a proxy that cannot keep them)', async () => {
    const database = await open(false);
    expect(await queryRows(database.db, sql`select ${1}::int as one`)).toEqual([{ one: 1 }]);
    expect(await preparedCount(database)).toBe(0);
  });
});
