/**
 * The SEC's listed-filer metadata (`sec-listed-filer-metadata.csv.gz`, built from EDGAR's submissions data):
 * by CIK, each filer's SIC code, business address and phone. Joined onto the listed companies, it gives every
 * one of them an industry and a headquarters.
 */
import { parseCsv } from './csv.ts';
import { tidy } from './names.ts';
import type { Places } from './places.ts';
import { US_STATES } from './places.ts';

export type SecFiler = {
  cik: string;
  sic: string | null;
  /** The SEC's title of the SIC code, in its capitals ('SERVICES-PREPACKAGED SOFTWARE'). */
  sicTitle: string | null;
  city: string | null;
  /** A US state's code, or the SEC's own code for a country or Canadian province ('2M', 'A1'). */
  stateOrCountry: string | null;
  /** The code's name: 'IL', 'Germany', 'British Columbia, Canada', 'Korea, Republic of'. */
  stateOrCountryName: string | null;
  phone: string | null;
};

/** Filers by CIK (without leading zeros, as the SEC's ticker list has them). */
export function secFilers(csv: string): Map<string, SecFiler> {
  const rows = parseCsv(csv);
  const byCik = new Map<string, SecFiler>();
  for (const row of rows) {
    const cik = String(Number(row.cik));
    if (!row.cik || cik === 'NaN') continue;
    const text = (value: string | undefined) => tidy(value ?? '') || null;
    byCik.set(cik, {
      cik,
      sic: text(row.sic),
      sicTitle: text(row.sicDescription),
      city: text(row.business_city),
      stateOrCountry: text(row.business_stateOrCountry),
      stateOrCountryName: text(row.business_stateOrCountryDescription),
      phone: text(row.phone),
    });
  }
  return byCik;
}

/** The parts of a filer's business address that `placeFrom` takes: a US state by name, or region and country. */
export function filerAddress(
  places: Places,
  filer: SecFiler,
): { city: string | null; region: string | null; country: string | null } {
  const code = filer.stateOrCountry ?? '';
  const state = US_STATES[code];
  if (state) return { city: filer.city, region: state, country: 'US' };
  const name = (filer.stateOrCountryName ?? '')
    .replace(/\s*\(Federal Level\)$/i, '')
    // The ISO name (the SEC writes 'Macau').
    .replace(/^Macau$/i, 'Macao')
    .trim();
  if (!name) return { city: null, region: null, country: null };
  // 'Korea, Republic of' is a country; 'British Columbia, Canada' is a province of one.
  if (places.countryCode(name)) return { city: filer.city, region: null, country: name };
  const comma = name.lastIndexOf(',');
  if (comma > 0) {
    return { city: filer.city, region: name.slice(0, comma).trim(), country: name.slice(comma + 1).trim() };
  }
  return { city: filer.city, region: null, country: name };
}

/** 'SERVICES-PREPACKAGED SOFTWARE' -> 'Services-Prepackaged Software' (the SEC's words, readable). */
export function sicTitleCase(title: string): string {
  return title
    .toLowerCase()
    .replace(/(^|[\s\-/(&,])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\b(And|Of|Or|The|For|No|Nec|Etc)\b/g, (word) =>
      word === 'Nec' ? 'NEC' : word === 'Etc' ? 'etc' : word.toLowerCase(),
    );
}
