/**
 * Filter validation (spec 3 §3 "Filter validation result", §5, §9 match confidences): turns "name: value"
 * filter suggestions (from the copilot) or filter values (from the company search) into the values actually
 * stored in `company_master`. Pure: the caller passes the vocabulary (the distinct stored values).
 *
 * Per value, the first step that finds stored values wins:
 *   exact (100)   case- and whitespace-insensitive equality with a stored value;
 *   synonym (90)  the same words written differently (accents, punctuation, "companies"), or the tables
 *                 below: industry words, country aliases, continent words, city nicknames, U.S. state codes,
 *                 size words, and employee numbers ("50-200", "over 500", "5k+");
 *   partial (75)  a stored value starts a word with the user's text ("bio" -> Biotechnology), or the user's
 *                 text holds a stored value as whole words ("enterprise software" -> Software); 3+ characters;
 *   variant (60)  industry only: the value plus Services / Manufacturing / Technology, or its first word.
 * A value that lists several ("usa, uk", "San Francisco, California") and is not itself a name or synonym is
 * checked part by part.
 */
import type { CompanySize, IndustryName } from './companies.ts';

export type FilterKind = 'industry' | 'size' | 'region';
export type MatchRule = 'exact' | 'synonym' | 'partial' | 'variant';

/** Spec 3 §4 "Filter match levels" and §9. */
export const MATCH_CONFIDENCE = {
  exact: 100,
  synonym: 90,
  partial: 75,
  variant: 60,
} as const satisfies Record<MatchRule, number>;

/** The distinct values stored in company data (the server reads them; tests pass literals). */
export type FilterVocabulary = {
  industries: readonly string[];
  sizes: readonly string[];
  countries: readonly string[];
  /** States and provinces. */
  regions?: readonly string[];
  cities?: readonly string[];
};

/** Spec 3 §3 validFilters, plus `regions` (states/provinces), which the company search filters on too. */
export type ValidFilters = {
  industries: string[];
  companySizes: string[];
  countries: string[];
  cities: string[];
  regions: string[];
};
export type FilterField = keyof ValidFilters;

/** A "name: value" suggestion, or a value whose kind the caller already knows (a search parameter). */
export type FilterInput = string | { kind: FilterKind; value: string };

export type FilterMatch = { field: FilterField; values: string[]; rule: MatchRule; confidence: number };

/** What happened to one filter, for the UI and the copilot to show. */
export type FilterDetail = {
  /** The filter as given ("industry: tech"); for one part of a list, "name: part". */
  original: string;
  kind: FilterKind | null;
  /** The user's value, trimmed. */
  value: string;
} & ({ status: 'valid'; match: FilterMatch } | { status: 'invalid'; reason: string } | { status: 'ignored' });

export type FilterValidation = {
  validFilters: ValidFilters;
  invalidFilters: string[];
  suggestions: string[];
  details: FilterDetail[];
};

/** Spec 3 §5 "Failure suggestions". */
export const FILTER_FAILURE_TEXTS = {
  industry: (value: string) =>
    `No companies found with industry "${value}". Try: technology, healthcare, retail, finance, manufacturing.`,
  size: (value: string) =>
    `No companies found with size "${value}". Try: small, medium, large, startup, enterprise.`,
  region: (value: string) =>
    `No companies found in region "${value}". Try: United States, United Kingdom, Germany, Canada, Australia.`,
} as const satisfies Record<FilterKind, (value: string) => string>;

// Ours, not the spec's (it only says such filters are skipped as invalid).
export const UNKNOWN_FILTER_TEXTS = {
  unknownKind: (name: string) =>
    `Unknown filter "${name}": use industry, company size, region, location or country`,
  notAFilter: (text: string) => `Not a "name: value" filter: "${text}"`,
} as const;

/** Spec 3 §8 hand-off toast, shown when the copilot skipped invalid filters. */
export const skippedFiltersToast = (count: number) => ({
  title: 'Filter Validation',
  description: `Skipped ${count} invalid filter(s)`,
});

// ---------------------------------------------------------------------------------------------------------
// Kinds and placeholders
// ---------------------------------------------------------------------------------------------------------

/** Spec 3 §5: the filter's name decides its kind; null is an unknown kind. */
export function filterKind(name: string): FilterKind | null {
  const n = name.toLowerCase();
  if (n.includes('industry')) return 'industry';
  if (n.includes('company') && n.includes('size')) return 'size';
  if (n.includes('region') || n.includes('location') || n.includes('country')) return 'region';
  return null;
}

const PLACEHOLDERS = new Set(['all', 'any', 'none', 'not specified', 'unspecified', 'n/a']);

/** Spec 3 §5: placeholder (and empty) values are neither valid nor invalid. */
export const isPlaceholderValue = (value: string) => {
  const v = fold(value);
  return v === '' || PLACEHOLDERS.has(v);
};

// ---------------------------------------------------------------------------------------------------------
// Text forms
// ---------------------------------------------------------------------------------------------------------

/** For the exact step: case and spacing only. */
const fold = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** For tables and substrings: also accents, punctuation and '&', so "E-Commerce" = "e commerce", "U.S." = "us". */
const key = (text: string) =>
  fold(text)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' and ')
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .trim();

/** Drops words that say nothing about the value ("software companies" -> "software"), unless nothing is left. */
const clean = (text: string, fillers: ReadonlySet<string>) => {
  const k = key(text);
  const kept = k
    .split(' ')
    .filter((word) => !fillers.has(word))
    .join(' ');
  return kept || k;
};

const words = (text: string) => new Set(text.split(' '));
/** A list written as one comma-separated string, so long tables stay a few lines. */
const list = (text: string) => text.split(/\s*,\s*/);

const INDUSTRY_FILLERS = words(
  'companies company industry industries sector sectors firms firm businesses vertical verticals startups in the',
);
const SIZE_FILLERS = words(
  'employees employee staff people persons headcount workers fte ftes companies company businesses business ' +
    'firms organizations organisations orgs size sized with',
);
const REGION_FILLERS = words('in from within based located headquartered hq the companies company');

// ---------------------------------------------------------------------------------------------------------
// Synonym tables
// ---------------------------------------------------------------------------------------------------------

/** A table whose keys are compared in `key` form. */
const keyed = <T>(table: Record<string, T>) =>
  new Map(Object.entries(table).map(([word, target]) => [key(word), target]));

// Broad words a seller uses for a whole sector.
const TECH = 'tech, technology, technologies, high tech, information technology';
const FINANCE = 'finance, financial, finserv';
/**
 * Industry words -> INDUSTRIES names; a word under several industries means all of them. Only names present
 * in the vocabulary are returned. An industry's own name needs no entry (the exact step finds it).
 */
const INDUSTRY_WORDS: Record<IndustryName, string> = {
  Software:
    'saas, software as a service, cloud, enterprise software, cybersecurity, cyber security, infosec, ai, ' +
    `artificial intelligence, machine learning, analytics, developer tools, iot, internet of things, ${TECH}`,
  Internet: `online, web, social media, marketplace, ${TECH}`,
  'IT Services': `it, managed services, msp, ${TECH}`,
  Semiconductors: `chips, semis, electronics, ${TECH}`,
  'Computer Hardware':
    'hardware, electronics, consumer electronics, telecom equipment, telecommunications equipment, ' +
    `networking equipment, communications equipment, iot, internet of things, ${TECH}`,
  Telecommunications: 'telecom, telecoms, telco, wireless',
  'Media & Entertainment': 'media, entertainment, publishing, streaming',
  'Advertising & Marketing': 'advertising, marketing, adtech, martech',
  'Financial Services': `${FINANCE}, investment, asset management, private equity, venture capital`,
  Banking: `${FINANCE}, bank`,
  Insurance: `${FINANCE}, insurer, insurtech`,
  Fintech: `${FINANCE}, insurtech, payments, financial technology, crypto, blockchain`,
  'Real Estate': 'proptech, property, reit',
  Healthcare: 'health care, health, healthtech, digital health, hospital, medical',
  Biotechnology: 'biotech, life sciences',
  Pharmaceuticals: 'pharma, pharmaceutical, drugs, life sciences',
  'Medical Devices': 'medical, medtech, medical technology',
  Retail: 'retailer, shopping',
  'E-commerce': 'ecommerce, online retail, dtc, d2c, shopping, marketplace',
  'Consumer Goods': 'cpg, fmcg, consumer products, consumer electronics',
  'Food & Beverage': 'food, beverage, f&b',
  Manufacturing: 'industrial, industrials, factory',
  'Industrial Machinery': 'machinery, industrial, industrials',
  'Aerospace & Defense': 'aerospace, defense, defence, aviation',
  Automotive: 'auto, automobile, car, ev, electric vehicle',
  'Transportation & Logistics':
    'logistics, transportation, transport, shipping, freight, supply chain, airline, railroad, railway, trucking, courier',
  Energy: 'oil and gas, oil, renewable, renewable energy, cleantech, solar',
  Utilities: 'utility, power, cleantech',
  Chemicals: 'chemical',
  'Materials & Mining': 'mining, materials, metals, steel',
  Construction: 'building, infrastructure',
  Education: 'edtech, e-learning, higher education, school, university, universities',
  'Hospitality & Travel': 'hospitality, travel, hotel, tourism',
  'Professional Services': 'consulting, legal, accounting, staffing',
  Gaming: 'games, video games, esports',
  Agriculture: 'agtech, farming',
  Nonprofit: 'non-profit, ngo, charity',
};

const INDUSTRY_SYNONYMS = new Map<string, IndustryName[]>();
for (const [industry, text] of Object.entries(INDUSTRY_WORDS) as [IndustryName, string][]) {
  for (const word of list(text)) {
    const k = key(word);
    INDUSTRY_SYNONYMS.set(k, [...(INDUSTRY_SYNONYMS.get(k) ?? []), industry]);
  }
}

/** A table word, also in the singular ("banks" -> bank). */
const lookup = <T>(table: ReadonlyMap<string, T>, k: string) =>
  table.get(k) ?? (k.endsWith('s') ? table.get(k.slice(0, -1)) : undefined);

/**
 * Size words -> employee bands. Small is up to 50, medium 51-1,000, large and enterprise over 1,000, huge over
 * 5,000 (a sales segmentation: SMB, mid-market, enterprise).
 */
const SMALL: CompanySize[] = ['1-10', '11-50'];
const MEDIUM: CompanySize[] = ['51-200', '201-500', '501-1000'];
const LARGE: CompanySize[] = ['1001-5000', '5001-10000', '10000+'];
const HUGE: CompanySize[] = ['5001-10000', '10000+'];
const SIZE_WORDS = keyed<readonly CompanySize[]>({
  tiny: ['1-10'],
  micro: ['1-10'],
  small: SMALL,
  startup: SMALL,
  'early stage': SMALL,
  smb: ['1-10', '11-50', '51-200'],
  sme: ['1-10', '11-50', '51-200'],
  scaleup: ['51-200', '201-500'],
  'scale up': ['51-200', '201-500'],
  medium: MEDIUM,
  mid: MEDIUM, // "mid-size", "mid-sized" once the filler "size(d)" is dropped
  midsize: MEDIUM,
  midsized: MEDIUM,
  'mid market': MEDIUM,
  midmarket: MEDIUM,
  large: LARGE,
  big: LARGE,
  enterprise: LARGE,
  corporate: LARGE,
  corporation: LARGE,
  huge: HUGE,
  massive: HUGE,
  giant: HUGE,
  'very large': HUGE,
});

/**
 * Country aliases: the English name -> other names people type, and names stores use (ISO, UN). The English
 * name and every alias lead to whichever of them the vocabulary holds.
 */
const COUNTRY_ALIASES: Record<string, readonly string[]> = {
  'United States': [
    ...list('United States of America, usa, us, u.s., u.s.a., america, the states, the united states'),
    'american',
    'us-based',
    'u.s.-based',
  ],
  'United Kingdom': [
    ...list(
      'United Kingdom of Great Britain and Northern Ireland, uk, u.k., gb, britain, great britain, england, ' +
        'scotland, wales, northern ireland',
    ),
    'british',
    'uk-based',
    'english',
    'scottish',
    'welsh',
  ],
  'United Arab Emirates': ['uae', 'u.a.e.', 'emirates'],
  Netherlands: [
    ...list('holland, the netherlands, nederland, Netherlands (Kingdom of the), Kingdom of the Netherlands'),
    'dutch',
  ],
  'South Korea': ['korea', 'republic of korea', 'Korea, Republic of', 's korea', 'korean', 'south korean'],
  Germany: ['deutschland', 'federal republic of germany', 'german'],
  Czechia: ['czech republic', 'czech'],
  Slovakia: ['slovak republic'],
  Russia: ['russian federation', 'russian'],
  China: ['prc', "people's republic of china", 'mainland china', 'chinese'],
  Taiwan: ['Taiwan, Province of China', 'republic of china', 'taiwanese'],
  'Hong Kong': ['hong kong sar', 'hk'],
  Macau: ['macao'],
  Vietnam: ['viet nam', 'vietnamese'],
  Laos: ["lao people's democratic republic", 'lao pdr'],
  Brunei: ['brunei darussalam'],
  Myanmar: ['burma'],
  'Timor-Leste': ['east timor'],
  Turkey: ['türkiye', 'turkish'],
  Iran: ['Iran, Islamic Republic of', 'islamic republic of iran', 'iranian'],
  Syria: ['syrian arab republic'],
  Palestine: ['state of palestine', 'Palestine, State of'],
  'Saudi Arabia': ['ksa', 'saudi', 'kingdom of saudi arabia', 'saudi arabian'],
  Switzerland: ['schweiz', 'suisse', 'svizzera', 'swiss'],
  Austria: ['österreich', 'austrian'],
  Spain: ['españa', 'spanish'],
  Italy: ['italia', 'italian'],
  Ireland: ['éire', 'republic of ireland', 'irish'],
  'North Macedonia': ['macedonia'],
  Moldova: ['republic of moldova', 'Moldova, Republic of'],
  Brazil: ['brasil', 'brazilian'],
  Bolivia: ['Bolivia, Plurinational State of'],
  Venezuela: ['Venezuela, Bolivarian Republic of'],
  Japan: ['nippon', 'japanese'],
  'New Zealand': ['nz', 'aotearoa', 'new zealander', 'kiwi'],
  Australia: ['aus', 'australian', 'aussie'],
  'Ivory Coast': ["côte d'ivoire"],
  'Cabo Verde': ['cape verde'],
  Eswatini: ['swaziland'],
  Tanzania: ['United Republic of Tanzania', 'Tanzania, United Republic of'],
  'Democratic Republic of the Congo': ['dr congo', 'drc', 'Congo, The Democratic Republic of the'],
  Congo: ['republic of the congo'],
  Gambia: ['the gambia'],
  Bahamas: ['the bahamas'],
  // Demonyms: 'French fintech companies'.
  France: ['french'],
  Canada: ['canadian'],
  India: ['indian'],
  Israel: ['israeli'],
  Sweden: ['swedish'],
  Norway: ['norwegian'],
  Denmark: ['danish'],
  Finland: ['finnish'],
  Belgium: ['belgian'],
  Mexico: ['mexican'],
  Singapore: ['singaporean'],
  Poland: ['polish'],
  Portugal: ['portuguese'],
  Greece: ['greek'],
  Argentina: ['argentinian', 'argentine'],
  Chile: ['chilean'],
  Colombia: ['colombian'],
  'South Africa': ['south african'],
  Nigeria: ['nigerian'],
  Kenya: ['kenyan'],
  Egypt: ['egyptian'],
  Indonesia: ['indonesian'],
  Malaysia: ['malaysian'],
  Thailand: ['thai'],
  Philippines: ['filipino', 'philippine'],
  Luxembourg: ['luxembourgish'],
  Hungary: ['hungarian'],
  Romania: ['romanian'],
  Ukraine: ['ukrainian'],
  Estonia: ['estonian'],
  Iceland: ['icelandic'],
  Pakistan: ['pakistani'],
  Bangladesh: ['bangladeshi'],
};

/** Every name of a country (in `key` form) -> all names of that country. */
const COUNTRY_NAMES = new Map<string, ReadonlySet<string>>(
  Object.entries(COUNTRY_ALIASES).flatMap(([name, aliases]) => {
    const names = new Set([name, ...aliases].map(key));
    return [...names].map((n) => [n, names] as const);
  }),
);

const EU = list(
  'Austria, Belgium, Bulgaria, Croatia, Cyprus, Czechia, Denmark, Estonia, Finland, France, Germany, Greece, ' +
    'Hungary, Ireland, Italy, Latvia, Lithuania, Luxembourg, Malta, Netherlands, Poland, Portugal, Romania, ' +
    'Slovakia, Slovenia, Spain, Sweden',
);
const EUROPE = [
  ...EU,
  ...list(
    'Albania, Andorra, Belarus, Bosnia and Herzegovina, Iceland, Kosovo, Liechtenstein, Moldova, Monaco, ' +
      'Montenegro, North Macedonia, Norway, Russia, San Marino, Serbia, Switzerland, Ukraine, United Kingdom',
  ),
];
const GCC = list('Bahrain, Kuwait, Oman, Qatar, Saudi Arabia, United Arab Emirates');
const MIDDLE_EAST = [...GCC, ...list('Iran, Iraq, Israel, Jordan, Lebanon, Palestine, Syria, Turkey, Yemen')];
const AFRICA = list(
  'Algeria, Angola, Benin, Botswana, Burkina Faso, Burundi, Cabo Verde, Cameroon, Central African Republic, ' +
    'Chad, Comoros, Congo, Democratic Republic of the Congo, Djibouti, Egypt, Equatorial Guinea, Eritrea, ' +
    'Eswatini, Ethiopia, Gabon, Gambia, Ghana, Guinea, Guinea-Bissau, Ivory Coast, Kenya, Lesotho, Liberia, ' +
    'Libya, Madagascar, Malawi, Mali, Mauritania, Mauritius, Morocco, Mozambique, Namibia, Niger, Nigeria, ' +
    'Rwanda, Sao Tome and Principe, Senegal, Seychelles, Sierra Leone, Somalia, South Africa, South Sudan, ' +
    'Sudan, Tanzania, Togo, Tunisia, Uganda, Zambia, Zimbabwe',
);
const SOUTHEAST_ASIA = list(
  'Brunei, Cambodia, Indonesia, Laos, Malaysia, Myanmar, Philippines, Singapore, Thailand, Timor-Leste, Vietnam',
);
const ASIA = [
  ...SOUTHEAST_ASIA,
  ...list(
    'Bangladesh, Bhutan, China, Hong Kong, India, Japan, Macau, Maldives, Mongolia, Nepal, Pakistan, ' +
      'South Korea, Sri Lanka, Taiwan',
  ),
];
const OCEANIA = list('Australia, New Zealand, Fiji, Papua New Guinea');
// North America as sales territories draw it (NA vs LATAM): Mexico is in Latin America.
const NORTH_AMERICA = list('United States, Canada');
const SOUTH_AMERICA = list(
  'Argentina, Bolivia, Brazil, Chile, Colombia, Ecuador, Guyana, Paraguay, Peru, Suriname, Uruguay, Venezuela',
);
const CENTRAL_AMERICA = list('Belize, Costa Rica, El Salvador, Guatemala, Honduras, Nicaragua, Panama');
const LATIN_AMERICA = [
  ...SOUTH_AMERICA,
  ...CENTRAL_AMERICA,
  ...list('Mexico, Cuba, Dominican Republic, Puerto Rico'),
];
const NORDICS = list('Denmark, Finland, Iceland, Norway, Sweden');

/**
 * Every country these tables name (the copilot recognises a place even when our data has no company there,
 * so the validator can say so instead of the place going unnoticed).
 */
export const KNOWN_COUNTRIES: readonly string[] = [
  ...new Set([
    ...Object.keys(COUNTRY_ALIASES),
    ...EUROPE,
    ...MIDDLE_EAST,
    ...AFRICA,
    ...ASIA,
    ...OCEANIA,
    ...NORTH_AMERICA,
    ...LATIN_AMERICA,
  ]),
];

/** Region words -> the countries in them; only countries present in the vocabulary are returned. */
const REGION_WORDS = keyed<readonly string[]>({
  europe: EUROPE,
  eu: EU,
  'european union': EU,
  emea: [...EUROPE, ...MIDDLE_EAST, ...AFRICA],
  'middle east': MIDDLE_EAST,
  gcc: GCC,
  africa: AFRICA,
  apac: [...ASIA, ...OCEANIA],
  'asia pacific': [...ASIA, ...OCEANIA],
  asia: ASIA,
  'southeast asia': SOUTHEAST_ASIA,
  oceania: OCEANIA,
  anz: ['Australia', 'New Zealand'],
  'north america': NORTH_AMERICA,
  noram: NORTH_AMERICA,
  namer: NORTH_AMERICA,
  latam: LATIN_AMERICA,
  'latin america': LATIN_AMERICA,
  'south america': SOUTH_AMERICA,
  'central america': CENTRAL_AMERICA,
  americas: [...NORTH_AMERICA, ...LATIN_AMERICA],
  dach: ['Germany', 'Austria', 'Switzerland'],
  nordics: NORDICS,
  nordic: NORDICS,
  scandinavia: ['Denmark', 'Norway', 'Sweden'],
  benelux: ['Belgium', 'Netherlands', 'Luxembourg'],
  'uk and ireland': ['United Kingdom', 'Ireland'],
  european: EUROPE,
  asian: ASIA,
  african: AFRICA,
  'middle eastern': MIDDLE_EAST,
  'latin american': LATIN_AMERICA,
  'south american': SOUTH_AMERICA,
  'north american': NORTH_AMERICA,
  scandinavian: ['Denmark', 'Norway', 'Sweden'],
});

const SILICON_VALLEY = list(
  'Palo Alto, Mountain View, Menlo Park, San Jose, Sunnyvale, Santa Clara, Cupertino',
);
/** City nicknames -> stored city names. */
const CITY_ALIASES = keyed<readonly string[]>({
  nyc: ['New York', 'New York City'],
  'new york city': ['New York', 'New York City'],
  la: ['Los Angeles'],
  sf: ['San Francisco'],
  'san fran': ['San Francisco'],
  'bay area': [...SILICON_VALLEY, ...list('San Francisco, Oakland, Berkeley, Redwood City, San Mateo')],
  'silicon valley': SILICON_VALLEY,
  dc: ['Washington', 'Washington, D.C.'],
  'washington dc': ['Washington', 'Washington, D.C.'],
  philly: ['Philadelphia'],
  vegas: ['Las Vegas'],
});

/**
 * U.S. state codes -> state names (the `regions` vocabulary). Left out where a code is an everyday word or
 * means something else in a region filter: IN, OR, ME, HI, OK, DE (Germany), LA (Los Angeles).
 */
const STATE_CODES = keyed<readonly string[]>(
  Object.fromEntries(
    (
      'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|FL Florida|GA Georgia|' +
      'ID Idaho|IL Illinois|IA Iowa|KS Kansas|KY Kentucky|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|' +
      'MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|' +
      'NY New York|NC North Carolina|ND North Dakota|OH Ohio|PA Pennsylvania|RI Rhode Island|SC South Carolina|' +
      'SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|' +
      'WI Wisconsin|WY Wyoming'
    )
      .split('|')
      .map((entry) => [entry.slice(0, 2), [entry.slice(3)]]),
  ),
);

// ---------------------------------------------------------------------------------------------------------
// Employee numbers
// ---------------------------------------------------------------------------------------------------------

export type EmployeeRange = { min: number; max: number };

const NUMBER = String.raw`(\d+(?:\.\d+)?)\s*([km])?\b`;
const toNumber = (digits: string | undefined, suffix: string | undefined) =>
  Number(digits) * (suffix === 'k' ? 1_000 : suffix === 'm' ? 1_000_000 : 1);

/** How each way of writing a number of employees turns into a range (n is the number written). */
const RANGE_PATTERNS: [RegExp, (a: number, b: number) => EmployeeRange][] = [
  [
    new RegExp(`${NUMBER}\\s*(?:-|–|—|to|and)\\s*${NUMBER}`),
    (a, b) => ({ min: Math.min(a, b), max: Math.max(a, b) }),
  ],
  [new RegExp(`(?:up to|at most|no more than|<=|≤|max(?:imum)?)\\s*${NUMBER}`), (n) => ({ min: 0, max: n })],
  [new RegExp(`${NUMBER}\\s*or (?:less|fewer)`), (n) => ({ min: 0, max: n })],
  [new RegExp(`(?:at least|>=|≥|min(?:imum)?)\\s*${NUMBER}`), (n) => ({ min: n, max: Infinity })],
  [new RegExp(`${NUMBER}\\s*(?:\\+|or more|plus)`), (n) => ({ min: n, max: Infinity })],
  [new RegExp(`(?:less than|fewer than|under|below|<)\\s*${NUMBER}`), (n) => ({ min: 0, max: n - 1 })],
  [
    new RegExp(`(?:more than|over|above|greater than|>)\\s*${NUMBER}`),
    (n) => ({ min: n + 1, max: Infinity }),
  ],
  // A lone number, not the end of a range or a negative number ("-5").
  [new RegExp(`(?<![-\\d.])${NUMBER}`), (n) => ({ min: n, max: n })],
];

/**
 * The employee range a text describes: "50-200", "50 to 200 employees", "more than 1,000", "over 500",
 * "< 50", "5k+", "300". Null when it holds no number we can use.
 */
export function parseEmployeeRange(text: string): EmployeeRange | null {
  // Drop thousands separators, but keep a comma that separates two numbers ("10,000" vs "10, 200").
  const t = fold(text).replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  for (const [pattern, toRange] of RANGE_PATTERNS) {
    const m = pattern.exec(t);
    if (!m) continue;
    // The one-number patterns have their number in groups 1-2; the range pattern has a second in 3-4.
    const a = toNumber(m[1], m[2]);
    const b = m[3] === undefined ? a : toNumber(m[3], m[4]);
    if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
    return toRange(Math.round(a), Math.round(b));
  }
  return null;
}

/** An employee-band label as a range: "51-200", "10000+". */
const bandRange = (label: string): EmployeeRange | null => {
  const t = fold(label).replace(/,/g, '');
  const between = /^(\d+)\s*-\s*(\d+)$/.exec(t);
  if (between) return { min: Number(between[1]), max: Number(between[2]) };
  const open = /^(\d+)\s*\+$/.exec(t);
  return open ? { min: Number(open[1]), max: Infinity } : null;
};

/**
 * The bands a range overlaps. Bands that only touch its ends are left out ("50-200" is 51-200, not also
 * 11-50), unless touching is all there is (a single number such as "500").
 */
function overlappingBands(column: Column, range: EmployeeRange): string[] {
  const overlaps = (strict: boolean) =>
    column.values.filter((label) => {
      const band = bandRange(label);
      if (!band) return false;
      const from = Math.max(band.min, range.min);
      const to = Math.min(band.max, range.max);
      return strict ? from < to : from <= to;
    });
  const inside = overlaps(true);
  return inside.length > 0 ? inside : overlaps(false);
}

// ---------------------------------------------------------------------------------------------------------
// Matching against the vocabulary
// ---------------------------------------------------------------------------------------------------------

/** One column's distinct stored values, with their text forms worked out once. */
type Column = {
  values: readonly string[];
  /** Positions of the values by their `fold` and `key` forms. */
  byFold: ReadonlyMap<string, number[]>;
  byKey: ReadonlyMap<string, number[]>;
  /** Each value's `key` between spaces, for whole-word substring tests. */
  padded: readonly string[];
};
type VocabularyIndex = Record<FilterField, Column>;

function columnOf(stored: readonly string[] = []): Column {
  const values = [...new Set(stored)];
  const byFold = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  const padded = values.map((value, i) => {
    const [f, k] = [fold(value), key(value)];
    byFold.set(f, [...(byFold.get(f) ?? []), i]);
    byKey.set(k, [...(byKey.get(k) ?? []), i]);
    return ` ${k} `;
  });
  return { values, byFold, byKey, padded };
}

// The server passes the same vocabulary object for many searches: index it once (so treat it as read-only).
const indexes = new WeakMap<FilterVocabulary, VocabularyIndex>();
function indexOf(vocabulary: FilterVocabulary): VocabularyIndex {
  let index = indexes.get(vocabulary);
  if (!index) {
    index = {
      industries: columnOf(vocabulary.industries),
      companySizes: columnOf(vocabulary.sizes),
      countries: columnOf(vocabulary.countries),
      regions: columnOf(vocabulary.regions),
      cities: columnOf(vocabulary.cities),
    };
    indexes.set(vocabulary, index);
  }
  return index;
}

/** The stored values at these positions, once each, in the vocabulary's order. */
const at = (column: Column, positions: number[]) =>
  [...new Set(positions)].sort((a, b) => a - b).map((i) => column.values[i] as string);

const exactIn = (column: Column, value: string) => at(column, column.byFold.get(fold(value)) ?? []);

/** Stored values with the same `key` as one of the names. */
const namedIn = (column: Column, names: readonly string[] = []) =>
  at(
    column,
    names.flatMap((name) => column.byKey.get(key(name)) ?? []),
  );

/** Stored countries that are one of the names, under any of their aliases. */
const countriesNamed = (column: Column, names: readonly string[] = []) =>
  namedIn(
    column,
    names.flatMap((name) => [...(COUNTRY_NAMES.get(key(name)) ?? [name])]),
  );

/** Spec 3 §5 substring step, on whole words so "ai" does not find "Retail". */
function partialIn(column: Column, k: string): string[] {
  if (k.length < 3) return [];
  const wordStart = ` ${k}`;
  const padded = ` ${k} `;
  // A padded key of 5+ characters is a stored value of 3+.
  return column.values.filter((_, i) => {
    const stored = column.padded[i] as string;
    return stored.length >= 5 && (stored.includes(wordStart) || padded.includes(stored));
  });
}

const found = (field: FilterField, rule: MatchRule, values: string[]): FilterMatch | null =>
  values.length > 0 ? { field, values, rule, confidence: MATCH_CONFIDENCE[rule] } : null;

/** The same words written differently ("E Commerce", "software companies"), else the synonym table. */
const industrySynonyms = (index: VocabularyIndex, k: string) => {
  const same = namedIn(index.industries, [k]);
  return same.length > 0 ? same : namedIn(index.industries, lookup(INDUSTRY_SYNONYMS, k));
};

function matchIndustry(value: string, index: VocabularyIndex): FilterMatch | null {
  const k = clean(value, INDUSTRY_FILLERS);
  const variants = (): string[] => {
    for (const suffix of ['Services', 'Manufacturing', 'Technology']) {
      const matched = namedIn(index.industries, [`${k} ${suffix}`]);
      if (matched.length > 0) return matched;
    }
    const first = k.split(' ')[0] ?? '';
    if (first === k) return [];
    const byFirst = namedIn(index.industries, [first]);
    if (byFirst.length > 0) return byFirst;
    const bySynonym = industrySynonyms(index, first);
    return bySynonym.length > 0 ? bySynonym : partialIn(index.industries, first);
  };
  return (
    found('industries', 'exact', exactIn(index.industries, value)) ??
    found('industries', 'synonym', industrySynonyms(index, k)) ??
    found('industries', 'partial', partialIn(index.industries, k)) ??
    found('industries', 'variant', variants())
  );
}

/** Size words, alone or joined ("small to medium", "smb or mid-market"). */
function sizeWordBands(k: string): readonly string[] {
  const bands = k.split(/ (?:to|and|or) /).map((part) => lookup(SIZE_WORDS, part));
  return bands.every((band) => band !== undefined) ? bands.flat() : [];
}

function matchSize(value: string, index: VocabularyIndex): FilterMatch | null {
  const sizes = index.companySizes;
  const k = clean(value, SIZE_FILLERS);
  const numbers = () => {
    const range = parseEmployeeRange(value);
    return range ? overlappingBands(sizes, range) : [];
  };
  return (
    found('companySizes', 'exact', exactIn(sizes, value)) ??
    found('companySizes', 'synonym', namedIn(sizes, [k, ...sizeWordBands(k)])) ??
    found('companySizes', 'synonym', numbers()) ??
    // A number never goes on to the substring step: "500" is inside four band labels.
    (/\d/.test(value) ? null : found('companySizes', 'partial', partialIn(sizes, k)))
  );
}

/** Where a place may be stored; a value goes to the first that has it, as the search ANDs these columns. */
const PLACE_FIELDS = ['countries', 'regions', 'cities'] as const;

function matchRegion(value: string, index: VocabularyIndex): FilterMatch | null {
  const k = clean(value, REGION_FILLERS);
  const inFirstPlace = (rule: MatchRule, matchIn: (column: Column) => string[]) => {
    for (const field of PLACE_FIELDS) {
      const match = found(field, rule, matchIn(index[field]));
      if (match) return match;
    }
    return null;
  };
  return (
    inFirstPlace('exact', (column) => exactIn(column, value)) ??
    // The same words written differently ("Mexico" for "México", "based in Texas") count as synonyms.
    found('countries', 'synonym', countriesNamed(index.countries, [k])) ??
    found('countries', 'synonym', countriesNamed(index.countries, REGION_WORDS.get(k))) ??
    found('regions', 'synonym', namedIn(index.regions, [k, ...(STATE_CODES.get(k) ?? [])])) ??
    found('cities', 'synonym', namedIn(index.cities, [k, ...(CITY_ALIASES.get(k) ?? [])])) ??
    inFirstPlace('partial', (column) => partialIn(column, k))
  );
}

const MATCHERS: Record<FilterKind, (value: string, index: VocabularyIndex) => FilterMatch | null> = {
  industry: matchIndustry,
  size: matchSize,
  region: matchRegion,
};

/** The stored values one filter value stands for, and how they were found; null when nothing matches. */
export function matchFilterValue(
  kind: FilterKind,
  value: string,
  vocabulary: FilterVocabulary,
): FilterMatch | null {
  return MATCHERS[kind](value.trim(), indexOf(vocabulary));
}

// ---------------------------------------------------------------------------------------------------------
// Validating a list of filters
// ---------------------------------------------------------------------------------------------------------

/** A list in one value: "usa, uk", "software; fintech", "San Francisco, California". */
const splitList = (value: string) =>
  value
    .split(/\s*(?:[;|&]|,(?!\d{3}(?!\d))|\band\b|\bor\b)\s*/i)
    .map((part) => part.trim())
    .filter((part) => !isPlaceholderValue(part));

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^["'`]+|["'`]+$/g, '')
    .trim();

/** The filter's text as shown, its name (null without "name:"), kind and value. */
function parseFilter(input: FilterInput) {
  if (typeof input !== 'string') {
    const value = unquote(input.value);
    return { text: `${input.kind}: ${value}`, name: input.kind, kind: input.kind, value };
  }
  const text = input.trim();
  const colon = text.indexOf(':');
  if (colon < 0) return { text, name: null, kind: null, value: unquote(text) };
  const name = text.slice(0, colon).trim();
  return { text, name, kind: filterKind(name), value: unquote(text.slice(colon + 1)) };
}

function checkFilter(input: FilterInput, vocabulary: FilterVocabulary): FilterDetail[] {
  const { text, name, kind, value } = parseFilter(input);
  // Nothing was asked for, so there is nothing to call invalid either (even under an unknown name).
  if (isPlaceholderValue(value)) return [{ original: text, kind, value, status: 'ignored' }];
  if (!kind) {
    const reason =
      name === null ? UNKNOWN_FILTER_TEXTS.notAFilter(text) : UNKNOWN_FILTER_TEXTS.unknownKind(name);
    return [{ original: text, kind, value, status: 'invalid', reason }];
  }

  const check = (original: string, part: string): FilterDetail => {
    const match = matchFilterValue(kind, part, vocabulary);
    return match
      ? { original, kind, value: part, status: 'valid', match }
      : { original, kind, value: part, status: 'invalid', reason: FILTER_FAILURE_TEXTS[kind](part) };
  };
  // A list is checked part by part, unless the whole is a name or synonym ("Oil & Gas", "1,000+", "small to
  // medium"); a substring of the whole would keep one part and drop the rest ("us and canada" -> Canada).
  const whole = check(text, value);
  if (whole.status === 'valid' && whole.match.confidence >= MATCH_CONFIDENCE.synonym) return [whole];
  const parts = splitList(value);
  if (parts.length === 0) return [{ original: text, kind, value, status: 'ignored' }];
  if (parts.length === 1 && parts[0] === value) return [whole];
  const checked = parts.map((part) => check(`${name}: ${part}`, part));
  return checked.some((part) => part.status === 'valid') ? checked : [whole];
}

const addUnique = (target: string[], values: readonly string[]) => {
  for (const value of values) if (!target.includes(value)) target.push(value);
};

/**
 * Spec 3 §5: validates filter suggestions against the stored values. Valid filters hold stored values (never
 * the user's words), de-duplicated; each invalid filter adds its failure suggestion once.
 */
export function validateFilters(
  filters: readonly FilterInput[],
  vocabulary: FilterVocabulary,
): FilterValidation {
  const details = filters.flatMap((filter) => checkFilter(filter, vocabulary));
  const result: FilterValidation = {
    validFilters: { industries: [], companySizes: [], countries: [], cities: [], regions: [] },
    invalidFilters: [],
    suggestions: [],
    details,
  };
  for (const detail of details) {
    if (detail.status === 'valid') addUnique(result.validFilters[detail.match.field], detail.match.values);
    if (detail.status === 'invalid') {
      addUnique(result.invalidFilters, [detail.original]);
      if (detail.kind) addUnique(result.suggestions, [FILTER_FAILURE_TEXTS[detail.kind](detail.value)]);
    }
  }
  return result;
}
