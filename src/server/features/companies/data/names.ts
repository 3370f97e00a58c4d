/** Company names and web addresses: tidying, title-casing SEC names, and the key names are matched by. */

/** Trimmed, single spaces. */
export function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * SEC names end with the state or country of incorporation ('BANK OF AMERICA CORP /DE/', 'VERISIGN INC/CA',
 * 'Sumitomo Forestry Co., Ltd./ADR'); that is filing metadata, not part of the name. 'GENMAB A/S' is a
 * legal form and stays.
 */
export function stripFilingSuffix(name: string): string {
  return tidy(name.replace(/(?<!\bA)\s*[/\\]\s*[A-Za-z]{1,7}\s*[/\\]?\s*$/, '')).replace(/,$/, '');
}

const UPPER = new Set([
  'LLC',
  'LP',
  'LLP',
  'PLC',
  'NV',
  'SA',
  'AG',
  'SE',
  'AB',
  'ASA',
  'SPA',
  'ADR',
  'REIT',
  'ETF',
  'USA',
  'US',
  'UK',
  'BDC',
  'AI',
  'II',
  'III',
  'IV',
  'VI',
  'VII',
  'VIII',
  'IX',
  'XI',
  'XII',
]);
/** Abbreviations without vowels that are words, not acronyms. */
const TITLE = new Set([
  'LTD',
  'HLDGS',
  'MFG',
  'INTL',
  'GRP',
  'SVCS',
  'SYS',
  'PPTYS',
  'MTG',
  'NATL',
  'BK',
  'FINL',
]);
const SMALL = new Set(['OF', 'AND', 'THE', 'FOR', 'IN', 'ON', 'AT', 'DE', 'DU', 'LA', 'A']);

function caseWord(word: string, first: boolean): string {
  const letters = word.replace(/[^A-Z]/g, '');
  if (!letters) return word;
  if (UPPER.has(letters)) return word;
  if (TITLE.has(letters)) return word.charAt(0) + word.slice(1).toLowerCase();
  if (!first && SMALL.has(word)) return word.toLowerCase();
  // AT&T, S&P, CVS, TJX, NRG, W (an initial): acronyms stay as they are.
  if (word.includes('&') || letters.length === 1 || !/[AEIOUY]/.test(letters)) return word;
  return (
    word
      .toLowerCase()
      .replace(/(^|[-.(/])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
      // O'Reilly, but Macy's.
      .replace(/'(\p{L})(?=\p{L})/gu, (_, ch: string) => `'${ch.toUpperCase()}`)
      .replace(/^Mc(\p{L})(?=\p{L}{2})/u, (_, ch: string) => `Mc${ch.toUpperCase()}`)
  );
}

/**
 * 'MICROSOFT CORP' -> 'Microsoft Corp', 'BANK OF AMERICA CORP /DE/' -> 'Bank of America Corp',
 * 'T-MOBILE US' -> 'T-Mobile US'. Names the SEC already writes in mixed case are only tidied.
 */
export function companyNameFromSec(name: string): string {
  const stripped = stripFilingSuffix(name);
  const letters = stripped.replace(/\P{L}/gu, '');
  const upper = letters.replace(/\P{Lu}/gu, '');
  // 'SHENGFENG DEVELOPMENT Ltd' is an upper-case name too; 'ZOOZ Power Ltd.' is a brand's own spelling.
  if (!letters || upper.length / letters.length < 0.7) return stripped;
  return stripped
    .split(' ')
    .map((word, i) => (/\p{Ll}/u.test(word) ? word : caseWord(word, i === 0)))
    .join(' ');
}

/** An S&P 500 name without its share class: 'Alphabet Inc. (Class A)' -> 'Alphabet Inc.'. */
export function companyNameFromSp500(name: string): string {
  return tidy(name.replace(/\(Class [A-Z]\)/g, ''));
}

const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'plc',
  'llc',
  'lp',
  'sa',
  'ag',
  'nv',
  'se',
]);

/**
 * The key names are matched by across sources: no case, accents, punctuation, leading 'the' or trailing
 * legal form ('Dropbox' = 'DROPBOX, INC.'). Words such as 'Group' or 'Holdings' stay: 'Target Corporation'
 * and 'Target Group Inc.' are different companies.
 */
export function nameKey(name: string): string {
  const words = stripFilingSuffix(name)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ');
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1] ?? '')) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words.join(' ');
}

const SOCIAL_HOSTS = new Set([
  'twitter.com',
  'x.com',
  'facebook.com',
  'linkedin.com',
  'instagram.com',
  'github.com',
  'medium.com',
  'angel.co',
]);

/** A website as given (trimmed, no trailing slash) and its bare host name, or nulls when it is not a URL. */
export function webAddress(text: string | null | undefined): {
  website: string | null;
  domain: string | null;
} {
  const trimmed = text?.trim();
  if (!trimmed) return { website: null, domain: null };
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (!url.hostname.includes('.')) return { website: null, domain: null };
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return {
      website: withScheme.replace(/\/+$/, ''),
      // A page on a social network is where the company posts, not its own domain.
      domain: SOCIAL_HOSTS.has(host) ? null : host,
    };
  } catch {
    return { website: null, domain: null };
  }
}

/** The first year in a 'Founded' cell: '2013 (1888)' -> 2013, '1975/1977 (1997)' -> 1975. */
export function firstYear(text: string | null | undefined): number | null {
  const match = text?.match(/\b(1[5-9]\d\d|20\d\d)\b/);
  return match ? Number(match[1]) : null;
}
