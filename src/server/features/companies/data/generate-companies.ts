/**
 * Synthetic companies for benchmarks and load tests, drawn from real distributions: industries, cities
 * weighted by population (GeoNames), size bands weighted as businesses are, employees inside the band.
 * Deterministic: the same seed gives the same rows in the same order. Never part of the demo data.
 */
import {
  COMPANY_SIZES,
  COMPANY_SOURCES,
  type CompanySize,
  type IndustryName,
} from '../../../../shared/companies.ts';
import type { CompanyRow } from './build-company-rows.ts';
import { naicsOf } from './industries.ts';
import { type GeoCity, locationOf, type Places } from './places.ts';

/** The year ages are counted from: fixed, so a seed gives the same rows next year too. */
const REFERENCE_YEAR = 2025;

/** A small, fast PRNG (mulberry32) with a splitmix-style seed scramble: [0, 1) floats. */
export function seededRandom(seed: number): () => number {
  let state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ 0x2545f491) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks by weight with one random draw and a binary search over the cumulative weights. */
function weightedPicker<T>(items: readonly T[], weightOf: (item: T) => number): (r: number) => T {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((item, i) => {
    total += weightOf(item);
    cumulative[i] = total;
  });
  return (r) => {
    const target = r * total;
    let lo = 0;
    let hi = items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] ?? 0) <= target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo] as T;
  };
}

/** Share of businesses by size (most are small; census business counts have this shape). */
export const SIZE_WEIGHTS: Record<CompanySize, number> = {
  '1-10': 54,
  '11-50': 26,
  '51-200': 11,
  '201-500': 4.5,
  '501-1000': 2,
  '1001-5000': 1.6,
  '5001-10000': 0.5,
  '10000+': 0.4,
};

const SIZE_RANGES: Record<CompanySize, [number, number]> = {
  '1-10': [1, 10],
  '11-50': [11, 50],
  '51-200': [51, 200],
  '201-500': [201, 500],
  '501-1000': [501, 1000],
  '1001-5000': [1001, 5000],
  '5001-10000': [5001, 10000],
  '10000+': [10001, 400_000],
};

type IndustryProfile = {
  weight: number;
  /** Name endings that fit the industry. */
  suffixes: readonly string[];
  /** [sub-industry label, what such a company offers]. */
  offers: readonly (readonly [string, string])[];
};

const TECH = ['Labs', 'Systems', 'Technologies', 'Software', 'AI', 'Cloud', 'Data', 'Digital', 'Networks'];

export const INDUSTRY_PROFILES: Record<IndustryName, IndustryProfile> = {
  Software: {
    weight: 6,
    suffixes: TECH,
    offers: [
      ['Application Software', 'workflow automation software'],
      ['Application Software', 'a CRM and customer-support platform'],
      ['Systems Software', 'security and identity software'],
      ['Application Software', 'analytics dashboards and reporting tools'],
    ],
  },
  Internet: {
    weight: 2,
    suffixes: ['Online', 'Digital', 'Media', 'Labs', 'Hub'],
    offers: [
      ['Interactive Media', 'an online community and content platform'],
      ['Internet Services', 'search and discovery services'],
      ['Internet Services', 'web hosting and domain services'],
    ],
  },
  'IT Services': {
    weight: 5,
    suffixes: ['Solutions', 'Consulting', 'IT', 'Services', 'Systems', 'Group'],
    offers: [
      ['IT Consulting', 'IT consulting and systems integration'],
      ['Managed Services', 'managed IT, cloud operations and help desk services'],
      ['IT Consulting', 'custom software development'],
    ],
  },
  Semiconductors: {
    weight: 0.3,
    suffixes: ['Semiconductor', 'Microsystems', 'Silicon', 'Devices', 'Technologies'],
    offers: [
      ['Semiconductors', 'power management and analog chips'],
      ['Semiconductor Equipment', 'wafer inspection and process equipment'],
    ],
  },
  'Computer Hardware': {
    weight: 0.6,
    suffixes: ['Devices', 'Systems', 'Electronics', 'Hardware', 'Technologies'],
    offers: [
      ['Technology Hardware', 'servers, storage and networking hardware'],
      ['Electronic Equipment', 'rugged computers and industrial displays'],
    ],
  },
  Telecommunications: {
    weight: 1,
    suffixes: ['Telecom', 'Communications', 'Networks', 'Wireless', 'Connect'],
    offers: [
      ['Telecom Services', 'fibre broadband and business connectivity'],
      ['Wireless Services', 'mobile and IoT connectivity'],
    ],
  },
  'Media & Entertainment': {
    weight: 2,
    suffixes: ['Media', 'Studios', 'Productions', 'Entertainment', 'Pictures'],
    offers: [
      ['Movies & Entertainment', 'film and video production'],
      ['Publishing', 'magazines, books and digital publishing'],
      ['Broadcasting', 'radio and streaming audio'],
    ],
  },
  'Advertising & Marketing': {
    weight: 3,
    suffixes: ['Marketing', 'Agency', 'Creative', 'Media', 'Communications'],
    offers: [
      ['Advertising', 'brand strategy and advertising campaigns'],
      ['Digital Marketing', 'performance marketing, SEO and paid social'],
      ['Public Relations', 'public relations and content marketing'],
    ],
  },
  'Financial Services': {
    weight: 4,
    suffixes: ['Capital', 'Partners', 'Financial', 'Advisors', 'Investments', 'Holdings'],
    offers: [
      ['Asset Management', 'wealth management and investment advice'],
      ['Consumer Finance', 'consumer and small-business lending'],
      ['Investment Banking', 'corporate finance and M&A advisory'],
    ],
  },
  Banking: {
    weight: 1,
    suffixes: ['Bank', 'Bancorp', 'Savings Bank', 'Trust'],
    offers: [
      ['Regional Banks', 'business and personal banking'],
      ['Regional Banks', 'commercial lending and treasury services'],
    ],
  },
  Insurance: {
    weight: 2,
    suffixes: ['Insurance', 'Assurance', 'Mutual', 'Underwriters', 'Insurance Brokers'],
    offers: [
      ['Property & Casualty Insurance', 'property and casualty insurance'],
      ['Insurance Brokers', 'commercial insurance brokerage'],
      ['Life & Health Insurance', 'life and health insurance'],
    ],
  },
  Fintech: {
    weight: 1.5,
    suffixes: ['Pay', 'Finance', 'Ledger', 'Labs', 'Money'],
    offers: [
      ['Payment Processing', 'payment processing and merchant services'],
      ['Financial Software', 'accounting, invoicing and spend management software'],
    ],
  },
  'Real Estate': {
    weight: 5,
    suffixes: ['Properties', 'Realty', 'Estates', 'Real Estate', 'Property Group'],
    offers: [
      ['Real Estate Services', 'commercial property management'],
      ['Real Estate Services', 'residential sales and lettings'],
      ['Real Estate Development', 'office and logistics developments'],
    ],
  },
  Healthcare: {
    weight: 8,
    suffixes: ['Health', 'Medical', 'Care', 'Clinic', 'Healthcare'],
    offers: [
      ['Health Care Facilities', 'outpatient clinics and diagnostics'],
      ['Health Care Services', 'home care and nursing services'],
      ['Health Care Services', 'dental and physiotherapy practices'],
    ],
  },
  Biotechnology: {
    weight: 0.8,
    suffixes: ['Bio', 'Biosciences', 'Therapeutics', 'Genomics', 'Biologics'],
    offers: [
      ['Biotechnology', 'antibody and cell therapies'],
      ['Life Sciences Tools', 'lab instruments and genomic assays'],
    ],
  },
  Pharmaceuticals: {
    weight: 0.5,
    suffixes: ['Pharma', 'Pharmaceuticals', 'Laboratories', 'Therapeutics'],
    offers: [
      ['Pharmaceuticals', 'generic and specialty medicines'],
      ['Pharmaceuticals', 'contract drug manufacturing'],
    ],
  },
  'Medical Devices': {
    weight: 0.7,
    suffixes: ['Medical', 'Devices', 'Instruments', 'Surgical', 'Diagnostics'],
    offers: [
      ['Health Care Equipment', 'surgical instruments and implants'],
      ['Health Care Equipment', 'patient monitoring devices'],
    ],
  },
  Retail: {
    weight: 9,
    suffixes: ['Stores', 'Market', 'Outlet', 'Shop', 'Retail'],
    offers: [
      ['Specialty Retail', 'home, garden and hardware stores'],
      ['Apparel Retail', 'clothing and footwear stores'],
      ['Food Retail', 'grocery and convenience stores'],
    ],
  },
  'E-commerce': {
    weight: 3,
    suffixes: ['Shop', 'Direct', 'Online', 'Market', 'Commerce'],
    offers: [
      ['Online Retail', 'an online marketplace for independent sellers'],
      ['Online Retail', 'direct-to-consumer home goods'],
    ],
  },
  'Consumer Goods': {
    weight: 2,
    suffixes: ['Brands', 'Goods', 'Products', 'Co', 'Home'],
    offers: [
      ['Personal Care Products', 'personal care and beauty products'],
      ['Household Products', 'household cleaning products'],
      ['Apparel & Accessories', 'apparel and accessories'],
    ],
  },
  'Food & Beverage': {
    weight: 4,
    suffixes: ['Foods', 'Kitchen', 'Bakery', 'Beverages', 'Farms', 'Brewing'],
    offers: [
      ['Packaged Foods', 'packaged foods and snacks'],
      ['Beverages', 'craft beer and soft drinks'],
      ['Food Distributors', 'food distribution to restaurants'],
    ],
  },
  Manufacturing: {
    weight: 6,
    suffixes: ['Industries', 'Manufacturing', 'Works', 'Fabrication', 'Group'],
    offers: [
      ['Building Products', 'building products and fittings'],
      ['Packaging', 'plastic and paper packaging'],
      ['Electrical Equipment', 'electrical components and switchgear'],
    ],
  },
  'Industrial Machinery': {
    weight: 1.5,
    suffixes: ['Machinery', 'Engineering', 'Equipment', 'Tools', 'Industries'],
    offers: [
      ['Industrial Machinery', 'pumps, valves and compressors'],
      ['Industrial Machinery', 'automation and robotics equipment'],
    ],
  },
  'Aerospace & Defense': {
    weight: 0.3,
    suffixes: ['Aerospace', 'Defense', 'Aviation', 'Dynamics'],
    offers: [
      ['Aerospace & Defense', 'aircraft components and maintenance'],
      ['Aerospace & Defense', 'defence electronics'],
    ],
  },
  Automotive: {
    weight: 1.5,
    suffixes: ['Motors', 'Automotive', 'Auto Parts', 'Mobility'],
    offers: [
      ['Automotive Parts', 'automotive parts and components'],
      ['Automotive Retail', 'car dealerships and servicing'],
    ],
  },
  'Transportation & Logistics': {
    weight: 4,
    suffixes: ['Logistics', 'Freight', 'Transport', 'Shipping', 'Express'],
    offers: [
      ['Trucking', 'road freight and trucking'],
      ['Logistics', 'warehousing and third-party logistics'],
      ['Air Freight & Logistics', 'courier and parcel delivery'],
    ],
  },
  Energy: {
    weight: 1,
    suffixes: ['Energy', 'Resources', 'Power', 'Petroleum', 'Solar'],
    offers: [
      ['Oil & Gas', 'oil and gas exploration'],
      ['Renewable Energy', 'solar and wind project development'],
    ],
  },
  Utilities: {
    weight: 0.5,
    suffixes: ['Utilities', 'Power', 'Water', 'Energy'],
    offers: [
      ['Electric Utilities', 'electricity distribution'],
      ['Water Utilities', 'water and wastewater services'],
    ],
  },
  Chemicals: {
    weight: 0.7,
    suffixes: ['Chemicals', 'Chemical', 'Materials', 'Polymers'],
    offers: [
      ['Specialty Chemicals', 'specialty chemicals and coatings'],
      ['Commodity Chemicals', 'industrial chemicals and plastics'],
    ],
  },
  'Materials & Mining': {
    weight: 0.7,
    suffixes: ['Mining', 'Minerals', 'Metals', 'Resources', 'Materials'],
    offers: [
      ['Metals & Mining', 'copper and gold mining'],
      ['Construction Materials', 'aggregates, cement and concrete'],
    ],
  },
  Construction: {
    weight: 8,
    suffixes: ['Construction', 'Builders', 'Contractors', 'Building', 'Homes'],
    offers: [
      ['Construction & Engineering', 'commercial construction'],
      ['Homebuilding', 'residential building and renovation'],
      ['Specialty Contractors', 'electrical, plumbing and HVAC contracting'],
    ],
  },
  Education: {
    weight: 3,
    suffixes: ['Academy', 'Learning', 'Education', 'Institute', 'School'],
    offers: [
      ['Education Services', 'professional training and certification'],
      ['Education Services', 'tutoring and test preparation'],
      ['Education Technology', 'online courses and learning software'],
    ],
  },
  'Hospitality & Travel': {
    weight: 5,
    suffixes: ['Hotels', 'Travel', 'Hospitality', 'Resorts', 'Tours'],
    offers: [
      ['Hotels & Resorts', 'hotels and serviced apartments'],
      ['Restaurants', 'restaurants and catering'],
      ['Travel Services', 'travel agency and tour operations'],
    ],
  },
  'Professional Services': {
    weight: 12,
    suffixes: ['Partners', 'Associates', 'Consulting', 'Advisory', 'Group', 'LLP'],
    offers: [
      ['Legal Services', 'corporate and commercial law'],
      ['Accounting', 'accounting, audit and tax services'],
      ['Management Consulting', 'management consulting'],
      ['Human Resources', 'recruitment and staffing'],
    ],
  },
  Gaming: {
    weight: 0.6,
    suffixes: ['Games', 'Studios', 'Interactive', 'Play'],
    offers: [
      ['Interactive Home Entertainment', 'mobile and console games'],
      ['Interactive Home Entertainment', 'multiplayer online games'],
    ],
  },
  Agriculture: {
    weight: 2,
    suffixes: ['Farms', 'Agri', 'Growers', 'Harvest', 'Produce'],
    offers: [
      ['Crop Production', 'fruit, vegetable and grain farming'],
      ['Agricultural Services', 'seeds, fertiliser and farm services'],
    ],
  },
  Nonprofit: {
    weight: 2,
    suffixes: ['Foundation', 'Trust', 'Society', 'Alliance', 'Association'],
    offers: [
      ['Civic & Social Organizations', 'community programmes and advocacy'],
      ['Professional Associations', 'member services for professionals'],
    ],
  },
};

const FIRST_WORDS = [
  'Blue',
  'Bright',
  'Silver',
  'Green',
  'North',
  'South',
  'East',
  'West',
  'Red',
  'Iron',
  'Golden',
  'Summit',
  'Pioneer',
  'Atlas',
  'Apex',
  'Nova',
  'Vertex',
  'Crystal',
  'Eagle',
  'Harbor',
  'River',
  'Oak',
  'Cedar',
  'Maple',
  'Pine',
  'Stone',
  'Granite',
  'Falcon',
  'Lion',
  'Orion',
  'Polar',
  'Swift',
  'True',
  'Prime',
  'Clear',
  'Bold',
  'Quantum',
  'Solar',
  'Lunar',
  'Cobalt',
  'Amber',
  'Crimson',
  'Emerald',
  'Sapphire',
  'Union',
  'Liberty',
  'Heritage',
  'Frontier',
  'Meridian',
  'Horizon',
  'Beacon',
  'Keystone',
  'Cornerstone',
  'Evergreen',
  'Highland',
  'Lakeside',
  'Riverside',
  'Coastal',
  'Metro',
  'Urban',
  'Grand',
  'Royal',
  'Noble',
  'Silverline',
  'Redwood',
  'Willow',
  'Aspen',
  'Sterling',
  'Crest',
  'Vista',
];

const SECOND_WORDS = [
  'wave',
  'point',
  'bridge',
  'field',
  'path',
  'stone',
  'gate',
  'light',
  'line',
  'works',
  'forge',
  'mark',
  'peak',
  'rock',
  'wood',
  'view',
  'way',
  'star',
  'spring',
  'brook',
  'ridge',
  'haven',
  'port',
  'shore',
  'vale',
  'core',
  'sphere',
  'scale',
  'stream',
  'leaf',
  'wind',
  'fire',
  'cloud',
  'land',
  'tide',
  'bay',
  'crest',
  'dale',
  'hill',
  'moor',
];

const SURNAMES = [
  'Keller',
  'Young',
  'Morgan',
  'Fischer',
  'Novak',
  'Rossi',
  'Tanaka',
  'Okafor',
  'Singh',
  'Costa',
  'Larsen',
  'Dubois',
  'Murphy',
  'Schmidt',
  'Patel',
  'Nguyen',
  'Garcia',
  'Kowalski',
  'Andersen',
  'Bennett',
  'Hughes',
  'Silva',
  'Moreau',
  'Weber',
  'Chen',
  'Kim',
  'Haddad',
  'Ivanova',
  'Lindqvist',
  'Brennan',
];

/** Legal forms by country, so names read as they would there. */
const LEGAL_FORMS: Record<string, readonly string[]> = {
  US: ['Inc.', 'LLC', 'Corp.'],
  GB: ['Ltd', 'PLC'],
  IE: ['Ltd'],
  DE: ['GmbH', 'AG'],
  AT: ['GmbH'],
  CH: ['AG', 'GmbH'],
  FR: ['SAS', 'SA'],
  NL: ['B.V.'],
  BE: ['BV', 'SA'],
  IT: ['S.r.l.', 'S.p.A.'],
  ES: ['S.L.', 'S.A.'],
  SE: ['AB'],
  NO: ['AS'],
  DK: ['A/S'],
  FI: ['Oy'],
  BR: ['Ltda.'],
  IN: ['Pvt Ltd'],
  JP: ['K.K.'],
  CN: ['Co., Ltd.'],
  AU: ['Pty Ltd'],
  CA: ['Inc.', 'Ltd.'],
};

/** Country domains in common use for companies; elsewhere .com. */
const COUNTRY_TLDS: Record<string, string> = {
  GB: 'co.uk',
  DE: 'de',
  FR: 'fr',
  NL: 'nl',
  IT: 'it',
  ES: 'es',
  SE: 'se',
  NO: 'no',
  DK: 'dk',
  FI: 'fi',
  CH: 'ch',
  AT: 'at',
  BE: 'be',
  PL: 'pl',
  BR: 'com.br',
  IN: 'in',
  JP: 'co.jp',
  CN: 'cn',
  AU: 'com.au',
  CA: 'ca',
  MX: 'mx',
  RU: 'ru',
};

export type GenerateOptions = { count: number; seed: number };

/** Yields `count` synthetic companies; the same seed yields the same rows. */
export function* generateCompanies(places: Places, { count, seed }: GenerateOptions): Generator<CompanyRow> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const pickCity = weightedPicker(places.cities, (city) => city.population);
  const industries = Object.keys(INDUSTRY_PROFILES) as IndustryName[];
  const pickIndustry = weightedPicker(industries, (industry) => INDUSTRY_PROFILES[industry].weight);
  const pickSize = weightedPicker(COMPANY_SIZES, (size) => SIZE_WEIGHTS[size]);
  const countryNames = new Map<string, string>();
  const countryName = (code: string) => {
    let name = countryNames.get(code);
    if (name === undefined) {
      name = places.countryName(code);
      countryNames.set(code, name);
    }
    return name;
  };
  const domainsTaken = new Map<string, number>();
  const license = COMPANY_SOURCES.synthetic.license;

  for (let i = 0; i < count; i++) {
    const industry = pickIndustry(random());
    const profile = INDUSTRY_PROFILES[industry];
    const geo: GeoCity = pickCity(random());
    const size = pickSize(random());
    const [low, high] = SIZE_RANGES[size];
    // Log-uniform inside the band: a 51-200 company is more often 60 than 190 people.
    const employees = Math.min(high, Math.floor(low * ((high + 1) / low) ** random()));
    const sizeIndex = COMPANY_SIZES.indexOf(size);
    // Bigger companies are older: mean age from 10 years (1-10) to 45 years (10000+).
    const age = Math.floor(-Math.log(1 - random()) * (10 + 5 * sizeIndex));
    const foundedYear = Math.max(1850, REFERENCE_YEAR - age);
    const city = places.cityName(geo);

    const style = random();
    const suffix = pick(profile.suffixes);
    let base: string;
    if (style < 0.45) base = `${pick(FIRST_WORDS)}${pick(SECOND_WORDS)} ${suffix}`;
    else if (style < 0.7) {
      const first = pick(FIRST_WORDS);
      let second = pick(FIRST_WORDS);
      if (second === first) second = pick(SECOND_WORDS).replace(/^./, (ch) => ch.toUpperCase());
      base = `${first} ${second} ${suffix}`;
    } else if (style < 0.85) base = `${pick(SURNAMES)} & ${pick(SURNAMES)} ${suffix}`;
    else base = `${city.split(/[,(]/)[0]?.trim()} ${suffix}`;
    const legalForms = LEGAL_FORMS[geo.country];
    const name = legalForms && random() < 0.4 ? `${base} ${pick(legalForms)}` : base;

    const slug =
      base
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '') || 'company';
    const tld = COUNTRY_TLDS[geo.country] ?? 'com';
    const stem = `${slug}.${tld}`;
    const taken = domainsTaken.get(stem) ?? 0;
    domainsTaken.set(stem, taken + 1);
    // Slugs have no hyphen, so 'acme-2.com' can never be another company's first choice.
    const domain = taken === 0 ? stem : `${slug}-${taken + 1}.${tld}`;

    const [subIndustry, offer] = pick(profile.offers);
    const country = countryName(geo.country);
    const region = places.regionOfCity(geo);
    const template = random();
    const description =
      template < 0.4
        ? `${base} provides ${offer} to customers in and around ${city}.`
        : template < 0.75
          ? `Founded in ${foundedYear}, ${base} is a ${industry.toLowerCase()} company in ${city}, ${country}, specialising in ${offer}.`
          : `${base} (${size} employees) offers ${offer} from its base in ${city}.`;

    yield {
      name,
      domain,
      website: `https://www.${domain}`,
      primaryIndustry: industry,
      naicsCode: naicsOf(industry),
      subIndustry,
      size,
      employees,
      country,
      countryCode: geo.country,
      region,
      city,
      location: locationOf(city, region, country),
      foundedYear,
      ticker: null,
      exchange: null,
      cik: null,
      sicCode: null,
      phone: null,
      description,
      fieldSources: {},
      source: 'synthetic',
      license,
    };
  }
}
