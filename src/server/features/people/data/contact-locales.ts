/**
 * Names and telephone formats of a country, for synthetic contacts: given names and surnames from Faker's
 * locale data (fakerDE for Germany, fakerFR for France...), romanised lists of our own where Faker writes
 * names in another script (romanized-names.ts), and Faker's international number formats. Faker is loaded
 * on demand (it costs ~170 ms), only when contacts are generated, never on an ordinary server start.
 * We take Faker's lists and draw from them with our own generator: seeding Faker for every company and
 * calling faker.person gave 160,000 names/s, picking from its lists gives millions.
 */
import { type NameLists, ROMANIZED_NAMES, type RomanizedNames } from './romanized-names.ts';

export type ContactLocales = {
  /**
   * The names of a company's people: its country's (by weight where a country speaks several languages;
   * `pick` is a random number in [0, 1)), else English (United States).
   */
  names(countryCode: string | null, region: string | null, pick: number): NameLists;
  /** The names of people who moved from elsewhere (a share of every company's staff). */
  international(pick: number): NameLists;
  /** E.164 templates of a country's numbers ('#' any digit, '!' 2-9); empty where we know none. */
  phoneFormats(countryCode: string | null): readonly string[];
};

/** A Faker locale ('de', 'en_GB') or one of our romanised lists ('latin:ja'). */
type NameSource = string;
const romanized = (key: RomanizedNames): NameSource => `latin:${key}`;

const SPANISH = 'AR BO CL CO CR CU DO EC GT HN NI PA PE PR PY SV UY VE GQ'.split(' ');
const FRENCH = 'MC CM CD CG GA BJ BF CI ML NE TG MG HT DZ MA TN'.split(' ');
const ARABIC = 'SA AE EG IQ JO KW QA BH OM LB SY YE LY SD PS'.split(' ');
const RUSSIAN = 'RU BY KZ KG TJ'.split(' ');

/** Country -> whose names its people have, with weights where several languages are spoken. */
const COUNTRY_NAMES: Record<string, readonly (readonly [NameSource, number])[]> = {
  ...Object.fromEntries(SPANISH.map((code) => [code, [['es', 1]]])),
  ...Object.fromEntries(FRENCH.map((code) => [code, [['fr', 1]]])),
  ...Object.fromEntries(ARABIC.map((code) => [code, [[romanized('ar'), 1]]])),
  ...Object.fromEntries(RUSSIAN.map((code) => [code, [[romanized('ru'), 1]]])),
  US: [['en_US', 1]],
  GB: [['en_GB', 1]],
  IE: [['en_IE', 1]],
  CA: [['en_CA', 1]],
  AU: [['en_AU', 1]],
  NZ: [['en_AU', 1]],
  IN: [['en_IN', 1]],
  ZA: [
    ['en_ZA', 3],
    ['af_ZA', 1],
    ['zu_ZA', 1],
  ],
  NG: [
    ['en_NG', 2],
    ['yo_NG', 1],
  ],
  GH: [['en_GH', 1]],
  HK: [['en_HK', 1]],
  NP: [['en_NP', 1]],
  DE: [['de', 1]],
  AT: [['de_AT', 1]],
  CH: [
    ['de_CH', 3],
    ['fr_CH', 1],
  ],
  LI: [['de_CH', 1]],
  FR: [['fr', 1]],
  BE: [
    ['nl_BE', 3],
    ['fr_BE', 2],
  ],
  LU: [['fr_LU', 1]],
  SN: [['fr_SN', 1]],
  ES: [['es', 1]],
  MX: [['es_MX', 1]],
  PT: [['pt_PT', 1]],
  BR: [['pt_BR', 1]],
  AO: [['pt_PT', 1]],
  MZ: [['pt_PT', 1]],
  IT: [['it', 1]],
  SM: [['it', 1]],
  NL: [['nl', 1]],
  SE: [['sv', 1]],
  NO: [['nb_NO', 1]],
  DK: [['da', 1]],
  FI: [['fi', 1]],
  PL: [['pl', 1]],
  CZ: [['cs_CZ', 1]],
  SK: [['sk', 1]],
  SI: [['sl_SI', 1]],
  HR: [['hr', 1]],
  BA: [['hr', 1]],
  RS: [['sr_RS_latin', 1]],
  ME: [['sr_RS_latin', 1]],
  HU: [['hu', 1]],
  RO: [['ro', 1]],
  MD: [['ro_MD', 1]],
  LV: [['lv', 1]],
  TR: [['tr', 1]],
  AZ: [['az', 1]],
  UZ: [['uz_UZ_latin', 1]],
  ID: [['id_ID', 1]],
  VN: [['vi', 1]],
  GE: [['ka_GE', 1]],
  AM: [['hy', 1]],
  MK: [['mk', 1]],
  JP: [[romanized('ja'), 1]],
  CN: [[romanized('zh'), 1]],
  TW: [[romanized('zh'), 1]],
  MO: [[romanized('zh'), 1]],
  SG: [
    [romanized('zh'), 3],
    ['en_IN', 1],
  ],
  KR: [[romanized('ko'), 1]],
  UA: [[romanized('ru'), 1]],
  IR: [[romanized('fa'), 1]],
  PK: [[romanized('ur'), 1]],
  BD: [[romanized('bn'), 1]],
  GR: [[romanized('el'), 1]],
  CY: [[romanized('el'), 1]],
  IL: [[romanized('he'), 1]],
  TH: [[romanized('th'), 1]],
};

const DEFAULT_NAMES: readonly (readonly [NameSource, number])[] = [['en_US', 1]];

/** Quebec speaks French. */
const REGION_NAMES: Record<string, readonly (readonly [NameSource, number])[]> = {
  'CA:Quebec': [['fr_CA', 1]],
};

/** People from elsewhere, roughly as they move: a share of every company's staff. */
const INTERNATIONAL: readonly (readonly [NameSource, number])[] = [
  ['en_IN', 4],
  [romanized('zh'), 3],
  ['es_MX', 3],
  ['en_GB', 2],
  ['pl', 1],
  ['pt_BR', 1],
  ['de', 1],
  ['fr', 1],
  ['it', 1],
  ['vi', 1],
  [romanized('ko'), 1],
  [romanized('ar'), 1],
  [romanized('ru'), 1],
  ['tr', 1],
  ['en_NG', 1],
];

/**
 * The Faker locale whose international formats are this country's numbers. Where a fictional range exists
 * we use it instead, so a synthetic number can never ring a real line: 555-01XX in North America and
 * Ofcom's drama ranges in the United Kingdom. Italy's Faker formats lack the country code.
 */
const PHONE_LOCALES: Record<string, string> = {
  IE: 'en_IE',
  AU: 'en_AU',
  IN: 'en_IN',
  ZA: 'en_ZA',
  NG: 'en_NG',
  GH: 'en_GH',
  HK: 'en_HK',
  NP: 'en_NP',
  DE: 'de',
  AT: 'de_AT',
  CH: 'de_CH',
  FR: 'fr',
  BE: 'nl_BE',
  LU: 'fr_LU',
  ES: 'es',
  MX: 'es_MX',
  PT: 'pt_PT',
  BR: 'pt_BR',
  NL: 'nl',
  SE: 'sv',
  NO: 'nb_NO',
  DK: 'da',
  FI: 'fi',
  PL: 'pl',
  CZ: 'cs_CZ',
  SK: 'sk',
  HR: 'hr',
  RS: 'sr_RS_latin',
  HU: 'hu',
  RO: 'ro',
  MD: 'ro_MD',
  LV: 'lv',
  TR: 'tr',
  AZ: 'az',
  ID: 'id_ID',
  VN: 'vi',
  GE: 'ka_GE',
  AM: 'hy',
  MK: 'mk',
  JP: 'ja',
  CN: 'zh_CN',
  TW: 'zh_TW',
  KR: 'ko',
  RU: 'ru',
  UA: 'uk',
  IR: 'fa',
  GR: 'el',
  IL: 'he',
  TH: 'th',
};

const PHONE_FORMATS: Record<string, readonly string[]> = {
  US: ['+1!##55501##'],
  CA: ['+1!##55501##'],
  GB: ['+447700900###', '+442079460###', '+441134960###'],
  IT: ['+3902########', '+3906########', '+393#########'],
};

type FakerPerson = {
  first_name?: { generic?: string[]; female?: string[]; male?: string[] };
  last_name?: { generic?: string[]; female?: string[]; male?: string[] };
};
type FakerLocaleData = {
  person?: FakerPerson;
  phone_number?: { format?: { international?: string[] } };
};

/** A weighted choice from a short table with one random number in [0, 1). */
export function weighted<T>(table: readonly (readonly [T, number])[], pick: number): T {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0);
  let target = pick * total;
  for (const [value, weight] of table) {
    target -= weight;
    if (target < 0) return value;
  }
  return (table[table.length - 1] as readonly [T, number])[0];
}

/** Loads Faker's locale data; the names of each locale are read on first use. */
export async function loadContactLocales(): Promise<ContactLocales> {
  const { allLocales } = await import('@faker-js/faker');
  const locales = allLocales as unknown as Record<string, FakerLocaleData>;

  /** A locale's own data, then its parents' ('de_AT' -> 'de' -> 'en'), as Faker falls back. */
  const chain = (code: string) => {
    const parts = code.split('_');
    const codes = parts.map((_, i) => parts.slice(0, parts.length - i).join('_'));
    return [...codes, 'en'].map((c) => locales[c]).filter((data): data is FakerLocaleData => !!data);
  };
  const fakerNames = (code: string): NameLists => {
    const first = chain(code).find((data) => data.person?.first_name)?.person?.first_name ?? {};
    const last = chain(code).find((data) => data.person?.last_name)?.person?.last_name ?? {};
    const generic = first.generic ?? [];
    const lastGeneric = last.generic ?? last.male ?? [];
    return {
      female: first.female?.length ? first.female : generic,
      male: first.male?.length ? first.male : generic,
      last: last.male?.length ? last.male : lastGeneric,
      ...(last.female?.length ? { femaleLast: last.female } : {}),
    };
  };

  const names = new Map<NameSource, NameLists>();
  const namesOf = (source: NameSource): NameLists => {
    let lists = names.get(source);
    if (!lists) {
      lists = source.startsWith('latin:')
        ? ROMANIZED_NAMES[source.slice('latin:'.length) as RomanizedNames]
        : fakerNames(source);
      names.set(source, lists);
    }
    return lists;
  };
  const phoneFormats = (countryCode: string | null): readonly string[] => {
    if (!countryCode) return [];
    const own = PHONE_FORMATS[countryCode];
    if (own) return own;
    const locale = PHONE_LOCALES[countryCode];
    return (locale && locales[locale]?.phone_number?.format?.international) || [];
  };

  return {
    names(countryCode, region, pick) {
      const table =
        (countryCode && region ? REGION_NAMES[`${countryCode}:${region}`] : undefined) ??
        (countryCode ? COUNTRY_NAMES[countryCode] : undefined) ??
        DEFAULT_NAMES;
      return namesOf(weighted(table, pick));
    },
    international: (pick) => namesOf(weighted(INTERNATIONAL, pick)),
    phoneFormats,
  };
}
