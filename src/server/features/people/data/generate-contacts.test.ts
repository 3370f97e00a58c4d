import { beforeAll, describe, expect, it } from 'vitest';
import { classifyTitle, DEPARTMENTS, normalizeTitle } from '../../../../shared/people.ts';
import { generateCompanies } from '../../companies/data/generate-companies.ts';
import { loadPlaces } from '../../companies/data/places.ts';
import { learnDomainPattern } from '../email-patterns.ts';
import { suppressionKeys } from '../suppression.ts';
import { type ContactLocales, loadContactLocales } from './contact-locales.ts';
import {
  type CompanyCity,
  type ContactCompany,
  type ContactPlaces,
  type ContactRow,
  contactCount,
  contactPlaces,
  domainPattern,
  expectedContacts,
  type GenerateContactsOptions,
  generateContacts,
  perCompanyFor,
} from './generate-contacts.ts';
import { CEO_TITLES } from './org-chart.ts';

let locales: ContactLocales;
let places: ContactPlaces;
let companies: ContactCompany[];
let sample: ContactRow[];

const SEED = 11;
const CHIEF_EXECUTIVES = new Set([...CEO_TITLES.small, ...CEO_TITLES.large, 'Managing Director']);
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

beforeAll(async () => {
  const geo = loadPlaces();
  locales = await loadContactLocales();
  companies = [...generateCompanies(geo, { count: 3000, seed: 5 })].map((row, i) => ({
    ...row,
    id: uuid(i),
  }));
  const cities = new Map<string, CompanyCity>();
  for (const { countryCode, region, city } of companies) {
    if (!countryCode || !city) continue;
    const key = `${countryCode}|${region}|${city}`;
    const known = cities.get(key);
    if (known) known.companies++;
    else cities.set(key, { countryCode, region, city, companies: 1 });
  }
  places = contactPlaces([...cities.values()]);
  // A few companies the synthetic generator never makes: no domain, no place, no industry (like SEC rows).
  companies.push(
    ...[0, 1, 2, 3].map((i) => ({
      ...(companies[i] as ContactCompany),
      id: uuid(9000 + i),
      domain: null,
      country: null,
      countryCode: null,
      region: null,
      city: null,
      primaryIndustry: null,
      size: null,
      employees: null,
      source: 'sec',
    })),
  );
  sample = [...generateContacts(companies, options())];
});

const options = (more: Partial<GenerateContactsOptions> = {}): GenerateContactsOptions => ({
  seed: SEED,
  perCompany: 5,
  locales,
  places,
  ...more,
});
const ofCompany = (rows: readonly ContactRow[], id: string) => rows.filter((row) => row.companyId === id);

describe('synthetic contacts', () => {
  it('are the same for the same seed and companies, and differ for another seed', () => {
    expect([...generateContacts(companies.slice(0, 200), options())]).toEqual(
      sample.filter((row) => companies.slice(0, 200).some((c) => c.id === row.companyId)),
    );
    const other = [...generateContacts(companies.slice(0, 50), options({ seed: SEED + 1 }))];
    const same = sample.slice(0, other.length);
    expect(other.map((row) => row.fullName)).not.toEqual(same.map((row) => row.fullName));
  });

  it('of one company depend only on that company, not on the others or their order', () => {
    const company = companies[42] as ContactCompany;
    const alone = [...generateContacts([company], options())];
    expect(alone.length).toBeGreaterThan(0);
    expect(alone).toEqual(ofCompany(sample, company.id));
    const shuffled = [...companies.slice(100, 140), company, ...companies.slice(0, 20)].reverse();
    expect(ofCompany([...generateContacts(shuffled, options())], company.id)).toEqual(alone);
  });

  it('are marked synthetic, with titles read the way a real title is', () => {
    for (const row of sample) {
      expect(row).toMatchObject({ source: 'synthetic', license: 'Synthetic (generated)', linkedinUrl: null });
      expect({ seniority: row.seniority, department: row.department }).toEqual(classifyTitle(row.title));
      expect(row.titleNormalized).toBe(normalizeTitle(row.title));
      expect(row.fullName).toBe(`${row.firstName} ${row.lastName}`);
    }
  });

  it('fill every department and rank, with few chiefs and many people doing the work', () => {
    const departments = new Set(sample.map((row) => row.department));
    expect([...departments].sort()).toEqual(DEPARTMENTS.filter((d) => d !== 'other').sort());
    const share = (seniority: string) =>
      sample.filter((row) => row.seniority === seniority).length / sample.length;
    for (const seniority of [
      'owner',
      'founder',
      'c_suite',
      'vp',
      'head',
      'director',
      'manager',
      'senior',
      'entry',
      'intern',
    ]) {
      expect(share(seniority), seniority).toBeGreaterThan(0);
    }
    expect(share('entry') + share('senior')).toBeGreaterThan(0.3);
    expect(share('vp')).toBeLessThan(share('manager'));
    // One chief executive per company (its title says CEO, founder, owner, president or managing director).
    for (const company of companies.slice(0, 300)) {
      const people = ofCompany(sample, company.id);
      const heads = people.filter((row) => CHIEF_EXECUTIVES.has(row.title));
      expect(heads.length, company.name).toBe(1);
    }
  });

  it('staff an industry with its own departments: nurses at clinics, engineers at software companies', () => {
    const share = (industry: string, department: string) => {
      const ids = new Set(companies.filter((c) => c.primaryIndustry === industry).map((c) => c.id));
      const people = sample.filter((row) => ids.has(row.companyId));
      return people.filter((row) => row.department === department).length / people.length;
    };
    expect(share('Healthcare', 'medical')).toBeGreaterThan(0.1);
    expect(share('Software', 'medical')).toBe(0);
    expect(share('Software', 'engineering')).toBeGreaterThan(share('Retail', 'engineering'));
  });

  it('give each company domain one address pattern, unique addresses, and leave some for the finder', () => {
    let withDomain = 0;
    let withoutAddress = 0;
    for (const company of companies.filter((c) => c.domain)) {
      const people = ofCompany(sample, company.id);
      const domain = company.domain as string;
      const known = people.flatMap((row) =>
        row.email ? [{ first: row.firstName, last: row.lastName, email: row.email }] : [],
      );
      withDomain += people.length;
      withoutAddress += people.length - known.length;
      for (const { email } of known) expect(email.endsWith(`@${domain}`)).toBe(true);
      expect(new Set(known.map((k) => k.email)).size).toBe(known.length);
      const learned = learnDomainPattern(domain, known);
      if (!learned) continue;
      expect(learned.pattern).toBe(domainPattern(SEED, domain));
      expect(learned.support).toBe(learned.total);
    }
    expect(withoutAddress / withDomain).toBeGreaterThan(0.08);
    expect(withoutAddress / withDomain).toBeLessThan(0.3);
  });

  it('use the common patterns most', () => {
    const patterns = companies.filter((c) => c.domain).map((c) => domainPattern(SEED, c.domain as string));
    const share = (pattern: string) => patterns.filter((p) => p === pattern).length / patterns.length;
    expect(share('{first}.{last}')).toBeGreaterThan(0.3);
    expect(share('{first}.{last}')).toBeGreaterThan(share('{f}{last}'));
    expect(share('{f}{last}')).toBeGreaterThan(share('{last}.{first}'));
  });

  it('give no address without a domain and no place where the company has none', () => {
    for (const company of companies.filter((c) => !c.domain)) {
      const people = ofCompany(sample, company.id);
      expect(people.length).toBeGreaterThan(0);
      expect(people.every((row) => row.email === null)).toBe(true);
      if (!company.countryCode) {
        expect(people.every((row) => !row.country && !row.city && !row.phone)).toBe(true);
      }
    }
  });

  it('place most people at the headquarters and the others in the same country', () => {
    const placed = companies.filter((c) => c.countryCode && c.city);
    let atHeadquarters = 0;
    let total = 0;
    for (const company of placed) {
      for (const row of ofCompany(sample, company.id)) {
        total++;
        if (row.city === company.city) atHeadquarters++;
        expect(row.countryCode).toBe(company.countryCode);
        expect(row.country).toBe(company.country);
      }
    }
    expect(atHeadquarters / total).toBeGreaterThan(0.7);
    expect(atHeadquarters / total).toBeLessThan(0.95);
  });

  it("give a minority a number in the company's country format", () => {
    const withPhone = sample.filter((row) => row.phone);
    const share = withPhone.length / sample.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
    const calling: Record<string, string> = {
      US: '+1',
      DE: '+49',
      FR: '+33',
      JP: '+81',
      IN: '+91',
      BR: '+55',
    };
    for (const row of withPhone) {
      expect(row.phone).toMatch(/^\+\d{8,15}$/);
      const prefix = calling[row.countryCode ?? ''];
      if (prefix) expect(row.phone?.startsWith(prefix)).toBe(true);
      // North American numbers are in the fictional 555-01XX range.
      if (row.countryCode === 'US') expect(row.phone).toMatch(/^\+1[2-9]\d\d55501\d\d$/);
    }
  });

  it("use names of the company's country, in Latin letters where the country writes another script", () => {
    const people = (code: string) => {
      const ids = new Set(companies.filter((c) => c.countryCode === code).map((c) => c.id));
      return sample.filter((row) => ids.has(row.companyId));
    };
    const japanese = people('JP');
    expect(japanese.length).toBeGreaterThan(20);
    const latin = /^[\p{Script=Latin}' .-]+$/u;
    expect(japanese.every((row) => latin.test(row.fullName))).toBe(true);
    expect(
      japanese.some((row) =>
        ['Sato', 'Suzuki', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto'].includes(row.lastName),
      ),
    ).toBe(true);
    // Most people of a Japanese company are Japanese (about one in ten came from elsewhere).
    const ownNames = japanese.filter((row) => locales.names('JP', null, 0).last.includes(row.lastName));
    expect(ownNames.length / japanese.length).toBeGreaterThan(0.8);
  });

  it('leave out suppressed people, by address or by name at the company, and no one else', () => {
    const company = companies.find(
      (c) => c.domain && ofCompany(sample, c.id).filter((r) => r.email).length >= 2,
    );
    expect(company).toBeDefined();
    const people = ofCompany(sample, (company as ContactCompany).id);
    const [byEmail, byName] = people.filter((row) => row.email);
    const keys = new Set([
      suppressionKeys({ email: byEmail?.email, fullName: 'Someone Else', companyName: 'x' })[0] as string,
      suppressionKeys({ fullName: byName?.fullName ?? '', companyName: (company as ContactCompany).name }).at(
        -1,
      ) as string,
    ]);
    const kept = [...generateContacts([company as ContactCompany], options({ suppressed: keys }))];
    expect(kept).toEqual(people.filter((row) => row !== byEmail && row.fullName !== byName?.fullName));
  });

  it('have no founder or chief executive where real founders hold those roles', () => {
    const founded = companies.slice(0, 200).map((c) => ({ ...c, hasFounders: true }));
    const rows = [...generateContacts(founded, options())];
    expect(rows.some((row) => ['founder', 'owner'].includes(row.seniority))).toBe(false);
    expect(rows.some((row) => CHIEF_EXECUTIVES.has(row.title))).toBe(false);
    // As many people as without founders: the top role goes to someone else.
    expect(rows.length).toBe(sample.filter((row) => founded.some((c) => c.id === row.companyId)).length);
  });
});

describe('contacts per company', () => {
  const small = { size: '1-10', employees: 3, source: 'synthetic' };
  const unknown = { size: null, employees: null, source: 'sec' };
  const large = { size: null, employees: null, source: 'sp500' };

  it('are at least one, at most the head count, and more at larger companies', () => {
    for (let i = 0; i < 200; i++) {
      const r1 = (i % 20) / 20;
      const r2 = Math.floor(i / 20) / 10;
      expect(contactCount(small, 5, r1, r2)).toBeLessThanOrEqual(3);
      expect(contactCount({ ...unknown }, 0.01, r1, r2)).toBe(1);
      const count = contactCount(unknown, 6, r1, r2);
      expect(count).toBeGreaterThanOrEqual(4);
      expect(count).toBeLessThanOrEqual(8);
    }
    expect(expectedContacts(large, 6)).toBeGreaterThan(2.5 * expectedContacts(unknown, 6));
  });

  it('average what expectedContacts says, so perCompanyFor hits a total', () => {
    const counts = companies.map((c) => ofCompany(sample, c.id).length);
    const expected = companies.reduce((sum, c) => sum + expectedContacts(c, 5), 0);
    const actual = counts.reduce((sum, n) => sum + n, 0);
    expect(Math.abs(actual - expected) / expected).toBeLessThan(0.03);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);

    const groups = [
      { company: small, companies: 600 },
      { company: unknown, companies: 300 },
      { company: large, companies: 100 },
    ];
    const perCompany = perCompanyFor(8000, groups);
    const total = groups.reduce((sum, g) => sum + g.companies * expectedContacts(g.company, perCompany), 0);
    expect(total).toBeCloseTo(8000, 0);
    // Fewer contacts wanted than companies: still one each.
    expect(perCompanyFor(10, groups)).toBeLessThan(0.1);
  });
});
