/**
 * The company search API (issue 5 §3, §5, §8): free text with typos, validated filters, keyset pages, facets,
 * the company page, My Companies, charging, bad input and isolation, on a small fixture of companies.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { ValidFilters } from '../../../shared/filter-validator.ts';
import { queryRows } from '../../db/client.ts';
import { companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';

type Company = typeof companyMaster.$inferInsert;
const real = { source: 'sp500', license: 'ODC-PDDL-1.0' } as const;
const FIXTURE: Company[] = [
  {
    ...real,
    name: 'Microsoft',
    domain: 'microsoft.com',
    primaryIndustry: 'Software',
    size: '10000+',
    employees: 221_000,
    country: 'United States',
    countryCode: 'US',
    region: 'Washington',
    city: 'Redmond',
    foundedYear: 1975,
    ticker: 'MSFT',
    description: 'Software, cloud computing and productivity tools.',
  },
  {
    ...real,
    name: 'Apple',
    primaryIndustry: 'Computer Hardware',
    size: '10000+',
    employees: 161_000,
    country: 'United States',
    countryCode: 'US',
    region: 'California',
    city: 'Cupertino',
    foundedYear: 1976,
  },
  {
    ...real,
    name: 'Berlin Ledger',
    primaryIndustry: 'Fintech',
    size: '51-200',
    employees: 120,
    country: 'Germany',
    countryCode: 'DE',
    region: 'Berlin',
    city: 'Berlin',
    foundedYear: 2015,
    description: 'Payments infrastructure for European banks.',
  },
  {
    ...real,
    name: 'Munich Pay',
    primaryIndustry: 'Fintech',
    size: '201-500',
    employees: 300,
    country: 'Germany',
    countryCode: 'DE',
    region: 'Bavaria',
    city: 'Munich',
    foundedYear: 2012,
    description: 'Card payments for retailers.',
  },
  {
    ...real,
    name: 'Amsterdam Clearing',
    primaryIndustry: 'Fintech',
    size: '51-200',
    employees: 90,
    country: 'Netherlands',
    countryCode: 'NL',
    city: 'Amsterdam',
    foundedYear: 2018,
  },
  {
    ...real,
    name: 'Leeds Retail Group',
    primaryIndustry: 'Retail',
    size: '1001-5000',
    country: 'United Kingdom',
    countryCode: 'GB',
    city: 'Leeds',
  },
  { ...real, name: 'Quiet Holdings', source: 'sec', license: 'Public domain (U.S. government work)' },
  // Its name resembles "cloud security"; the company that does cloud security must still come first.
  {
    ...real,
    name: 'Security Federal Corp',
    primaryIndustry: 'Banking',
    description: 'Savings and loans in South Carolina.',
  },
  {
    ...real,
    name: 'Nimbus Guard',
    primaryIndustry: 'Software',
    subIndustry: 'Security Software',
    description: 'Protects the cloud accounts of remote teams.',
  },
  // As close to "microsft" word for word as Microsoft is: the ranking must still put Microsoft first.
  { ...real, name: 'Microstrategy Inc', source: 'sec', license: 'Public domain (U.S. government work)' },
];

describe.each(backends())('company search on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let adaId: string;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        await database.db.insert(companyMaster).values(FIXTURE);
      },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
    adaId = (await ada.session())?.user.id ?? '';
    // Ada's own import: only she sees it.
    await database.db.insert(companyMaster).values({
      name: 'Ada Private Prospect',
      primaryIndustry: 'Fintech',
      country: 'Germany',
      countryCode: 'DE',
      city: 'Hamburg',
      source: 'import',
      license: 'Your data',
      ownerId: adaId,
    });
  });
  afterAll(() => close?.());

  type Page = {
    companies: {
      id: string;
      name: string;
      saved: boolean;
      savedAccount: { savedAt: string } | null;
      employees: number | null;
    }[];
    nextCursor: string | null;
    filterValidation: { validFilters: ValidFilters; invalidFilters: string[]; suggestions: string[] };
    sizeCoverage: { matching: number; knownSize: number } | null;
    withoutFilters: { filters: string[]; count: number }[] | null;
    creditsCharged: number;
  };
  const search = async (client: AuthClient, query: string) => {
    const response = await client.request('GET', `/api/v1/companies?${query}`);
    return {
      status: response.status,
      body: (await response.json()) as Page & { error?: { message: string } },
    };
  };
  const names = (page: Page) => page.companies.map((c) => c.name);
  const usage = async (client: AuthClient) => {
    const body = await (await client.request('GET', '/api/v1/credits/transactions?type=usage')).json();
    return (body.transactions as { activityType: string }[]).filter(
      (t) => t.activityType === 'company_search',
    );
  };

  it('asks for a session', async () => {
    expect((await app.request('/api/v1/companies?q=apple')).status).toBe(401);
  });

  it('finds a company from a misspelt name, and by words of its description', async () => {
    const typo = await search(ada, 'q=microsft');
    expect(typo.status).toBe(200);
    expect(names(typo.body)[0]).toBe('Microsoft');
    const words = await search(ada, 'q=payments');
    expect(names(words.body).sort()).toEqual(['Berlin Ledger', 'Munich Pay']);
  });

  it('ranks companies with every word (name, industry, description) before names that only resemble them', async () => {
    const topic = await search(ada, 'q=cloud%20security');
    expect(names(topic.body)[0]).toBe('Nimbus Guard');
    const industry = await search(ada, 'q=fintech');
    // Ada's own import is a fintech too.
    expect(names(industry.body).sort()).toEqual([
      'Ada Private Prospect',
      'Amsterdam Clearing',
      'Berlin Ledger',
      'Munich Pay',
    ]);
  });

  it('turns the words people use into stored values: "fintech", "holland", "50-200"', async () => {
    const { body } = await search(ada, 'industry=fintech&country=holland&country=germany&size=50-200');
    expect(body.filterValidation.validFilters.industries).toEqual(['Fintech']);
    expect(body.filterValidation.validFilters.countries.sort()).toEqual(['Germany', 'Netherlands']);
    expect(body.filterValidation.validFilters.companySizes).toContain('51-200');
    expect(names(body).sort()).toEqual(['Amsterdam Clearing', 'Berlin Ledger']);
    const city = await search(ada, 'city=munich');
    expect(names(city.body)).toEqual(['Munich Pay']);
  });

  it('finds the companies a hand-off names, by exact name in any case, and charges it as a search', async () => {
    const { body } = await search(ada, 'name=microsoft&name=Berlin%20Ledger&name=Nowhere%20Inc');
    expect(names(body).sort()).toEqual(['Berlin Ledger', 'Microsoft']);
    expect(body.creditsCharged).toBe(1);
    // Browsing after it is not served the named companies' answer (the shared rows' cache keys on names).
    expect(names((await search(ada, 'sort=relevance')).body).length).toBeGreaterThan(5);
  });

  it('orders a search with filters only by size, largest known first, never by the alphabet', async () => {
    const { body } = await search(ada, 'country=germany');
    expect(names(body)).toEqual(['Munich Pay', 'Berlin Ledger', 'Ada Private Prospect']);
  });

  it('says how many companies a size filter could find at all, rather than calling the size invalid', async () => {
    // Germany: Berlin Ledger (51-200) and Munich Pay (201-500) have a size; Ada's own import has none.
    const { body } = await search(ada, 'country=germany&size=1-10');
    expect(body.filterValidation.invalidFilters).toEqual([]);
    expect(body.companies).toEqual([]);
    expect(body.sizeCoverage).toEqual({ matching: 3, knownSize: 2 });
    const employees = await search(ada, 'country=germany&employeesMin=100');
    expect(names(employees.body).sort()).toEqual(['Berlin Ledger', 'Munich Pay']);
    expect(employees.body.sizeCoverage).toEqual({ matching: 3, knownSize: 2 });
    // No size filter, or a full page, no count.
    expect((await search(ada, 'country=germany')).body.sizeCoverage).toBeNull();
    expect((await search(ada, 'country=germany&employeesMin=100&limit=1')).body.sizeCoverage).toBeNull();
  });

  it('says, when several kinds of filter find nothing together, how many each search without one would find', async () => {
    const { body } = await search(bob, 'industry=fintech&country=united%20kingdom');
    expect([body.companies, body.creditsCharged]).toEqual([[], 0]);
    // The UK has a retailer and no fintech; the fintech companies are in Germany and the Netherlands.
    expect(body.withoutFilters).toEqual([
      { filters: ['industry'], count: 1 },
      { filters: ['place'], count: 3 },
    ]);
    // A kind without which nothing is found either is left out; one kind alone, or a page found: no counts.
    const sized = (await search(bob, 'industry=fintech&country=germany&size=1-10')).body;
    expect(sized.withoutFilters).toEqual([{ filters: ['size'], count: 2 }]);
    // When no one kind is the gap, two are: a UK fintech of 1-10 people.
    const pairs = (await search(bob, 'industry=fintech&country=united%20kingdom&size=1-10')).body;
    expect(pairs.withoutFilters).toEqual([
      { filters: ['industry', 'size'], count: 1 },
      { filters: ['size', 'place'], count: 3 },
    ]);
    expect((await search(bob, 'industry=aerospace')).body.withoutFilters).toBeNull();
    expect((await search(bob, 'industry=fintech&country=germany')).body.withoutFilters).toBeNull();
  });

  it('reports a filter that matches nothing with the spec suggestion, and does not search without it', async () => {
    const { body } = await search(ada, 'industry=underwater%20basket%20weaving');
    expect(body.companies).toEqual([]);
    expect(body.filterValidation.suggestions).toEqual([
      'No companies found with industry "underwater basket weaving". Try: technology, healthcare, retail, finance, manufacturing.',
    ]);
    expect(body.creditsCharged).toBe(0);
  });

  it("charges one company_search credit for a search that finds something, nothing for next pages, empty results, browsing or one's own imports", async () => {
    const before = (await usage(bob)).length;
    const first = await search(bob, 'industry=fintech&limit=1&sort=name');
    expect(first.body.creditsCharged).toBe(1);
    expect(first.body.nextCursor).not.toBeNull();
    const next = await search(
      bob,
      `industry=fintech&limit=1&sort=name&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(next.body.creditsCharged).toBe(0);
    expect((await search(bob, 'q=zzzzqqqq')).body.creditsCharged).toBe(0);
    expect((await search(bob, 'sort=name')).body.creditsCharged).toBe(0);
    expect((await usage(bob)).length).toBe(before + 1);
    // A search of one's own imports shows nothing of ours: free, like My Companies.
    const own = await search(ada, 'source=import&q=private');
    expect([names(own.body), own.body.creditsCharged]).toEqual([['Ada Private Prospect'], 0]);
  });

  it('refuses a paid search with 402 and the spec message when no credits remain', async () => {
    const eve = authClient(app);
    await eve.signUp('eve@example.com', 'violet-harbor-42', 'Eve');
    await leaveCredits(database, eve);
    const { status, body } = await search(eve, 'q=apple');
    expect(status).toBe(402);
    expect(body.error?.message).toBe('Insufficient credits. Required: 1, Available: 0');
    // Nothing taken, and the run is on record as failed, at no cost.
    expect(await usage(eve)).toEqual([]);
    const alex = (await (await eve.request('GET', '/api/v1/agents/alex')).json()) as {
      runs: { status: string; credits: number; error: string | null }[];
    };
    expect(alex.runs).toEqual([
      expect.objectContaining({
        status: 'failed',
        credits: 0,
        error: 'Insufficient credits. Required: 1, Available: 0',
      }),
    ]);
    // Browsing costs nothing, and neither does a search that finds nothing: both are answered.
    expect((await search(eve, 'sort=name')).status).toBe(200);
    const nothing = await search(eve, 'q=zzzzqqqq');
    expect([nothing.status, nothing.body.companies?.length]).toEqual([200, 0]);
  });

  it('pages with a keyset cursor: every row once, in order, for each sort', async () => {
    for (const sort of ['name', '-name', '-employees', 'employees', '-founded']) {
      const all = names((await search(ada, `sort=${sort}&limit=100`)).body);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `sort=${sort}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page: Page = (await search(ada, query)).body;
        paged.push(...names(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged, sort).toEqual(all);
      expect(new Set(paged).size, sort).toBe(paged.length);
    }
    const biggest = (await search(ada, 'sort=-employees&limit=100')).body.companies;
    expect(biggest[0]?.name).toBe('Microsoft');
    // Companies without a head count come last.
    expect(biggest.at(-1)?.employees).toBeNull();
  });

  it('refuses bad input with a clear 400: limits, unknown parameters, forged cursors, reversed ranges', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=-1', 'limit=abc', 'sort=cheapest', 'source=nasa']) {
      expect((await search(ada, query)).status, query).toBe(400);
    }
    const unknown = await search(ada, 'industyr=fintech');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toContain('industyr');
    for (const cursor of [
      'garbage',
      Buffer.from('{"sort":"name","value":1,"id":"x"}').toString('base64url'),
    ]) {
      const forged = await search(ada, `sort=name&cursor=${cursor}`);
      expect(forged.status).toBe(400);
      expect(forged.body.error?.message).toBe('Invalid cursor: start the search again');
    }
    const page = (await search(ada, 'sort=name&limit=1')).body;
    const otherSort = await search(
      ada,
      `sort=-employees&cursor=${encodeURIComponent(page.nextCursor ?? '')}`,
    );
    expect(otherSort.status).toBe(400);
    expect((await search(ada, 'foundedFrom=2020&foundedTo=2000')).status).toBe(400);
  });

  it('treats SQL metacharacters as text', async () => {
    for (const q of ["'; drop table company_master; --", '%_\\', "O'Reilly", '" or 1=1 --']) {
      const { status } = await search(ada, `q=${encodeURIComponent(q)}&industry=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
    }
    expect(names((await search(ada, 'q=microsoft')).body)).toContain('Microsoft');
  });

  it('counts facets under the other filters, not their own', async () => {
    const response = await ada.request('GET', '/api/v1/companies/facets?industry=fintech&country=germany');
    const facets = await response.json();
    // The industry facet ignores the industry filter: Germany has only fintechs here.
    expect(facets.industry).toEqual([{ value: 'Fintech', count: 3 }]);
    // The country facet ignores the country filter: fintechs in both countries (Ada's import included).
    expect(facets.country).toEqual([
      { value: 'Germany', count: 3 },
      { value: 'Netherlands', count: 1 },
    ]);
    const bobs = await (
      await bob.request('GET', '/api/v1/companies/facets?industry=fintech&country=germany')
    ).json();
    expect(bobs.industry).toEqual([{ value: 'Fintech', count: 2 }]);
  });

  it('opens a company by id or name, with similar companies', async () => {
    const byName = await ada.request('GET', '/api/v1/companies/berlin%20ledger');
    expect(byName.status).toBe(200);
    const company = await byName.json();
    expect(company).toMatchObject({
      name: 'Berlin Ledger',
      city: 'Berlin',
      saved: false,
      savedAccount: null,
    });
    expect(company.similar.map((c: { name: string }) => c.name)).toContain('Munich Pay');
    const byId = await (await ada.request('GET', `/api/v1/companies/${company.id}`)).json();
    expect(byId.name).toBe('Berlin Ledger');
    expect((await ada.request('GET', '/api/v1/companies/no%20such%20company')).status).toBe(404);
  });

  it('keeps imports to their owner', async () => {
    expect(names((await search(ada, 'q=private%20prospect')).body)).toEqual(['Ada Private Prospect']);
    expect(names((await search(bob, 'q=private%20prospect')).body)).toEqual([]);
    const own = (await search(ada, 'q=private%20prospect')).body.companies[0];
    expect((await bob.request('GET', `/api/v1/companies/${own?.id}`)).status).toBe(404);
    expect((await bob.request('PUT', `/api/v1/companies/${own?.id}/saved`, {})).status).toBe(404);
    // By name too: the owner opens their import's page, nobody else finds it.
    const page = await ada.request('GET', '/api/v1/companies/ADA%20private%20prospect');
    expect([page.status, (await page.json()).id]).toEqual([200, own?.id]);
    expect((await bob.request('GET', '/api/v1/companies/ada%20private%20prospect')).status).toBe(404);
  });

  it('saves to My Companies with notes, tags and status, lists them, and removes them', async () => {
    const target = (await search(ada, 'q=munich%20pay')).body.companies[0];
    const path = `/api/v1/companies/${target?.id}/saved`;
    const created = await ada.request('PUT', path, { notes: 'Met at Money20/20', tags: ['warm', 'warm'] });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ notes: 'Met at Money20/20', tags: ['warm'], status: 'new' });
    const updated = await ada.request('PUT', path, { status: 'engaged' });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ notes: 'Met at Money20/20', status: 'engaged' });
    expect((await ada.request('PUT', path, { status: 'married' })).status).toBe(400);

    const mine = (await search(ada, 'myCompanies=true&sourcePage=sidebar')).body;
    expect(names(mine)).toEqual(['Munich Pay']);
    // Browsing one's list is free; searching it with criteria is a search like any other.
    expect(mine.creditsCharged).toBe(0);
    const filtered = (await search(ada, 'myCompanies=true&country=germany')).body;
    expect([names(filtered), filtered.creditsCharged]).toEqual([['Munich Pay'], 1]);
    expect((await search(ada, 'myCompanies=true&country=japan')).body.creditsCharged).toBe(0);
    // The rows carry the entry, so the list shows notes, tags and status without a request per row.
    expect(mine.companies[0]).toMatchObject({
      saved: true,
      savedAccount: { companyId: target?.id, notes: 'Met at Money20/20', tags: ['warm'], status: 'engaged' },
    });
    expect(mine.companies[0]?.savedAccount?.savedAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect((await search(bob, 'q=munich%20pay')).body.companies[0]).toMatchObject({
      saved: false,
      savedAccount: null,
    });
    expect(names((await search(bob, 'myCompanies=true')).body)).toEqual([]);
    const detail = await (await ada.request('GET', `/api/v1/companies/${target?.id}`)).json();
    expect(detail.savedAccount).toMatchObject({ status: 'engaged' });

    expect((await ada.request('DELETE', path)).status).toBe(204);
    expect((await ada.request('DELETE', path)).status).toBe(404);
    expect(names((await search(ada, 'myCompanies=true')).body)).toEqual([]);
    expect(
      (await ada.request('PUT', '/api/v1/companies/00000000-0000-4000-8000-000000000000/saved', {})).status,
    ).toBe(404);
  });
  it('scores fit against the active ICP segments, stores it for saved companies, and follows ICP changes', async () => {
    const cat = authClient(app);
    await cat.signUp('cat@example.com', 'violet-harbor-42', 'Cat');
    const catId = (await cat.session())?.user.id ?? '';
    expect((await search(cat, 'q=berlin%20ledger')).body.companies[0]).toMatchObject({ fit: null });
    const added = await cat.request('POST', '/api/v1/profile/icp-segments', {
      name: 'DACH fintech',
      industries: ['fintech'],
      regions: ['DACH'],
      companySizes: ['51-200'],
    });
    expect(added.status).toBe(201);
    const segmentId = (await added.json()).idealCustomerProfile.segments[0].id;
    const [berlin] = (await search(cat, 'q=berlin%20ledger')).body.companies as unknown as {
      id: string;
      fit: { score: number; tier: string; reason: string };
    }[];
    expect(berlin?.fit).toMatchObject({
      score: 100,
      tier: 'A',
      reason: 'Matches Fintech, 51-200, Germany of “DACH fintech”',
    });
    const amsterdam = (await search(cat, 'q=amsterdam%20clearing')).body.companies[0] as unknown as {
      fit: { score: number; tier: string };
    };
    // Fintech 40 + size 25 of 90 (no keywords set): 72.
    expect(amsterdam.fit).toMatchObject({ score: 72, tier: 'B' });

    await cat.request('PUT', `/api/v1/companies/${berlin?.id}/saved`, {});
    await search(cat, 'myCompanies=true');
    const stored = () =>
      queryRows(
        database.db,
        sql`select score, tier from prospect_scores where user_id = ${catId} and company_id = ${berlin?.id}`,
      );
    expect(await stored()).toEqual([{ score: 100, tier: 'A' }]);

    // The ICP changes: the next read scores against it and the stored score follows.
    await cat.request('PATCH', `/api/v1/profile/icp-segments/${segmentId}`, { companySizes: ['1001-5000'] });
    const detail = await (await cat.request('GET', `/api/v1/companies/${berlin?.id}`)).json();
    expect(detail.fit).toMatchObject({ score: 72, tier: 'B' });
    expect(await stored()).toEqual([{ score: 72, tier: 'B' }]);
  });
  it('quotes and exports CSV: the filtered rows or a selection, charged 1 credit per 100 rows after the file is made', async () => {
    const dan = authClient(app);
    await dan.signUp('dan@example.com', 'violet-harbor-42', 'Dan');
    const quote = await dan.request('POST', '/api/v1/companies/exports/quote', { industry: ['fintech'] });
    expect(await quote.json()).toEqual({ rows: 3, credits: 1, available: 500_000, truncated: false });

    const file = await dan.request('POST', '/api/v1/companies/exports', {
      industry: ['fintech'],
      sort: 'name',
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(file.headers.get('x-credits-charged')).toBe('1');
    const lines = (await file.text()).trim().split(/\r?\n/);
    expect(lines[0]?.startsWith('Name,Domain,Website,Industry,NAICS')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Amsterdam Clearing',
      'Berlin Ledger',
      'Munich Pay',
    ]);
    const exports = await (await dan.request('GET', '/api/v1/credits/transactions?activity=export')).json();
    expect(exports.transactions).toHaveLength(1);
    expect(exports.transactions[0]).toMatchObject({ creditsAmount: 1, description: 'Export of 3 companies' });

    // A selection, and a cell a spreadsheet would run as a formula comes out as text.
    await database.db.insert(companyMaster).values({ ...real, name: '=HYPERLINK("http://evil")' });
    const evil = (await search(dan, `q=${encodeURIComponent('hyperlink evil')}`)).body.companies[0];
    const apple = (await search(dan, 'q=apple')).body.companies[0];
    const selected = await dan.request('POST', '/api/v1/companies/exports', {
      ids: [evil?.id, apple?.id],
      sort: 'name',
    });
    const text = await selected.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text.trim().split(/\r?\n/)).toHaveLength(3);

    expect((await dan.request('POST', '/api/v1/companies/exports', { ids: ['not-a-uuid'] })).status).toBe(
      400,
    );
    const nothing = await dan.request('POST', '/api/v1/companies/exports', { q: 'zzzzqqqq' });
    expect(nothing.status).toBe(400);
    expect((await nothing.json()).error.message).toBe('Nothing to export: no company matches');

    await leaveCredits(database, dan);
    const broke = await dan.request('POST', '/api/v1/companies/exports', { industry: ['fintech'] });
    expect(broke.status).toBe(402);
    expect((await broke.json()).error.message).toBe('Insufficient credits. Required: 1, Available: 0');
  });
});
