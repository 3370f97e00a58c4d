/**
 * Diagnostics (spec 1 §8-§9): the limits of the browser's debug and error buffers, what counts as slow, the
 * web-vital reference values, and the scrubbing that keeps personal data out of anything we log or let a user
 * copy into a bug report. Pure logic: the browser keeps the buffers (src/web/lib/diagnostics.ts), the server
 * scrubs again whatever a browser sends it (it trusts no body).
 */
import { APP_PATHS, matches, PUBLIC_PATHS } from './routes.ts';

/** Spec 1 §9: debug log buffers keep the last 100 entries. */
export const DEBUG_LOG_LIMIT = 100;
/** Spec 1 §9: error buffers keep the last 50. */
export const ERROR_LOG_LIMIT = 50;
/** Spec 1 §9: resources over 1000 ms are flagged slow (and so are our own API calls). */
export const SLOW_RESOURCE_MS = 1000;
/** Spec 1 §8: slow queries over 1000 ms are logged for developers; a request over the same is logged too. */
export const SLOW_QUERY_MS = 1000;
export const SLOW_REQUEST_MS = 1000;

/**
 * Spec 1 §9's performance reference values: 2500 ms (paint: Largest Contentful Paint), 100 ms (input:
 * Interaction to Next Paint, which replaced First Input Delay), 0.1 (layout shift: Cumulative Layout Shift).
 */
export const VITAL_REFERENCES = { LCP: 2500, INP: 100, CLS: 0.1 } as const;
export type VitalName = keyof typeof VITAL_REFERENCES;
export const VITAL_UNITS: Record<VitalName, 'ms' | ''> = { LCP: 'ms', INP: 'ms', CLS: '' };

/** A web vital as measured, against its reference: 'good' at or under it, 'over' above it. */
export type VitalReading = { value: number; reference: number; rating: 'good' | 'over' };

/** "Over 1000 ms" is slow; exactly 1000 ms is not. */
export const isSlow = (ms: number, limit: number = SLOW_RESOURCE_MS): boolean => ms > limit;

export function rateVital(name: VitalName, value: number): VitalReading {
  const reference = VITAL_REFERENCES[name];
  // CLS is a score with decimals; the times are whole milliseconds.
  const rounded = name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
  return { value: rounded, reference, rating: rounded <= reference ? 'good' : 'over' };
}

/** The last `capacity` items pushed, oldest first: older ones fall out as new ones come in. */
export class RingBuffer<T> {
  private readonly slots: T[] = [];
  private next = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('A ring buffer holds at least one item');
  }

  push(item: T): void {
    if (this.slots.length < this.capacity) this.slots.push(item);
    else this.slots[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Oldest first. */
  items(): T[] {
    if (this.slots.length < this.capacity) return [...this.slots];
    return [...this.slots.slice(this.next), ...this.slots.slice(0, this.next)];
  }

  get size(): number {
    return this.slots.length;
  }

  clear(): void {
    this.slots.length = 0;
    this.next = 0;
  }
}

// ---- Scrubbing -------------------------------------------------------------------------------------------

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const EMAIL = /[A-Z0-9._%+-]+(?:@|%40)[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]+/g;
/** Session tokens, API keys (pk_...), hex digests: a long run of letters and digits with at least one digit. */
const LONG_TOKEN = /\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,}\b/g;
/** Phone numbers and other long numbers (an account or card number): 7 digits or more, maybe spaced. */
const LONG_NUMBER = /\+?\d(?:[\s().-]{0,2}\d){6,}/g;
/** A secret in `name=value` form outside a URL (a query string copied into a message). */
const SECRET_PARAM = /\b(token|key|secret|password|passwd|code|session|signature|sig|auth)=([^\s&"']+)/gi;
/** An absolute URL, with a `:line:column` suffix when it comes from a stack trace. */
const ABSOLUTE_URL = /\b(?:https?|wss?|blob):\/\/[^\s"'<>()`]+/gi;
/** A path with a query string or fragment in free text: `/people?q=jane` loses `?q=jane`. */
const PATH_QUERY = /(\/[^\s?#"'<>()`]*)[?#][^\s"'<>()`]*/g;

/** A path segment that names a route rather than a record: `companies`, `icp-segments`, `v1`, `main-Ab1.js`. */
const ROUTE_WORD = /^(?:[a-z]+(?:-[a-z]+)*|v\d{1,2})$/;
const STATIC_FILE = /^[\w.-]+\.(?:js|mjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|woff2?|txt|xml|html)$/i;
const ALL_DIGITS = /^\d+$/;
const WHOLE_UUID = new RegExp(`^${UUID.source}$`, 'i');
const HAS_EMAIL = new RegExp(EMAIL.source, 'i');
const PAGE_PATTERNS: readonly string[] = [...PUBLIC_PATHS, ...APP_PATHS];

/** Known personal strings (the user's e-mail, name, company), longest first, as they may appear in text. */
function knownForms(known: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const value of known) {
    const trimmed = value?.trim();
    // A two-letter name would blank out half of every message: too short to be told apart from words.
    if (!trimmed || trimmed.length < 3) continue;
    forms.add(trimmed.toLowerCase());
    forms.add(encodeURIComponent(trimmed).toLowerCase());
    for (const part of trimmed.split(/\s+/)) if (part.length >= 4) forms.add(part.toLowerCase());
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

function redactKnown(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms) {
    let at = out.toLowerCase().indexOf(form);
    while (at !== -1) {
      out = `${out.slice(0, at)}[redacted]${out.slice(at + form.length)}`;
      at = out.toLowerCase().indexOf(form, at + '[redacted]'.length);
    }
  }
  return out;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A path as it may go into a log or a bug report: no origin, query string or fragment; a page's path becomes its
 * route template (`/prospect/:id`, `/sales-account-development/:companyName`); elsewhere every segment that is
 * not a route word becomes `:id` (a number or UUID) or `:param` (a name, token, e-mail...).
 * `known`: the user's own e-mail, name and company, which never survive even as a route word.
 */
export function scrubPath(input: string, known: readonly string[] = []): string {
  let path = input.trim();
  const origin = path.match(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i);
  if (origin) path = path.slice(origin[0].length);
  path = path.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) path = `/${path}`;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = PAGE_PATTERNS.find((pattern) => matches(pattern, trimmed));
  if (page) return page;
  const forms = knownForms(known);
  const segments = path.split('/').map((segment) => {
    if (segment === '') return segment;
    const text = decoded(segment);
    const lower = text.toLowerCase();
    if (forms.some((form) => lower.includes(form))) return ':param';
    if (ROUTE_WORD.test(text) && text.length <= 40) return text;
    if (STATIC_FILE.test(text) && !HAS_EMAIL.test(text)) return text;
    if (ALL_DIGITS.test(text) || WHOLE_UUID.test(text)) return ':id';
    return ':param';
  });
  return segments.join('/').slice(0, 300) || '/';
}

/**
 * Free text (an error message, a stack trace) as it may go into a log or a bug report: URLs become scrubbed
 * paths (keeping a stack trace's `:line:column`), query strings go, and e-mail addresses, UUIDs, tokens,
 * secrets, long numbers and the user's own `known` strings are replaced by a placeholder. Capped at `max`.
 */
export function scrubText(input: string, known: readonly string[] = [], max = 2000): string {
  const forms = knownForms(known);
  let text = redactKnown(String(input), forms);
  text = text.replace(ABSOLUTE_URL, (url) => {
    const position = url.match(/(?::\d+){1,2}$/)?.[0] ?? '';
    return scrubPath(url.slice(0, url.length - position.length), known) + position;
  });
  text = text
    .replace(BEARER, '$1 [token]')
    .replace(JWT, '[token]')
    .replace(SECRET_PARAM, '$1=[redacted]')
    .replace(EMAIL, '[email]')
    .replace(PATH_QUERY, '$1')
    .replace(UUID, ':id')
    .replace(LONG_TOKEN, '[token]')
    .replace(LONG_NUMBER, '[number]');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// ---- What the browser records, and the report a user copies --------------------------------------------------

export type DebugKind = 'navigation' | 'api' | 'resource' | 'vital';

/** One line of the debug log: a page view, an API call, a slow resource, a web vital. */
export type DebugEntry = {
  at: string;
  kind: DebugKind;
  /** What happened, scrubbed: `GET /api/v1/companies 200`, `/sales-account-development/:companyName`. */
  message: string;
  ms?: number;
  /** Over SLOW_RESOURCE_MS. */
  slow?: boolean;
};

export type ClientErrorKind = 'error' | 'unhandledrejection' | 'render' | 'api';

/** One entry of the error buffer. API failures carry their status and route, never a body. */
export type ClientErrorEntry = {
  at: string;
  kind: ClientErrorKind;
  message: string;
  /** The page's route when it happened (a template or a scrubbed path). */
  route: string;
  /** `file:line:column` of a script error. */
  source?: string;
  stack?: string;
  /** API failures: the method, the scrubbed API path, and the status (0: no answer reached the browser). */
  method?: string;
  apiRoute?: string;
  status?: number;
};

export type DiagnosticsInput = {
  version: string;
  generatedAt: string;
  userAgent: string;
  browser: string;
  language: string;
  screen: { width: number; height: number; pixelRatio: number };
  viewport: { width: number; height: number };
  route: string;
  errors: readonly ClientErrorEntry[];
  debug: readonly DebugEntry[];
  vitals: Partial<Record<VitalName, VitalReading>>;
  /** The signed-in user's e-mail, name and company: scrubbed from everything even if a message carries them. */
  known: readonly string[];
};

/** What "Copy diagnostics" copies: the app, browser and screen, the route, vitals, errors and slow entries. */
export type DiagnosticsReport = {
  app: 'Prospector';
  version: string;
  generatedAt: string;
  browser: string;
  userAgent: string;
  language: string;
  screen: DiagnosticsInput['screen'];
  viewport: DiagnosticsInput['viewport'];
  route: string;
  vitals: DiagnosticsInput['vitals'];
  errors: ClientErrorEntry[];
  slow: DebugEntry[];
  debug: DebugEntry[];
};

/**
 * The report, every text scrubbed once more here: an entry that was recorded before the user's name was known
 * (or by code that forgot) still leaves no personal data in what the user pastes into a bug report.
 */
export function buildDiagnosticsReport(input: DiagnosticsInput): DiagnosticsReport {
  const { known } = input;
  const text = (value: string | undefined, max?: number) =>
    value === undefined ? undefined : scrubText(value, known, max);
  const errors = input.errors.slice(-ERROR_LOG_LIMIT).map((entry) => {
    const clean: ClientErrorEntry = {
      at: entry.at,
      kind: entry.kind,
      message: scrubText(entry.message, known, 1000),
      route: scrubPath(entry.route, known),
    };
    if (entry.source !== undefined) clean.source = text(entry.source, 300);
    if (entry.stack !== undefined) clean.stack = text(entry.stack, 4000);
    if (entry.method !== undefined) clean.method = entry.method.slice(0, 10);
    if (entry.apiRoute !== undefined) clean.apiRoute = scrubPath(entry.apiRoute, known);
    if (entry.status !== undefined) clean.status = entry.status;
    return clean;
  });
  const debug = input.debug.slice(-DEBUG_LOG_LIMIT).map((entry) => ({
    ...entry,
    message: scrubText(entry.message, known, 500),
  }));
  return {
    app: 'Prospector',
    version: scrubText(input.version, [], 40),
    generatedAt: input.generatedAt,
    browser: input.browser,
    userAgent: scrubText(input.userAgent, known, 400),
    language: input.language.slice(0, 35),
    screen: input.screen,
    viewport: input.viewport,
    route: scrubPath(input.route, known),
    vitals: input.vitals,
    errors,
    slow: debug.filter((entry) => entry.slow),
    debug,
  };
}
