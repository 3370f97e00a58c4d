/**
 * The real company data as `company_master` rows: the S&P 500 joined with the SEC list on CIK, the other
 * SEC-listed companies, each with the SEC's filer metadata (SIC code, business address, phone), the Y
 * Combinator startups, and the large companies of YAGO with their head counts, de-duplicated and
 * normalised. Each row records which source gave which field (`fieldSources`). Pure: file texts in, rows
 * out (the caller writes them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { COMPANY_SOURCES, type CompanySource, sizeBandOf } from '../../../../shared/companies.ts';
import { PROJECT_ROOT } from '../../../paths.ts';
import { parseCsv } from './csv.ts';
import { industryFromGics, industryFromYcCategories, naicsOf } from './industries.ts';
import { industryFromYago, type LargeCompany, largeCompanies, matchKey } from './large-companies.ts';
import { companyNameFromSec, companyNameFromSp500, firstYear, nameKey, tidy, webAddress } from './names.ts';
import { locationOf, type Places, US_STATES } from './places.ts';
import { filerAddress, type SecFiler, secFilers, sicTitleCase } from './sec-filers.ts';
import { industryFromSic } from './sic.ts';

export const SOURCES_DIR = join(PROJECT_ROOT, 'src/server/features/companies/data/sources');

export const SOURCE_FILES = {
  sp500: 'sp500-constituents.csv',
  sec: 'sec-company-tickers-exchange.json',
  secFilers: 'sec-listed-filer-metadata.csv.gz',
  yc: 'yc-startups-2005-2014.csv',
  yago: 'large-companies-yago.csv',
} as const;

/** The real sources loaded on first start (synthetic and imported rows are never among them). */
export const REAL_SOURCES = ['sp500', 'sec', 'yc', 'yago'] as const satisfies readonly CompanySource[];

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
  sicCode: string | null;
  phone: string | null;
  description: string | null;
  /** Which source gave which field, as the company page shows it ('industry': 'SEC SIC 7372 (...)'). */
  fieldSources: Record<string, string>;
  source: CompanySource;
  license: string;
};

export type SourceTexts = { sp500: string; sec: string; secFilers: string; yc: string; yago: string };

export function readSourceTexts(dir: string = SOURCES_DIR): SourceTexts {
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  return {
    sp500: read(SOURCE_FILES.sp500),
    sec: read(SOURCE_FILES.sec),
    secFilers: gunzipSync(readFileSync(join(dir, SOURCE_FILES.secFilers))).toString('utf8'),
    yc: read(SOURCE_FILES.yc),
    yago: read(SOURCE_FILES.yago),
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
    // Only YAGO gives head counts: without one, size and employees stay unknown rather than guessed.
    size: null,
    employees: null,
    ...NO_PLACE,
    foundedYear: null,
    ticker: null,
    exchange: null,
    cik: null,
    sicCode: null,
    phone: null,
    description: null,
    fieldSources: {},
    source,
    license: COMPANY_SOURCES[source].license,
  };
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
  yago: number;
  mergedYcIntoSec: number;
  droppedYc: number;
  /** Companies we held that YAGO gave a head count. */
  sizedFromYago: number;
};

const SEC_ADDRESS = 'SEC business address';

/** What the SEC's filer metadata adds to a listed company: its SIC code, phone, and (where the row has none) place. */
function withFiler(places: Places, row: CompanyRow, filer: SecFiler | undefined): CompanyRow {
  if (!filer) return row;
  const withSic = { ...row, sicCode: filer.sic, phone: filer.phone };
  if (row.country) return withSic;
  const place = placeFrom(places, filerAddress(places, filer));
  if (!place.country) return withSic;
  return { ...withSic, ...place, fieldSources: { ...row.fieldSources, headquarters: SEC_ADDRESS } };
}

/** An SEC-only company's industry: from its SIC code, with the SEC's title of the code as its sub-industry. */
function secIndustry(filer: SecFiler | undefined): Partial<CompanyRow> {
  const found = industryFromSic(filer?.sic);
  if (!filer?.sic || !found) return {};
  const title = filer.sicTitle ? sicTitleCase(filer.sicTitle) : null;
  return {
    primaryIndustry: found.industry,
    naicsCode: found.naics,
    subIndustry: title,
    fieldSources: { industry: `SEC SIC ${filer.sic}${title ? ` (${title})` : ''}` },
  };
}

export function buildCompanyRows(
  texts: SourceTexts,
  places: Places,
): { rows: CompanyRow[]; stats: BuildStats } {
  const sec = secListings(texts.sec);
  const filers = secFilers(texts.secFilers);
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
    const gics = tidy(r['GICS Sub-Industry'] ?? '');
    const industry = industryFromGics(r['GICS Sector'] ?? '', gics);
    const place = sp500Place(places, r['Headquarters Location'] ?? '');
    const row: CompanyRow = {
      ...emptyRow(companyNameFromSp500(r.Security ?? ''), 'sp500'),
      primaryIndustry: industry,
      naicsCode: industry ? naicsOf(industry) : null,
      subIndustry: gics || null,
      ...place,
      foundedYear: firstYear(r.Founded),
      ticker: listing?.ticker ?? (tidy(r.Symbol ?? '') || null),
      exchange: listing?.exchange ?? null,
      cik,
      fieldSources: {
        ...(industry ? { industry: `S&P 500 list (GICS ${gics || r['GICS Sector']})` } : {}),
        ...(place.country ? { headquarters: 'S&P 500 list' } : {}),
      },
    };
    remember(withFiler(places, row, filers.get(cik)));
  }

  const secOnly = new Set<CompanyRow>();
  for (const listing of sec.values()) {
    if (byCik.has(listing.cik)) continue;
    const filer = filers.get(listing.cik);
    const row = withFiler(
      places,
      {
        ...emptyRow(companyNameFromSec(listing.name), 'sec'),
        ...secIndustry(filer),
        ticker: listing.ticker,
        exchange: listing.exchange,
        cik: listing.cik,
      },
      filer,
    );
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
    row.fieldSources = {
      ...(industry ? { industry: `Y Combinator categories (${categories.join(', ')})` } : {}),
      ...(row.country ? { headquarters: 'Y Combinator list' } : {}),
    };
    if (existing) {
      row.cik = existing.cik;
      row.ticker = existing.ticker;
      row.exchange = existing.exchange;
      row.sicCode = existing.sicCode;
      row.phone = existing.phone;
      replaced.add(existing);
      secOnly.delete(existing);
      mergedYcIntoSec++;
    }
    rows.push(row);
    byName.set(key, row);
  }

  const held = replaced.size ? rows.filter((row) => !replaced.has(row)) : rows;
  const { added, sized } = addLargeCompanies(held, largeCompanies(texts.yago), places);
  const result = [...held, ...added];
  const count = (source: CompanySource) => result.filter((row) => row.source === source).length;
  return {
    rows: result,
    stats: {
      sp500: count('sp500'),
      sec: count('sec'),
      yc: count('yc'),
      yago: count('yago'),
      mergedYcIntoSec,
      droppedYc,
      sizedFromYago: sized,
    },
  };
}

const YAGO = 'YAGO 3 (Wikipedia, CC BY 3.0)';

/**
 * YAGO's large companies: a company we hold (same web domain, the same name of two words or more, or the same
 * one-word name in the same country: a foreign issuer's SEC address is often its US office) gets its head
 * count; the others are added. Rows are changed in place (they are this build's own).
 */
function addLargeCompanies(
  held: CompanyRow[],
  companies: LargeCompany[],
  places: Places,
): { added: CompanyRow[]; sized: number } {
  const byDomain = new Map<string, CompanyRow>();
  const byKey = new Map<string, CompanyRow[]>();
  for (const row of held) {
    if (row.domain) byDomain.set(row.domain, row);
    const key = matchKey(row.name);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const added: CompanyRow[] = [];
  let sized = 0;
  for (const company of companies) {
    const { website, domain } = webAddress(company.website);
    const countryCode = company.country ? places.countryCode(company.country) : null;
    const key = matchKey(company.name);
    const found =
      (domain ? byDomain.get(domain) : undefined) ??
      byKey
        .get(key)
        // A one-word name must agree on the country, or the row must have none (a foreign issuer the SEC
        // gives no address: 'Sony Group Corp').
        ?.find((row) => row.countryCode === null || row.countryCode === countryCode || key.includes(' '));
    const size = sizeBandOf(company.employees);
    if (found) {
      if (found.employees === null && company.employees !== null) {
        found.employees = company.employees;
        found.size = size;
        found.fieldSources = { ...found.fieldSources, employees: YAGO };
        sized++;
      }
      if (!found.domain && domain) {
        found.website = website;
        found.domain = domain;
        found.fieldSources = { ...found.fieldSources, website: YAGO };
      }
      if (!found.country && company.country) {
        const place = placeFrom(places, { country: company.country });
        if (place.country) {
          Object.assign(found, place);
          found.fieldSources = { ...found.fieldSources, headquarters: `${YAGO} (country only)` };
        }
      }
      continue;
    }
    const industry = industryFromYago(company.industry);
    const place = placeFrom(places, { country: company.country });
    const row: CompanyRow = {
      ...emptyRow(company.name, 'yago'),
      website,
      domain,
      primaryIndustry: industry,
      naicsCode: industry ? naicsOf(industry) : null,
      subIndustry: company.industry ? company.industry[0]?.toUpperCase() + company.industry.slice(1) : null,
      employees: company.employees,
      size,
      ...place,
      fieldSources: {
        ...(industry ? { industry: `${YAGO}: "${company.industry}"` } : {}),
        ...(company.employees !== null ? { employees: YAGO } : {}),
        ...(place.country ? { headquarters: `${YAGO} (country only)` } : {}),
      },
    };
    added.push(row);
    if (domain) byDomain.set(domain, row);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  return { added, sized };
}
