/**
 * The real company data as `company_master` rows: the S&P 500 joined with the SEC list on CIK, the other
 * SEC-listed companies, and the Y Combinator startups, de-duplicated and normalised. Pure: file texts in,
 * rows out (the caller writes them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { COMPANY_SOURCES, type CompanySource } from '../../../../shared/companies.ts';
import { PROJECT_ROOT } from '../../../paths.ts';
import { industryFromGics, industryFromYcCategories, naicsOf } from './industries.ts';
import { companyNameFromSec, companyNameFromSp500, firstYear, nameKey, tidy, webAddress } from './names.ts';
import { locationOf, type Places, US_STATES } from './places.ts';

export const SOURCES_DIR = join(PROJECT_ROOT, 'src/server/features/companies/data/sources');

export const SOURCE_FILES = {
  sp500: 'sp500-constituents.csv',
  sec: 'sec-company-tickers-exchange.json',
  yc: 'yc-startups-2005-2014.csv',
} as const;

/** The real sources loaded on first start (synthetic and imported rows are never among them). */
export const REAL_SOURCES = ['sp500', 'sec', 'yc'] as const satisfies readonly CompanySource[];

/** One `company_master` row of shared data, every column given (null where the source does not say). */
export type CompanyRow = {
  name: string;
  domain: string | null;
  website: string | null;
  primaryIndustry: string | null;
  naicsCode: string | null;
  subIndustry: string | null;
  size: string | null;
  employees: number | null;
  country: string | null;
  countryCode: string | null;
  region: string | null;
  city: string | null;
  location: string | null;
  foundedYear: number | null;
  ticker: string | null;
  exchange: string | null;
  cik: string | null;
  description: string | null;
  source: CompanySource;
  license: string;
};

export type SourceTexts = { sp500: string; sec: string; yc: string };

export function readSourceTexts(dir: string = SOURCES_DIR): SourceTexts {
  return {
    sp500: readFileSync(join(dir, SOURCE_FILES.sp500), 'utf8'),
    sec: readFileSync(join(dir, SOURCE_FILES.sec), 'utf8'),
    yc: readFileSync(join(dir, SOURCE_FILES.yc), 'utf8'),
  };
}

type SecListing = { cik: string; name: string; ticker: string | null; exchange: string | null };

type Place = Pick<CompanyRow, 'country' | 'countryCode' | 'region' | 'city' | 'location'>;

const NO_PLACE: Place = { country: null, countryCode: null, region: null, city: null, location: null };

function emptyRow(name: string, source: CompanySource): CompanyRow {
  return {
    name,
    domain: null,
    website: null,
    primaryIndustry: null,
    naicsCode: null,
    subIndustry: null,
    // None of the sources gives employee counts: size and employees stay unknown rather than guessed.
    size: null,
    employees: null,
    ...NO_PLACE,
    foundedYear: null,
    ticker: null,
    exchange: null,
    cik: null,
    description: null,
    source,
    license: COMPANY_SOURCES[source].license,
  };
}

function parseCsv(text: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true }).data;
}

/** A place from the parts a source gives; a city is kept only when GeoNames knows it there. */
function placeFrom(
  places: Places,
  parts: { city?: string | null; region?: string | null; country?: string | null },
): Place {
  const countryText = parts.country?.trim();
  const regionText = parts.region?.trim() || null;
  let countryCode = countryText ? places.countryCode(countryText) : null;
  let region = null as { name: string; code: string | null } | null;
  if (regionText) {
    region = places.region(countryCode ?? 'US', regionText);
    // A US state name with no country given (S&P: 'Saint Paul, Minnesota') is a place in the US.
    if (!countryCode && region.code) countryCode = 'US';
    if (!countryCode) region = null;
  }
  if (!countryCode) return NO_PLACE;
  let cityText = parts.city?.trim() ?? '';
  // 'Redmond WA': a US city written with its state's code.
  const withState = countryCode === 'US' ? cityText.match(/^(.+?),?\s+([A-Z]{2})$/) : null;
  if (withState?.[1] && withState[2] && US_STATES[withState[2]]) {
    cityText = withState[1];
    region ??= { name: US_STATES[withState[2]] ?? '', code: withState[2] };
  }
  const found = cityText ? places.findCity(countryCode, cityText, region?.code) : null;
  const regionName = region?.name ?? (found ? places.regionOfCity(found) : null);
  const country = places.countryName(countryCode);
  const city = found ? places.cityName(found) : null;
  return { country, countryCode, region: regionName, city, location: locationOf(city, regionName, country) };
}

/** 'Saint Paul, Minnesota', 'Dublin, Ireland', 'Warmley, Bristol, United Kingdom', 'Columbus, Ohio; Detroit, Michigan'. */
function sp500Place(places: Places, text: string): Place {
  const first = tidy((text.split(';')[0] ?? '').replace(/\[\d+\]/g, ''));
  if (!first || first.toLowerCase() === 'none') return NO_PLACE;
  // 'Washington, D.C.' is a city and a district, not 'City, Region'.
  const parts = first
    .replace(/,\s*D\.C\.$/, ', District of Columbia')
    .split(',')
    .map((part) => part.trim());
  const last = parts[parts.length - 1] ?? '';
  const city = parts.length > 1 ? parts[0] : null;
  if (places.region('US', last).code) return placeFrom(places, { city, region: last, country: 'US' });
  return placeFrom(places, { city, region: parts.length > 2 ? parts[1] : null, country: last });
}

function secListings(text: string): Map<string, SecListing> {
  const json = JSON.parse(text) as { fields: string[]; data: (string | number | null)[][] };
  const at = (name: string) => json.fields.indexOf(name);
  const [cik, name, ticker, exchange] = [at('cik'), at('name'), at('ticker'), at('exchange')];
  const byCik = new Map<string, SecListing>();
  // A company listed with several share classes appears once per ticker; the SEC lists the main one first.
  for (const row of json.data) {
    const key = String(row[cik]);
    if (byCik.has(key)) continue;
    byCik.set(key, {
      cik: key,
      name: String(row[name] ?? ''),
      ticker: row[ticker] ? String(row[ticker]) : null,
      exchange: row[exchange] ? String(row[exchange]) : null,
    });
  }
  return byCik;
}

export type BuildStats = {
  sp500: number;
  sec: number;
  yc: number;
  mergedYcIntoSec: number;
  droppedYc: number;
};

export function buildCompanyRows(
  texts: SourceTexts,
  places: Places,
): { rows: CompanyRow[]; stats: BuildStats } {
  const sec = secListings(texts.sec);
  const rows: CompanyRow[] = [];
  const byCik = new Map<string, CompanyRow>();
  const byName = new Map<string, CompanyRow>();
  const remember = (row: CompanyRow) => {
    rows.push(row);
    if (row.cik) byCik.set(row.cik, row);
    const key = nameKey(row.name);
    if (!byName.has(key)) byName.set(key, row);
  };

  for (const r of parseCsv(texts.sp500)) {
    const cik = String(Number(r.CIK));
    // GOOGL and GOOG, FOXA and FOX, NWSA and NWS: one company, two share classes.
    if (!r.CIK || byCik.has(cik)) continue;
    const listing = sec.get(cik);
    const industry = industryFromGics(r['GICS Sector'] ?? '', r['GICS Sub-Industry'] ?? '');
    remember({
      ...emptyRow(companyNameFromSp500(r.Security ?? ''), 'sp500'),
      primaryIndustry: industry,
      naicsCode: industry ? naicsOf(industry) : null,
      subIndustry: tidy(r['GICS Sub-Industry'] ?? '') || null,
      ...sp500Place(places, r['Headquarters Location'] ?? ''),
      foundedYear: firstYear(r.Founded),
      ticker: listing?.ticker ?? (tidy(r.Symbol ?? '') || null),
      exchange: listing?.exchange ?? null,
      cik,
    });
  }

  const secOnly = new Set<CompanyRow>();
  for (const listing of sec.values()) {
    if (byCik.has(listing.cik)) continue;
    const row = {
      ...emptyRow(companyNameFromSec(listing.name), 'sec'),
      ticker: listing.ticker,
      exchange: listing.exchange,
      cik: listing.cik,
    };
    remember(row);
    secOnly.add(row);
  }

  let mergedYcIntoSec = 0;
  let droppedYc = 0;
  const replaced = new Set<CompanyRow>();
  for (const r of parseCsv(texts.yc)) {
    const name = tidy(r.Company ?? '');
    // 'YC W14 Stealth - #58': a placeholder for an unannounced company, not a company we can name.
    if (!name || /^YC [SW]\d\d Stealth\b/.test(name)) {
      droppedYc++;
      continue;
    }
    const key = nameKey(name);
    const existing = byName.get(key);
    // The S&P 500 row (its own industry, HQ and founding year) wins over the startup it once was. A YC
    // row's text is CC BY-SA, so it never fills a public-domain row; an SEC-only row, public domain, can
    // fill the YC row instead (Dropbox gets its ticker).
    if (existing && !secOnly.has(existing)) {
      droppedYc++;
      continue;
    }
    const categories = (r.Categories ?? '')
      .split(',')
      .map((category) => tidy(category))
      .filter(Boolean);
    const { industry, category } = industryFromYcCategories(categories);
    const firstOf = (text: string | undefined) => (text ?? '').split(',')[0]?.trim() || null;
    const row: CompanyRow = {
      ...emptyRow(name, 'yc'),
      ...webAddress(r.Website),
      primaryIndustry: industry,
      naicsCode: industry ? naicsOf(industry) : null,
      subIndustry: category,
      ...placeFrom(places, {
        city: firstOf(r['Headquarters (City)']),
        region: firstOf(r['Headquarters (US State)']),
        country: firstOf(r['Headquarters (Country)']),
      }),
      foundedYear: firstYear(r['Year Founded']),
      description: tidy(r.Description ?? '') || null,
    };
    if (existing) {
      row.cik = existing.cik;
      row.ticker = existing.ticker;
      row.exchange = existing.exchange;
      replaced.add(existing);
      secOnly.delete(existing);
      mergedYcIntoSec++;
    }
    rows.push(row);
    byName.set(key, row);
  }

  const result = replaced.size ? rows.filter((row) => !replaced.has(row)) : rows;
  const count = (source: CompanySource) => result.filter((row) => row.source === source).length;
  return {
    rows: result,
    stats: { sp500: count('sp500'), sec: count('sec'), yc: count('yc'), mergedYcIntoSec, droppedYc },
  };
}
