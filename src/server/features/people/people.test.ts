/**
 * The people search API (issue 6 §2): names, titles in any spelling, seniority and department, the company and
 * its filters through the filter validator, location, keyset pages, facets, My People, charging, bad input and
 * isolation, on a small fixture.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { classifyTitle, normalizeTitle } from '../../../shared/people.ts';
import { queryRows } from '../../db/client.ts';
import { companyContacts, companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { forgetSharedTitles } from './search.ts';

const shared = { source: 'synthetic', license: 'Synthetic (generated)' } as const;

const COMPANIES = [
  {
    name: 'Berlin Ledger',
    domain: 'berlinledger.de',
    primaryIndustry: 'Fintech',
    size: '51-200',
    country: 'Germany',
    countryCode: 'DE',
    city: 'Berlin',
  },
  {
    name: 'Leeds Retail Group',
    domain: 'leedsretail.co.uk',
    primaryIndustry: 'Retail',
    size: '1001-5000',
    country: 'United Kingdom',
    countryCode: 'GB',
    city: 'Leeds',
  },
].map((company) => ({ ...company, ...shared }));

/** [company index, first, last, title, city, has an address, has a number] */
const PEOPLE: [number, string, string, string, string, boolean, boolean][] = [
  [0, 'Patrick', 'Collins', 'Vice President of Sales', 'Berlin', true, false],
  [0, 'Greta', 'Vogel', 'Chief Information Security Officer', 'Berlin', true, true],
  [0, 'Jonas', 'Weber', 'Senior Software Engineer', 'Munich', false, false],
  [0, 'Lena', 'Schmidt', 'Head of Growth', 'Berlin', true, false],
  [1, 'Oliver', 'Hughes', 'VP, Sales', 'Leeds', true, false],
  [1, 'Amelia', "O'Connor", 'Account Executive', 'Manchester', false, true],
  [1, 'Harry', 'Patel', 'Chief Financial Officer', 'Leeds', true, false],
];

describe.each(backends())('people search on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let ids: Record<string, string>;

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
        const companies = await database.db
          .insert(companyMaster)
          .values(COMPANIES)
          .returning({ id: companyMaster.id });
        const rows = await database.db
          .insert(companyContacts)
          .values(
            PEOPLE.map(([company, first, last, title, city, email, phone]) => ({
              companyId: companies[company]?.id ?? '',
              firstName: first,
              lastName: last,
              fullName: `${first} ${last}`,
              title,
              titleNormalized: normalizeTitle(title),
              ...classifyTitle(title),
              email: email ? `${first}.${last}@${COMPANIES[company]?.domain}`.toLowerCase() : null,
              phone: phone ? '+49 30 1234567' : null,
              city,
              country: COMPANIES[company]?.country,
              ...shared,
            })),
          )
          .returning({ id: companyContacts.id, fullName: companyContacts.fullName });
        ids = Object.fromEntries(rows.map((row) => [row.fullName, row.id]));
      },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
  });
  afterAll(() => close?.());

  type Page = {
    people: {
      id: string;
      fullName: string;
      saved: boolean;
      hasEmail: boolean;
      hasPhone: boolean;
      company: { name: string };
    }[];
    nextCursor: string | null;
    creditsCharged: number;
    filterValidation: { invalidFilters: string[]; suggestions: string[] };
    error?: { message: string };
  };
  const search = async (client: AuthClient, query: string) => {
    const response = await client.request('GET', `/api/v1/people?${query}`);
    return { status: response.status, body: (await response.json()) as Page };
  };
  const names = (page: Page) => page.people.map((p) => p.fullName);

  it('asks for a session', async () => {
    expect((await app.request('/api/v1/people?title=cfo')).status).toBe(401);
  });

  it('finds titles in the words people use: "VP Sales", "CISO", "Sr. Software Eng."', async () => {
    expect(names((await search(ada, 'title=VP%20Sales&sort=name')).body)).toEqual([
      'Oliver Hughes',
      'Patrick Collins',
    ]);
    expect(names((await search(ada, 'title=CISO')).body)).toEqual(['Greta Vogel']);
    expect(names((await search(ada, 'title=Sr.%20Software%20Eng.')).body)).toEqual(['Jonas Weber']);
    // A title of filler words only asks for nothing.
    expect((await search(ada, 'title=of%20the')).body.people.length).toBe(PEOPLE.length);
  });

  it('finds names by the start of their words, and says what we hold without showing it', async () => {
    const { body } = await search(ada, 'q=pat%20coll');
    expect(names(body)).toEqual(['Patrick Collins']);
    expect(body.people[0]).toMatchObject({
      hasEmail: true,
      hasPhone: false,
      company: { name: 'Berlin Ledger' },
    });
    expect(JSON.stringify(body)).not.toContain('@berlinledger.de');
    // A name with an apostrophe, typed whole, with either apostrophe, or in part.
    for (const q of ["Amelia O'Connor", 'amelia o’connor', "o'con"]) {
      expect(names((await search(ada, `q=${encodeURIComponent(q)}`)).body), q).toEqual(["Amelia O'Connor"]);
    }
  });

  it('filters by seniority, department, company (name or domain) and its validated industry and place', async () => {
    expect(names((await search(ada, 'seniority=c_suite&sort=name')).body)).toEqual([
      'Greta Vogel',
      'Harry Patel',
    ]);
    expect(names((await search(ada, 'department=sales&company=LEEDSRETAIL.CO.UK&sort=name')).body)).toEqual([
      "Amelia O'Connor",
      'Oliver Hughes',
    ]);
    const fintech = await search(ada, 'industry=fintech&region=germany&title=head%20growth');
    expect(names(fintech.body)).toEqual(['Lena Schmidt']);
    // Where the person is, apart from where the company is.
    expect(names((await search(ada, 'location=manchester')).body)).toEqual(["Amelia O'Connor"]);
    const unknown = await search(ada, 'industry=zzzq');
    expect([
      unknown.status,
      unknown.body.people.length,
      unknown.body.filterValidation.invalidFilters,
    ]).toEqual([200, 0, ['industry: zzzq']]);
  });

  it('pages with a keyset cursor: every person once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `sort=-name&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { body } = await search(ada, query);
      seen.push(...names(body));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(
      PEOPLE.map(([, first, last]) => `${first} ${last}`)
        .sort()
        .reverse(),
    );
  });

  it('pages a title search by relevance with a cursor: the same people in the same order as one page', async () => {
    for (const title of ['chief', 'sales', 'officer']) {
      const whole = names((await search(ada, `title=${title}&limit=10`)).body);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `title=${title}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const { body } = await search(ada, query);
        paged.push(...names(body));
        cursor = body.nextCursor;
      } while (cursor);
      expect(paged).toEqual(whole);
      expect(whole.length).toBeGreaterThan(1);
    }
  });

  it('filters people by their company’s industry and size, also after the company changes', async () => {
    const before = await search(ada, 'industry=retail&size=1001-5000&sort=name');
    expect(names(before.body)).toEqual(["Amelia O'Connor", 'Harry Patel', 'Oliver Hughes']);
    await database.db.execute(
      sql`update company_master set size = '51-200' where name = 'Leeds Retail Group'`,
    );
    expect(names((await search(ada, 'industry=retail&size=1001-5000')).body)).toEqual([]);
    expect(names((await search(ada, 'title=cfo&size=51-200')).body)).toEqual(['Harry Patel']);
    await database.db.execute(
      sql`update company_master set size = '1001-5000' where name = 'Leeds Retail Group'`,
    );
  });

  it('counts facets under the other filters', async () => {
    const response = await ada.request('GET', '/api/v1/people/facets?department=sales');
    const facets = await response.json();
    expect(facets.department.find((f: { value: string }) => f.value === 'security')).toEqual({
      value: 'security',
      count: 1,
    });
    expect(facets.country).toEqual([
      { value: 'United Kingdom', count: 2 },
      { value: 'Germany', count: 1 },
    ]);
  });

  it('counts each facet value as many people as a search with that value and the other filters finds', async () => {
    const carol = authClient(app);
    await carol.signUp('carol@example.com', 'violet-harbor-42', 'Carol');
    const filters = { department: 'sales', location: 'united kingdom', seniority: 'vp' };
    const param = {
      seniority: 'seniority',
      department: 'department',
      industry: 'industry',
      country: 'location',
    };
    const facets = await (
      await carol.request('GET', `/api/v1/people/facets?${new URLSearchParams(filters)}`)
    ).json();
    let checked = 0;
    for (const [dimension, name] of Object.entries(param)) {
      const others = Object.entries(filters).filter(([key]) => key !== name);
      for (const { value, count } of facets[dimension] as { value: string; count: number }[]) {
        const found = await search(carol, `${new URLSearchParams([...others, [name, value]])}`);
        expect([dimension, value, found.body.people.length]).toEqual([dimension, value, count]);
        checked += 1;
      }
    }
    // Oliver Hughes (VP, Sales, Leeds) passes every filter; Amelia O'Connor fails only the seniority one.
    expect(facets.seniority).toEqual([
      { value: 'entry', count: 1 },
      { value: 'vp', count: 1 },
    ]);
    expect(checked).toBeGreaterThan(4);
  });

  it('saves people to My People, only for their owner', async () => {
    const path = `/api/v1/people/${ids['Greta Vogel']}/saved`;
    expect(
      (await ada.request('PUT', path, { notes: 'Met at it-sa', tags: ['security', 'security'] })).status,
    ).toBe(201);
    const again = await ada.request('PUT', path, { notes: 'Follow up in May' });
    expect([again.status, (await again.json()).tags]).toEqual([200, ['security']]);
    const entry = await ada.request('GET', path);
    expect([entry.status, (await entry.json()).notes]).toEqual([200, 'Follow up in May']);
    expect((await bob.request('GET', path)).status).toBe(404);
    const mine = await search(ada, 'myPeople=true');
    expect([names(mine.body), mine.body.creditsCharged]).toEqual([['Greta Vogel'], 0]);
    expect(names((await search(bob, 'myPeople=true')).body)).toEqual([]);
    expect((await bob.request('DELETE', path)).status).toBe(404);
    expect((await ada.request('DELETE', path)).status).toBe(204);
    expect(
      (await ada.request('PUT', '/api/v1/people/00000000-0000-4000-8000-000000000000/saved', {})).status,
    ).toBe(404);
  });

  it('charges one contact_discovery credit for a search that finds someone; next pages and empty results are free', async () => {
    const used = async () => {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from credit_transactions where activity_type = 'contact_discovery'`,
      );
      return row?.n ?? 0;
    };
    const before = await used();
    const first = await search(bob, 'department=sales&limit=1&sort=name');
    expect(first.body.creditsCharged).toBe(1);
    const next = await search(
      bob,
      `department=sales&limit=1&sort=name&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(next.body.creditsCharged).toBe(0);
    expect((await search(bob, 'q=zzzzqqqq')).body.creditsCharged).toBe(0);
    expect(await used()).toBe(before + 1);
  });

  it('refuses a paid people search with 402 when no credits remain: nothing taken, the run failed at no cost', async () => {
    const noa = authClient(app);
    await noa.signUp('noa@example.com', 'violet-harbor-42', 'Noa');
    await leaveCredits(database, noa, 0);
    const refused = await search(noa, 'department=sales');
    expect([
      refused.status,
      (refused.body as unknown as { error: { message: string } }).error.message,
    ]).toEqual([402, 'Insufficient credits. Required: 1, Available: 0']);
    const nothing = await search(noa, 'q=zzzzqqqq');
    expect([nothing.status, nothing.body.people.length, nothing.body.creditsCharged]).toEqual([200, 0, 0]);
    const ledger = await (await noa.request('GET', '/api/v1/credits/transactions?type=usage')).json();
    expect(ledger.transactions).toEqual([]);
    const jim = (await (await noa.request('GET', '/api/v1/agents/jim')).json()) as {
      runs: { status: string; credits: number }[];
    };
    expect(jim.runs.map((r) => [r.status, r.credits])).toEqual([
      ['succeeded', 0],
      ['failed', 0],
    ]);
  });

  it('finds e-mail addresses (held: verified; else the domain pattern: guessed) and numbers, paid once, only when found', async () => {
    const spent = async (client: AuthClient) =>
      ((await (await client.request('GET', '/api/v1/credits')).json()) as { usedCredits: number })
        .usedCredits;
    const cat = authClient(app);
    await cat.signUp('cat@example.com', 'violet-harbor-42', 'Cat');
    const before = await spent(cat);
    const find = async (name: string, what: 'email' | 'phone') => {
      const response = await cat.request('POST', `/api/v1/people/${ids[name]}/${what}`);
      return { status: response.status, body: await response.json() };
    };
    expect(await find('Patrick Collins', 'email')).toEqual({
      status: 200,
      body: {
        found: true,
        email: 'patrick.collins@berlinledger.de',
        status: 'verified',
        confidence: 100,
        creditsCharged: 2,
      },
    });
    // Found before: shown again without paying.
    expect((await find('Patrick Collins', 'email')).body.creditsCharged).toBe(0);
    // No address held: the three addresses at berlinledger.de all follow {first}.{last}.
    const guessed = await find('Jonas Weber', 'email');
    expect(guessed.body).toMatchObject({
      email: 'jonas.weber@berlinledger.de',
      status: 'guessed',
      creditsCharged: 2,
    });
    expect(guessed.body.confidence).toBeGreaterThan(50);
    expect(guessed.body.confidence).toBeLessThan(100);
    // A real person (a Y Combinator founder) is never guessed from the made-up sample addresses.
    const [berlin] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from company_master where name = 'Berlin Ledger'`,
    );
    const [real] = await database.db
      .insert(companyContacts)
      .values({
        companyId: berlin?.id ?? '',
        firstName: 'Rosa',
        lastName: 'Real',
        fullName: 'Rosa Real',
        source: 'yc',
        license: 'CC BY-SA 4.0',
      })
      .returning({ id: companyContacts.id });
    // Her row says so beforehand, by the finder's own logic; finding nothing is a normal, free answer.
    const rosa = (await search(cat, 'q=rosa%20real')).body.people[0] as unknown as { emailFind: unknown };
    expect(rosa.emailFind).toBeNull();
    const realFind = await cat.request('POST', `/api/v1/people/${real?.id}/email`);
    expect([realFind.status, await realFind.json()]).toEqual([
      200,
      { found: false, message: 'No e-mail address found for this person', creditsCharged: 0 },
    ]);
    await database.db.execute(sql`delete from company_contacts where id = ${real?.id}::uuid`);
    expect(await find('Greta Vogel', 'phone')).toEqual({
      status: 200,
      body: { found: true, phone: '+49 30 1234567', creditsCharged: 5 },
    });
    const none = await find('Patrick Collins', 'phone');
    expect([none.status, none.body]).toEqual([
      200,
      { found: false, message: 'No phone number found for this person', creditsCharged: 0 },
    ]);
    // 1 for the search that found Rosa, 2 + 2 for the addresses, 5 for the number; nothing for what was not found.
    expect(await spent(cat)).toBe(before + 1 + 2 + 2 + 5);
    // What Cat found shows in her searches, and only hers.
    const hers = (await search(cat, 'q=patrick')).body.people[0] as unknown as { email: string | null };
    expect(hers.email).toBe('patrick.collins@berlinledger.de');
    const bobs = (await search(bob, 'q=patrick')).body.people[0] as unknown as { email: string | null };
    expect(bobs.email).toBeNull();
    const nobody = await cat.request('POST', '/api/v1/people/00000000-0000-4000-8000-000000000000/email');
    expect([nobody.status, (await nobody.json()).error.message]).toEqual([404, 'Person not found']);
  });

  it("says on each row what Find e-mail will give, by the finder's own logic", async () => {
    const ivy = authClient(app);
    await ivy.signUp('ivy@example.com', 'violet-harbor-42', 'Ivy');
    // A company with a domain but no address to learn its pattern from: nothing can be guessed there.
    const [bare] = await database.db
      .insert(companyMaster)
      .values({ ...shared, name: 'Bare Domain Ltd', domain: 'baredomain.io', country: 'Ireland' })
      .returning({ id: companyMaster.id });
    await database.db.insert(companyContacts).values({
      ...shared,
      companyId: bare?.id ?? '',
      firstName: 'Nia',
      lastName: 'Byrne',
      fullName: 'Nia Byrne',
    });
    try {
      const rows = (await search(ivy, 'sort=name&limit=100')).body.people as unknown as {
        id: string;
        fullName: string;
        emailFind: string | null;
      }[];
      const outlook = Object.fromEntries(rows.map((p) => [p.fullName, p.emailFind]));
      expect(outlook).toMatchObject({
        'Patrick Collins': 'verified',
        'Jonas Weber': 'guessed',
        'Nia Byrne': null,
      });
      // The promise holds for everyone: each find gives what the row said (nothing for null, free).
      for (const row of rows) {
        const found = await (await ivy.request('POST', `/api/v1/people/${row.id}/email`)).json();
        expect([row.fullName, found.found ? found.status : null]).toEqual([row.fullName, row.emailFind]);
        if (!found.found) expect(found.creditsCharged).toBe(0);
      }
    } finally {
      await database.db.execute(sql`delete from company_master where id = ${bare?.id}::uuid`);
    }
  });

  it('says why a title at a company finds nobody, and offers the closest titles held there', async () => {
    const una = authClient(app);
    await una.signUp('una@example.com', 'violet-harbor-42', 'Una');
    const [northwind] = await database.db
      .insert(companyMaster)
      .values({ ...shared, name: 'Northwind Systems', domain: 'northwind.example', country: 'Germany' })
      .returning({ id: companyMaster.id });
    const titles = [
      'Chief Information Officer',
      'VP Security',
      'VP Security',
      'Security Engineer',
      'Chief Financial Officer',
      'Account Executive',
    ];
    await database.db.insert(companyContacts).values(
      titles.map((title, i) => ({
        ...shared,
        companyId: northwind?.id ?? '',
        firstName: `Staff${i}`,
        lastName: 'Northwind',
        fullName: `Staff${i} Northwind`,
        title,
        titleNormalized: normalizeTitle(title),
        ...classifyTitle(title),
      })),
    );
    // New shared titles: the title search reads them afresh (as loading people data does).
    forgetSharedTitles(database.db);
    type NoMatch = {
      reason: string;
      message: string;
      company: string;
      closestTitles: unknown[];
      suggestion: unknown;
    } | null;
    const noMatchOf = async (query: string) => {
      const { status, body } = await search(una, query);
      expect([status, body.people.length, body.creditsCharged]).toEqual([200, 0, 0]);
      return (body as unknown as { noMatch: NoMatch }).noMatch;
    };
    try {
      expect(await noMatchOf('title=CISO&company=northwind%20systems')).toEqual({
        reason: 'no_title',
        message: 'No contact with the title “CISO” at Northwind Systems in your data.',
        company: 'Northwind Systems',
        closestTitles: [
          { title: 'Chief Information Officer', count: 1 },
          { title: 'VP Security', count: 2 },
          { title: 'Security Engineer', count: 1 },
          { title: 'Chief Financial Officer', count: 1 },
        ],
        suggestion: null,
      });
      // Taking an offered title finds its holders.
      expect(names((await search(una, 'title=VP%20Security&company=Northwind%20Systems')).body)).toHaveLength(
        2,
      );
      // By the company's domain or id, as the search matches it.
      expect((await noMatchOf(`title=CISO&companyId=${northwind?.id}`))?.reason).toBe('no_title');
      expect((await noMatchOf('title=CISO&company=northwind.example'))?.company).toBe('Northwind Systems');
      expect(await noMatchOf('title=CISO&company=Nowhere%20Inc')).toEqual({
        reason: 'unknown_company',
        message: 'No company called “Nowhere Inc” in your data, so no contact there.',
        company: 'Nowhere Inc',
        closestTitles: [],
        suggestion: null,
      });
      // The company typed into the title ("CISO at Microsoft"): the search meant is offered, not run.
      expect(await noMatchOf('title=CISO%20at%20northwind%20systems')).toEqual({
        reason: 'title_names_company',
        message:
          'Nobody has the job title “CISO at northwind systems”: Northwind Systems is a company in your data. Search for the title “CISO” at Northwind Systems instead.',
        company: 'Northwind Systems',
        closestTitles: [],
        suggestion: { title: 'CISO', company: 'Northwind Systems' },
      });
      expect(await noMatchOf('title=Head%20of%20Sales%20at%20Large')).toBeNull();
      // The title is held there, but another filter left its holder out: the usual "no match" says that.
      expect(await noMatchOf('title=CISO&company=Berlin%20Ledger&location=manchester')).toBeNull();
      // A search that finds people, or names no company, explains nothing.
      const found = await search(una, 'title=CISO&company=Berlin%20Ledger');
      expect([names(found.body), (found.body as unknown as { noMatch: NoMatch }).noMatch]).toEqual([
        ['Greta Vogel'],
        null,
      ]);
    } finally {
      await database.db.execute(sql`delete from company_master where id = ${northwind?.id}::uuid`);
    }
  });

  it('refuses a finder with 402 when the credits are not there, and reveals nothing', async () => {
    const dan = authClient(app);
    await dan.signUp('dan@example.com', 'violet-harbor-42', 'Dan');
    await leaveCredits(database, dan, 1);
    const response = await dan.request('POST', `/api/v1/people/${ids['Harry Patel']}/email`);
    expect([response.status, (await response.json()).error.message]).toEqual([
      402,
      'Insufficient credits. Required: 2, Available: 1',
    ]);
    const row = (await search(dan, 'q=harry')).body.people[0] as unknown as { email: string | null };
    expect(row.email).toBeNull();
  });

  it('enriches a selection as a job: each address and number found is paid once, as far as the credits go', async () => {
    const enrich = async (client: AuthClient, body: unknown) => {
      const response = await client.request('POST', '/api/v1/people/enrichments', body);
      return { status: response.status, body: await response.json() };
    };
    const resultOf = async (client: AuthClient, jobId: string) => {
      await jobs.runOnce();
      const job = await (await client.request('GET', `/api/v1/jobs/${jobId}`)).json();
      return { status: job.status, result: job.result };
    };
    const everyone = PEOPLE.map(([, first, last]) => ids[`${first} ${last}`]);
    const nobody = '00000000-0000-4000-8000-000000000000';
    const eve = authClient(app);
    await eve.signUp('eve@example.com', 'violet-harbor-42', 'Eve');
    const queued = await enrich(eve, { ids: [...everyone, nobody], email: true, phone: true });
    // 2 credits per address, 5 per number (spec 2 price list), if everything were found.
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ requested: 8, maxCredits: 8 * 7 });
    const done = await resultOf(eve, queued.body.jobId);
    expect(done).toMatchObject({
      status: 'succeeded',
      result: {
        requested: 8,
        processed: 8,
        // Five addresses held, two guessed from their company's pattern; two numbers held.
        emailsFound: 7,
        phonesFound: 2,
        notFound: 1,
        creditsCharged: 7 * 2 + 2 * 5,
        stopped: null,
      },
    });
    // Person by person, so the table can show them at once.
    expect(done.result.found).toHaveLength(7);
    expect(done.result.found).toContainEqual({
      id: ids['Greta Vogel'],
      email: 'greta.vogel@berlinledger.de',
      emailStatus: 'verified',
      emailConfidence: 100,
      phone: '+49 30 1234567',
    });
    const jonas = (await search(eve, 'q=jonas')).body.people[0] as unknown as Record<string, unknown>;
    expect([jonas.email, jonas.emailStatus]).toEqual(['jonas.weber@berlinledger.de', 'guessed']);
    // Again: everything was found before, so nothing is charged.
    const again = await enrich(eve, { ids: everyone });
    expect((await resultOf(eve, again.body.jobId)).result).toMatchObject({
      emailsFound: 7,
      creditsCharged: 0,
    });
    // The job is Eve's alone.
    expect((await bob.request('GET', `/api/v1/jobs/${again.body.jobId}`)).status).toBe(404);

    // Fay has 5 credits: two addresses, then the job stops and says why.
    const fay = authClient(app);
    await fay.signUp('fay@example.com', 'violet-harbor-42', 'Fay');
    await leaveCredits(database, fay, 5);
    const short = await enrich(fay, { ids: everyone });
    const { result } = await resultOf(fay, short.body.jobId);
    expect(result).toMatchObject({ processed: 2, emailsFound: 2, creditsCharged: 4 });
    expect(result.stopped).toContain('Insufficient credits: stopped after 2 of 7 people');
    const found = (await search(fay, 'source=synthetic&limit=100&sort=name')).body.people
      .map((p) => (p as unknown as { email: string | null }).email)
      .filter(Boolean);
    expect(found).toHaveLength(2);

    // Nothing left for even one address: refused before any job.
    await leaveCredits(database, fay);
    const broke = await enrich(fay, { ids: everyone });
    expect([broke.status, broke.body.error.message]).toEqual([
      402,
      'Insufficient credits. Required: 2, Available: 0',
    ]);
    for (const [body, message] of [
      [{ ids: [] }, 'must name at least one person'],
      [{ ids: ['x'] }, 'must be person ids (UUID)'],
      [{ ids: everyone, email: false }, 'Choose e-mail, phone or both'],
      [{ ids: everyone, mail: true }, ''],
    ] as const) {
      const refused = await enrich(eve, body);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
  });

  it('lists the key people of My Companies and of one company, free', async () => {
    const [leeds] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from company_master where name = 'Leeds Retail Group'`,
    );
    expect((await bob.request('PUT', `/api/v1/companies/${leeds?.id}/saved`, {})).status).toBe(201);
    const key = await search(bob, 'myCompanies=true&seniority=c_suite&seniority=vp&sort=name');
    expect([names(key.body), key.body.creditsCharged]).toEqual([['Harry Patel', 'Oliver Hughes'], 0]);
    // Ada has saved no company.
    expect(names((await search(ada, 'myCompanies=true')).body)).toEqual([]);
    const page = await search(ada, `companyId=${leeds?.id}&sort=name`);
    expect([names(page.body), page.body.creditsCharged]).toEqual([
      ["Amelia O'Connor", 'Harry Patel', 'Oliver Hughes'],
      0,
    ]);
  });

  it('refuses bad input with a clear message and never fails on SQL metacharacters', async () => {
    const bad = await search(ada, 'seniority=boss');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toContain('must be one of');
    expect((await search(ada, 'limit=0')).status).toBe(400);
    expect((await search(ada, 'titel=cfo')).status).toBe(400);
    expect((await search(ada, 'cursor=forged')).status).toBe(400);
    for (const evil of ["x' or 1=1 --", 'a & | ! ( ) : * b', '\\', "'); drop table company_contacts; --"]) {
      const e = encodeURIComponent(evil);
      for (const query of [`q=${e}`, `title=${e}`, `company=${e}`, `location=${e}`]) {
        expect((await search(ada, query)).status).toBe(200);
      }
    }
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from company_contacts`,
    );
    expect(left?.n).toBe(PEOPLE.length);
  });
  it('exports people as CSV: the price first, only the addresses the caller found, formulas as text', async () => {
    const gil = authClient(app);
    await gil.signUp('gil@example.com', 'violet-harbor-42', 'Gil');
    expect((await gil.request('POST', `/api/v1/people/${ids['Patrick Collins']}/email`)).status).toBe(200);
    const filters = { company: ['berlinledger.de'], sort: 'name' };
    const quote = await gil.request('POST', '/api/v1/people/exports/quote', filters);
    expect(await quote.json()).toMatchObject({ rows: 4, credits: 1, truncated: false });
    const file = await gil.request('POST', '/api/v1/people/exports', filters);
    expect([file.status, file.headers.get('x-credits-charged'), file.headers.get('x-rows')]).toEqual([
      200,
      '1',
      '4',
    ]);
    expect(file.headers.get('content-disposition')).toMatch(
      /attachment; filename="people-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...lines] = (await file.text()).trim().split(/\r?\n/);
    expect(
      header?.startsWith('Name,First name,Last name,Title,Seniority,Department,E-mail,E-mail status'),
    ).toBe(true);
    expect(
      lines.map((line) =>
        line
          .split(',')
          .slice(0, 1)
          .concat(line.split(',')[6] ?? ''),
      ),
    ).toEqual([
      ['Greta Vogel', ''],
      ['Jonas Weber', ''],
      ['Lena Schmidt', ''],
      ['Patrick Collins', 'patrick.collins@berlinledger.de'],
    ]);
    const ledger = await (await gil.request('GET', '/api/v1/credits/transactions?activity=export')).json();
    expect(ledger.transactions[0]).toMatchObject({ creditsAmount: 1, description: 'Export of 4 people' });

    // A selection; a title a spreadsheet would run as a formula comes out as text.
    const [berlin] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from company_master where name = 'Berlin Ledger'`,
    );
    const [evil] = await database.db
      .insert(companyContacts)
      .values({
        companyId: berlin?.id ?? '',
        firstName: 'Eve',
        lastName: 'Formula',
        fullName: 'Eve Formula',
        title: '=HYPERLINK("http://evil")',
        ...shared,
      })
      .returning({ id: companyContacts.id });
    const selected = await gil.request('POST', '/api/v1/people/exports', {
      ids: [evil?.id, ids['Harry Patel']],
    });
    const text = await selected.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text.trim().split(/\r?\n/)).toHaveLength(3);

    const nothing = await gil.request('POST', '/api/v1/people/exports', { q: 'zzzzqqqq' });
    expect([nothing.status, (await nothing.json()).error.message]).toEqual([
      400,
      'Nothing to export: no person matches',
    ]);
    expect((await gil.request('POST', '/api/v1/people/exports', { ids: ['x'] })).status).toBe(400);
    expect((await gil.request('POST', '/api/v1/people/exports', { cursor: 'x' })).status).toBe(400);
    await leaveCredits(database, gil);
    const broke = await gil.request('POST', '/api/v1/people/exports', filters);
    expect([broke.status, (await broke.json()).error.message]).toEqual([
      402,
      'Insufficient credits. Required: 1, Available: 0',
    ]);
  });
});
