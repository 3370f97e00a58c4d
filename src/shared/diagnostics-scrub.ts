/**
 * The scrubbing that keeps personal data out of anything we log or let a user copy into a bug report (spec 1
 * §9): the browser scrubs what it sends and copies, the server scrubs again whatever a browser sends it (it
 * trusts no body), and slow requests are logged by scrubbed route.
 */
import { APP_PATHS, matches, PUBLIC_PATHS } from './routes.ts';

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

/**
 * Known personal strings (the user's e-mail, name, company), as they may appear in text: whole, URL-encoded, and
 * each word of four letters or more on its own, matched as whole words ("Mark" is not in "market").
 */
function knownPattern(known: readonly string[], flags = 'giu'): RegExp | null {
  const forms = new Set<string>();
  for (const value of known) {
    const trimmed = value?.trim();
    // A two-letter name would blank out half of every message: too short to be told apart from words.
    if (!trimmed || trimmed.length < 3) continue;
    forms.add(trimmed);
    forms.add(encodeURIComponent(trimmed));
    for (const part of trimmed.split(/[\s@.,]+/)) if (part.length >= 4) forms.add(part);
  }
  if (forms.size === 0) return null;
  const escaped = [...forms]
    .sort((a, b) => b.length - a.length)
    .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, flags);
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
  // Not global: `test` on a global pattern would resume where the last match ended.
  const personal = knownPattern(known, 'iu');
  const segments = path.split('/').map((segment) => {
    if (segment === '') return segment;
    const text = decoded(segment);
    if (personal && (personal.test(text) || personal.test(segment))) return ':param';
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
  const personal = knownPattern(known);
  let text = String(input);
  if (personal) text = text.replace(personal, '[redacted]');
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
