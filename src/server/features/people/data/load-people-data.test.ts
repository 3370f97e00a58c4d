import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../../../tests/helpers/databases.ts';
import { queryRows } from '../../../db/client.ts';
import { contactSuppressions } from '../../../db/schema.ts';
import { loadCompanyData } from '../../companies/data/load-company-data.ts';
import { suppressionKeys } from '../suppression.ts';
import { type ContactCompany, generateContacts } from './generate-contacts.ts';
import { CONTACT_SAMPLE, loadContactSample, loadPeopleData } from './load-people-data.ts';
import { CEO_TITLES } from './org-chart.ts';
import { loadContactSources } from './write-synthetic-contacts.ts';

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

describe.each(backends())('synthetic people sample on $name', (backend: Backend) => {
  let database: TestDatabase;
  let suppressedName = '';

  type Count = { source: string; companies: number; people: number; emails: number };
  const counts = () =>
    queryRows<Count>(
      database.db,
      sql`select c.source, count(distinct c.id)::int as companies, count(p.id)::int as people,
          count(p.email)::int as emails
        from company_master c left join company_contacts p on p.company_id = c.id and p.source = 'synthetic'
        where c.owner_id is null group by c.source order by c.source`,
    );

  beforeAll(async () => {
    database = await backend.create();
    await loadCompanyData(database);
    await loadPeopleData(database);
    // Someone at Stripe asked to be removed before the sample was ever loaded.
    const [stripe] = await queryRows<ContactCompany>(
      database.db,
      sql`select id, name, domain, primary_industry as "primaryIndustry", size, employees, country,
        country_code as "countryCode", region, city, source from company_master where name = 'Stripe'`,
    );
    const [person] = generateContacts([{ ...(stripe as ContactCompany), hasFounders: true }], {
      ...CONTACT_SAMPLE,
      ...(await loadContactSources(database)),
    });
    suppressedName = person?.fullName ?? '';
    await database.db.insert(contactSuppressions).values({
      personKey: suppressionKeys({ fullName: suppressedName, companyName: 'Stripe' }).at(-1) as string,
    });
  });
  afterAll(() => database.destroy());

  it('gives every real company a few synthetic people, more at S&P 500 companies, once', {
    timeout: 120_000,
  }, async () => {
    // Cut short after the first page of companies, as a server stopped during the load would be.
    const stop = new AbortController();
    const cut = loadContactSample(database, { signal: stop.signal });
    stop.abort();
    const first = await cut;
    expect(first.loaded).toBeGreaterThan(0);
    const second = await loadContactSample(database);
    expect(second.loaded).toBeGreaterThan(first.loaded);
    expect((await loadContactSample(database)).loaded).toBe(0);

    const bySource = Object.fromEntries((await counts()).map((row) => [row.source, row]));
    const total = Object.values(bySource).reduce((sum, row) => sum + row.people, 0);
    expect(total).toBe(first.loaded + second.loaded);
    for (const source of ['sec', 'sp500', 'yc']) {
      const row = bySource[source] as Count;
      expect(row.people / row.companies, source).toBeGreaterThanOrEqual(source === 'sp500' ? 12 : 4);
      expect(row.people / row.companies, source).toBeLessThanOrEqual(source === 'sp500' ? 24 : 8);
    }
    // Only companies with a web domain (YC's, YAGO's, and listed ones YAGO gave one) have people with
    // addresses, and not all of them.
    expect(bySource.yc?.emails).toBeGreaterThan(0.6 * (bySource.yc?.people ?? 0));
    expect(bySource.yc?.emails).toBeLessThan(bySource.yc?.people ?? 0);
    const [withoutDomain] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(p.email)::int as n from company_contacts p join company_master c on c.id = p.company_id
        where p.source = 'synthetic' and c.domain is null`,
    );
    expect(withoutDomain?.n).toBe(0);
    // Every real company has people; no company has none after the resumed load.
    const [without] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from company_master c where c.owner_id is null and not exists
        (select 1 from company_contacts p where p.company_id = c.id and p.source = 'synthetic')`,
    );
    expect(without?.n).toBe(0);
  });

  it("leaves the real founders' roles to them and leaves out suppressed people", async () => {
    const stripe = await queryRows<{ full_name: string; title: string; seniority: string; source: string }>(
      database.db,
      sql`select p.full_name, p.title, p.seniority, p.source from company_contacts p
        join company_master c on c.id = p.company_id where c.name = 'Stripe' order by p.source, p.full_name`,
    );
    const synthetic = stripe.filter((row) => row.source === 'synthetic');
    expect(synthetic.length).toBeGreaterThanOrEqual(3);
    const chiefExecutives = new Set([...CEO_TITLES.small, ...CEO_TITLES.large, 'Managing Director']);
    expect(synthetic.some((row) => chiefExecutives.has(row.title))).toBe(false);
    expect(synthetic.some((row) => row.seniority === 'founder' || row.seniority === 'owner')).toBe(false);
    expect(stripe.filter((row) => row.source === 'yc').map((row) => row.full_name)).toEqual([
      'John Collison',
      'Patrick Collison',
    ]);
    expect(suppressedName).not.toBe('');
    expect(stripe.some((row) => row.full_name === suppressedName)).toBe(false);
  });
});
