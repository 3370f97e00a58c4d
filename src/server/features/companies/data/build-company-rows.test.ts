import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDUSTRY_NAMES, sizeBandOf } from '../../../../shared/companies.ts';
import {
  buildCompanyRows,
  type CompanyRow,
  readSourceTexts,
  type SourceTexts,
} from './build-company-rows.ts';
import { GICS_SUB_INDUSTRIES, industryFromYcCategories } from './industries.ts';
import { companyNameFromSec, firstYear, nameKey, webAddress } from './names.ts';
import { loadPlaces, type Places } from './places.ts';

let places: Places;
let texts: SourceTexts;
let rows: CompanyRow[];

beforeAll(() => {
  places = loadPlaces();
  texts = readSourceTexts();
  rows = buildCompanyRows(texts, places).rows;
});

describe('names', () => {
  it.each([
    ['MICROSOFT CORP', 'Microsoft Corp'],
    ['BANK OF AMERICA CORP /DE/', 'Bank of America Corp'],
    ['WELLS FARGO & COMPANY/MN', 'Wells Fargo & Company'],
    ['AT&T INC.', 'AT&T Inc.'],
    ['T-MOBILE US', 'T-Mobile US'],
    ['MCKESSON CORP', 'McKesson Corp'],
    ["O'REILLY AUTOMOTIVE INC", "O'Reilly Automotive Inc"],
    ["MACY'S INC", "Macy's Inc"],
    ['TJX COMPANIES INC /DE/', 'TJX Companies Inc'],
    ['GENMAB A/S', 'Genmab A/S'],
    ['CANADIAN PACIFIC KANSAS CITY LTD/CN', 'Canadian Pacific Kansas City Ltd'],
    ['Sumitomo Forestry Co., Ltd./ADR', 'Sumitomo Forestry Co., Ltd.'],
    ['ZOOZ Power Ltd.', 'ZOOZ Power Ltd.'],
    ['  Apple   Inc. ', 'Apple Inc.'],
  ])('SEC name %s -> %s', (sec, expected) => {
    expect(companyNameFromSec(sec)).toBe(expected);
  });

  it('matches names across sources without merging different companies', () => {
    expect(nameKey('DROPBOX, INC.')).toBe(nameKey('Dropbox'));
    expect(nameKey('The Walt Disney Company')).toBe(nameKey('Walt Disney Co'));
    expect(nameKey('Target Corporation')).not.toBe(nameKey('Target Group Inc.'));
  });

  it('reads websites, domains and founding years', () => {
    expect(webAddress('https://twitter.com/tapin')).toEqual({
      website: 'https://twitter.com/tapin',
      domain: null,
    });
    expect(webAddress('http://www.snapjoy.com/')).toEqual({
      website: 'http://www.snapjoy.com',
      domain: 'snapjoy.com',
    });
    expect(webAddress('stripe.com')).toEqual({ website: 'http://stripe.com', domain: 'stripe.com' });
    expect(webAddress('n/a')).toEqual({ website: null, domain: null });
    expect(firstYear('2013 (1888)')).toBe(2013);
    expect(firstYear('1975/1977 (1997)')).toBe(1975);
    expect(firstYear('2022 (Johnson & Johnson spinoff)')).toBe(2022);
    expect(firstYear('')).toBeNull();
  });
});

describe('places', () => {
  it('gives one English name per country code, whatever the source calls it', () => {
    expect(places.countryCode('USA')).toBe('US');
    expect(places.countryCode('United States of America')).toBe('US');
    expect(places.countryName('US')).toBe('United States');
    expect(places.countryCode('United Kingdom')).toBe('GB');
    expect(places.countryName('RU')).toBe('Russia');
    expect(places.countryCode('Atlantis')).toBeNull();
  });

  it('keeps a city only where GeoNames has it in that country and state', () => {
    expect(places.findCity('US', 'Cupertino', 'CA')?.name).toBe('Cupertino');
    expect(places.findCity('US', 'Redmond', 'WA')?.adminCode).toBe('WA');
    expect(places.findCity('US', 'Cupertino', 'TX')).toBeNull();
    expect(places.findCity('US', 'Miami-Dade County', 'FL')).toBeNull();
    expect(places.findCity('CH', 'Zurich')?.name).toBe('Zürich');
    const newYork = places.findCity('US', 'New York', 'NY');
    expect(newYork && places.cityName(newYork)).toBe('New York City');
    const washington = places.findCity('US', 'Washington', 'DC');
    expect(washington && places.cityName(washington)).toBe('Washington');
  });
});

describe('industries', () => {
  it('maps every GICS sub-industry of the S&P 500 file explicitly (no sector fallback)', () => {
    const { data } = Papa.parse<Record<string, string>>(texts.sp500.trim(), { header: true });
    const subIndustries = new Set(data.map((row) => row['GICS Sub-Industry'] ?? ''));
    const unmapped = [...subIndustries].filter((sub) => !GICS_SUB_INDUSTRIES[sub] && !/REITs?\b/.test(sub));
    expect(unmapped).toEqual([]);
  });

  it('prefers the market a startup serves over how it is built', () => {
    expect(industryFromYcCategories(['Mobile', 'Finance'])).toEqual({
      industry: 'Fintech',
      category: 'Finance',
    });
    expect(industryFromYcCategories(['Curated Web'])).toEqual({
      industry: 'Internet',
      category: 'Curated Web',
    });
    expect(industryFromYcCategories([])).toEqual({ industry: null, category: null });
  });
});

describe('company rows', () => {
  it('normalises every row: our industries, NAICS from the industry, checked cities, tidy names', () => {
    const cities = new Set(places.cities.map((city) => `${city.country}:${places.cityName(city)}`));
    for (const row of rows) {
      expect(row.name).toBe(row.name.replace(/\s+/g, ' ').trim());
      if (row.primaryIndustry) expect(INDUSTRY_NAMES).toContain(row.primaryIndustry);
      if (row.city) expect(cities.has(`${row.countryCode}:${row.city}`)).toBe(true);
      if (row.country) expect(row.country).toBe(places.countryName(row.countryCode ?? ''));
      // A size only from a head count, and a head count only with the source that gave it.
      expect(row.size).toBe(sizeBandOf(row.employees));
      expect(row.fieldSources.employees !== undefined).toBe(row.employees !== null);
      expect(row.fieldSources.industry !== undefined).toBe(row.primaryIndustry !== null);
      if (row.fieldSources.headquarters) expect(row.country).not.toBeNull();
    }
  });

  it('gives every listed company with a business SIC code an industry, and with an address a headquarters', () => {
    const filers = Papa.parse<Record<string, string>>(texts.secFilers.trim(), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const sicOf = new Map(filers.map((filer) => [String(Number(filer.cik)), filer.sic]));
    const listed = rows.filter((row) => row.cik && sicOf.get(row.cik));
    expect(listed.length).toBeGreaterThan(6000);
    const withoutIndustry = listed.filter(
      // 0000: funds and trusts, which the SEC gives no industry code.
      (row) =>
        !row.primaryIndustry &&
        !['0000', '8880', '8888', '9721', '9995'].includes(sicOf.get(row.cik ?? '') ?? ''),
    );
    expect(withoutIndustry.map((row) => row.name)).toEqual([]);
    // The filers whose metadata has a business address are all placed (690 have none: honest gaps).
    const addressed = new Set(
      filers.filter((filer) => filer.business_stateOrCountry).map((filer) => String(Number(filer.cik))),
    );
    const unplaced = listed.filter((row) => addressed.has(row.cik ?? '') && !row.country);
    expect(unplaced.map((row) => row.name)).toEqual([]);
  });

  it('reads the SEC filer metadata: SIC industry, business address, phone', () => {
    const byName = (name: string) => rows.find((row) => row.name === name);
    expect(byName('Okta, Inc.')).toMatchObject({
      primaryIndustry: 'Software',
      naicsCode: '513210',
      sicCode: '7372',
      subIndustry: 'Services-Prepackaged Software',
      city: 'San Francisco',
      region: 'California',
      fieldSources: {
        industry: 'SEC SIC 7372 (Services-Prepackaged Software)',
        headquarters: 'SEC business address',
      },
    });
    expect(byName('Live Oak Bancshares, Inc.')).toMatchObject({
      primaryIndustry: 'Banking',
      city: 'Wilmington',
      region: 'North Carolina',
    });
    expect(byName('Sap SE')).toMatchObject({ country: 'Germany', city: 'Walldorf' });
    expect(byName('Okta, Inc.')?.phone).toMatch(/^[\d-]{10,12}$/);
    // The S&P 500 keeps its own GICS industry; the SEC adds its SIC code.
    expect(byName('Alphabet Inc.')).toMatchObject({ primaryIndustry: 'Internet', sicCode: '7370' });
  });

  it('adds the large companies of YAGO with their head counts, and sizes the ones we hold', () => {
    const byName = (name: string) => rows.filter((row) => row.name === name);
    expect(byName('Volkswagen Group')).toMatchObject([
      {
        source: 'yago',
        country: 'Germany',
        employees: 626715,
        size: '10000+',
        primaryIndustry: 'Automotive',
        fieldSources: { employees: 'YAGO 3 (Wikipedia, CC BY 3.0)' },
      },
    ]);
    // The SEC-listed company and YAGO's are one company, not two.
    expect(byName('Fresenius Medical Care AG')).toMatchObject([{ source: 'sec', employees: 90690 }]);
    expect(rows.filter((row) => /^Fresenius Medical Care/.test(row.name))).toHaveLength(1);
    const german = rows.filter((row) => row.countryCode === 'DE');
    expect(german.length).toBeGreaterThan(130);
    expect(german.filter((row) => row.employees).length).toBeGreaterThan(120);
    const domains = rows.map((row) => row.domain).filter(Boolean);
    expect(new Set(domains).size).toBe(domains.length);
  });

  it('skips YC placeholders and names each company once', () => {
    expect(rows.some((row) => /^YC .*Stealth/.test(row.name))).toBe(false);
    const keys = rows.filter((row) => row.source === 'yc').map((row) => nameKey(row.name));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reads S&P headquarters: state, country, multi-HQ and footnotes', () => {
    const byName = (name: string) => rows.find((row) => row.name === name);
    expect(byName('Alphabet Inc.')).toMatchObject({
      ticker: 'GOOGL',
      city: 'Mountain View',
      region: 'California',
    });
    expect(byName('Medtronic')).toMatchObject({ country: 'Ireland', countryCode: 'IE' });
    expect(byName('Kraft Heinz')).toMatchObject({ city: 'Chicago', region: 'Illinois' });
    expect(byName('Northrop Grumman')).toMatchObject({ city: 'West Falls Church', region: 'Virginia' });
    // The S&P list gives no headquarters for Block: the SEC's business address does.
    expect(byName('Block, Inc.')).toMatchObject({
      countryCode: 'US',
      fieldSources: { headquarters: 'SEC business address' },
    });
  });

  it('reads YC headquarters as written, with the source typos and shorthands it has', () => {
    const byName = (name: string) => rows.find((row) => row.name === name);
    // 'Atlanta', 'Giorgia', 'USA'.
    expect(byName('ViaCycle')).toMatchObject({ city: 'Atlanta', region: 'Georgia', countryCode: 'US' });
    // 'Redmond WA'.
    expect(byName('Firecrawl')).toMatchObject({ city: 'Redmond', region: 'Washington' });
    // 'San Francisco, New York City': the first one.
    expect(byName('ZeroCater')).toMatchObject({ city: 'San Francisco', region: 'California' });
    expect(byName('9GAG')).toMatchObject({ country: 'Hong Kong', countryCode: 'HK', city: null });
    expect(byName('Earbits')).toMatchObject({
      primaryIndustry: 'Media & Entertainment',
      subIndustry: 'Music',
    });
  });
});
