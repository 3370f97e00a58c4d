/**
 * Deterministic synthetic contacts for the shared companies (issue 6): a realistic org chart per company
 * (org-chart.ts), names of the company's country (contact-locales.ts), most people at the headquarters and
 * some elsewhere in the country, one e-mail pattern per company domain, a phone number for a minority. Every
 * row says source 'synthetic': these are not real people.
 *
 * A company's contacts depend only on the seed, the options and that company (its own random stream is
 * seeded from the seed and its id), never on which other companies are generated or in what order.
 */
import { COMPANY_SIZES, type CompanySize } from '../../../../shared/companies.ts';
import { classifyTitle, type Department, normalizeTitle, type Seniority } from '../../../../shared/people.ts';
import { addressFor, EMAIL_PATTERNS, type EmailPattern } from '../email-patterns.ts';
import { suppressionKeys } from '../suppression.ts';
import { type ContactLocales, weighted } from './contact-locales.ts';
import {
  AREA_FORMS,
  CEO_TITLES,
  DEPARTMENT_TITLES,
  MANAGING_DIRECTOR_COUNTRIES,
  type StaffedDepartment,
  type Tier,
} from './org-chart.ts';
import type { NameLists } from './romanized-names.ts';

export const SYNTHETIC_CONTACT_LICENSE = 'Synthetic (generated)';

/** What the generator needs to know of a company (a `company_master` row). */
export type ContactCompany = {
  id: string;
  name: string;
  domain: string | null;
  primaryIndustry: string | null;
  size: string | null;
  employees: number | null;
  country: string | null;
  countryCode: string | null;
  region: string | null;
  city: string | null;
  source: string;
  /** Real people (the YC founders) hold its top roles: no synthetic founder or chief executive. */
  hasFounders?: boolean;
};

/** One `company_contacts` row of shared synthetic data. */
export type ContactRow = {
  companyId: string;
  firstName: string;
  lastName: string;
  fullName: string;
  title: string;
  titleNormalized: string;
  seniority: Seniority;
  department: Department;
  email: string | null;
  phone: string | null;
  linkedinUrl: null;
  country: string | null;
  countryCode: string | null;
  region: string | null;
  city: string | null;
  source: 'synthetic';
  license: string;
};

/** Where people away from the headquarters work; see contactPlaces. */
export type ContactPlaces = {
  /**
   * A city with companies in this country (and region, when given), weighted by how many: the places
   * businesses are. Null when there is none.
   */
  cityIn(
    countryCode: string,
    region: string | null,
    pick: number,
  ): { city: string; region: string | null } | null;
};

/** A city of the companies (company_master), with how many of them are there. */
export type CompanyCity = { countryCode: string; region: string | null; city: string; companies: number };

export type GenerateContactsOptions = {
  seed: number;
  /** Contacts of a company of average size; see contactCount. */
  perCompany: number;
  locales: ContactLocales;
  /** Without places, everyone works at the headquarters. */
  places?: ContactPlaces | null;
  /** `contact_suppressions` keys: a contact with any of them is left out. */
  suppressed?: ReadonlySet<string>;
};

// ---------------------------------------------------------------------------------------------------------
// Randomness
// ---------------------------------------------------------------------------------------------------------

/**
 * A random stream for one key: sfc32 seeded with a 128-bit hash of the key (cyrb128). generate-companies'
 * 32-bit seededRandom would give ~100 of a million companies the same stream as another, and so the same
 * people.
 */
export function keyedRandom(key: string): () => number {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < key.length; i++) {
    const k = key.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  let a = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
  let b = (h2 ^ h1) >>> 0;
  let c = (h3 ^ h1) >>> 0;
  let d = (h4 ^ h1) >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still show the seed's structure.
  for (let i = 0; i < 12; i++) next();
  return next;
}

const pickFrom = <T>(items: readonly T[], r: number): T => items[Math.floor(r * items.length)] as T;

// ---------------------------------------------------------------------------------------------------------
// How many
// ---------------------------------------------------------------------------------------------------------

/** Contacts relative to an average company: data vendors hold more people at bigger companies. */
const SIZE_FACTOR: Record<CompanySize, number> = {
  '1-10': 0.5,
  '11-50': 0.8,
  '51-200': 1,
  '201-500': 1.3,
  '501-1000': 1.6,
  '1001-5000': 2,
  '5001-10000': 2.5,
  '10000+': 3,
};
const SIZE_CAP: Partial<Record<CompanySize, number>> = { '1-10': 10, '11-50': 50 };
/** A company's count is its mean times a spread drawn from [SPREAD_LOW, SPREAD_HIGH). */
const SPREAD_LOW = 2 / 3;
const SPREAD_HIGH = 4 / 3;

const isSize = (size: string | null): size is CompanySize =>
  size !== null && (COMPANY_SIZES as readonly string[]).includes(size);

/** S&P 500 companies are large even though our sources give no head count. */
function isLarge(company: Pick<ContactCompany, 'size' | 'employees' | 'source'>): boolean {
  if (company.employees !== null) return company.employees > 500;
  if (isSize(company.size)) return COMPANY_SIZES.indexOf(company.size) >= COMPANY_SIZES.indexOf('501-1000');
  return company.source === 'sp500';
}

/** The mean number of contacts of a company and the most it can have (its head count). */
function contactRange(
  company: Pick<ContactCompany, 'size' | 'employees' | 'source'>,
  perCompany: number,
): { mean: number; cap: number } {
  const factor = isSize(company.size) ? SIZE_FACTOR[company.size] : company.source === 'sp500' ? 3 : 1;
  const cap = company.employees ?? (isSize(company.size) ? SIZE_CAP[company.size] : undefined);
  return { mean: perCompany * factor, cap: Math.max(1, cap ?? Number.POSITIVE_INFINITY) };
}

/**
 * A company's number of contacts: perCompany times its size factor, times a spread of +-1/3, rounded up or
 * down at random so the expectation stays exact, at least 1 and at most its head count.
 */
export function contactCount(
  company: Pick<ContactCompany, 'size' | 'employees' | 'source'>,
  perCompany: number,
  r1: number,
  r2: number,
): number {
  const { mean, cap } = contactRange(company, perCompany);
  const x = mean * (SPREAD_LOW + (SPREAD_HIGH - SPREAD_LOW) * r1);
  const whole = Math.floor(x);
  return Math.min(cap, Math.max(1, whole + (r2 < x - whole ? 1 : 0)));
}

/**
 * The expected contactCount of a company, exactly: the mean of min(cap, max(1, x)) for x uniform over the
 * spread (random rounding keeps the mean, and clamping to whole numbers commutes with it).
 */
export function expectedContacts(
  company: Pick<ContactCompany, 'size' | 'employees' | 'source'>,
  perCompany: number,
): number {
  const { mean, cap } = contactRange(company, perCompany);
  const a = mean * SPREAD_LOW;
  const b = mean * SPREAD_HIGH;
  if (b <= a) return Math.min(cap, Math.max(1, a));
  // Integral of min(cap, max(1, x)) over [a, b], in three pieces.
  const below = Math.max(0, Math.min(b, 1) - a);
  const above = Math.max(0, b - Math.max(a, cap));
  const lo = Math.max(a, 1);
  const hi = Math.min(b, cap);
  const middle = hi > lo ? (hi * hi - lo * lo) / 2 : 0;
  return (below + middle + (above > 0 ? above * cap : 0)) / (b - a);
}

/**
 * The perCompany that gives `total` contacts over these companies in expectation (at least one each):
 * `groups` are the companies counted by the fields contactCount reads.
 */
export function perCompanyFor(
  total: number,
  groups: readonly { company: Pick<ContactCompany, 'size' | 'employees' | 'source'>; companies: number }[],
): number {
  const expected = (perCompany: number) =>
    groups.reduce((sum, group) => sum + group.companies * expectedContacts(group.company, perCompany), 0);
  let lo = 0;
  let hi = Math.max(1, total);
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (expected(mid) < total) lo = mid;
    else hi = mid;
  }
  return hi;
}

// ---------------------------------------------------------------------------------------------------------
// Who
// ---------------------------------------------------------------------------------------------------------

type GroupName = 'tech' | 'services' | 'health' | 'life' | 'education' | 'finance' | 'retail' | 'industry';

const INDUSTRY_GROUPS: Record<string, GroupName> = {
  Software: 'tech',
  Internet: 'tech',
  Fintech: 'tech',
  Gaming: 'tech',
  Semiconductors: 'tech',
  'Computer Hardware': 'tech',
  Telecommunications: 'tech',
  'IT Services': 'services',
  'Professional Services': 'services',
  Healthcare: 'health',
  Biotechnology: 'life',
  Pharmaceuticals: 'life',
  'Medical Devices': 'life',
  Education: 'education',
  'Financial Services': 'finance',
  Banking: 'finance',
  Insurance: 'finance',
  Retail: 'retail',
  'E-commerce': 'retail',
  'Consumer Goods': 'retail',
  'Food & Beverage': 'retail',
  'Hospitality & Travel': 'retail',
  'Media & Entertainment': 'retail',
  'Advertising & Marketing': 'retail',
  Manufacturing: 'industry',
  'Industrial Machinery': 'industry',
  'Aerospace & Defense': 'industry',
  Automotive: 'industry',
  'Transportation & Logistics': 'industry',
  Energy: 'industry',
  Utilities: 'industry',
  Chemicals: 'industry',
  'Materials & Mining': 'industry',
  Construction: 'industry',
  Agriculture: 'industry',
};

/** Where the staff of a company of no particular industry work. */
const BASE_DEPARTMENTS: Partial<Record<StaffedDepartment, number>> = {
  sales: 18,
  engineering: 14,
  operations: 11,
  marketing: 9,
  customer_success: 8,
  finance: 7,
  human_resources: 5,
  product: 4,
  information_technology: 4,
  data: 3,
  design: 2.5,
  legal: 2,
  security: 1.5,
  executive: 1,
};

/** How an industry group shifts that: a factor, or (for departments it adds) a weight. */
const GROUP_DEPARTMENTS: Record<GroupName, Partial<Record<StaffedDepartment, number>>> = {
  tech: { engineering: 2, product: 2, design: 1.6, data: 1.6, security: 1.5 },
  services: { consulting: 14, legal: 2, finance: 1.4 },
  health: { medical: 30, operations: 1.3 },
  life: { research: 14, medical: 6, engineering: 0.6 },
  education: { education: 25 },
  finance: { finance: 3, legal: 1.6, security: 1.4, data: 1.3 },
  retail: { operations: 1.8, marketing: 1.6, design: 1.4 },
  industry: { operations: 2.5, engineering: 1.2, research: 2 },
};

/** Departments that are absent unless an industry adds them (they take the group's number as a weight). */
const ADDED_DEPARTMENTS = new Set<StaffedDepartment>(['consulting', 'medical', 'research', 'education']);

/** The share of the other ranks; small companies have few VPs and more people doing the work. */
const TIER_WEIGHTS = {
  regular: { vp: 5, head: 5, director: 12, manager: 22, senior: 20, entry: 33, intern: 3 },
  small: { vp: 1, head: 3, director: 4, manager: 15, senior: 22, entry: 50, intern: 5 },
} as const satisfies Record<string, Partial<Record<Tier, number>>>;
type StaffTier = keyof (typeof TIER_WEIGHTS)['regular'];

/** Which chiefs a company has first: most have a CTO or CFO before a CDO. */
const CHIEF_WEIGHTS: Partial<Record<StaffedDepartment, number>> = {
  engineering: 10,
  finance: 10,
  operations: 8,
  marketing: 6,
  sales: 6,
  product: 4,
  human_resources: 4,
  information_technology: 3,
  legal: 2,
  customer_success: 2,
  security: 2,
  executive: 2,
  data: 1,
};

/** Pickers of a department for each tier of one industry group (built once per group). */
type StaffPlan = {
  departments: Record<StaffTier, readonly (readonly [StaffedDepartment, number])[]>;
  chiefs: readonly (readonly [StaffedDepartment, number])[];
};

function titlesOf(department: StaffedDepartment, tier: Tier): readonly string[] {
  return DEPARTMENT_TITLES[department][tier as keyof (typeof DEPARTMENT_TITLES)[StaffedDepartment]] ?? [];
}
const hasTier = (department: StaffedDepartment, tier: Tier) =>
  titlesOf(department, tier).length > 0 ||
  ((tier === 'vp' || tier === 'head' || tier === 'director') &&
    (DEPARTMENT_TITLES[department].areas?.length ?? 0) > 0);

function staffPlan(group: GroupName | null): StaffPlan {
  const shift = group ? GROUP_DEPARTMENTS[group] : {};
  const weights = new Map<StaffedDepartment, number>();
  for (const department of Object.keys(DEPARTMENT_TITLES) as StaffedDepartment[]) {
    const base = BASE_DEPARTMENTS[department];
    const change = shift[department];
    const weight = ADDED_DEPARTMENTS.has(department) ? (change ?? 0) : (base ?? 0) * (change ?? 1);
    if (weight > 0) weights.set(department, weight);
  }
  const forTier = (tier: Tier) => [...weights].filter(([department]) => hasTier(department, tier));
  const chiefs: [StaffedDepartment, number][] = [...weights]
    .filter(([department]) => hasTier(department, 'chief'))
    .map(([department, weight]) => [
      department,
      CHIEF_WEIGHTS[department] ?? (ADDED_DEPARTMENTS.has(department) ? 3 : weight / 10),
    ]);
  return {
    departments: {
      vp: forTier('vp'),
      head: forTier('head'),
      director: forTier('director'),
      manager: forTier('manager'),
      senior: forTier('senior'),
      entry: forTier('entry'),
      intern: forTier('intern'),
    },
    chiefs,
  };
}

/** A title of that tier in that department: for VPs, heads and directors mostly of the main area. */
function titleFor(department: StaffedDepartment, tier: Tier, random: () => number): string {
  const own = titlesOf(department, tier);
  const areas = DEPARTMENT_TITLES[department].areas ?? [];
  if (tier === 'vp' || tier === 'head' || tier === 'director') {
    if (areas.length && (own.length === 0 || random() < 0.8)) {
      // Half of them lead the department's main area ("Sales"), the others a part of it.
      const area = random() < 0.5 ? (areas[0] as string) : pickFrom(areas, random());
      const forms = AREA_FORMS[tier];
      const form = random() < 0.5 ? forms[0] : pickFrom(forms, random());
      return form.replace('{}', area);
    }
  }
  return pickFrom(own, random());
}

function ceoTitle(company: ContactCompany, random: () => number): string {
  if (company.countryCode && MANAGING_DIRECTOR_COUNTRIES.has(company.countryCode) && random() < 0.3) {
    return 'Managing Director';
  }
  const titles = isLarge(company) ? CEO_TITLES.large : CEO_TITLES.small;
  const title = pickFrom(titles, random());
  // An owner runs a small business, not a 300-person company.
  return title === 'Owner' && !(company.size === '1-10' || company.size === '11-50') ? 'CEO' : title;
}

/** The tiers and departments of a company's n people, highest first. */
function orgChart(
  company: ContactCompany,
  n: number,
  plan: StaffPlan,
  random: () => number,
): { tier: Tier; department: StaffedDepartment }[] {
  const chart: { tier: Tier; department: StaffedDepartment }[] = [];
  if (!company.hasFounders) chart.push({ tier: 'ceo', department: 'executive' });
  // About one other chief in four people at first, then one more per 20 people, at most 8.
  const chiefs = n < 3 ? 0 : Math.min(8, Math.floor(0.05 * n + (n >= 4 ? 1 : 0) + random()));
  const open = [...plan.chiefs];
  for (let i = 0; i < chiefs && chart.length < n && open.length; i++) {
    const department = weighted(open, random());
    open.splice(
      open.findIndex(([d]) => d === department),
      1,
    );
    chart.push({ tier: 'chief', department });
  }
  const tiers = Object.entries(
    company.size === '1-10' || company.size === '11-50' ? TIER_WEIGHTS.small : TIER_WEIGHTS.regular,
  ) as [StaffTier, number][];
  while (chart.length < n) {
    const tier = weighted(tiers, random());
    chart.push({ tier, department: weighted(plan.departments[tier], random()) });
  }
  return chart;
}

// ---------------------------------------------------------------------------------------------------------
// E-mail addresses and numbers
// ---------------------------------------------------------------------------------------------------------

/** How common each pattern is in business e-mail (first.last and flast make up most). */
const PATTERN_WEIGHTS: Record<EmailPattern, number> = {
  '{first}.{last}': 40,
  '{f}{last}': 22,
  '{first}': 8,
  '{first}{last}': 8,
  '{f}.{last}': 6,
  '{first}{l}': 4,
  '{first}_{last}': 3,
  '{last}': 2,
  '{last}.{first}': 2,
  '{last}{f}': 2,
  '{first}-{last}': 1.5,
  '{f}{l}': 1.5,
};
const PATTERN_TABLE = EMAIL_PATTERNS.map((pattern) => [pattern, PATTERN_WEIGHTS[pattern]] as const);

/** The one pattern of a domain's addresses: chosen by the domain itself, so two rows of it agree. */
export function domainPattern(seed: number, domain: string): EmailPattern {
  return weighted(PATTERN_TABLE, keyedRandom(`${seed}:pattern:${domain.toLowerCase()}`)());
}

/** Share of people whose address we do not hold although their company has a domain: the finder's work. */
const NO_ADDRESS = 0.15;
/** Share of people with a direct number. */
const WITH_PHONE = 0.3;
/** Share of a company's people whose names come from another country. */
const INTERNATIONAL_STAFF = 0.1;
/** Where people work: the headquarters' city, another city of its region, anywhere in the country. */
const AT_HEADQUARTERS = 0.78;
const IN_REGION = 0.9;

function phoneNumber(format: string, random: () => number): string {
  let number = '';
  for (const ch of format) {
    if (ch === '#') number += Math.floor(random() * 10);
    else if (ch === '!') number += 2 + Math.floor(random() * 8);
    else number += ch;
  }
  return number;
}

// ---------------------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------------------

/**
 * The cities companies are in, by country and region, weighted by their number of companies: people who do
 * not work at the headquarters work where businesses are. Built from company_master rather than GeoNames,
 * which would cost ~100 MB and half a second on the server's first start for the demo sample.
 */
export function contactPlaces(cities: readonly CompanyCity[]): ContactPlaces {
  type Pool = { cities: CompanyCity[]; cumulative: Float64Array };
  const groups = new Map<string, CompanyCity[]>();
  for (const city of cities) {
    for (const key of [city.countryCode, `${city.countryCode}|${city.region}`]) {
      const list = groups.get(key);
      if (list) list.push(city);
      else groups.set(key, [city]);
    }
  }
  const pools = new Map<string, Pool>();
  for (const [key, list] of groups) {
    // A fixed order, so the same cities give the same picks however the query returned them.
    list.sort((a, b) =>
      a.city < b.city ? -1 : a.city > b.city ? 1 : (a.region ?? '') < (b.region ?? '') ? -1 : 1,
    );
    const cumulative = new Float64Array(list.length);
    let total = 0;
    list.forEach((city, i) => {
      total += city.companies;
      cumulative[i] = total;
    });
    pools.set(key, { cities: list, cumulative });
  }
  return {
    cityIn(countryCode, region, pick) {
      const pool = pools.get(region === null ? countryCode : `${countryCode}|${region}`);
      if (!pool) return null;
      const target = pick * (pool.cumulative[pool.cumulative.length - 1] ?? 0);
      let lo = 0;
      let hi = pool.cities.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((pool.cumulative[mid] ?? 0) <= target) lo = mid + 1;
        else hi = mid;
      }
      const city = pool.cities[lo];
      return city ? { city: city.city, region: city.region } : null;
    },
  };
}

type TitleReading = { titleNormalized: string; seniority: Seniority; department: Department };

/** Yields the contacts of each company in turn; see the module comment for what they depend on. */
export function* generateContacts(
  companies: Iterable<ContactCompany>,
  options: GenerateContactsOptions,
): Generator<ContactRow> {
  const { seed, perCompany, locales, places, suppressed } = options;
  const plans = new Map<GroupName | null, StaffPlan>();
  // A few thousand distinct titles among millions of people: read each once.
  const readings = new Map<string, TitleReading>();
  const read = (title: string): TitleReading => {
    let reading = readings.get(title);
    if (!reading) {
      reading = { titleNormalized: normalizeTitle(title), ...classifyTitle(title) };
      readings.set(title, reading);
    }
    return reading;
  };
  const checkSuppressed = suppressed !== undefined && suppressed.size > 0;

  for (const company of companies) {
    const random = keyedRandom(`${seed}:${company.id}`);
    const n = contactCount(company, perCompany, random(), random());
    const group = (company.primaryIndustry && INDUSTRY_GROUPS[company.primaryIndustry]) || null;
    let plan = plans.get(group);
    if (!plan) {
      plan = staffPlan(group);
      plans.set(group, plan);
    }
    const home = locales.names(company.countryCode, company.region, random());
    const phoneFormats = locales.phoneFormats(company.countryCode);
    const pattern = company.domain ? domainPattern(seed, company.domain) : null;
    const taken = new Set<string>();

    for (const { tier, department } of orgChart(company, n, plan, random)) {
      const title = tier === 'ceo' ? ceoTitle(company, random) : titleFor(department, tier, random);
      const names: NameLists = random() < INTERNATIONAL_STAFF ? locales.international(random()) : home;
      const female = random() < 0.5;
      const firstName = pickFrom(female ? names.female : names.male, random());
      const lastName = pickFrom((female && names.femaleLast) || names.last, random());
      const fullName = `${firstName} ${lastName}`;

      let email: string | null = null;
      const hasAddress = random() >= NO_ADDRESS;
      if (pattern && company.domain && hasAddress) {
        const address = addressFor(pattern, firstName, lastName, company.domain);
        if (address) {
          // A second John Smith gets john.smith2@, as mail administrators do.
          const at = address.indexOf('@');
          email = address;
          for (let k = 2; taken.has(email); k++) email = `${address.slice(0, at)}${k}${address.slice(at)}`;
          taken.add(email);
        }
      }
      const phone =
        phoneFormats.length && random() < WITH_PHONE
          ? phoneNumber(pickFrom(phoneFormats, random()), random)
          : null;

      let city = company.city;
      let region = company.region;
      const where = random();
      // Executives work at the headquarters; of the others, some work elsewhere in the region or country.
      if (places && company.countryCode && where >= AT_HEADQUARTERS && tier !== 'ceo' && tier !== 'chief') {
        const other = places.cityIn(company.countryCode, where < IN_REGION ? company.region : null, random());
        if (other) {
          city = other.city;
          region = other.region;
        }
      }

      if (
        checkSuppressed &&
        suppressionKeys({ email, fullName, companyName: company.name }).some((key) => suppressed.has(key))
      ) {
        continue;
      }
      yield {
        companyId: company.id,
        firstName,
        lastName,
        fullName,
        title,
        ...read(title),
        email,
        phone,
        linkedinUrl: null,
        country: company.country,
        countryCode: company.countryCode,
        region,
        city,
        source: 'synthetic',
        license: SYNTHETIC_CONTACT_LICENSE,
      };
    }
  }
}
