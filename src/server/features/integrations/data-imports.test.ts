/**
 * The hub's prospects and people imports (issue 10) through the HTTP app on both databases: good rows created
 * and listed, an exported file imported back with its duplicates skipped, bad rows refused with their line,
 * bad files refused with nothing written, other users untouched, a session required.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient, callJson } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { CSV_IMPORT_MAX_BYTES, type CsvImportReport } from '../../../shared/data-exchange.ts';
import type { EventList } from '../../../shared/events.ts';
import type { ProspectList } from '../../../shared/prospects.ts';
import { companyContacts, companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';

const shared = { source: 'synthetic', license: 'Synthetic (generated)' } as const;

type PeoplePage = { people: { id: string; fullName: string; company: { name: string } }[] };

describe.each(backends())('the prospects and people imports on $name', (backend: Backend) => {
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ({
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        const [ledger, retail] = await database.db
          .insert(companyMaster)
          .values([
            {
              name: 'Berlin Ledger',
              domain: 'berlinledger.de',
              country: 'Germany',
              city: 'Berlin',
              employees: 120,
              ...shared,
            },
            { name: 'Leeds Retail Group', domain: 'leedsretail.co.uk', country: 'United Kingdom', ...shared },
          ])
          .returning({ id: companyMaster.id });
        const person = (companyId: string, first: string, last: string, email: string | null) => ({
          companyId,
          firstName: first,
          lastName: last,
          fullName: `${first} ${last}`,
          title: 'Head of Sales',
          email,
          ...shared,
        });
        const rows = await database.db
          .insert(companyContacts)
          .values([
            person(ledger?.id ?? '', 'Greta', 'Vogel', 'greta.vogel@berlinledger.de'),
            person(ledger?.id ?? '', 'Jonas', 'Weber', null),
            person(retail?.id ?? '', 'Oliver', 'Hughes', null),
          ])
          .returning({ id: companyContacts.id, fullName: companyContacts.fullName });
        ids = Object.fromEntries(rows.map((row) => [row.fullName, row.id]));
      },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
  });
  afterAll(() => close?.());

  const upload = async (client: AuthClient | null, path: string, content: string | Uint8Array) => {
    const form = new FormData();
    form.append('file', new File([content as BlobPart], 'import.csv', { type: 'text/csv' }));
    const response = await app.request(path, {
      method: 'POST',
      body: form,
      headers: client ? { cookie: client.cookie } : {},
    });
    return {
      status: response.status,
      body: (await response.json()) as CsvImportReport & { error?: { message: string } },
    };
  };
  const importProspects = (client: AuthClient | null, content: string | Uint8Array) =>
    upload(client, '/api/v1/prospects/imports', content);
  const importPeople = (client: AuthClient | null, content: string | Uint8Array) =>
    upload(client, '/api/v1/people/imports', content);
  const prospects = async (client: AuthClient) =>
    (await callJson<ProspectList>(client, 'GET', '/api/v1/prospects?limit=100&sort=name')).body;
  const myPeople = async (client: AuthClient) =>
    (await callJson<PeoplePage>(client, 'GET', '/api/v1/people?myPeople=true&sort=name')).body.people
      .map((p) => p.fullName)
      .sort();
  const credits = async (client: AuthClient) =>
    (await callJson<{ remainingCredits: number }>(client, 'GET', '/api/v1/credits')).body.remainingCredits;

  it('asks for a session', async () => {
    expect((await importProspects(null, 'name\nGlobex\n')).status).toBe(401);
    expect((await importPeople(null, 'name,company\nGreta Vogel,Berlin Ledger\n')).status).toBe(401);
  });

  it('imports prospects row by row: new prospects with the defaults and their event, bad rows refused with their line', async () => {
    await callJson(bob, 'POST', '/api/v1/prospects', { name: 'Umbrella' });
    const before = await credits(ada);
    const csv = [
      'Name,Company,Status,Revenue,Employees,Location,CEO,Owner',
      'Globex,,New logo,$12M,,"Springfield, USA",Hank Scorpio,x',
      'Initech,,,,,,,',
      'Berlin Ledger,Berlin Ledger,at-risk,,,,,',
      ',Nameless Inc,,,,,,',
      'Hooli,,Hot lead,,,,,',
      'globex,,,,,,,',
      'Umbrella,,,,,,,',
    ].join('\n');
    const { status, body } = await importProspects(ada, csv);
    expect(status).toBe(200);
    expect(body).toMatchObject({ rows: 7, imported: 4, ignoredColumns: ['Owner'] });
    expect(body.refused).toEqual([
      { line: 5, reason: 'name is empty' },
      { line: 6, reason: expect.stringContaining('status "Hot lead" is not one of expansion-upsell') },
    ]);
    expect(body.skipped).toEqual([{ line: 7, reason: 'the same name as line 2' }]);
    const list = await prospects(ada);
    expect(list.prospects.map((p) => p.name)).toEqual(['Berlin Ledger', 'Globex', 'Initech', 'Umbrella']);
    const named = (name: string) => list.prospects.find((p) => p.name === name);
    expect(named('Globex')).toMatchObject({
      status: 'new-logo',
      revenue: '$12M',
      employees: 'Unknown',
      location: 'Springfield, USA',
      ceo: 'Hank Scorpio',
      accountHealth: 'high-engagement',
    });
    expect(named('Initech')).toMatchObject({ status: 'qualified', revenue: 'Unknown', company: null });
    // Deal momentum is computed for every imported prospect, as for one added by hand.
    expect(list.prospects.every((p) => typeof p.momentum?.velocityScore === 'number')).toBe(true);
    // A known company is linked and fills what the file leaves empty.
    expect(named('Berlin Ledger')).toMatchObject({
      status: 'at-risk',
      company: { name: 'Berlin Ledger' },
      employees: '120',
    });
    const events = (await callJson<EventList>(ada, 'GET', '/api/v1/events?limit=100')).body.events;
    expect(
      events
        .filter((e) => e.type === 'prospect.created')
        .map((e) => e.summary)
        .sort(),
    ).toEqual([
      'Berlin Ledger was added as a prospect',
      'Globex was added as a prospect',
      'Initech was added as a prospect',
      'Umbrella was added as a prospect',
    ]);
    expect(await credits(ada)).toBe(before);
    // Bob's Umbrella is his; Ada's import did not touch his pipeline.
    expect((await prospects(bob)).prospects.map((p) => p.name)).toEqual(['Umbrella']);
  });

  it('imports the prospects export back: the same file skips every row, another user gets them all', async () => {
    const response = await ada.request('GET', '/api/v1/prospects/export.csv');
    const text = await response.text();
    const again = await importProspects(ada, text);
    expect(again.body).toMatchObject({ rows: 4, imported: 0, refused: [] });
    expect(again.body.skipped.map((s) => s.reason)).toEqual(
      Array(4).fill('a prospect of that name is already in your pipeline'),
    );
    expect(again.body.ignoredColumns).toContain('Pipeline realistic (USD)');
    const carol = authClient(app);
    await carol.signUp('carol@example.com', 'violet-harbor-42', 'Carol');
    const copied = await importProspects(carol, text);
    expect(copied.body).toMatchObject({ rows: 4, imported: 4, refused: [], skipped: [] });
    const mine = (await prospects(ada)).prospects.map(
      ({ name, status, revenue, location, ceo, accountHealth }) => ({
        name,
        status,
        revenue,
        location,
        ceo,
        accountHealth,
      }),
    );
    const theirs = (await prospects(carol)).prospects.map(
      ({ name, status, revenue, location, ceo, accountHealth }) => ({
        name,
        status,
        revenue,
        location,
        ceo,
        accountHealth,
      }),
    );
    expect(theirs).toEqual(mine);
    const exported = Papa.parse<Record<string, string>>(text, { header: true }).data;
    expect(exported.find((r) => r.Name === 'Berlin Ledger')?.Status).toBe('At risk');
  });

  it('saves people to My People by e-mail or by name at the company, reports the rest with their line', async () => {
    const csv = [
      'Name,E-mail,Company,Company domain,Notes,Tags',
      'G. Vogel,GRETA.VOGEL@berlinledger.de,,,Met at SaaStr,"security; cfo-office"',
      'jonas weber,,,berlinledger.de,,',
      'Oliver Hughes,,Leeds Retail Group,,,',
      'Nobody Here,,Berlin Ledger,,,',
      'Greta Vogel,,Berlin Ledger,,,',
      'Lone Name,,,,,',
      'Bad Mail,not-an-address,,,,',
    ].join('\n');
    const { status, body } = await importPeople(ada, csv);
    expect(status).toBe(200);
    expect(body).toMatchObject({ rows: 7, imported: 3, ignoredColumns: [] });
    expect(body.refused).toEqual([
      { line: 5, reason: expect.stringMatching(/^no person named Nobody Here at Berlin Ledger/) },
      { line: 7, reason: 'give the e-mail or the company of the person, to find them' },
      { line: 8, reason: 'e-mail "not-an-address" is not an e-mail address' },
    ]);
    expect(body.skipped).toEqual([{ line: 6, reason: 'the same person as line 2' }]);
    expect(await myPeople(ada)).toEqual(['Greta Vogel', 'Jonas Weber', 'Oliver Hughes']);
    const entry = await callJson<{ notes: string; tags: string[] }>(
      ada,
      'GET',
      `/api/v1/people/${ids['Greta Vogel']}/saved`,
    );
    expect(entry.body).toMatchObject({ notes: 'Met at SaaStr', tags: ['security', 'cfo-office'] });
    expect(await myPeople(bob)).toEqual([]);
  });

  it('imports the My People export back: already saved people are skipped', async () => {
    const file = await ada.request('POST', '/api/v1/people/exports', { myPeople: 'true' });
    expect(file.status).toBe(200);
    const text = await file.text();
    const again = await importPeople(ada, text);
    expect(again.body).toMatchObject({ rows: 3, imported: 0, refused: [] });
    expect(again.body.skipped.map((s) => s.reason)).toEqual(
      Array(3).fill('the person is already in My People'),
    );
    const copied = await importPeople(bob, text);
    expect(copied.body).toMatchObject({ rows: 3, imported: 3, refused: [], skipped: [] });
    expect(await myPeople(bob)).toEqual(await myPeople(ada));
  });

  it.each([
    ['prospects', '/api/v1/prospects/imports', 'name', 'Globex'],
    ['people', '/api/v1/people/imports', 'name,company', 'Greta Vogel,Berlin Ledger'],
  ])('refuses a %s file it cannot read with the reason, and writes nothing', async (_, path, header, row) => {
    const dave = authClient(app);
    await dave.signUp(`dave-${_}@example.com`, 'violet-harbor-42', 'Dave');
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(`${header}\nGr`),
      0xe9,
      ...new TextEncoder().encode('ta,Berlin Ledger\n'),
    ]);
    const cases: [string | Uint8Array, number, RegExp][] = [
      ['', 400, /The file is empty/],
      [`${header}\n`, 400, /a header but no rows/],
      ['title,city\nCEO,Berlin\n', 400, /no "name" column/],
      [latin1, 400, /not UTF-8/],
      [`${header}\n${`${row}\n`.repeat(CSV_IMPORT_MAX_BYTES / row.length)}`, 413, /larger than 2 MB/],
      [`${header}\n${`${row}\n`.repeat(5001)}`, 400, /more than 5,000 rows/],
    ];
    for (const [content, status, message] of cases) {
      const answer = await upload(dave, path, content);
      expect(answer.status, String(message)).toBe(status);
      expect(answer.body.error?.message).toMatch(message);
    }
    const notMultipart = await dave.request('POST', path, { file: 'x' });
    expect(notMultipart.status).toBe(415);
    expect((await prospects(dave)).total).toBe(0);
    expect(await myPeople(dave)).toEqual([]);
  });
});
