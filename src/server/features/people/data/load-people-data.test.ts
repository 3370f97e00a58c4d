import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../../../tests/helpers/databases.ts';
import { queryRows } from '../../../db/client.ts';
import { contactSuppressions } from '../../../db/schema.ts';
import { loadCompanyData } from '../../companies/data/load-company-data.ts';
import { loadPeopleData } from './load-people-data.ts';

describe.each(backends())('people data load on $name', (backend: Backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await backend.create();
    // Removed at their request before any load: they must never come in.
    await database.db.insert(contactSuppressions).values({ personKey: 'name:patrick collison@stripe' });
    await loadCompanyData(database);
  });
  afterAll(() => database.destroy());

  const founders = (name: string) =>
    queryRows<{ full_name: string; title: string; seniority: string; department: string; company: string }>(
      database.db,
      sql`select p.full_name, p.title, p.seniority, p.department, c.name as company
        from company_contacts p join company_master c on c.id = p.company_id where p.full_name = ${name}`,
    );

  it('loads the Y Combinator founders at their companies, once, leaving out suppressed people', async () => {
    const first = await loadPeopleData(database);
    expect(first.loaded).toBeGreaterThan(900);
    expect((await loadPeopleData(database)).loaded).toBe(0);
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from company_contacts where source = 'yc' and owner_id is null`,
    );
    expect(count?.n).toBe(first.loaded);
    // Removed at Stripe; his record at his earlier startup is another entry (a name alone is no identity).
    expect((await founders('Patrick Collison')).map((row) => row.company)).toEqual(['Auctomatic']);
    expect(await founders('John Collison')).toEqual([
      {
        full_name: 'John Collison',
        title: 'Co-founder',
        seniority: 'founder',
        department: 'executive',
        company: 'Stripe',
      },
    ]);
  });
});
