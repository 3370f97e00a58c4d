/**
 * Research input (POST /api/v1/companies/match): names, legal forms, domains, web addresses and tickers matched
 * with a confidence and the reason; ambiguous and unmatched lines with candidates; the caller's own imports
 * and nobody else's; bad input; free of credits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, callJson } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { LineMatch } from '../../../shared/company-match.ts';
import { companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';

type Company = typeof companyMaster.$inferInsert;
const sp500 = { source: 'sp500', license: 'ODC-PDDL-1.0' } as const;
const sec = { source: 'sec', license: 'Public domain (U.S. government work)' } as const;
const FIXTURE: Company[] = [
  { ...sp500, name: 'Microsoft', domain: 'microsoft.com', ticker: 'MSFT', primaryIndustry: 'Software' },
  { ...sp500, name: 'Apple Inc.', ticker: 'AAPL', primaryIndustry: 'Computer Hardware', size: '10000+' },
  { ...sec, name: 'Apple Hospitality REIT, Inc.', ticker: 'APLE' },
  { name: 'Stripe', domain: 'stripe.com', country: 'United States', source: 'yc', license: 'CC BY-SA 4.0' },
  { name: 'Volkswagen Group', country: 'Germany', employees: 626_715, source: 'yago', license: 'CC BY 3.0' },
  // Two companies of one name but the legal form: the better known is offered first.
  { ...sec, name: 'Acme Robotics Inc.', ticker: 'ACMR' },
  {
    name: 'Acme Robotics Ltd',
    country: 'United Kingdom',
    employees: 5000,
    source: 'yago',
    license: 'CC BY 3.0',
  },
];

describe.each(backends())('company matching on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

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
    const adaId = (await ada.session())?.user.id ?? '';
    // Ada's own imports: only she sees them; one has the name of a shared company.
    const own = { source: 'import', license: 'Your data', ownerId: adaId } as const;
    await database.db.insert(companyMaster).values([
      { ...own, name: 'Ada Private Prospect', domain: 'adaprivate.example', ticker: 'ADAP' },
      { ...own, name: 'Microsoft', country: 'Ireland' },
    ]);
  });
  afterAll(() => close?.());

  const match = async (client: AuthClient, lines: unknown) => {
    const { status, body } = await callJson<{ matches: LineMatch[] }>(
      client,
      'POST',
      '/api/v1/companies/match',
      {
        lines,
      },
    );
    expect(status).toBe(200);
    return body.matches;
  };
  const verdict = (m: LineMatch) => [m.status, m.confidence, m.reason, m.company?.name ?? null];

  it('matches names, legal forms, domains, web addresses and tickers, in the order given', async () => {
    const matches = await match(bob, [
      'Stripe',
      '  microsoft corporation ',
      'Volkswagen AG',
      'stripe.com',
      'https://www.microsoft.com/en-us/about',
      'AAPL',
    ]);
    expect(matches.map(verdict)).toEqual([
      ['matched', 95, 'Same name', 'Stripe'],
      ['matched', 90, "Same name without 'corporation'", 'Microsoft'],
      ['matched', 80, "Same name without 'AG', 'Group'", 'Volkswagen Group'],
      ['matched', 95, 'Same domain stripe.com', 'Stripe'],
      ['matched', 95, 'Same domain microsoft.com', 'Microsoft'],
      ['matched', 95, 'Ticker AAPL', 'Apple Inc.'],
    ]);
    expect(matches[1]?.line).toBe('microsoft corporation');
    expect(matches[0]?.company).toMatchObject({ domain: 'stripe.com', country: 'United States' });
    expect(matches[5]?.company).toMatchObject({
      industry: 'Computer Hardware',
      size: '10000+',
      ticker: 'AAPL',
    });
  });

  it('matches a company by the name in its domain, and a misspelt name with a low confidence', async () => {
    const [byLabel, misspelt] = await match(bob, ['volkswagengroup.de', 'Microsft']);
    expect(byLabel && verdict(byLabel)).toEqual([
      'matched',
      75,
      'Name matches the domain volkswagengroup.de',
      'Volkswagen Group',
    ]);
    expect(misspelt).toMatchObject({ status: 'matched', company: { name: 'Microsoft' } });
    expect(misspelt?.confidence).toBeLessThan(60);
    expect(misspelt?.reason).toMatch(/^Similar name, \d+% alike$/);
  });

  it('lists equally good companies to pick from, the better known first', async () => {
    const [acme] = await match(bob, ['Acme Robotics']);
    expect(acme).toMatchObject({ status: 'ambiguous', confidence: 90, company: null });
    expect(acme?.reason).toBe("Same name without 'Ltd' (2 companies)");
    expect(acme?.candidates.map((c) => [c.name, c.confidence])).toEqual([
      ['Acme Robotics Ltd', 90],
      ['Acme Robotics Inc.', 90],
    ]);
  });

  it('says when nothing matches, with the nearest names when there are some', async () => {
    const [none, near] = await match(bob, ['Zzzz Nonexistent Co', 'Acme']);
    expect(none).toEqual({
      line: 'Zzzz Nonexistent Co',
      status: 'unmatched',
      confidence: 0,
      reason: 'No company with this name, domain or ticker',
      company: null,
      candidates: [],
    });
    expect(near).toMatchObject({ status: 'unmatched', reason: 'No match; near names to pick from' });
    expect(near?.candidates.map((c) => c.name).sort()).toEqual(['Acme Robotics Inc.', 'Acme Robotics Ltd']);
    for (const candidate of near?.candidates ?? []) expect(candidate.confidence).toBeLessThan(50);
  });

  it("finds the caller's own imports and never another user's", async () => {
    const lines = ['Ada Private Prospect', 'adaprivate.example', 'ADAP', 'Microsoft'];
    const mine = await match(ada, lines);
    expect(mine.map((m) => [m.status, m.company?.name ?? null])).toEqual([
      ['matched', 'Ada Private Prospect'],
      ['matched', 'Ada Private Prospect'],
      ['matched', 'Ada Private Prospect'],
      // Her import and the shared company of the same name: hers is one to pick from.
      ['ambiguous', null],
    ]);
    expect(mine[3]?.candidates.map((c) => c.country)).toEqual(expect.arrayContaining(['Ireland', null]));

    const theirs = await match(bob, lines);
    expect(theirs.map((m) => m.status)).toEqual(['unmatched', 'unmatched', 'unmatched', 'matched']);
    // Nothing of hers, not even as a name to pick.
    const found = theirs.flatMap((m) => (m.company ? [m.company, ...m.candidates] : m.candidates));
    expect(found.map((company) => company.name)).toEqual(['Microsoft']);
    expect(theirs[3]?.company?.country).toBeNull();
  });

  it('is free: a user without credits can match', async () => {
    await leaveCredits(database, ada, 0);
    expect((await match(ada, ['Stripe']))[0]?.status).toBe('matched');
  });

  it.each([
    ['no lines', [], 'Invalid request: lines: give at least one company name, domain or ticker'],
    [
      '501 lines',
      Array.from({ length: 501 }, (_, i) => `Company ${i}`),
      'Invalid request: lines: must be at most 500 lines',
    ],
    [
      'a line of 201 characters',
      ['Stripe', 'x'.repeat(201)],
      'Invalid request: lines.1: must be at most 200 characters',
    ],
    ['a blank line', ['Stripe', '   '], 'Invalid request: lines.1: must not be empty'],
    ['text instead of a list', 'Stripe', 'Invalid request: lines: must be a list of lines (text)'],
    ['a number in the list', ['Stripe', 42], 'Invalid request: lines.1: must be text'],
  ])('refuses %s with a clear 400', async (_what, lines, message) => {
    const { status, body } = await callJson<{ error: { message: string } }>(
      bob,
      'POST',
      '/api/v1/companies/match',
      {
        lines,
      },
    );
    expect([status, body.error.message]).toEqual([400, message]);
  });

  it('refuses a body without lines, or with more than lines', async () => {
    for (const body of [{}, { lines: ['Stripe'], limit: 5 }]) {
      const { status } = await callJson(bob, 'POST', '/api/v1/companies/match', body);
      expect(status).toBe(400);
    }
  });

  it('needs a signed-in user', async () => {
    const response = await app.request('/api/v1/companies/match', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: ['Stripe'] }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe('User not authenticated');
  });
});
