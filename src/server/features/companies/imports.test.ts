/**
 * CSV import of the user's own accounts (issue 5 §4 and its bad inputs): preview and mapping, per-row report,
 * duplicates by domain then name, ownership, and the refusals (encoding, size, rows, mapping).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { companyMaster } from '../../db/schema.ts';
import { seedReferenceData } from '../../db/seed/seed.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';

const HUBSPOT_CSV = [
  'Company name,Company Domain Name,Industry,Number of Employees,Country/Region,City,Year Founded',
  'Acme Payments,acmepay.io,fintech,120,Germany,Berlin,2016',
  'Acme Payments GmbH,https://www.acmepay.io/,Fintech,130,Germany,Berlin,2016',
  ',nameless.io,Software,10,France,Paris,2020',
  'Bolt Analytics,bolt.example,software,"1,200",United States,Austin,20x1',
  'Bolt Analytics,,Software,lots,United States,Austin,2001',
  'Cedar Health,cedar.example,Health care,45,usa,Denver,2011',
].join('\n');

describe.each(backends())('company imports on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let bob: AuthClient;

  beforeAll(async () => {
    database = await backend.create();
    await seedReferenceData(database.db);
    await database.db.insert(companyMaster).values({
      name: 'Reference Fintech',
      primaryIndustry: 'Fintech',
      country: 'Germany',
      source: 'sp500',
      license: 'ODC-PDDL-1.0',
    });
    ({ app, jobs } = await createTestApp(database));
    ada = authClient(app);
    bob = authClient(app);
    await ada.signUp('ada@example.com', 'violet-harbor-42', 'Ada');
    await bob.signUp('bob@example.com', 'violet-harbor-42', 'Bob');
  });
  afterAll(() => database.destroy());

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
});
