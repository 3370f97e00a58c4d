import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../../../tests/helpers/databases.ts';
import { queryRows } from '../../../db/client.ts';
import { contactSuppressions } from '../../../db/schema.ts';
import { writeSyntheticCompanies } from '../../companies/data/write-synthetic-companies.ts';
import { suppressionKeys } from '../suppression.ts';
import { type ContactCompany, generateContacts } from './generate-contacts.ts';
import { loadContactSources, orderedIds, writeSyntheticContacts } from './write-synthetic-contacts.ts';

describe('ordered contact ids', () => {
  it('are UUIDs of version 7 that sort in the order they were made', () => {
    const next = orderedIds(Date.UTC(2025, 0, 1));
    const ids = Array.from({ length: 300 }, () => next());
    expect(
      ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/.test(id)),
    ).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(backends())('synthetic contacts written to $name', (backend: Backend) => {
  let database: TestDatabase;
  const COMPANIES = 300;

  type Stored = {
    company_id: string;
    full_name: string;
    title: string;
    email: string | null;
    city: string | null;
  };
  const stored = () =>
    queryRows<Stored>(
      database.db,
      sql`select company_id, full_name, title, email, city from company_contacts
        where source = 'synthetic' and owner_id is null order by company_id, full_name, title, email`,
    );
  const schemaOf = async () =>
    queryRows<{ def: string }>(
      database.db,
      sql`select indexdef as def from pg_indexes where tablename = 'company_contacts'
        union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
        where conrelid = 'company_contacts'::regclass order by 1`,
    );

  beforeAll(async () => {
    database = await backend.create();
    await writeSyntheticCompanies(database, { count: COMPANIES, seed: 3 });
  });
  afterAll(() => database.destroy());

  let perCompany = 0;

  it('spreads about the number asked for over the shared companies, at least one each', async () => {
    const result = await writeSyntheticContacts(database, { count: 1500, seed: 9 });
    perCompany = result.perCompany;
    expect(result.companies).toBe(COMPANIES);
    expect(Math.abs(result.written - 1500)).toBeLessThan(150);
    const [counts] = await queryRows<{ n: number; companies: number; licenses: string }>(
      database.db,
      sql`select count(*)::int as n, count(distinct company_id)::int as companies,
        string_agg(distinct license, ',') as licenses from company_contacts where source = 'synthetic'`,
    );
    expect(counts).toEqual({ n: result.written, companies: COMPANIES, licenses: 'Synthetic (generated)' });
  });

  it('writes what the generator makes for those companies', async () => {
    const companies = await queryRows<ContactCompany>(
      database.db,
      sql`select id, name, domain, primary_industry as "primaryIndustry", size, employees, country,
        country_code as "countryCode", region, city, source from company_master order by id limit 20`,
    );
    const ids = new Set(companies.map((c) => c.id));
    const written = (await stored()).filter((row) => ids.has(row.company_id));
    const made = [
      ...generateContacts(companies, { seed: 9, perCompany, ...(await loadContactSources(database)) }),
    ];
    const key = (row: Pick<Stored, 'company_id' | 'full_name' | 'title' | 'email' | 'city'>) =>
      [row.company_id, row.full_name, row.title, row.email, row.city].join('|');
    expect(written.map(key).sort()).toEqual(
      made
        .map((r) =>
          key({
            company_id: r.companyId,
            full_name: r.fullName,
            title: r.title,
            email: r.email,
            city: r.city,
          }),
        )
        .sort(),
    );
    expect(written.length).toBeGreaterThan(20);
  });

  it('refuses to add to earlier synthetic contacts unless replacing, and replaces them with the same', async () => {
    const before = await stored();
    await expect(writeSyntheticContacts(database, { count: 1500, seed: 9 })).rejects.toThrow(
      /synthetic contacts are already there/,
    );
    expect(await stored()).toEqual(before);
    const result = await writeSyntheticContacts(database, { count: 1500, seed: 9, replace: true });
    expect(result.deleted).toBe(before.length);
    expect(await stored()).toEqual(before);
  });

  it('leaves the table, its indexes and keys as they were when a run fails midway', async () => {
    const before = await stored();
    const schema = await schemaOf();
    // Indexes and keys dropped for the COPY (rebuildIndexesFrom 0), then a failure after the first rows.
    const failing = writeSyntheticContacts(database, {
      count: 3000,
      seed: 10,
      replace: true,
      rebuildIndexesFrom: 0,
      onProgress: () => {
        throw new Error('disk full');
      },
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(await stored()).toEqual(before);
    expect(await schemaOf()).toEqual(schema);
  });

  it('builds the indexes and keys again after a large write', async () => {
    const schema = await schemaOf();
    const result = await writeSyntheticContacts(database, {
      count: 1000,
      seed: 12,
      replace: true,
      rebuildIndexesFrom: 0,
    });
    expect(result.written).toBeGreaterThan(800);
    expect(await schemaOf()).toEqual(schema);
    // The key is back and checked: a contact of no company is refused.
    await expect(
      database.db.execute(
        sql`insert into company_contacts (company_id, first_name, full_name, source, license)
          values (gen_random_uuid(), 'A', 'A', 'synthetic', 'x')`,
      ),
    ).rejects.toThrow();
  });

  it('leaves out suppressed people', async () => {
    const [person] = await queryRows<{ email: string; full_name: string; name: string }>(
      database.db,
      sql`select p.email, p.full_name, c.name from company_contacts p join company_master c on c.id = p.company_id
        where p.email is not null order by p.email limit 1`,
    );
    expect(person).toBeDefined();
    const [key] = suppressionKeys({
      email: person?.email,
      fullName: person?.full_name ?? '',
      companyName: person?.name ?? '',
    });
    await database.db.insert(contactSuppressions).values({ personKey: key as string });
    const before = await stored();
    await writeSyntheticContacts(database, { count: 1000, seed: 12, replace: true });
    const after = await stored();
    expect(after.some((row) => row.email === person?.email)).toBe(false);
    expect(after.length).toBe(before.length - 1);
  });
});
