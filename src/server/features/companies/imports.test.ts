/**
 * CSV import of the user's own accounts (issue 5 §4 and its bad inputs): preview and mapping, per-row report,
 * duplicates by domain then name, ownership, and the refusals (encoding, size, rows, mapping); the merge with
 * the shared companies (issue 23: by domain, else by name; the user's values win, with who said what).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { queryRows } from '../../db/client.ts';
import { companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { COMPANY_COPY, type CopyRow } from './data/copy-companies.ts';
import { type KnownCompany, mergeWithKnown } from './import-merge.ts';

const HUBSPOT_CSV = [
  'Company name,Company Domain Name,Industry,Number of Employees,Country/Region,City,Year Founded',
  'Acme Payments,acmepay.io,fintech,120,Germany,Berlin,2016',
  'Acme Payments GmbH,https://www.acmepay.io/,Fintech,130,Germany,Berlin,2016',
  ',nameless.io,Software,10,France,Paris,2020',
  'Bolt Analytics,bolt.example,software,"1,200",United States,Austin,20x1',
  'Bolt Analytics,,Software,lots,United States,Austin,2001',
  'Cedar Health,cedar.example,Health care,45,usa,Denver,2011',
].join('\n');

/** A listed company as the SEC's data gives it, with a head count from YAGO. */
const NORTHWIND = {
  name: 'NORTHWIND SOFTWARE INC',
  primaryIndustry: 'Software',
  naicsCode: '513210',
  subIndustry: 'Services-Prepackaged Software',
  size: '5001-10000',
  employees: 5200,
  country: 'United States',
  countryCode: 'US',
  region: 'Washington',
  city: 'Seattle',
  location: 'Seattle, Washington, United States',
  ticker: 'NWND',
  exchange: 'Nasdaq',
  cik: '1234567',
  sicCode: '7372',
  phone: '206-555-0100',
  fieldSources: {
    industry: 'SEC SIC 7372 (Services-Prepackaged Software)',
    headquarters: 'SEC business address',
    employees: 'YAGO 3 (Wikipedia, CC BY 3.0)',
  },
  source: 'sec',
  license: 'Public domain (U.S. government work)',
} satisfies Partial<CopyRow>;

/** Shared companies the merge test's rows are (or are not). */
const SHARED_COMPANIES: (typeof companyMaster.$inferInsert)[] = [
  NORTHWIND,
  {
    name: 'Globex Corporation',
    domain: 'globex.example',
    website: 'http://globex.example',
    primaryIndustry: 'Internet',
    subIndustry: 'Marketplace',
    country: 'Canada',
    countryCode: 'CA',
    foundedYear: 2009,
    description: 'An online marketplace for industrial parts.',
    fieldSources: { industry: 'Y Combinator categories (Marketplace)', headquarters: 'Y Combinator list' },
    source: 'yc',
    license: 'CC BY-SA 4.0',
  },
  // A one-word name elsewhere: not the French 'Lumen' of the file.
  {
    name: 'Lumen Inc.',
    country: 'United States',
    primaryIndustry: 'Telecommunications',
    source: 'sec',
    license: '-',
  },
  // Written with 'The' and a legal form, as a source may: the file's 'Acme Widget' all the same.
  { name: 'The Acme Widget Company', foundedYear: 1949, source: 'sp500', license: 'ODC-PDDL-1.0' },
];

const MERGE_CSV = [
  'Company,Website,Employees,Country,Industry',
  'Northwind Software,,40,,',
  'Globex Labs,https://www.globex.example/about,,,',
  'Globex,,,,',
  'Quiet Meadow Bakery,,12,France,Food & Beverage',
  'Lumen,,,France,',
  'Acme Widget,,,,',
].join('\n');

describe('merging an imported row with the known company it is', () => {
  const row = (values: Partial<CopyRow>): CopyRow => ({
    ...(Object.fromEntries(COMPANY_COPY.columns.map(([key]) => [key, null])) as unknown as CopyRow),
    name: 'Northwind Software',
    fieldSources: {},
    source: 'import',
    license: 'Your data',
    ...values,
  });
  const known: KnownCompany = { ...row(NORTHWIND), id: 'shared-1' };
  const yours = 'Your import (crm.csv)';

  it('fills a head count only within the size band the user gave', () => {
    expect(mergeWithKnown(row({ size: '5001-10000' }), known, yours)).toMatchObject({
      size: '5001-10000',
      employees: 5200,
      fieldSources: { size: yours, employees: 'YAGO 3 (Wikipedia, CC BY 3.0)' },
    });
    const other = mergeWithKnown(row({ size: '11-50' }), known, yours);
    expect(other).toMatchObject({ size: '11-50', employees: null });
    expect(other.fieldSources.employees).toBeUndefined();
  });

  it("fills a place only where it agrees with the user's, and says who gave which part", () => {
    expect(mergeWithKnown(row({ city: 'seattle' }), known, yours)).toMatchObject({
      city: 'seattle',
      region: 'Washington',
      country: 'United States',
      countryCode: 'US',
      location: 'seattle, Washington, United States',
      fieldSources: { headquarters: `${yours} and SEC business address` },
    });
    expect(mergeWithKnown(row({ city: 'Portland' }), known, yours)).toMatchObject({
      city: 'Portland',
      region: null,
      country: null,
      fieldSources: { headquarters: yours },
    });
  });

  it("keeps the user's industry and listing, without the shared company's NAICS code or exchange", () => {
    const merged = mergeWithKnown(row({ primaryIndustry: 'Fintech', ticker: 'NWS' }), known, yours);
    expect(merged).toMatchObject({
      primaryIndustry: 'Fintech',
      naicsCode: null,
      subIndustry: null,
      ticker: 'NWS',
      exchange: null,
      sicCode: '7372',
      mergedCompanyId: 'shared-1',
    });
    expect(merged.fieldSources).toMatchObject({
      industry: yours,
      ticker: yours,
      sicCode: 'SEC listed companies',
    });
  });
});

describe.each(backends())('company imports on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      database,
      app,
      jobs,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        await database.db.insert(companyMaster).values({
          name: 'Reference Fintech',
          primaryIndustry: 'Fintech',
          country: 'Germany',
          source: 'sp500',
          license: 'ODC-PDDL-1.0',
        });
        await database.db.insert(companyMaster).values(SHARED_COMPANIES);
      },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
  });
  afterAll(() => close?.());

  const upload = (client: AuthClient, path: string, csv: string | Uint8Array, mapping?: unknown) => {
    const form = new FormData();
    form.set('file', new File([csv as BlobPart], 'accounts.csv', { type: 'text/csv' }));
    if (mapping !== undefined) form.set('mapping', JSON.stringify(mapping));
    return app.request(path, { method: 'POST', body: form, headers: { cookie: client.cookie } });
  };
  const runImport = async (client: AuthClient, csv: string, mapping: unknown) => {
    const started = await upload(client, '/api/v1/companies/imports', csv, mapping);
    expect(started.status).toBe(202);
    const { id } = await started.json();
    await jobs.runOnce();
    return (await client.request('GET', `/api/v1/companies/imports/${id}`)).json();
  };

  it('previews a CRM export and suggests the mapping from its headers', async () => {
    const response = await upload(ada, '/api/v1/companies/imports/preview', HUBSPOT_CSV);
    expect(response.status).toBe(200);
    const preview = await response.json();
    expect(preview.rows).toBe(6);
    expect(preview.sample[0]).toMatchObject({ 'Company name': 'Acme Payments' });
    expect(preview.suggestedMapping).toEqual({
      name: 'Company name',
      domain: 'Company Domain Name',
      industry: 'Industry',
      employees: 'Number of Employees',
      country: 'Country/Region',
      city: 'City',
      foundedYear: 'Year Founded',
    });
  });

  it('imports the good rows, reports the bad ones by row number, and skips duplicates by domain then name', async () => {
    const mapping = (await (await upload(ada, '/api/v1/companies/imports/preview', HUBSPOT_CSV)).json())
      .suggestedMapping;
    const report = await runImport(ada, HUBSPOT_CSV, mapping);
    expect(report).toMatchObject({
      status: 'succeeded',
      totalRows: 6,
      importedRows: 2,
      duplicateRows: 1,
      errorRows: 3,
      errors: [
        { row: 4, message: 'The company name is empty' },
        { row: 5, message: 'Founded "20x1" is not a year' },
        { row: 6, message: 'Employees "lots" is not a whole number' },
      ],
    });
    const found = await (await ada.request('GET', '/api/v1/companies?q=acme%20payments')).json();
    expect(found.companies).toHaveLength(1);
    // The user's words became stored values; the head count gave the size band.
    expect(found.companies[0]).toMatchObject({
      name: 'Acme Payments',
      domain: 'acmepay.io',
      primaryIndustry: 'Fintech',
      size: '51-200',
      employees: 120,
      country: 'Germany',
      imported: true,
      source: 'import',
    });
    // Only Ada sees her accounts.
    expect(
      (await (await bob.request('GET', '/api/v1/companies?q=acme%20payments')).json()).companies,
    ).toEqual([]);
    expect((await bob.request('GET', `/api/v1/companies/imports/${report.id}`)).status).toBe(404);

    // The same file again: everything is a duplicate of the first import.
    const again = await runImport(ada, HUBSPOT_CSV, mapping);
    expect(again).toMatchObject({ status: 'succeeded', importedRows: 0, duplicateRows: 3, errorRows: 3 });
    const list = await (await ada.request('GET', '/api/v1/companies/imports')).json();
    expect(list.imports.map((i: { importedRows: number }) => i.importedRows)).toEqual([0, 2]);
  });

  it('reports broken quoting per row and keeps the rest', async () => {
    const csv = 'name,city\nGood One,Oslo\n"Broken, Quote,Oslo\nGood Two,Bergen\n';
    const report = await runImport(ada, csv, { name: 'name', city: 'city' });
    expect(report.status).toBe('succeeded');
    expect(report.errorRows).toBeGreaterThan(0);
    expect(report.errors[0].message).toMatch(/^Unreadable row: /);
    expect(report.importedRows + report.errorRows + report.duplicateRows).toBeLessThanOrEqual(
      report.totalRows,
    );
  });

  it('refuses files it cannot take, with what to do', async () => {
    const latin1 = new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]); // "name\nMüller"
    const wrongEncoding = await upload(ada, '/api/v1/companies/imports/preview', latin1);
    expect(wrongEncoding.status).toBe(400);
    expect((await wrongEncoding.json()).error.message).toContain('not UTF-8');

    const huge = await upload(
      ada,
      '/api/v1/companies/imports/preview',
      `name\n${'x'.repeat(11 * 1024 * 1024)}\n`,
    );
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toBe('The file is larger than 10 MB');

    const tooMany = await upload(ada, '/api/v1/companies/imports/preview', `name\n${'a\n'.repeat(100_001)}`);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.message).toBe(
      'The file has 100,001 rows; an import takes at most 100,000',
    );

    const noName = await upload(ada, '/api/v1/companies/imports', HUBSPOT_CSV, { city: 'City' });
    expect(noName.status).toBe(400);
    expect((await noName.json()).error.message).toBe('Map a column to the company name');
    const missing = await upload(ada, '/api/v1/companies/imports', HUBSPOT_CSV, { name: 'Firm' });
    expect((await missing.json()).error.message).toBe('The name column "Firm" is not in the file');
    const badField = await upload(ada, '/api/v1/companies/imports', HUBSPOT_CSV, {
      name: 'Company name',
      revenue: 'x',
    });
    expect(badField.status).toBe(400);
    const notJson = await upload(ada, '/api/v1/companies/imports', HUBSPOT_CSV);
    expect((await notJson.json()).error.message).toBe(
      'Send the column mapping as JSON in the field "mapping"',
    );
    const noFile = await app.request('/api/v1/companies/imports/preview', {
      method: 'POST',
      body: new FormData(),
      headers: { cookie: ada.cookie },
    });
    expect(noFile.status).toBe(400);
    expect((await app.request('/api/v1/companies/imports')).status).toBe(401);
  });

  it('merges imported companies with the shared ones: their values win, the shared data fills the gaps', async () => {
    const report = await runImport(bob, MERGE_CSV, {
      name: 'Company',
      website: 'Website',
      employees: 'Employees',
      country: 'Country',
      industry: 'Industry',
    });
    // 'Globex' is the company 'Globex Labs' already merged with (by domain): one company, imported once.
    expect(report).toMatchObject({ status: 'succeeded', importedRows: 5, duplicateRows: 1, errorRows: 0 });
    const shared = await queryRows<{ id: string; name: string }>(
      database.db,
      sql`select id, name from company_master where owner_id is null`,
    );
    const sharedId = (name: string) => shared.find((row) => row.name === name)?.id;
    const imported = await queryRows<{ id: string; name: string; merged: string | null }>(
      database.db,
      sql`select c.id, c.name, c.merged_company_id as merged from company_master c
        join users u on u.id = c.owner_id where u.email = 'bob@example.com'`,
    );
    const row = (name: string) => imported.find((r) => r.name === name);
    expect(Object.fromEntries(imported.map((r) => [r.name, r.merged]))).toEqual({
      'Northwind Software': sharedId('NORTHWIND SOFTWARE INC'),
      'Globex Labs': sharedId('Globex Corporation'),
      'Quiet Meadow Bakery': null,
      Lumen: null,
      'Acme Widget': sharedId('The Acme Widget Company'),
    });
    const detail = async (name: string) =>
      (await bob.request('GET', `/api/v1/companies/${row(name)?.id}`)).json();
    const yours = 'Your import (accounts.csv)';

    // To Bob, the shared company an import merged with is that import: searched, counted and faceted once.
    const found = (await (await bob.request('GET', '/api/v1/companies?q=northwind')).json()) as {
      companies: { name: string }[];
    };
    expect(found.companies.map((company) => company.name)).toEqual(['Northwind Software']);
    const facets = (await (await bob.request('GET', '/api/v1/companies/facets?q=northwind')).json()) as {
      source: { value: string; count: number }[];
    };
    expect(facets.source).toEqual([{ value: 'import', count: 1 }]);
    const quote = await bob.request('POST', '/api/v1/companies/exports/quote', { q: 'northwind' });
    expect(await quote.json()).toMatchObject({ rows: 1 });

    // By name only: the shared company's facts with its own sources; the user's head count stays theirs.
    const northwind = await detail('Northwind Software');
    expect(northwind).toMatchObject({
      name: 'Northwind Software',
      imported: true,
      source: 'import',
      primaryIndustry: 'Software',
      naicsCode: '513210',
      subIndustry: 'Services-Prepackaged Software',
      employees: 40,
      size: '11-50',
      country: 'United States',
      city: 'Seattle',
      location: 'Seattle, Washington, United States',
      ticker: 'NWND',
      exchange: 'Nasdaq',
      sicCode: '7372',
      phone: '206-555-0100',
      domain: null,
    });
    expect(northwind.fieldSources).toEqual({
      industry: 'SEC SIC 7372 (Services-Prepackaged Software)',
      naicsCode: 'SEC SIC 7372 (Services-Prepackaged Software)',
      subIndustry: 'SEC SIC 7372 (Services-Prepackaged Software)',
      employees: yours,
      size: yours,
      headquarters: 'SEC business address',
      ticker: 'SEC listed companies',
      sicCode: 'SEC listed companies',
      phone: 'SEC listed companies',
    });
    // The company it merged with is the same company, not a similar one.
    expect(northwind.similar.map((company: { id: string }) => company.id)).not.toContain(
      sharedId('NORTHWIND SOFTWARE INC'),
    );
    expect(northwind.mergedWith).toEqual({
      id: sharedId('NORTHWIND SOFTWARE INC'),
      name: 'NORTHWIND SOFTWARE INC',
      source: 'sec',
      license: 'Public domain (U.S. government work)',
    });

    // By domain, under another name: the user's name and web address stay.
    const globex = await detail('Globex Labs');
    expect(globex).toMatchObject({
      name: 'Globex Labs',
      domain: 'globex.example',
      website: 'https://www.globex.example/about',
      primaryIndustry: 'Internet',
      country: 'Canada',
      foundedYear: 2009,
      description: 'An online marketplace for industrial parts.',
      employees: null,
    });
    expect(globex.fieldSources).toMatchObject({
      website: yours,
      industry: 'Y Combinator categories (Marketplace)',
      headquarters: 'Y Combinator list',
      foundedYear: 'Y Combinator startups',
      description: 'Y Combinator startups',
    });
    expect(globex.mergedWith?.name).toBe('Globex Corporation');

    // No known company: only the user's values, each with the user's file as its source (an industry no
    // company here has is kept in the user's words).
    const bakery = await detail('Quiet Meadow Bakery');
    expect(bakery).toMatchObject({
      primaryIndustry: null,
      subIndustry: 'Food & Beverage',
      employees: 12,
      country: 'France',
    });
    expect(bakery.fieldSources).toEqual({
      subIndustry: yours,
      employees: yours,
      size: yours,
      headquarters: yours,
    });
    // A one-word name in another country is another company.
    expect((await detail('Lumen')).fieldSources).toEqual({ headquarters: yours });

    // Ada sees none of Bob's rows, merged or not; the shared rows are as they were.
    const adaSees = await (await ada.request('GET', '/api/v1/companies?q=northwind')).json();
    expect(adaSees.companies.map((c: { imported: boolean }) => c.imported)).not.toContain(true);
    expect((await ada.request('GET', `/api/v1/companies/${row('Globex Labs')?.id}`)).status).toBe(404);
    const [northwindShared] = await database.db
      .select({ employees: companyMaster.employees, fieldSources: companyMaster.fieldSources })
      .from(companyMaster)
      .where(eq(companyMaster.name, 'NORTHWIND SOFTWARE INC'));
    expect(northwindShared?.employees).toBe(5200);
  });
});
