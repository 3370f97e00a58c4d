/**
 * Entities of a sales request, found offline: industries, sizes and places through the filter validator's own
 * tables (so what is recognised here is what the search can apply), company names from a gazetteer of our
 * company data, job titles, money, quarters, timeframes and deadlines.
 */
import type { Entities } from '../../../shared/copilot.ts';
import {
  type FilterKind,
  type FilterVocabulary,
  matchFilterValue,
} from '../../../shared/filter-validator.ts';
import type { Gazetteer } from './gazetteer.ts';
import { standardSpans } from './standards.ts';

export type Token = { text: string; lower: string; start: number; end: number };

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’&.+-]*[\p{L}\p{N}+]|[\p{L}\p{N}]/gu)) {
    const start = match.index ?? 0;
    tokens.push({ text: match[0], lower: match[0].toLowerCase(), start, end: start + match[0].length });
  }
  return tokens;
}

/** Words that are never an industry, a place or a company on their own. */
export const STOP_WORDS = new Set(
  `a an the and or of in on at to for from with by about into over under between than more less fewer most
  me my our we us you your i it its this that these those there here who whom what which when where why how
  is are was were be been being do does did can could should would will shall may might must have has had
  find show list get give search look looking need want please help tell some any all every each other
  companies company firms firm businesses business organisations organizations orgs accounts account
  people person contacts contact leads lead employees employee staff headcount workers team teams
  like such based located headquartered hq near around across within top best good great big small
  them they their just also only very really so too not no yes hi hello hey thanks thank`.split(/\s+/),
);

/** The words of a text that can say what it is about: lower case, no stop words, no numbers. */
export const contentWords = (text: string): string[] =>
  tokenize(text)
    .map((token) => token.lower)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d/.test(word));

/** Size words and numbers the validator reads as employee ranges. */
const SIZE_WORDS =
  /\b(tiny|micro|small|smallest|smb|sme|startups?|start-ups?|medium|mid[- ]?size[d]?|mid[- ]?market|midmarket|large|largest|big|bigger|biggest|enterprises?|huge|massive|corporate)\b/gi;
const SIZE_NUMBERS =
  /\b(?:(?:between|from)\s+)?(?:(?:more|fewer|less)\s+than|over|under|above|below|at least|at most|up to|<|>)?\s*\d[\d,.]*\s*k?\+?(?:\s*(?:-|–|to|and)\s*\d[\d,.]*\s*k?\+?)?\s*(?:employees?|staff|people|headcount|workers|ftes?|persons?|emps?)\b/gi;

/** A place written with a place word before it is a place even when it is also a common word. */
const PLACE_CUE =
  /\b(in|from|near|around|across|based in|located in|headquartered in|throughout|within)\s+$/i;

export type Lexicon = { vocabulary: FilterVocabulary; gazetteer: Gazetteer };

type Span = { start: number; end: number; text: string };

/** The token spans (longest first, not overlapping) that the validator matches for a kind, by exact or synonym. */
function matchSpans(
  text: string,
  tokens: Token[],
  kind: FilterKind,
  vocabulary: FilterVocabulary,
  taken: boolean[],
  accept: (span: Span, field: string, before: string) => boolean,
): Span[] {
  const found: Span[] = [];
  for (let size = 4; size >= 1; size -= 1) {
    for (let i = 0; i + size <= tokens.length; i += 1) {
      if (taken.slice(i, i + size).some(Boolean)) continue;
      const first = tokens[i];
      const last = tokens[i + size - 1];
      if (!first || !last) continue;
      if (STOP_WORDS.has(first.lower) || STOP_WORDS.has(last.lower)) {
        // "us" is a pronoun unless written as a country ("US", "the US").
        if (!(kind === 'region' && size === 1 && first.text === 'US')) continue;
      }
      const span = { start: first.start, end: last.end, text: text.slice(first.start, last.end) };
      if (/^\d+$/.test(span.text)) continue;
      // "tech stack", "sales tech": a word that names an industry only on its own.
      if (kind === 'industry' && /^\s*stack\b/i.test(text.slice(last.end))) continue;
      // "fintechs" and "semiconductor": the other number when the words as written are not in the tables.
      const variants = [span.text];
      if (kind === 'industry')
        variants.push(/[^s]s$/i.test(span.text) ? span.text.slice(0, -1) : `${span.text}s`);
      const variant = variants.find((v) => {
        const m = matchFilterValue(kind, v, vocabulary);
        return m && m.confidence >= 90;
      });
      const match = variant ? matchFilterValue(kind, variant, vocabulary) : null;
      if (variant) span.text = variant;
      if (!match) continue;
      if (!accept(span, match.field, text.slice(0, first.start))) continue;
      found.push(span);
      for (let j = i; j < i + size; j += 1) taken[j] = true;
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const FUNCTIONS =
  'sales|marketing|engineering|product|it|security|information security|hr|people|talent|finance|legal|procurement|operations|ops|growth|revenue|customer success|data|data science|analytics|design|partnerships|business development|technology|infrastructure|devops|compliance|risk';
const JOB_TITLES = [
  // "marketing directors", "product managers", "security leaders"
  new RegExp(
    `\\b(?:${FUNCTIONS})\\s+(?:leaders?|leadership|heads?|directors?|managers?|vps?|executives?|teams?|officers?)\\b`,
    'gi',
  ),
  // "VP of Sales", "head of marketing", "chief revenue officers", "directors of IT"
  new RegExp(
    `\\b(?:chief|head|director|vp|svp|evp|avp|vice president|general manager)s?\\s+(?:of\\s+)?(?:global\\s+)?(?:${FUNCTIONS})(?:\\s+officers?)?\\b`,
    'gi',
  ),
  /\b(?:c[etfoimrp]o|ciso|chro|cdo|cco|cso)s?\b/gi,
  /\b(?:co-?founders?|founders?|owners?|presidents?|decision[- ]makers?|account executives?|aes|sdrs?|bdrs?|recruiters?|software engineers?|developers?|procurement officers?)\b/gi,
];

/** Job titles as written ("VP of Sales", "CTOs", "head of marketing"). */
export function jobTitles(text: string): string[] {
  const spans: Span[] = [];
  for (const pattern of JOB_TITLES) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const span = { start, end: start + match[0].length, text: match[0].trim() };
      if (spans.some((s) => s.start < span.end && span.start < s.end)) continue;
      spans.push(span);
    }
  }
  return spans
    .sort((a, b) => a.start - b.start)
    .map((s) => s.text.replace(/\s+(?:at|in|for|from)$/i, ''))
    .filter((t) => !/^(?:managers?|leads?|leaders?|owners?|partners?)$/i.test(t));
}

const MONEY =
  /(?:\$|usd\s*|eur\s*|€|£)\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(k|thousand|mm|m|mil|million|bn|b|billion)?\b|\b(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(k|thousand|mm|m|mil|million|bn|billion)\b(?!\s*\+?\s*(?:employees?|staff|people|users|customers|workers))|\b(\d[\d,]*(?:\.\d+)?)\s*(?:dollars|usd|euros?)\b/gi;
const MULTIPLIER: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mil: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/** The first money amount: needs a currency sign or word, or a multiplier that is not a head count. */
export function moneyAmount(text: string): number | undefined {
  for (const match of text.matchAll(MONEY)) {
    const digits = match[1] ?? match[3] ?? match[5];
    const suffix = (match[2] ?? match[4] ?? '').toLowerCase();
    if (!digits) continue;
    const value = Number(digits.replace(/,/g, ''));
    if (Number.isFinite(value)) return Math.round(value * (MULTIPLIER[suffix] ?? 1));
  }
  return undefined;
}

const ORDINAL_QUARTER: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: 4 };
const quarterOf = (date: Date) => Math.floor(date.getUTCMonth() / 3) + 1;

/** "Q3", "Q3 2026", "third quarter", "this/next/last quarter" (resolved from today). */
export function quarter(text: string, today: Date): string | undefined {
  const q =
    text.match(/\bq([1-4])(?:\s*(?:of\s+)?'?(\d{4}|\d{2}))?\b/i) ??
    text.match(/\b([1-4])q(?:\s*(\d{4}))?\b/i);
  if (q) {
    const year = q[2] ? (q[2].length === 2 ? `20${q[2]}` : q[2]) : null;
    return year ? `Q${q[1]} ${year}` : `Q${q[1]}`;
  }
  const ordinal = text.match(/\b(first|second|third|fourth)\s+quarter\b/i);
  if (ordinal?.[1]) return `Q${ORDINAL_QUARTER[ordinal[1].toLowerCase()]}`;
  const relative = text.match(/\b(this|current|next|last|previous|coming)\s+quarter\b/i);
  if (relative?.[1]) {
    const shift = /next|coming/i.test(relative[1]) ? 1 : /last|previous/i.test(relative[1]) ? -1 : 0;
    const index = today.getUTCFullYear() * 4 + quarterOf(today) - 1 + shift;
    return `Q${(index % 4) + 1} ${Math.floor(index / 4)}`;
  }
  return undefined;
}

/** A period in the user's words: "next 90 days", "this year", "by end of month", "ytd". */
export function timeframe(text: string): string | undefined {
  const match =
    text.match(
      /\b(?:next|last|past|coming|previous|within(?: the)?(?: next)?)\s+(?:\d+|one|two|three|four|six|few|couple of)\s+(?:days?|weeks?|months?|quarters?|years?)\b/i,
    ) ??
    text.match(/\b(?:this|next|last)\s+(?:week|month|year|fiscal year|fy|half)\b/i) ??
    text.match(/\b(?:by\s+)?(?:the\s+)?end of (?:the\s+)?(?:week|month|quarter|year|q[1-4])\b/i) ??
    text.match(/\b(?:ytd|year to date|h[12](?:\s+\d{4})?)\b/i);
  return match?.[0];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** A due date ("due Friday", "by Dec 15", "deadline 2026-12-15", "by tomorrow"), ISO when it resolves. */
export function deadline(text: string, today: Date): string | undefined {
  const cue = text.match(
    /\b(?:due|deadline(?: is)?|by|before|no later than|submit(?:ted)? by)\s+(?:on\s+|the\s+)?(.{3,30})/i,
  );
  if (!cue?.[1]) return undefined;
  const when = cue[1].toLowerCase();
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const isoDate = when.match(/^(\d{4}-\d{2}-\d{2})/);
  if (isoDate?.[1]) return isoDate[1];
  if (/^today\b/.test(when)) return iso(day);
  if (/^tomorrow\b/.test(when)) return iso(new Date(day.getTime() + 86_400_000));
  const weekday = WEEKDAYS.findIndex((d) => when.startsWith(d) || when.startsWith(`next ${d}`));
  if (weekday >= 0) {
    let ahead = (weekday - day.getUTCDay() + 7) % 7 || 7;
    if (when.startsWith('next ') && ahead < 7) ahead += 7;
    return iso(new Date(day.getTime() + ahead * 86_400_000));
  }
  const monthFirst = when.match(/^([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?/);
  const dayFirst = when.match(/^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3})[a-z]*/);
  const month = MONTHS.indexOf((monthFirst?.[1] ?? dayFirst?.[2] ?? '') as string);
  const date = Number(monthFirst?.[2] ?? dayFirst?.[1]);
  if (month >= 0 && date >= 1 && date <= 31) {
    let candidate = new Date(Date.UTC(day.getUTCFullYear(), month, date));
    if (candidate < day) candidate = new Date(Date.UTC(day.getUTCFullYear() + 1, month, date));
    return iso(candidate);
  }
  if (/^(?:the\s+)?end of (?:the\s+)?(?:week|month|quarter)/.test(when) || /^next week/.test(when)) {
    return when.replace(/[.,;!?].*$/, '').trim();
  }
  return undefined;
}

/** Everything the request names, with the spans it used (so names are not read inside filters). */
export function findEntities(text: string, lexicon: Lexicon, today: Date): Entities {
  const tokens = tokenize(text);
  const taken = tokens.map(() => false);
  const entities: Entities = {};

  const sizes: string[] = [];
  const sizeSpans: Span[] = [];
  for (const pattern of [SIZE_NUMBERS, SIZE_WORDS]) {
    for (const match of text.matchAll(pattern)) {
      const start = (match.index ?? 0) + match[0].length - match[0].trimStart().length;
      const span = { start, end: (match.index ?? 0) + match[0].length, text: match[0].trim() };
      if (sizeSpans.some((s) => s.start < span.end && span.start < s.end)) continue;
      if (!matchFilterValue('size', span.text, lexicon.vocabulary)) continue;
      sizeSpans.push(span);
      sizes.push(span.text);
    }
  }
  const mark = (span: Span) =>
    tokens.forEach((token, i) => {
      if (token.start < span.end && span.start < token.end) taken[i] = true;
    });
  for (const span of sizeSpans) mark(span);

  const titles = jobTitles(text);
  for (const title of titles) {
    const at = text.indexOf(title);
    if (at >= 0) mark({ start: at, end: at + title.length, text: title });
  }

  // "SOC 2", "ISO 27001", "GDPR": standards, never a company's name.
  for (const span of standardSpans(text)) mark(span);

  const companies = lexicon.gazetteer.find(text, tokens, taken, 'known');
  const regions = matchSpans(text, tokens, 'region', lexicon.vocabulary, taken, (span, field, before) => {
    if (field === 'countries' || field === 'regions') return true;
    // A city that is also a common word ("Reading", "Mobile") needs a place word before it or a capital.
    return PLACE_CUE.test(before) || /^\p{Lu}/u.test(span.text) || span.text.includes(' ');
  });
  const industries = matchSpans(text, tokens, 'industry', lexicon.vocabulary, taken, () => true);
  companies.push(...lexicon.gazetteer.find(text, tokens, taken, 'unknown'));

  if (industries.length) entities.industry = industries.map((s) => s.text);
  if (sizes.length) entities.companySize = sizes;
  if (regions.length) entities.region = regions.map((s) => s.text);
  if (companies.length) entities.companyNames = companies;
  if (titles.length) entities.jobTitles = titles;
  const amount = moneyAmount(text);
  if (amount !== undefined) entities.amount = amount;
  const q = quarter(text, today);
  if (q) entities.quarter = q;
  const period = timeframe(text);
  if (period) entities.timeframe = period;
  const due = deadline(text, today);
  if (due) entities.deadline = due;
  return entities;
}
