import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../../../tests/helpers/databases.ts';
import { COMPANY_SIZES, COMPANY_SOURCES, INDUSTRIES } from '../../../../shared/companies.ts';
import { queryRows } from '../../../db/client.ts';
import { companyMaster } from '../../../db/schema.ts';
import type { CompanyRow } from './build-company-rows.ts';
import { loadCompanyData, writeCompanyRows } from './load-company-data.ts';

describe.each(backends())('company data load on $name', (backend: Backend) => {
  let database: TestDatabase;
  let first: { loaded: number };
  let indexesBefore: string[];
  const indexes = async () =>
    (
      await queryRows<{ def: string }>(
        database.db,
        sql`select indexdef as def from pg_indexes where tablename = 'company_master' order by indexname`,
      )
    ).map((row) => row.def);

  beforeAll(async () => {
    database = await backend.create();
    indexesBefore = await indexes();
    first = await loadCompanyData(database);
  });
  afterAll(() => database.destroy());

  const company = async (name: string) =>
    (await database.db.select().from(companyMaster).where(eq(companyMaster.name, name)))[0];
  const counts = async (): Promise<Record<string, number>> =>
    Object.fromEntries(
      (
        await queryRows<{ source: string; n: number }>(
          database.db,
          sql`select source, count(*)::int as n from company_master group by source`,
        )
      ).map((row) => [row.source, row.n]),
    );

  it('loads the S&P 500, the other SEC-listed companies, the YC startups and the large companies as shared rows', async () => {
    const bySource = await counts();
    // 503 S&P lines are 500 companies: GOOGL/GOOG, FOXA/FOX and NWSA/NWS are share classes of one.
    expect(bySource.sp500).toBe(500);
    expect(bySource.sec).toBeGreaterThan(7000);
    expect(bySource.yc).toBeGreaterThan(600);
    expect(bySource.yago).toBeGreaterThan(1200);
    expect((bySource.sp500 ?? 0) + (bySource.sec ?? 0) + (bySource.yc ?? 0) + (bySource.yago ?? 0)).toBe(
      first.loaded,
    );
    const [owned] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from company_master where owner_id is not null`,
    );
    expect(owned?.n).toBe(0);
  });

  it('joins the S&P 500 with the SEC list: Apple and Microsoft with ticker, exchange, industry and HQ', async () => {
    expect(await company('Apple Inc.')).toMatchObject({
      ticker: 'AAPL',
      exchange: 'Nasdaq',
      cik: '320193',
      primaryIndustry: 'Computer Hardware',
      naicsCode: '334111',
      subIndustry: 'Technology Hardware, Storage & Peripherals',
      city: 'Cupertino',
      region: 'California',
      country: 'United States',
      countryCode: 'US',
      location: 'Cupertino, California, United States',
      foundedYear: 1977,
      source: 'sp500',
      license: 'ODC-PDDL-1.0',
      size: null,
      employees: null,
    });
    expect(await company('Microsoft')).toMatchObject({
      ticker: 'MSFT',
      exchange: 'Nasdaq',
      primaryIndustry: 'Software',
      city: 'Redmond',
      region: 'Washington',
      countryCode: 'US',
    });
  });

  it('keeps SEC-only companies with what the SEC says, title-cased, and no invented industry or place', async () => {
    // 'TORONTO DOMINION BANK' in the SEC list; SIC 6029 and an Ontario address in its filer metadata.
    const bank = await company('Toronto Dominion Bank');
    expect(bank).toMatchObject({
      ticker: 'TD',
      exchange: 'NYSE',
      source: 'sec',
      primaryIndustry: 'Banking',
      sicCode: '6029',
      region: 'Ontario',
      country: 'Canada',
      fieldSources: {
        industry: 'SEC SIC 6029 (Commercial Banks, NEC)',
        headquarters: 'SEC business address',
      },
    });
    // A fund the SEC gives no industry code (SIC 0000) gets none.
    expect(await company('Central Securities Corp')).toMatchObject({
      primaryIndustry: null,
      fieldSources: {},
    });
  });

  it('loads YC startups with city, country, website and domain; one also listed gets its SEC ticker', async () => {
    expect(await company('Stripe')).toMatchObject({
      city: 'San Francisco',
      region: 'California',
      country: 'United States',
      website: 'http://stripe.com',
      domain: 'stripe.com',
      primaryIndustry: 'Fintech',
      source: 'yc',
      license: 'CC BY-SA 4.0',
    });
    expect(await company('Dropbox')).toMatchObject({
      domain: 'dropbox.com',
      ticker: 'DBX',
      source: 'yc',
      cik: '1467623',
    });
    // Airbnb is in the S&P 500 and in YC: one row, the S&P one.
    const airbnb = await database.db.select().from(companyMaster).where(sql`lower(name) = 'airbnb'`);
    expect(airbnb.map((row) => row.source)).toEqual(['sp500']);
  });

  it('has no duplicate CIK, only our industries and size bands, and each source with its licence', async () => {
    const duplicates = await queryRows(
      database.db,
      sql`select cik from company_master where cik is not null group by cik having count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
    const industries = await queryRows<{ value: string }>(
      database.db,
      sql`select distinct primary_industry as value from company_master where primary_industry is not null`,
    );
    const names: string[] = INDUSTRIES.map((industry) => industry.name);
    for (const { value } of industries) expect(names).toContain(value);
    expect(industries.length).toBeGreaterThan(20);
    const sizes = await queryRows<{ value: string }>(
      database.db,
      sql`select distinct size as value from company_master where size is not null`,
    );
    for (const { value } of sizes) expect(COMPANY_SIZES as readonly string[]).toContain(value);
    const licences = await queryRows<{ source: keyof typeof COMPANY_SOURCES; license: string }>(
      database.db,
      sql`select distinct source, license from company_master`,
    );
    for (const { source, license } of licences) expect(license).toBe(COMPANY_SOURCES[source].license);
  });

  it('builds the indexes again after the load, and search finds by words and by misspelt names', async () => {
    expect(await indexes()).toEqual(indexesBefore);
    const byWords = await queryRows<{ name: string }>(
      database.db,
      sql`select name from company_master where search_vector @@ plainto_tsquery('english', 'payments online')`,
    );
    expect(byWords.map((row) => row.name)).toContain('Stripe');
    const misspelt = await queryRows<{ name: string }>(
      database.db,
      sql`select name from company_master where name % 'microsft' order by similarity(name, 'microsft') desc limit 1`,
    );
    expect(misspelt[0]?.name).toBe('Microsoft');
  });

  it('loads nothing the second time, and writes nothing twice when two loads race', async () => {
    const before = await counts();
    expect((await loadCompanyData(database)).loaded).toBe(0);
    const row = { ...((await company('Apple Inc.')) as CompanyRow), name: 'Racing Copy' };
    expect(await writeCompanyRows(database, [row])).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('refreshes data an older release loaded in place: same ids, new values, new companies added', async () => {
    const before = await counts();
    const okta = await company('Okta, Inc.');
    // As an older release left it: no SIC industry, no YAGO companies, an older data version.
    await database.db.execute(
      sql`update company_master set primary_industry = null, field_sources = '{}'::jsonb where id = ${okta?.id}`,
    );
    await database.db.execute(sql`delete from company_master where source = 'yago'`);
    await database.db.execute(sql`update app_settings set value = '1' where key = 'company-data'`);

    expect((await loadCompanyData(database)).loaded).toBe(first.loaded);
    expect(await company('Okta, Inc.')).toMatchObject({
      id: okta?.id,
      primaryIndustry: 'Software',
      fieldSources: { industry: 'SEC SIC 7372 (Services-Prepackaged Software)' },
    });
    expect(await counts()).toEqual(before);
    // Current now: the next start does nothing.
    expect((await loadCompanyData(database)).loaded).toBe(0);
  });
});

describe.each(backends())('company data write on $name', (backend: Backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(() => database.destroy());

  it('writes all rows or none: one bad row near the end leaves the table empty', async () => {
    const row: CompanyRow = {
      name: 'Acme',
      domain: null,
      website: null,
      primaryIndustry: null,
      naicsCode: null,
      subIndustry: null,
      size: null,
      employees: null,
      country: null,
      countryCode: null,
      region: null,
      city: null,
      location: null,
      foundedYear: null,
      ticker: null,
      exchange: null,
      cik: null,
      sicCode: null,
      phone: null,
      fieldSources: {},
      description: null,
      source: 'sec',
      license: COMPANY_SOURCES.sec.license,
    };
    const rows = Array.from({ length: 2500 }, (_, i) => ({ ...row, name: `Acme ${i}` }));
    rows[2400] = { ...row, name: null as unknown as string };
    await expect(writeCompanyRows(database, rows)).rejects.toThrow();
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from company_master`,
    );
    expect(left?.n).toBe(0);
  });
});
