/**
 * Issue 23's prospecting evaluation: requests a seller types into the copilot, each with the real companies of
 * the shipped data that must come back in the first 25 rows of the research table the copilot hands off to
 * (the hand-off's address read as the page reads it, then the page's search). Prints recall@25 for the requests
 * the ranking was tuned on and for the held-back ones beside them; fails below 0.8 over all of them.
 * Held-back requests are written from the sources, never looked at while changing the search: keep them so.
 * (Issue 23's first run saw the misses of the first held-back set, 0.700 before the ordering by prominence;
 * the two whose misses led to new industry words, airlines and telecom equipment, moved to tuning. The next
 * five were written after that and measured once; the two size requests at the end likewise.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { parseSearch, toSearchParams } from '../../../web/features/companies/search-params.ts';
import { loadCompanyData } from '../companies/data/load-company-data.ts';

type Case = { request: string; expect: string[]; set: 'tuning' | 'held-back' };

const CASES: Case[] = [
  // Tuning: looked at while building the data and the search.
  {
    set: 'tuning',
    request: 'banks in North Carolina',
    expect: [
      'Bank of America',
      'Truist Financial',
      'First Citizens Bancshares Inc',
      'Live Oak Bancshares, Inc.',
    ],
  },
  {
    set: 'tuning',
    request: 'German automotive companies',
    expect: ['Volkswagen Group', 'BMW', 'Mercedes-Benz'],
  },
  {
    set: 'tuning',
    request: 'software companies in California',
    expect: ['Adobe Inc.', 'Salesforce', 'Intuit', 'ServiceNow', 'Workday, Inc.'],
  },
  {
    set: 'tuning',
    request: 'cybersecurity companies',
    expect: ['CrowdStrike', 'Palo Alto Networks', 'Fortinet', 'Zscaler, Inc.', 'Okta, Inc.'],
  },
  {
    set: 'tuning',
    request: 'payments companies',
    expect: ['PayPal', 'Visa Inc.', 'Mastercard', 'Fiserv', 'Global Payments'],
  },
  { set: 'tuning', request: 'Tell me about Stripe', expect: ['Stripe'] },
  { set: 'tuning', request: 'Tell me about American Express', expect: ['American Express'] },
  {
    set: 'tuning',
    request: 'Japanese banks',
    expect: [
      'Mitsubishi Ufj Financial Group Inc',
      'Mizuho Financial Group Inc',
      'Sumitomo Mitsui Financial Group, Inc.',
    ],
  },
  {
    set: 'tuning',
    request: 'Indian IT services companies',
    expect: ['Tata Consultancy Services', 'Infosys Ltd', 'Wipro Ltd'],
  },
  {
    set: 'tuning',
    request: 'British banks',
    expect: ['Barclays PLC', 'Lloyds Banking Group plc', 'HSBC Holdings PLC'],
  },
  { set: 'tuning', request: 'Swiss pharmaceutical companies', expect: ['Novartis AG'] },
  { set: 'tuning', request: 'French pharmaceutical companies', expect: ['Sanofi'] },
  { set: 'tuning', request: 'Danish pharma companies', expect: ['Novo Nordisk a S'] },
  {
    set: 'tuning',
    request: 'Korean consumer electronics companies',
    expect: ['Samsung Electronics', 'LG Electronics'],
  },
  {
    set: 'tuning',
    request: 'German companies with more than 100,000 employees',
    expect: ['Volkswagen Group', 'Deutsche Post', 'BMW'],
  },
  // Held back: not looked at while changing the search.
  {
    set: 'held-back',
    request: 'semiconductor companies in California',
    expect: ['Nvidia', 'Intel', 'Advanced Micro Devices', 'Applied Materials'],
  },
  {
    set: 'held-back',
    request: 'oil and gas companies in Texas',
    expect: ['ExxonMobil', 'ConocoPhillips', 'EOG Resources'],
  },
  {
    set: 'held-back',
    request: 'biotech companies in Massachusetts',
    expect: ['Biogen', 'Vertex Pharmaceuticals', 'Moderna'],
  },
  { set: 'held-back', request: 'insurance companies in Connecticut', expect: ['Hartford (The)'] },
  { set: 'held-back', request: 'retailers in Minnesota', expect: ['Target Corporation', 'Best Buy'] },
  {
    set: 'held-back',
    request: 'airlines in Texas',
    expect: ['Southwest Airlines', 'American Airlines Group Inc.'],
  },
  { set: 'held-back', request: 'Canadian banks', expect: ['Royal Bank of Canada', 'Toronto Dominion Bank'] },
  { set: 'tuning', request: 'Nordic telecom equipment companies', expect: ['Ericsson', 'Nokia Corp'] },
  { set: 'held-back', request: 'medical device companies in Massachusetts', expect: ['Boston Scientific'] },
  { set: 'held-back', request: 'utilities in Georgia', expect: ['Southern Company'] },
  {
    set: 'held-back',
    request: 'food companies in Illinois',
    expect: ['Kraft Heinz', 'Mondelez International'],
  },
  {
    set: 'held-back',
    request: 'aerospace and defense companies in Virginia',
    expect: ['Northrop Grumman', 'General Dynamics'],
  },
  { set: 'held-back', request: 'Dutch banks', expect: ['Ing Groep NV'] },
  { set: 'held-back', request: 'Australian mining companies', expect: ['Rio Tinto Ltd'] },
  { set: 'held-back', request: 'Japanese automotive companies', expect: ['Toyota', 'Honda Motor Co Ltd'] },
  { set: 'held-back', request: 'Tell me about Nvidia', expect: ['Nvidia'] },
  {
    set: 'held-back',
    request: 'pharmaceutical companies in New Jersey',
    expect: ['Merck & Co.', 'Johnson & Johnson'],
  },
  {
    set: 'held-back',
    request: 'banks in Ohio',
    expect: ['Fifth Third Bancorp', 'Huntington Bancshares', 'KeyCorp'],
  },
  {
    set: 'held-back',
    request: 'railroads',
    expect: ['Union Pacific Corporation', 'CSX Corporation', 'Norfolk Southern'],
  },
  {
    set: 'held-back',
    request: 'Spanish banks',
    expect: ['Banco Santander, S.A.', 'Banco Bilbao Vizcaya Argentaria, S.A.'],
  },
  { set: 'held-back', request: 'restaurant chains in California', expect: ['Chipotle Mexican Grill'] },
  // Several concepts in one request (the request's words order the table): looked at while building it.
  {
    set: 'tuning',
    request: 'payments software',
    expect: ['PayPal', 'Fiserv', 'Global Payments', 'Block, Inc.'],
  },
  {
    set: 'tuning',
    request: 'cloud security companies',
    expect: ['CrowdStrike', 'Palo Alto Networks', 'Fortinet'],
  },
  // Sizes from head counts, written from the YAGO source and measured once.
  {
    set: 'held-back',
    request: 'Japanese companies with more than 100,000 employees',
    expect: ['Toyota', 'Panasonic', 'Sony Group Corp', 'Japan Post'],
  },
  {
    set: 'held-back',
    request: 'Swedish companies with more than 50,000 employees',
    expect: ['Ericsson', 'Volvo', 'Securitas'],
  },
];

const RECALL_AT_25_MIN = 0.8;

describe.each(backends())('prospecting requests through the copilot on $name', (backend: Backend) => {
  let user: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      users: { seller: user },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: (database) => loadCompanyData(database),
      env: { DEFAULT_CREDITS: '100000' },
      users: { seller: 'Seller' },
    }));
  }, 300_000);
  afterAll(() => close?.());

  /** The first 25 companies of the research table the copilot hands the request to. */
  async function firstPage(request: string): Promise<{ names: string[]; href: string }> {
    const analyzed = await user.request('POST', '/api/v1/copilot/analyze', { query: request });
    const answer = (await analyzed.json()) as {
      handoff?: { href: string } | null;
      error?: { message: string };
    };
    const handoff = answer.handoff;
    if (!handoff)
      return { names: [], href: `(no hand-off: ${analyzed.status} ${answer.error?.message ?? ''})` };
    const url = new URL(handoff.href, 'http://prospector.test');
    if (!url.pathname.startsWith('/sales-account-development')) return { names: [], href: handoff.href };
    const page = await user.request(
      'GET',
      `/api/v1/companies?${toSearchParams(parseSearch(url.searchParams), 25)}`,
    );
    const body = (await page.json()) as { companies: { name: string }[] };
    return { names: body.companies.map((company) => company.name), href: handoff.href };
  }

  it(`finds the expected companies in the first 25 (recall@25 >= ${RECALL_AT_25_MIN})`, async () => {
    const found = { tuning: [0, 0], 'held-back': [0, 0] } as Record<Case['set'], [number, number]>;
    const misses: string[] = [];
    for (const { request, expect: expected, set } of CASES) {
      const { names, href } = await firstPage(request);
      const hits = expected.filter((name) => names.includes(name));
      found[set][0] += hits.length;
      found[set][1] += expected.length;
      const missed = expected.filter((name) => !names.includes(name));
      if (missed.length)
        misses.push(`  ${request} -> ${decodeURIComponent(href)}: missed ${missed.join(', ')}`);
    }
    const recall = (set: Case['set']) => found[set][0] / found[set][1];
    const all = (found.tuning[0] + found['held-back'][0]) / (found.tuning[1] + found['held-back'][1]);
    console.log(
      `[${backend.name}] recall@25: ${all.toFixed(3)} (tuning ${recall('tuning').toFixed(3)}, held back ${recall('held-back').toFixed(3)})\n${misses.join('\n')}`,
    );
    expect(all).toBeGreaterThanOrEqual(RECALL_AT_25_MIN);
  }, 300_000);
});
