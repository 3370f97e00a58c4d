/**
 * Your own data still wins (issue 23): each company of a CSV import is matched to a company of the shared data,
 * by domain first, else by name (`matchKey`, as the sources are merged with each other), and the fields the user
 * left empty are filled from it. `fieldSources` says per field who said it: the user's file or the shared
 * company's source.
 */
import { sql } from 'drizzle-orm';
import { COMPANY_SOURCES, type FieldSourceKey, sizeBandOf } from '../../../shared/companies.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { type CompanyRow, REAL_SOURCES } from './data/build-company-rows.ts';
import type { CopyRow } from './data/copy-companies.ts';
import { matchKeyOf } from './data/large-companies.ts';
import { nameKey } from './data/names.ts';
import { locationOf } from './data/places.ts';

/** A shared company an imported row may be. */
export type KnownCompany = CompanyRow & { id: string };

/** An imported row as written: with the shared company it was merged with (`merged_company_id`), if any. */
export type ImportRow = CopyRow & { mergedCompanyId: string | null };

type Candidate = {
  id: string;
  name: string;
  domain: string | null;
  country: string | null;
  source: string;
  ticker: string | null;
};
/** A candidate with its name's keys, worked out once however many rows it is compared with. */
type Keyed = Candidate & { exact: string; loose: string };

const REAL = sql`c.owner_id is null and c.source in (${sql.join(
  REAL_SOURCES.map((source) => sql`${source}`),
  sql`, `,
)})`;
const CANDIDATE = sql`c.id, c.name, lower(c.domain) as domain, c.country, c.source, c.ticker`;

const keyed = (candidate: Candidate): Keyed => {
  const exact = nameKey(candidate.name);
  return { ...candidate, exact, loose: matchKeyOf(exact) };
};

/**
 * The prefixes (lower case) of a shared name with the same `matchKey`: the key's first word, and the name's own
 * first word where accents make the two differ ('Société Générale' is 'societe generale'). A shared name may
 * also start with 'the ': `findKnownCompanies` reads all of those.
 */
function namePrefixes(name: string, key: string): string[] {
  const space = key.indexOf(' ');
  const first = space === -1 ? key : key.slice(0, space);
  const own = /^\s*(?:the\s+)?([\p{L}\p{N}]+)/u.exec(name.toLowerCase())?.[1];
  return [first, own].filter(
    (prefix, i, all): prefix is string => Boolean(prefix) && all.indexOf(prefix) === i,
  );
}

/** The first string after every string that starts with `prefix`, in code point order (collation "C"). */
const pastPrefix = (prefix: string) => {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return chars.join('') + String.fromCodePoint(last + 1);
};

/**
 * The candidate a row most likely is: the same name key before only the looser match key, then the same
 * country, then the better known (an S&P 500 member, then a listed one), then by name.
 */
function best(row: CopyRow, key: string, candidates: readonly Keyed[]): Keyed | null {
  const country = row.country?.toLowerCase() ?? null;
  const score = (c: Keyed) =>
    (c.exact === key ? 8 : 0) +
    (country !== null && c.country?.toLowerCase() === country ? 4 : 0) +
    (c.source === 'sp500' ? 2 : 0) +
    (c.ticker !== null ? 1 : 0);
  let top: Keyed | null = null;
  let topScore = -1;
  for (const c of candidates) {
    const s = score(c);
    if (
      s > topScore ||
      (s === topScore && top && (c.name.localeCompare(top.name) || c.id.localeCompare(top.id)) < 0)
    ) {
      top = c;
      topScore = s;
    }
  }
  return top;
}

/** Of the candidates with the row's `matchKey`, those that what the user gave does not say are another company. */
function sameCompany(row: CopyRow, loose: string, candidates: readonly Keyed[]): Keyed[] {
  const oneWord = !loose.includes(' ');
  const country = row.country?.toLowerCase() ?? null;
  return candidates.filter(
    (c) =>
      // A one-word name ('Target') must agree on the country, as the sources are merged (large-companies.ts).
      (!oneWord || country === null || c.country === null || c.country.toLowerCase() === country) &&
      // The shared company has another domain than the one the user gave: another company of that name.
      (row.domain === null || c.domain === null || c.domain === row.domain),
  );
}

/**
 * The shared company each row is, or null: a real company (REAL_SOURCES) with the row's domain, else one whose
 * name has the row's `matchKey`. `keys` are the rows' `nameKey`s. Three statements for the whole file, whatever
 * its number of rows: the companies with one of its domains, the names starting as one of its names does (one
 * range of `company_master_real_name_idx` per distinct first word), and the matched companies in full.
 */
export async function findKnownCompanies(
  db: Db,
  rows: readonly CopyRow[],
  keys: readonly string[],
): Promise<(KnownCompany | null)[]> {
  const chosen: (Keyed | null)[] = rows.map(() => null);
  const domains = [...new Set(rows.map((row) => row.domain).filter((domain) => domain !== null))];
  if (domains.length > 0) {
    const byDomain = new Map<string, Keyed[]>();
    for (const candidate of await queryRows<Candidate>(
      db,
      sql`select ${CANDIDATE}
        from jsonb_array_elements_text(${JSON.stringify(domains)}::jsonb) as d(domain)
        join company_master c on lower(c.domain) = d.domain
        where ${REAL}`,
    )) {
      const domain = candidate.domain ?? '';
      const list = byDomain.get(domain);
      if (list) list.push(keyed(candidate));
      else byDomain.set(domain, [keyed(candidate)]);
    }
    rows.forEach((row, i) => {
      const found = row.domain ? byDomain.get(row.domain) : undefined;
      if (found) chosen[i] = best(row, keys[i] ?? '', found);
    });
  }

  const prefixes = new Set<string>();
  rows.forEach((row, i) => {
    if (chosen[i] === null) for (const prefix of namePrefixes(row.name, keys[i] ?? '')) prefixes.add(prefix);
  });
  if (prefixes.size > 0) {
    // And every name starting with 'the ' (a dozen): 'The Boeing Company' is 'boeing'.
    const ranges = [...prefixes, 'the '].map((low) => ({ low, high: pastPrefix(low) }));
    const byKey = new Map<string, Keyed[]>();
    const seen = new Set<string>();
    for (const candidate of await queryRows<Candidate>(
      db,
      sql`select ${CANDIDATE}
        from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as k(low text, high text)
        cross join lateral (
          select * from company_master c
          where ${REAL} and lower(c.name) collate "C" >= k.low and lower(c.name) collate "C" < k.high
        ) c`,
    )) {
      // 'app' and 'apple' may both find 'Apple Inc.'; once is enough.
      if (seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      const withKeys = keyed(candidate);
      const list = byKey.get(withKeys.loose);
      if (list) list.push(withKeys);
      else byKey.set(withKeys.loose, [withKeys]);
    }
    rows.forEach((row, i) => {
      if (chosen[i] !== null) return;
      const key = keys[i] ?? '';
      const loose = matchKeyOf(key);
      const found = byKey.get(loose);
      if (found) chosen[i] = best(row, key, sameCompany(row, loose, found));
    });
  }

  const ids = [...new Set(chosen.filter((c) => c !== null).map((c) => c.id))];
  if (ids.length === 0) return rows.map(() => null);
  const known = new Map(
    (
      await queryRows<KnownCompany>(
        db,
        sql`select c.id, c.name, c.domain, c.website, c.primary_industry as "primaryIndustry",
            c.naics_code as "naicsCode", c.sub_industry as "subIndustry", c.size, c.employees, c.country,
            c.country_code as "countryCode", c.region, c.city, c.location, c.founded_year as "foundedYear",
            c.ticker, c.exchange, c.cik, c.sic_code as "sicCode", c.phone, c.description,
            c.field_sources as "fieldSources", c.source, c.license
          from company_master c
          where c.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
      )
    ).map((company) => [company.id, company]),
  );
  return chosen.map((candidate) => (candidate ? (known.get(candidate.id) ?? null) : null));
}

const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * The imported row with the fields its user left empty filled from the shared company it is: every value the
 * user gave stays, and a value is only filled where it agrees with theirs (no sub-industry of another
 * industry, no head count outside their size band, no city of another country). `fieldSources` names, per
 * field, `yours` ('Your import (accounts.csv)') or the shared company's own source for it, else its source's
 * label.
 */
export function mergeWithKnown(row: CopyRow, known: KnownCompany | null, yours: string): ImportRow {
  const gave = {
    description: row.description !== null,
    industry: row.primaryIndustry !== null,
    subIndustry: row.subIndustry !== null,
    size: row.size !== null,
    employees: row.employees !== null,
    headquarters: row.country !== null || row.region !== null || row.city !== null,
    foundedYear: row.foundedYear !== null,
    ticker: row.ticker !== null,
    website: row.domain !== null || row.website !== null,
  } satisfies Partial<Record<FieldSourceKey, boolean>>;
  const sources: Record<string, string> = {};
  for (const [key, given] of Object.entries(gave)) if (given) sources[key] = yours;
  // In place: an import merges up to 100,000 rows, and they are its own.
  const merged: ImportRow = Object.assign(row, { mergedCompanyId: known?.id ?? null, fieldSources: sources });
  if (!known) return merged;

  const label = COMPANY_SOURCES[known.source as keyof typeof COMPANY_SOURCES]?.label ?? known.source;
  const theirs = (key: string) => known.fieldSources[key] ?? label;
  /** Fills an empty field from the shared company, and names the source of the fact it shows under. */
  const take = <F extends keyof CompanyRow>(field: F, key: FieldSourceKey, source: string) => {
    const value: CompanyRow[F] = known[field];
    if (merged[field] !== null || value === null) return;
    (merged as CompanyRow)[field] = value;
    sources[key] = source;
  };
  take('description', 'description', label);
  take('primaryIndustry', 'industry', theirs('industry'));
  // The NAICS code and the sub-industry are the shared company's industry's: only under the same industry.
  if (merged.primaryIndustry === known.primaryIndustry) {
    take('naicsCode', 'naicsCode', theirs('industry'));
    take('subIndustry', 'subIndustry', theirs('industry'));
  }
  if (!gave.employees && !gave.size) {
    take('employees', 'employees', theirs('employees'));
    take('size', 'size', theirs('employees'));
    merged.size ??= sizeBandOf(merged.employees);
  } else if (!gave.employees && merged.size === sizeBandOf(known.employees)) {
    take('employees', 'employees', theirs('employees'));
  }
  fillPlace(merged, known, () => {
    sources.headquarters = gave.headquarters
      ? `${yours} and ${theirs('headquarters')}`
      : theirs('headquarters');
  });
  take('foundedYear', 'foundedYear', label);
  // The listing: the shared company's, where the user gave no ticker or the same one.
  if (known.ticker !== null && (!gave.ticker || same(merged.ticker, known.ticker))) {
    sources.ticker = gave.ticker ? `${yours} and ${label}` : label;
    merged.ticker ??= known.ticker;
    merged.exchange = known.exchange;
    merged.cik = known.cik;
  }
  take('sicCode', 'sicCode', label);
  take('phone', 'phone', label);
  if (!gave.website) {
    take('domain', 'website', theirs('website'));
    take('website', 'website', theirs('website'));
  }
  return merged;
}

/**
 * The place parts the user left empty, from the shared company when every part they gave is the shared
 * company's too (a city alone that is the shared company's city gets its region and country); `filled` is
 * told when a part was.
 */
function fillPlace(merged: ImportRow, known: KnownCompany, filled: () => void): void {
  const parts = ['country', 'region', 'city'] as const;
  if (!parts.every((part) => merged[part] === null || same(merged[part], known[part]))) return;
  const before = parts.map((part) => merged[part]);
  for (const part of parts) merged[part] ??= known[part];
  if (parts.every((part, i) => merged[part] === before[i])) return;
  merged.countryCode = known.countryCode;
  merged.location = before.every((part) => part === null)
    ? (known.location ?? locationOf(merged.city, merged.region, merged.country))
    : locationOf(merged.city, merged.region, merged.country);
  filled();
}
