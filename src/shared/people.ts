/**
 * Job titles (issue 6, People Finder): one canonical form for stored titles and for what sellers type, and
 * the seniority and department a title names. Shared by the people generator, the search API and the web.
 *
 * normalizeTitle: lower case, no accents or punctuation, abbreviations written out (ABBREVIATIONS), filler
 *   words dropped, so "VP Sales", "V.P. of Sales" and "Vice-President, Sales" are one string. Idempotent, so
 *   a stored title and a query normalised again still match.
 * classifyTitle: reads the canonical words left to right, taking the longest table phrase at each word, so
 *   "vice president" is not read as "president" nor "product owner" as "owner".
 *   seniority   the first rule of SENIORITY_RULES any phrase matches; no rank word is 'entry'.
 *   department  the first phrase naming a function ("account executive", "recruiter"); failing that, the
 *               first naming a domain ("software", "medical"); failing that, executive words ("founder");
 *               else 'other'.
 *   Words after "to" name whom the person works for ("Assistant to the CEO") and are not read.
 */

/** Apollo's seniority levels, highest first. */
export const SENIORITIES = [
  'owner',
  'founder',
  'c_suite',
  'partner',
  'vp',
  'head',
  'director',
  'manager',
  'senior',
  'entry',
  'intern',
] as const;
export type Seniority = (typeof SENIORITIES)[number];

export const SENIORITY_LABELS = {
  owner: 'Owner',
  founder: 'Founder',
  c_suite: 'C-Suite',
  partner: 'Partner',
  vp: 'VP',
  head: 'Head',
  director: 'Director',
  manager: 'Manager',
  senior: 'Senior',
  entry: 'Entry',
  intern: 'Intern',
} as const satisfies Record<Seniority, string>;

/** Apollo-like departments; 'other' is a title that names none. */
export const DEPARTMENTS = [
  'executive',
  'engineering',
  'product',
  'design',
  'data',
  'security',
  'information_technology',
  'sales',
  'marketing',
  'customer_success',
  'finance',
  'human_resources',
  'operations',
  'legal',
  'consulting',
  'research',
  'education',
  'medical',
  'other',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const DEPARTMENT_LABELS = {
  executive: 'Executive',
  engineering: 'Engineering',
  product: 'Product',
  design: 'Design',
  data: 'Data & Analytics',
  security: 'Security',
  information_technology: 'Information Technology',
  sales: 'Sales',
  marketing: 'Marketing',
  customer_success: 'Customer Success',
  finance: 'Finance',
  human_resources: 'Human Resources',
  operations: 'Operations',
  legal: 'Legal',
  consulting: 'Consulting',
  research: 'Research',
  education: 'Education',
  medical: 'Medical & Health',
  other: 'Other',
} as const satisfies Record<Department, string>;

export type TitleClassification = { seniority: Seniority; department: Department };

// ---------------------------------------------------------------------------------------------------------
// Tables (phrases are written readably; they are read through normalizeTitle, so "chief of staff" works)
// ---------------------------------------------------------------------------------------------------------

/** A list written as one comma-separated string, so long tables stay a few lines. */
const list = (text: string) => text.split(/\s*,\s*/);

const FILLERS = new Set(list('a, an, and, at, for, in, of, on, the, with'));

/**
 * Abbreviations and acronyms -> words. Keys are lower-case tokens, or two tokens for spellings split by a
 * hyphen or space ("front-end"). Every value must already be canonical, or normalising twice would change it
 * (checked on load, below). Ambiguous ones take the reading sellers mean: PM product manager, MD managing
 * director, CPO chief product officer, CSO chief security officer.
 */
const ABBREVIATIONS: Record<string, string> = {
  // Ranks
  vp: 'vice president',
  'v p': 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  avp: 'assistant vice president',
  rvp: 'regional vice president',
  pres: 'president',
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  jnr: 'junior',
  mgr: 'manager',
  mngr: 'manager',
  mgmt: 'management',
  dir: 'director',
  gm: 'general manager',
  md: 'managing director',
  exec: 'executive',
  execs: 'executives',
  asst: 'assistant',
  assoc: 'associate',
  coord: 'coordinator',
  rep: 'representative',
  reps: 'representatives',
  cofounder: 'co founder',
  coowner: 'co owner',
  // Chiefs
  ceo: 'chief executive officer',
  cto: 'chief technology officer',
  cfo: 'chief financial officer',
  coo: 'chief operating officer',
  cmo: 'chief marketing officer',
  cio: 'chief information officer',
  ciso: 'chief information security officer',
  cso: 'chief security officer',
  cro: 'chief revenue officer',
  cpo: 'chief product officer',
  chro: 'chief human resources officer',
  cdo: 'chief data officer',
  clo: 'chief legal officer',
  caio: 'chief artificial intelligence officer',
  // Functions
  eng: 'engineer',
  engr: 'engineer',
  dev: 'developer',
  ops: 'operations',
  acct: 'account',
  accts: 'accounts',
  acctg: 'accounting',
  admin: 'administrator',
  'admin assistant': 'administrative assistant',
  'admin asst': 'administrative assistant',
  sys: 'systems',
  sysadmin: 'systems administrator',
  dba: 'database administrator',
  mktg: 'marketing',
  comms: 'communications',
  biz: 'business',
  svc: 'service',
  svcs: 'services',
  intl: 'international',
  natl: 'national',
  govt: 'government',
  dept: 'department',
  hr: 'human resources',
  'human resource': 'human resources',
  hrbp: 'human resources business partner',
  it: 'information technology',
  qa: 'quality assurance',
  qc: 'quality control',
  rnd: 'research development', // R&D
  lnd: 'learning development', // L&D
  mna: 'mergers acquisitions', // M&A
  fp: 'financial planning analysis', // FP&A, once the filler "a" is dropped
  ux: 'user experience',
  ui: 'user interface',
  cx: 'customer experience',
  pr: 'public relations',
  seo: 'search engine optimization',
  sem: 'search engine marketing',
  ml: 'machine learning',
  ai: 'artificial intelligence',
  bi: 'business intelligence',
  infosec: 'information security',
  'info sec': 'information security',
  appsec: 'application security',
  secops: 'security operations',
  revops: 'revenue operations',
  bizops: 'business operations',
  salesops: 'sales operations',
  'cyber security': 'cybersecurity',
  'dev ops': 'devops',
  'front end': 'frontend',
  'back end': 'backend',
  'full stack': 'fullstack',
  'e commerce': 'ecommerce',
  'pre sales': 'presales',
  'help desk': 'helpdesk',
  'demand gen': 'demand generation',
  'lead gen': 'lead generation',
  // Roles
  sdr: 'sales development representative',
  bdr: 'business development representative',
  ae: 'account executive',
  csm: 'customer success manager',
  pm: 'product manager',
  pmm: 'product marketing manager',
  tpm: 'technical program manager',
  em: 'engineering manager',
  swe: 'software engineer',
  sde: 'software development engineer',
  sdet: 'software development engineer test',
  sre: 'site reliability engineer',
  ea: 'executive assistant',
  gc: 'general counsel',
  cpa: 'certified public accountant',
  rn: 'registered nurse',
};

/**
 * Abbreviations that name the function rather than the person when they follow a leader ("VP Eng",
 * "Business Dev") or come before a role ("Eng Manager", "Dev Rep"); elsewhere ABBREVIATIONS decides
 * ("Sr Software Eng").
 */
const FUNCTION_FORMS = new Map(
  Object.entries({ eng: 'engineering', dev: 'development', admin: 'administration' }),
);
const LEADER_WORDS = new Set(list('president, head, director, chief, manager, business'));
const ROLE_WORDS = new Set(
  list(
    'manager, management, director, lead, leader, head, representative, specialist, coordinator, ' +
      'analyst, operations, team, officer, intern, vice, executive, associate, consultant, partner, ' +
      'support, program, services, engineer, assistant, supervisor',
  ),
);

/**
 * Seniority rules, strongest claim first: the first rule any phrase of a title matches decides. An intern or
 * an assistant stays one whoever else the title names ("Executive Assistant, Office of the CEO"). Rank words
 * win over what the person does: "Account Manager" and "Product Manager" are managers, and an account
 * executive, like any title without a rank word, is 'entry' ("Senior Account Executive" is senior).
 */
const SENIORITY_RULES: readonly (readonly [Seniority, string])[] = [
  ['intern', 'intern, interns, internship, working student, co-op, summer analyst, summer associate'],
  ['entry', 'executive assistant, personal assistant, administrative assistant'],
  ['owner', 'owner, proprietor'],
  ['founder', 'founder, founding partner'],
  ['c_suite', 'chief, president, chairman, chairwoman, chairperson, managing director'],
  ['partner', 'partner'],
  ['vp', 'vice president'],
  ['head', 'head, general counsel'],
  ['director', 'director, chief of staff'],
  ['manager', 'manager, partner manager, supervisor, team lead, team leader, foreman, superintendent'],
  [
    'senior',
    'senior, lead, principal, staff, distinguished, architect, associate general counsel, ' +
      'assistant general counsel, deputy general counsel',
  ],
];

/** Phrases where a rank word names something else ("Product Owner", "HR Business Partner"): no rank. */
const NOT_RANKS = list(
  'product owner, process owner, account owner, business partner, channel partner, technology partner, ' +
    'alliance partner, talent partner, people partner, recruiting partner, acquisition partner, ' +
    'partner marketing, partner success, partner account, partner accounts, partner development, ' +
    'partner enablement, partner engineer, partner solutions, partner program, partner programs, ' +
    'partner operations, partner relations, partner sales, partner channel, lead generation, ' +
    'staff accountant, staff nurse, staff writer, staff attorney, go to market',
);

/**
 * The words that name a department. `functions` name the work ("account executive", "recruiter");
 * `domains` name what it is about ("software", "medical") and decide only when no function is named, so
 * "Software Sales" and "Medical Sales Rep" are sales; `leadership` decides last ("Founder & CEO" is
 * executive, "CMO" marketing).
 */
type DepartmentWords = { functions?: string; domains?: string; leadership?: string };
const DEPARTMENT_WORDS: Record<Exclude<Department, 'other'>, DepartmentWords> = {
  executive: {
    leadership:
      'chief, chief strategy officer, president, vice president, founder, founding partner, owner, ' +
      'proprietor, chairman, chairwoman, chairperson, managing director, managing partner, ' +
      'general partner, general manager, executive director, board member, entrepreneur',
  },
  engineering: {
    functions:
      'engineering, engineer, engineers, developer, developers, programmer, programming, devops, ' +
      'site reliability, frontend, backend, fullstack, ios, android, embedded, firmware, ' +
      'quality assurance, tester, architect, software development, tech lead, technical lead, ' +
      'chief technology officer',
    domains: 'software, hardware',
  },
  product: { functions: 'product management, product operations', domains: 'product, products' },
  design: {
    functions:
      'design, designer, designers, user experience, user interface, art director, graphic, illustrator, ' +
      'animator, user research, user researcher',
    domains: 'creative, visual',
  },
  data: {
    functions:
      'data scientist, data science, data engineer, data engineering, data analyst, data architect, ' +
      'analytics, business intelligence, machine learning, statistician',
    domains: 'data, artificial intelligence',
  },
  security: {
    functions:
      'information security, cybersecurity, security engineer, security engineering, security analyst, ' +
      'security architect, security operations, application security, penetration tester',
    domains: 'security, cyber',
  },
  information_technology: {
    functions:
      'information technology, information systems, network, networks, helpdesk, service desk, ' +
      'desktop support, systems administrator, system administrator, database administrator, ' +
      'chief information officer',
    domains: 'technology',
  },
  sales: {
    functions:
      'sales, account executive, account manager, account director, account management, key account, ' +
      'business development, partnerships, alliances, presales, solutions engineer, solutions consultant, ' +
      'territory, relationship manager, revenue operations',
    domains: 'revenue, commercial, channel',
  },
  marketing: {
    functions:
      'marketing, marketer, demand generation, lead generation, public relations, social media, ' +
      'search engine optimization, search engine marketing, copywriter, market research, user acquisition, ' +
      'media buyer',
    domains:
      'growth, brand, branding, content, communications, event, events, community, advertising, media, ' +
      'go to market, lifecycle',
  },
  customer_success: {
    functions:
      'customer success, customer support, customer service, customer experience, customer care, ' +
      'customer onboarding, client success, client services, client service, support, technical support, ' +
      'technical account manager, implementation, chief customer officer',
  },
  finance: {
    functions:
      'finance, accounting, accountant, controller, comptroller, treasury, treasurer, tax, audit, auditor, ' +
      'bookkeeper, bookkeeping, payroll, billing, accounts payable, accounts receivable, ' +
      'investor relations, financial planning analysis, actuary, actuarial, underwriter, banker, ' +
      'financial advisor, financial adviser, wealth advisor',
    domains: 'financial, investment, investments, risk, banking, credit',
  },
  human_resources: {
    functions:
      'human resources, recruiter, recruiting, recruitment, talent acquisition, sourcer, ' +
      'learning development, compensation, benefits, people operations, employee experience, ' +
      'employee relations, diversity',
    domains: 'people, talent, training, trainer',
  },
  operations: {
    functions:
      'operations, chief operating officer, logistics, supply chain, procurement, purchasing, buyer, ' +
      'facilities, office manager, project manager, project management, program manager, ' +
      'program management, project coordinator, business analyst, administrative, administration, ' +
      'executive assistant, personal assistant, receptionist, warehouse, fulfillment, quality control, ' +
      'data entry, dispatcher, inventory',
    domains: 'strategy, production, manufacturing',
  },
  legal: {
    functions:
      'legal, counsel, attorney, lawyer, paralegal, compliance, privacy, contracts, solicitor, barrister, ' +
      'regulatory, litigation',
  },
  consulting: { functions: 'consultant, consultants, consulting, advisor, adviser, advisory' },
  research: {
    functions: 'research, researcher, scientist, laboratory, lab, postdoctoral, research development',
    domains: 'scientific',
  },
  education: {
    functions: 'teacher, teaching, professor, lecturer, instructor, tutor, dean, faculty',
    domains: 'education, school, academic, curriculum, university',
  },
  medical: {
    functions:
      'physician, doctor, nurse, nursing, surgeon, pharmacist, therapist, dentist, physiotherapist, ' +
      'veterinarian, radiologist, psychologist, psychiatrist, paramedic, clinician',
    domains:
      'medical, clinical, clinic, hospital, patient, healthcare, health care, health, pharmacy, ' +
      'pharmaceutical, dental',
  },
};

/** Lower numbers decide first. */
const STRENGTH = { functions: 0, domains: 1, leadership: 2 } as const satisfies Record<
  keyof DepartmentWords,
  number
>;

// ---------------------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------------------

const NON_ASCII = /[^\u0020-\u007e]/;
const MARKS = /\p{M}/gu;
/** "V.P.", "E.V.P.", "U.S.": a dot between single letters joins them; other dots separate ("Sr.Eng"). */
const DOTTED_LETTERS = /(?<![\p{L}\p{N}])(\p{L})\.(?=\p{L}(?![\p{L}\p{N}]))/gu;
/** "R&D", "M & A": single letters around '&' are one acronym, written "rnd" for the table to expand. */
const LETTER_AMPERSAND = /(?<![\p{L}\p{N}])(\p{L}) ?& ?(\p{L})(?![\p{L}\p{N}])/gu;
const APOSTROPHES = /['’`]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

const splitValues = (table: Record<string, string>) =>
  new Map(Object.entries(table).map(([key, words]) => [key, words.split(' ')]));
const EXPANSIONS = splitValues(ABBREVIATIONS);
/** First words of two-word keys: only these make building a pair key worth it (this runs on millions). */
const PAIR_STARTS = new Set(
  Object.keys(ABBREVIATIONS)
    .filter((key) => key.includes(' '))
    .map((key) => key.split(' ')[0]),
);

/** Whether an ambiguous abbreviation names the function here (see FUNCTION_FORMS). */
function namesFunction(wordsSoFar: readonly string[], next: string | undefined) {
  const previous = wordsSoFar[wordsSoFar.length - 1];
  if (previous !== undefined && LEADER_WORDS.has(previous)) return true;
  if (next === undefined) return false;
  return ROLE_WORDS.has(EXPANSIONS.get(next)?.[0] ?? next);
}

/** The canonical words of a title. */
function titleWords(title: string): string[] {
  // Compatibility forms first (full-width letters, ligatures), marks last: lower-casing can add some ("İ").
  const nonAscii = NON_ASCII.test(title);
  let text = (nonAscii ? title.normalize('NFKD') : title).toLowerCase();
  if (nonAscii) text = text.replace(MARKS, '');
  if (text.includes('.')) text = text.replace(DOTTED_LETTERS, '$1');
  if (text.includes('&')) text = text.replace(LETTER_AMPERSAND, '$1n$2');
  text = text.replace(APOSTROPHES, '');

  const tokens = text
    .split(nonAscii ? SEPARATORS : ASCII_SEPARATORS)
    .filter((token) => token !== '' && !FILLERS.has(token));
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    const pair =
      next !== undefined && PAIR_STARTS.has(token) ? EXPANSIONS.get(`${token} ${next}`) : undefined;
    if (pair) {
      for (const word of pair) words.push(word);
      i++;
      continue;
    }
    const functionForm = FUNCTION_FORMS.get(token);
    if (functionForm !== undefined && namesFunction(words, next)) {
      words.push(functionForm);
      continue;
    }
    const expansion = EXPANSIONS.get(token);
    if (expansion) for (const word of expansion) words.push(word);
    else words.push(token);
  }
  return words;
}

/**
 * The canonical form of a job title, for stored titles and search queries alike: "Sr. Software Eng." ->
 * "senior software engineer", "V.P. of Sales" -> "vice president sales", "CISO" ->
 * "chief information security officer". Empty for a title with no words.
 */
export const normalizeTitle = (title: string): string => titleWords(title).join(' ');

// An expansion that normalises further (a filler, another abbreviation) would break idempotence.
for (const [key, words] of EXPANSIONS) {
  const expansion = words.join(' ');
  if (normalizeTitle(expansion) !== expansion)
    throw new Error(`Title abbreviation "${key}" is not canonical`);
}

// ---------------------------------------------------------------------------------------------------------
// Classification
// ---------------------------------------------------------------------------------------------------------

type Phrase<T> = { rest: readonly string[]; value: T };
/** Phrases by their first word, longest first, so the longest phrase at a word is the first that matches. */
type PhraseIndex<T> = ReadonlyMap<string, readonly Phrase<T>[]>;

function indexPhrases<T>(entries: readonly (readonly [string, T])[]): PhraseIndex<T> {
  const index = new Map<string, Phrase<T>[]>();
  const seen = new Set<string>();
  for (const [text, value] of entries) {
    const [first, ...rest] = titleWords(text);
    const phrase = [first, ...rest].join(' ');
    // A phrase in two places would silently take one of them.
    if (first === undefined || seen.has(phrase))
      throw new Error(`Title phrase "${text}" is empty or repeated`);
    seen.add(phrase);
    index.set(first, [...(index.get(first) ?? []), { rest, value }]);
  }
  for (const phrases of index.values()) phrases.sort((a, b) => b.rest.length - a.rest.length);
  return index;
}

/** The index of the rule in SENIORITY_RULES, or null for NOT_RANKS. */
const SENIORITY_INDEX = indexPhrases<number | null>([
  ...SENIORITY_RULES.flatMap(([, phrases], rule) => list(phrases).map((phrase) => [phrase, rule] as const)),
  ...NOT_RANKS.map((phrase) => [phrase, null] as const),
]);

const DEPARTMENT_INDEX = indexPhrases<{ department: Department; strength: number }>(
  Object.entries(DEPARTMENT_WORDS).flatMap(([department, kinds]) =>
    Object.entries(kinds).flatMap(([kind, phrases]) =>
      list(phrases).map(
        (phrase) =>
          [
            phrase,
            { department: department as Department, strength: STRENGTH[kind as keyof DepartmentWords] },
          ] as const,
      ),
    ),
  ),
);

/** The longest phrase of the index that starts at words[at]. */
function phraseAt<T>(words: readonly string[], at: number, index: PhraseIndex<T>): Phrase<T> | undefined {
  const candidates = index.get(words[at] as string);
  if (!candidates) return undefined;
  for (const candidate of candidates) {
    let k = 0;
    while (k < candidate.rest.length && words[at + 1 + k] === candidate.rest[k]) k++;
    if (k === candidate.rest.length) return candidate;
  }
  return undefined;
}

function seniorityOf(words: readonly string[]): Seniority {
  let best = SENIORITY_RULES.length;
  for (let at = 0; at < words.length && words[at] !== 'to'; ) {
    const phrase = phraseAt(words, at, SENIORITY_INDEX);
    if (!phrase) {
      at++;
      continue;
    }
    if (phrase.value !== null && phrase.value < best) best = phrase.value;
    at += 1 + phrase.rest.length;
  }
  return SENIORITY_RULES[best]?.[0] ?? 'entry';
}

function departmentOf(words: readonly string[]): Department {
  let best: { department: Department; strength: number } | undefined;
  for (let at = 0; at < words.length && words[at] !== 'to'; ) {
    const phrase = phraseAt(words, at, DEPARTMENT_INDEX);
    if (!phrase) {
      at++;
      continue;
    }
    if (phrase.value.strength === STRENGTH.functions) return phrase.value.department;
    if (!best || phrase.value.strength < best.strength) best = phrase.value;
    at += 1 + phrase.rest.length;
  }
  return best?.department ?? 'other';
}

/**
 * The seniority and department a job title names: "VP Sales" -> vp/sales, "CISO" -> c_suite/security,
 * "Head of Growth" -> head/marketing. A title naming neither is entry/other. Takes raw or normalised titles.
 */
export function classifyTitle(title: string): TitleClassification {
  const words = titleWords(title);
  return { seniority: seniorityOf(words), department: departmentOf(words) };
}

/** The orders of a people search: best match (when there are words to rank by), or by name. */
/** A stored seniority or department as people read it ('c_suite' -> 'C-Suite'). */
export const seniorityLabel = (value: string | null): string | null =>
  value === null ? null : ((SENIORITY_LABELS as Record<string, string | undefined>)[value] ?? value);

export const departmentLabel = (value: string | null): string | null =>
  value === null ? null : ((DEPARTMENT_LABELS as Record<string, string | undefined>)[value] ?? value);

export const PEOPLE_SORTS = ['relevance', 'name', '-name'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

export type EmailStatus = 'verified' | 'guessed';

/** A person as the people search shows them; what we hold for reaching them is said, not shown. */
export type Person = {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  title: string | null;
  seniority: string | null;
  department: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  /** We hold an address (finding it is paid). */
  hasEmail: boolean;
  /** We hold a number (finding it is paid). */
  hasPhone: boolean;
  /** What this user found with the finders (paid once), else null. */
  email: string | null;
  emailStatus: EmailStatus | null;
  emailConfidence: number | null;
  phone: string | null;
  /**
   * What Find e-mail gives for this person now, computed by the finder itself: the address we hold
   * ('verified'), one built from their company's address pattern ('guessed'), or nothing (null).
   */
  emailFind: EmailStatus | null;
  source: string;
  license: string;
  imported: boolean;
  saved: boolean;
  company: {
    id: string;
    name: string;
    domain: string | null;
    industry: string | null;
    size: string | null;
    country: string | null;
  };
};

/** A person as the search reads them, before the finder says what Find e-mail would give. */
export type SearchedPerson = Omit<Person, 'emailFind'>;

/** POST /api/v1/people/{id}/email: an address, or "not found" (a normal answer, free of charge). */
export type FindEmailResult =
  | { found: true; email: string; status: EmailStatus; confidence: number; creditsCharged: number }
  | { found: false; message: string; creditsCharged: 0 };

/** POST /api/v1/people/{id}/phone: a number, or "not found" (free of charge). */
export type FindPhoneResult =
  | { found: true; phone: string; creditsCharged: number }
  | { found: false; message: string; creditsCharged: 0 };

export const NO_EMAIL_FOUND = 'No e-mail address found for this person';
export const NO_PHONE_FOUND = 'No phone number found for this person';

/**
 * Why a search for a title at a company found nobody (GET /api/v1/people `noMatch`), with the titles held at
 * that company closest to the one asked for.
 */
export type PeopleNoMatch = {
  /** `title_names_company`: the title ends "at <a company we hold>" ("CISO at Microsoft") and no company was named. */
  reason: 'unknown_company' | 'no_contacts' | 'no_title' | 'title_names_company';
  message: string;
  /** The company as the data names it (the user's words when it names none). */
  company: string;
  closestTitles: { title: string; count: number }[];
  /** The search the user most likely meant (the title at the company), to run with a click; else null. */
  suggestion: { title: string; company: string } | null;
};

/** What a bulk enrichment job reports (GET /api/v1/jobs/{id} `result`). */
export type EnrichmentResult = {
  requested: number;
  /** People looked at; fewer than requested when the credits ran out. */
  processed: number;
  /** Addresses and numbers the selection now shows, found now or before. */
  emailsFound: number;
  phonesFound: number;
  /** People looked at with nothing found (or whom the caller may not see). */
  notFound: number;
  creditsCharged: number;
  /** Why the job stopped before the end, else null. */
  stopped: string | null;
  /** What the selection now shows, person by person (the people with something found). */
  found: Pick<Person, 'id' | 'email' | 'emailStatus' | 'emailConfidence' | 'phone'>[];
};
