import { describe, expect, it } from 'vitest';
import { COMPANY_SIZES, INDUSTRY_NAMES } from './companies.ts';
import {
  type FilterInput,
  type FilterVocabulary,
  filterKind,
  isPlaceholderValue,
  MATCH_CONFIDENCE,
  matchFilterValue,
  parseEmployeeRange,
  skippedFiltersToast,
  validateFilters,
} from './filter-validator.ts';

/** What company_master holds in these tests: our industry names and size bands, a few places. */
const VOCABULARY: FilterVocabulary = {
  industries: [...INDUSTRY_NAMES],
  sizes: [...COMPANY_SIZES],
  countries: [
    'United States',
    'United Kingdom',
    'Germany',
    'Canada',
    'Australia',
    'Netherlands',
    'South Korea',
    'United Arab Emirates',
    'Czechia',
    'France',
    'Austria',
    'Switzerland',
    'Sweden',
    'Norway',
    'Japan',
    'Brazil',
    'Mexico',
    'Israel',
    'India',
    'Singapore',
    'Ireland',
    'Spain',
  ],
  regions: ['California', 'New York', 'Texas', 'Massachusetts', 'Ontario'],
  cities: ['San Francisco', 'New York', 'Palo Alto', 'London', 'Berlin', 'Toronto', 'Los Angeles'],
};

const SMALL = ['1-10', '11-50'];
const MEDIUM = ['51-200', '201-500', '501-1000'];
const LARGE = ['1001-5000', '5001-10000', '10000+'];
const HUGE = ['5001-10000', '10000+'];
const TECH = ['Software', 'Internet', 'IT Services', 'Semiconductors', 'Computer Hardware'];

const industry = (value: string, vocabulary = VOCABULARY) => matchFilterValue('industry', value, vocabulary);
const size = (value: string, vocabulary = VOCABULARY) => matchFilterValue('size', value, vocabulary);
const region = (value: string, vocabulary = VOCABULARY) => matchFilterValue('region', value, vocabulary);
const validate = (filters: FilterInput[], vocabulary = VOCABULARY) => validateFilters(filters, vocabulary);
const vocabulary = (parts: Partial<FilterVocabulary>): FilterVocabulary => ({
  industries: [],
  sizes: [],
  countries: [],
  ...parts,
});

const INDUSTRY_FAILURE = (value: string) =>
  `No companies found with industry "${value}". Try: technology, healthcare, retail, finance, manufacturing.`;
const SIZE_FAILURE = (value: string) =>
  `No companies found with size "${value}". Try: small, medium, large, startup, enterprise.`;
const REGION_FAILURE = (value: string) =>
  `No companies found in region "${value}". Try: United States, United Kingdom, Germany, Canada, Australia.`;

describe('filter kinds (spec 3 §5)', () => {
  it.each([
    ['industry', 'industry'],
    ['Primary Industry', 'industry'],
    ['industryType', 'industry'],
    ['company size', 'size'],
    ['companySize', 'size'],
    ['Company_Size', 'size'],
    ['size of company', 'size'],
    ['region', 'region'],
    ['Location', 'region'],
    ['HQ location', 'region'],
    ['country', 'region'],
  ])('"%s" is a %s filter', (name, kind) => {
    expect(filterKind(name)).toBe(kind);
  });

  it('checks industry first, then company size, then region', () => {
    expect(filterKind('industry by company size')).toBe('industry');
    expect(filterKind('company size by region')).toBe('size');
  });

  it.each(['size', 'employees', 'company', 'revenue', 'technology', 'city', ''])(
    '"%s" is unknown',
    (name) => {
      expect(filterKind(name)).toBeNull();
    },
  );

  it('skips an unknown kind as invalid, with a reason and no suggestion', () => {
    const result = validate(['revenue: $10M', 'size: small']);
    expect(result.invalidFilters).toEqual(['revenue: $10M', 'size: small']);
    expect(result.suggestions).toEqual([]);
    expect(result.validFilters).toEqual({
      industries: [],
      companySizes: [],
      countries: [],
      cities: [],
      regions: [],
    });
    expect(result.details[0]).toEqual({
      original: 'revenue: $10M',
      kind: null,
      value: '$10M',
      status: 'invalid',
      reason: 'Unknown filter "revenue": use industry, company size, region, location or country',
    });
  });

  it('skips a suggestion without "name: value" as invalid', () => {
    const result = validate(['  tech companies in Germany ']);
    expect(result.invalidFilters).toEqual(['tech companies in Germany']);
    expect(result.details[0]).toMatchObject({
      status: 'invalid',
      reason: 'Not a "name: value" filter: "tech companies in Germany"',
    });
  });

  it('takes the structured form with its kind as given', () => {
    const result = validate([
      { kind: 'size', value: 'small' },
      { kind: 'region', value: 'holland' },
    ]);
    expect(result.validFilters.companySizes).toEqual(SMALL);
    expect(result.validFilters.countries).toEqual(['Netherlands']);
    expect(result.details.map((d) => d.original)).toEqual(['size: small', 'region: holland']);
  });
});

describe('placeholder values (spec 3 §5)', () => {
  const placeholders = ['all', 'any', 'none', 'not specified', 'unspecified', 'n/a'];

  it.each(placeholders)('"%s" is ignored for every kind: neither valid nor invalid', (word) => {
    const result = validate([`industry: ${word}`, `company size: ${word}`, `region: ${word}`]);
    expect(result.validFilters).toEqual({
      industries: [],
      companySizes: [],
      countries: [],
      cities: [],
      regions: [],
    });
    expect(result.invalidFilters).toEqual([]);
    expect(result.suggestions).toEqual([]);
    expect(result.details.map((d) => d.status)).toEqual(['ignored', 'ignored', 'ignored']);
  });

  it.each(['ALL', '  Any ', 'NONE', 'Not  Specified', 'UnSpecified', 'N/A', ''])(
    'ignores "%s" whatever its case and spacing, and an empty value',
    (word) => {
      expect(isPlaceholderValue(word)).toBe(true);
      expect(validate([`industry: ${word}`]).details[0]?.status).toBe('ignored');
    },
  );

  it('ignores a quoted placeholder', () => {
    expect(validate(['industry: "n/a"']).details[0]?.status).toBe('ignored');
  });

  it('ignores a placeholder even under an unknown name', () => {
    const result = validate(['revenue: any', 'any']);
    expect(result.invalidFilters).toEqual([]);
    expect(result.details.map((d) => d.status)).toEqual(['ignored', 'ignored']);
  });

  it('does not take values that only contain a placeholder word for one', () => {
    expect(isPlaceholderValue('all of europe')).toBe(false);
    expect(isPlaceholderValue('nonexistent')).toBe(false);
    expect(isPlaceholderValue('n/a n/a')).toBe(false);
  });
});

describe('match confidences (spec 3 §4, §9)', () => {
  it('are 100, 90, 75 and 60', () => {
    expect(MATCH_CONFIDENCE).toEqual({ exact: 100, synonym: 90, partial: 75, variant: 60 });
  });
});

describe('industry matching', () => {
  it('exact, case- and whitespace-insensitive (100)', () => {
    expect(industry('software')).toEqual({
      field: 'industries',
      values: ['Software'],
      rule: 'exact',
      confidence: 100,
    });
    expect(industry('  REAL    estate ')).toMatchObject({ values: ['Real Estate'], rule: 'exact' });
    expect(industry('e-commerce')).toMatchObject({ values: ['E-commerce'], rule: 'exact' });
  });

  it.each([
    ['tech', TECH],
    ['Technology', TECH],
    ['software companies', ['Software']],
    ['saas', ['Software']],
    ['fintech startups', ['Fintech']],
    ['pharma', ['Pharmaceuticals']],
    ['biotech', ['Biotechnology']],
    ['finance', ['Financial Services', 'Banking', 'Insurance', 'Fintech']],
    ['banks', ['Banking']],
    ['health care', ['Healthcare']],
    ['medical', ['Healthcare', 'Medical Devices']],
    ['ecommerce', ['E-commerce']],
    ['E Commerce', ['E-commerce']],
    ['auto', ['Automotive']],
    ['oil and gas', ['Energy']],
    ['Oil & Gas', ['Energy']],
    ['telecom', ['Telecommunications']],
    ['media', ['Media & Entertainment']],
    ['video games', ['Gaming']],
    ['edtech', ['Education']],
    ['proptech', ['Real Estate']],
    ['logistics', ['Transportation & Logistics']],
    ['f&b', ['Food & Beverage']],
    ['non-profit', ['Nonprofit']],
  ])('synonym "%s" -> %j (90)', (value, expected) => {
    expect(industry(value)).toEqual({
      field: 'industries',
      values: expected,
      rule: 'synonym',
      confidence: 90,
    });
  });

  it('returns only the synonym targets that are stored', () => {
    const stored = vocabulary({ industries: ['Banking', 'Software'] });
    expect(industry('tech', stored)).toMatchObject({ values: ['Software'], rule: 'synonym' });
    expect(industry('finance', stored)).toMatchObject({ values: ['Banking'], rule: 'synonym' });
  });

  it('goes on to the substring step when no synonym target is stored', () => {
    const stored = vocabulary({ industries: ['Computer Software'] });
    expect(industry('software', stored)).toEqual({
      field: 'industries',
      values: ['Computer Software'],
      rule: 'partial',
      confidence: 75,
    });
  });

  it.each([
    ['bio', ['Biotechnology']],
    ['semiconductor', ['Semiconductors']],
    ['aero', ['Aerospace & Defense']],
    ['services', ['IT Services', 'Financial Services', 'Professional Services']],
    ['b2b software platforms', ['Software']],
    ['software or fintech', ['Software', 'Fintech']],
  ])('substring "%s" -> %j (75)', (value, expected) => {
    expect(industry(value)).toEqual({
      field: 'industries',
      values: expected,
      rule: 'partial',
      confidence: 75,
    });
  });

  it('does not find words inside other words or from two letters', () => {
    expect(industry('ail', vocabulary({ industries: ['Retail'] }))).toBeNull();
    expect(industry('re', vocabulary({ industries: ['Retail'] }))).toBeNull();
  });

  it('tries the suffixes Services, Manufacturing and Technology (60)', () => {
    const stored = vocabulary({ industries: ['HR Services', 'EV Manufacturing', 'AI Technology'] });
    expect(industry('hr', stored)).toEqual({
      field: 'industries',
      values: ['HR Services'],
      rule: 'variant',
      confidence: 60,
    });
    expect(industry('EV', stored)).toMatchObject({ values: ['EV Manufacturing'], rule: 'variant' });
    expect(industry('ai', stored)).toMatchObject({ values: ['AI Technology'], rule: 'variant' });
  });

  it('tries the first word (60)', () => {
    expect(industry('biotech platforms')).toEqual({
      field: 'industries',
      values: ['Biotechnology'],
      rule: 'variant',
      confidence: 60,
    });
    expect(industry('Pharma distributors')).toMatchObject({ values: ['Pharmaceuticals'], rule: 'variant' });
    expect(industry('Bio foo', vocabulary({ industries: ['Biotechnology'] }))).toMatchObject({
      values: ['Biotechnology'],
      rule: 'variant',
    });
  });

  it('stops at the first step that matches', () => {
    // exact beats a substring ("Software Services" also contains "software")
    const withServices = vocabulary({ industries: ['Software', 'Software Services'] });
    expect(industry('software', withServices)).toMatchObject({ values: ['Software'], rule: 'exact' });
    // synonym beats substring and variant
    const withPharmaServices = vocabulary({ industries: ['Pharmaceuticals', 'Pharma Services'] });
    expect(industry('pharma', withPharmaServices)).toMatchObject({
      values: ['Pharmaceuticals'],
      rule: 'synonym',
    });
    // substring beats the variant, which would only find "Bio Services"
    const withBio = vocabulary({ industries: ['Bio Services', 'Biology'] });
    expect(industry('bio', withBio)).toMatchObject({ values: ['Bio Services', 'Biology'], rule: 'partial' });
  });

  it('returns null when nothing matches', () => {
    expect(industry('underwater basket weaving')).toBeNull();
  });
});

describe('size matching', () => {
  it('exact (100)', () => {
    expect(size('1-10')).toEqual({ field: 'companySizes', values: ['1-10'], rule: 'exact', confidence: 100 });
    expect(size(' 10000+ ')).toMatchObject({ values: ['10000+'], rule: 'exact' });
  });

  it.each([
    ['tiny', ['1-10']],
    ['micro', ['1-10']],
    ['small', SMALL],
    ['Small businesses', SMALL],
    ['startup', SMALL],
    ['startups', SMALL],
    ['medium', MEDIUM],
    ['mid-size', MEDIUM],
    ['midsize', MEDIUM],
    ['Mid-sized companies', MEDIUM],
    ['mid-market', MEDIUM],
    ['large', LARGE],
    ['big', LARGE],
    ['enterprise', LARGE],
    ['corporate', LARGE],
    ['huge', HUGE],
    ['massive', HUGE],
    ['small to medium', [...SMALL, ...MEDIUM]],
    ['startup or enterprise', [...SMALL, ...LARGE]],
  ])('size word "%s" -> %j (90)', (value, expected) => {
    expect(size(value)).toEqual({ field: 'companySizes', values: expected, rule: 'synonym', confidence: 90 });
  });

  it.each([
    ['50-200', ['51-200']],
    ['50 - 200', ['51-200']],
    ['50 to 200 employees', ['51-200']],
    ['between 50 and 200 staff', ['51-200']],
    ['200-50', ['51-200']],
    ['10-50', ['11-50']],
    ['100-1000', ['51-200', '201-500', '501-1000']],
    ['more than 1000', LARGE],
    ['more than 1,000 employees', LARGE],
    ['over 500', ['501-1000', ...LARGE]],
    ['> 10000', ['10000+']],
    ['at least 200', ['201-500', '501-1000', ...LARGE]],
    ['1,000+', LARGE],
    ['5k+', HUGE],
    ['< 50', SMALL],
    ['under 11 people', ['1-10']],
    ['up to 10', ['1-10']],
    ['fewer than 200', [...SMALL, '51-200']],
    ['300', ['201-500']],
    ['1.5k', ['1001-5000']],
    ['10000', ['5001-10000', '10000+']],
    ['99999999999 employees', ['10000+']],
  ])('employee numbers "%s" -> %j (90)', (value, expected) => {
    expect(size(value)).toEqual({ field: 'companySizes', values: expected, rule: 'synonym', confidence: 90 });
  });

  it.each(['0 employees', 'abc-def', '-5', '9'.repeat(400), 'gigantic-ish'])(
    '"%s" matches no size',
    (value) => {
      expect(size(value)).toBeNull();
    },
  );

  it('reads employee ranges', () => {
    expect(parseEmployeeRange('50 to 200 employees')).toEqual({ min: 50, max: 200 });
    expect(parseEmployeeRange('more than 1000')).toEqual({ min: 1001, max: Infinity });
    expect(parseEmployeeRange('under 50')).toEqual({ min: 0, max: 49 });
    expect(parseEmployeeRange('5k+')).toEqual({ min: 5000, max: Infinity });
    expect(parseEmployeeRange('abc-def')).toBeNull();
  });

  it('never guesses a number by substring ("500" is inside four labels)', () => {
    expect(size('500')).toMatchObject({ values: ['201-500'], rule: 'synonym' });
    expect(size('500', vocabulary({ sizes: ['Small', 'Large'] }))).toBeNull();
  });

  it('finds a stored label by substring when the labels are words (75)', () => {
    const stored = vocabulary({ sizes: ['Small (1-50)', 'Large (1000+)'] });
    expect(size('small', stored)).toEqual({
      field: 'companySizes',
      values: ['Small (1-50)'],
      rule: 'partial',
      confidence: 75,
    });
  });

  it('returns only stored bands, and has no variant step', () => {
    expect(size('large', vocabulary({ sizes: ['1-10', '10000+'] }))).toMatchObject({ values: ['10000+'] });
    expect(size('large', vocabulary({ sizes: ['1-10'] }))).toBeNull();
    expect(size('xl', vocabulary({ sizes: ['XL Services', 'XL Technology'] }))).toBeNull();
  });
});

describe('region matching', () => {
  it('exact (100) against countries, then regions, then cities', () => {
    expect(region('germany')).toEqual({
      field: 'countries',
      values: ['Germany'],
      rule: 'exact',
      confidence: 100,
    });
    expect(region('CALIFORNIA')).toEqual({
      field: 'regions',
      values: ['California'],
      rule: 'exact',
      confidence: 100,
    });
    expect(region(' palo  alto ')).toEqual({
      field: 'cities',
      values: ['Palo Alto'],
      rule: 'exact',
      confidence: 100,
    });
    // Stored as a state and as a city: one column only, as the search ANDs them.
    expect(region('New York')).toMatchObject({ field: 'regions', values: ['New York'] });
    const georgia = vocabulary({ countries: ['Georgia'], regions: ['Georgia'] });
    expect(region('georgia', georgia)).toMatchObject({ field: 'countries', values: ['Georgia'] });
  });

  it.each([
    ['usa', 'United States'],
    ['US', 'United States'],
    ['u.s.', 'United States'],
    ['U.S.A.', 'United States'],
    ['United States of America', 'United States'],
    ['america', 'United States'],
    ['US-based', 'United States'],
    ['uk', 'United Kingdom'],
    ['U.K.', 'United Kingdom'],
    ['britain', 'United Kingdom'],
    ['Great Britain', 'United Kingdom'],
    ['england', 'United Kingdom'],
    ['UAE', 'United Arab Emirates'],
    ['holland', 'Netherlands'],
    ['The Netherlands', 'Netherlands'],
    ['korea', 'South Korea'],
    ['Republic of Korea', 'South Korea'],
    ['deutschland', 'Germany'],
    ['based in Germany', 'Germany'],
    ['Czech Republic', 'Czechia'],
    ['México', 'Mexico'],
    ['brasil', 'Brazil'],
    // Demonyms, as sellers write them ("German automotive companies").
    ['German', 'Germany'],
    ['Japanese', 'Japan'],
    ['French', 'France'],
    ['British', 'United Kingdom'],
    ['Dutch', 'Netherlands'],
    ['Swiss', 'Switzerland'],
    ['Israeli', 'Israel'],
    ['Canadian', 'Canada'],
    ['Indian', 'India'],
    ['Korean', 'South Korea'],
    ['American', 'United States'],
  ])('country alias "%s" -> %s (90)', (value, expected) => {
    expect(region(value)).toEqual({
      field: 'countries',
      values: [expected],
      rule: 'synonym',
      confidence: 90,
    });
  });

  it('leads an alias to the name the vocabulary uses', () => {
    const iso = vocabulary({
      countries: ['United States of America', 'Korea, Republic of', 'Czech Republic'],
    });
    expect(region('usa', iso)).toMatchObject({ values: ['United States of America'], rule: 'synonym' });
    expect(region('United States', iso)).toMatchObject({
      values: ['United States of America'],
      rule: 'synonym',
    });
    expect(region('south korea', iso)).toMatchObject({ values: ['Korea, Republic of'] });
    expect(region('czechia', iso)).toMatchObject({ values: ['Czech Republic'] });
    expect(region('nz', iso)).toBeNull();
  });

  it.each([
    [
      'europe',
      [
        'United Kingdom',
        'Germany',
        'Netherlands',
        'Czechia',
        'France',
        'Austria',
        'Switzerland',
        'Sweden',
        'Norway',
        'Ireland',
        'Spain',
      ],
    ],
    ['EU', ['Germany', 'Netherlands', 'Czechia', 'France', 'Austria', 'Sweden', 'Ireland', 'Spain']],
    [
      'EMEA',
      [
        'United Kingdom',
        'Germany',
        'Netherlands',
        'United Arab Emirates',
        'Czechia',
        'France',
        'Austria',
        'Switzerland',
        'Sweden',
        'Norway',
        'Israel',
        'Ireland',
        'Spain',
      ],
    ],
    ['apac', ['Australia', 'South Korea', 'Japan', 'India', 'Singapore']],
    ['LATAM', ['Brazil', 'Mexico']],
    ['north america', ['United States', 'Canada']],
    ['DACH', ['Germany', 'Austria', 'Switzerland']],
    ['nordics', ['Sweden', 'Norway']],
    ['benelux', ['Netherlands']],
    ['middle east', ['United Arab Emirates', 'Israel']],
  ])('region word "%s" -> the stored countries in it (90)', (value, expected) => {
    expect(region(value)).toEqual({ field: 'countries', values: expected, rule: 'synonym', confidence: 90 });
  });

  it('finds a continent country under the name the vocabulary uses, and nothing when none is stored', () => {
    expect(region('europe', vocabulary({ countries: ['Czech Republic', 'Canada'] }))).toMatchObject({
      values: ['Czech Republic'],
    });
    expect(region('europe', vocabulary({ countries: ['United States'] }))).toBeNull();
  });

  it('reads U.S. state codes and city nicknames (90)', () => {
    expect(region('CA')).toEqual({
      field: 'regions',
      values: ['California'],
      rule: 'synonym',
      confidence: 90,
    });
    expect(region('tx')).toMatchObject({ field: 'regions', values: ['Texas'] });
    expect(region('NYC')).toEqual({ field: 'cities', values: ['New York'], rule: 'synonym', confidence: 90 });
    expect(region('LA')).toMatchObject({ field: 'cities', values: ['Los Angeles'] });
    expect(region('bay area')).toMatchObject({ field: 'cities', values: ['San Francisco', 'Palo Alto'] });
  });

  it.each([
    ['united', 'countries', ['United States', 'United Kingdom', 'United Arab Emirates']],
    ['northern california', 'regions', ['California']],
    ['greater london', 'cities', ['London']],
    ['toront', 'cities', ['Toronto']],
  ])('substring "%s" -> %s %j (75)', (value, field, expected) => {
    expect(region(value)).toEqual({ field, values: expected, rule: 'partial', confidence: 75 });
  });

  it('has no variant step', () => {
    expect(region('de', vocabulary({ countries: ['DE Technology'] }))).toBeNull();
    expect(region('cana foo', vocabulary({ countries: ['Canada'] }))).toBeNull();
  });
});

describe('validateFilters (spec 3 §3 "Filter validation result")', () => {
  it('returns the stored values in place of the user words, with a detail per filter', () => {
    const result = validate([
      'industry: SAAS',
      'company size: mid-size',
      'location: holland',
      'region: nyc',
      'country: CA',
    ]);
    expect(result).toEqual({
      validFilters: {
        industries: ['Software'],
        companySizes: MEDIUM,
        countries: ['Netherlands'],
        cities: ['New York'],
        regions: ['California'],
      },
      invalidFilters: [],
      suggestions: [],
      details: [
        {
          original: 'industry: SAAS',
          kind: 'industry',
          value: 'SAAS',
          status: 'valid',
          match: { field: 'industries', values: ['Software'], rule: 'synonym', confidence: 90 },
        },
        {
          original: 'company size: mid-size',
          kind: 'size',
          value: 'mid-size',
          status: 'valid',
          match: { field: 'companySizes', values: MEDIUM, rule: 'synonym', confidence: 90 },
        },
        {
          original: 'location: holland',
          kind: 'region',
          value: 'holland',
          status: 'valid',
          match: { field: 'countries', values: ['Netherlands'], rule: 'synonym', confidence: 90 },
        },
        {
          original: 'region: nyc',
          kind: 'region',
          value: 'nyc',
          status: 'valid',
          match: { field: 'cities', values: ['New York'], rule: 'synonym', confidence: 90 },
        },
        {
          original: 'country: CA',
          kind: 'region',
          value: 'CA',
          status: 'valid',
          match: { field: 'regions', values: ['California'], rule: 'synonym', confidence: 90 },
        },
      ],
    });
  });

  it('de-duplicates the valid values, keeping the first order', () => {
    const result = validate([
      'industry: software',
      'industry: saas',
      'industry: tech',
      'country: usa',
      'location: United States',
      'region: north america',
      'company size: small',
      'company size: 1-10',
    ]);
    expect(result.validFilters.industries).toEqual(TECH);
    expect(result.validFilters.countries).toEqual(['United States', 'Canada']);
    expect(result.validFilters.companySizes).toEqual(SMALL);
  });

  it('strips quotes around a value', () => {
    expect(validate(['industry: "Software"']).validFilters.industries).toEqual(['Software']);
  });

  it('checks a list in one value part by part when the whole matches nothing', () => {
    const result = validate(['region: usa, uk', 'location: usa or atlantis']);
    expect(result.validFilters.countries).toEqual(['United States', 'United Kingdom']);
    expect(result.invalidFilters).toEqual(['location: atlantis']);
    expect(result.suggestions).toEqual([REGION_FAILURE('atlantis')]);
    expect(result.details.map((d) => [d.original, d.status])).toEqual([
      ['region: usa', 'valid'],
      ['region: uk', 'valid'],
      ['location: usa', 'valid'],
      ['location: atlantis', 'invalid'],
    ]);
  });

  it('checks a list part by part rather than keep one part by substring', () => {
    const result = validate([
      'location: San Francisco, California',
      'region: us and canada',
      'industry: software; fintech',
      'country: usa, any',
      'region: any, n/a',
    ]);
    expect(result.validFilters).toEqual({
      industries: ['Software', 'Fintech'],
      companySizes: [],
      countries: ['United States', 'Canada'],
      cities: ['San Francisco'],
      regions: ['California'],
    });
    expect(result.invalidFilters).toEqual([]);
    expect(result.details.map((d) => [d.original, d.status])).toEqual([
      ['location: San Francisco', 'valid'],
      ['location: California', 'valid'],
      ['region: us', 'valid'],
      ['region: canada', 'valid'],
      ['industry: software', 'valid'],
      ['industry: fintech', 'valid'],
      ['country: usa', 'valid'],
      ['region: any, n/a', 'ignored'],
    ]);
  });

  it('reports a list whose parts all fail as one invalid filter', () => {
    const result = validate(['industry: research and development']);
    expect(result.invalidFilters).toEqual(['industry: research and development']);
    expect(result.suggestions).toEqual([INDUSTRY_FAILURE('research and development')]);
  });

  it('does not split a number with a thousands separator, nor a value that matches whole', () => {
    const result = validate(['company size: 1,000+', 'industry: Oil & Gas']);
    expect(result.details).toHaveLength(2);
    expect(result.validFilters.companySizes).toEqual(LARGE);
    expect(result.validFilters.industries).toEqual(['Energy']);
  });
});

describe('failure suggestions (spec 3 §5)', () => {
  it('uses the exact text for each kind, with the value as the user typed it', () => {
    const result = validate([
      'industry:  Underwater Basket Weaving ',
      'company size: gigantic-ish',
      'region: Atlantis',
    ]);
    expect(result.invalidFilters).toEqual([
      'industry:  Underwater Basket Weaving',
      'company size: gigantic-ish',
      'region: Atlantis',
    ]);
    expect(result.suggestions).toEqual([
      'No companies found with industry "Underwater Basket Weaving". Try: technology, healthcare, retail, finance, manufacturing.',
      'No companies found with size "gigantic-ish". Try: small, medium, large, startup, enterprise.',
      'No companies found in region "Atlantis". Try: United States, United Kingdom, Germany, Canada, Australia.',
    ]);
    expect(result.details.map((d) => d.status === 'invalid' && d.reason)).toEqual(result.suggestions);
  });

  it('gives the failure text for a numeric size that matches no band', () => {
    expect(validate(['company size: 0 employees']).suggestions).toEqual([SIZE_FAILURE('0 employees')]);
  });

  it('lists each failure once', () => {
    const result = validate(['industry: quantum', 'industry: quantum', 'Industry: quantum']);
    expect(result.invalidFilters).toEqual(['industry: quantum', 'Industry: quantum']);
    expect(result.suggestions).toEqual([INDUSTRY_FAILURE('quantum')]);
  });

  it('suggests only words that work against the stored data', () => {
    for (const word of ['technology', 'healthcare', 'retail', 'finance', 'manufacturing']) {
      expect(industry(word), word).not.toBeNull();
    }
    for (const word of ['small', 'medium', 'large', 'startup', 'enterprise']) {
      expect(size(word), word).not.toBeNull();
    }
    for (const word of ['United States', 'United Kingdom', 'Germany', 'Canada', 'Australia']) {
      expect(region(word), word).toMatchObject({ values: [word], rule: 'exact' });
    }
  });
});

describe('hand-off toast (spec 3 §8)', () => {
  it('says how many invalid filters were skipped', () => {
    expect(skippedFiltersToast(2)).toEqual({
      title: 'Filter Validation',
      description: 'Skipped 2 invalid filter(s)',
    });
  });
});
