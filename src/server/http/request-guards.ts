/**
 * Guards every request passes before any route (Better Auth's /api/auth/* included), so no handler, rate
 * limit or charge ever sees a body too large to read or text PostgreSQL cannot store (issue 21).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors.ts';

const MB = 1024 * 1024;

/** The cap of a JSON, form or text body on every route that does not say otherwise. */
const DEFAULT_BODY_LIMIT = MB;

/**
 * GET, HEAD and OPTIONS carry no body any route reads (Node drops one sent anyway). Asking the request for its
 * body builds a whole web Request around it, a stream and an abort signal, which was most of what a cheap
 * request like /api/health cost.
 */
const NO_BODY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const describeBytes = (bytes: number) =>
  bytes < MB ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / MB) * 10) / 10} MB`;
const bodyTooLarge = (bytes: number) => `Request body too large: at most ${describeBytes(bytes)}`;

export type BodyLimits = {
  /** Upload routes (`METHOD /path`): their multipart bodies are capped by the route, with its own message. */
  uploads: readonly string[];
  /** Larger caps for the JSON bodies of these routes; every other body has 1 MB. */
  json: Readonly<Record<string, number>>;
};

/**
 * Refuses a body over its cap with 413 before reading it: by Content-Length when the client sent one, else
 * by counting the stream as it arrives (hono's bodyLimit), so a 100 MB body is never held in memory.
 */
export function bodyLimits(limits: BodyLimits): MiddlewareHandler {
  const uploads = new Set(limits.uploads);
  const guards = new Map<number, MiddlewareHandler>();
  const guard = (maxSize: number) => {
    let found = guards.get(maxSize);
    if (!found) {
      found = bodyLimit({
        maxSize,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', 413, bodyTooLarge(maxSize), { maxBytes: maxSize });
        },
      });
      guards.set(maxSize, found);
    }
    return found;
  };
  return (c, next) => {
    if (NO_BODY_METHODS.has(c.req.method)) return next();
    const route = `${c.req.method} ${c.req.path}`;
    const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    if (multipart && uploads.has(route)) return next();
    return guard(limits.json[route] ?? DEFAULT_BODY_LIMIT)(c, next);
  };
}

export type Where = { location: 'path' | 'query' | 'body'; field?: string };

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function subject({ location, field }: Where): string {
  if (location === 'path') return 'The address';
  if (location === 'query') return `Query parameter "${field}"`;
  return field ? `Field "${field}"` : 'The request body';
}

function invalidText(where: Where, why: string): AppError {
  return new AppError('INVALID_TEXT', 400, `${subject(where)} ${why}`, where);
}

/**
 * NUL cannot be stored in a PostgreSQL text or jsonb value; a lone surrogate is not Unicode at all. Exported
 * for text this guard cannot see: multipart text fields and the text of uploaded files.
 */
export function checkText(text: string, where: Where): void {
  if (text.includes(NUL)) throw invalidText(where, 'may not contain the NUL character (\\u0000)');
  if (LONE_SURROGATE.test(text)) {
    throw invalidText(where, 'is not valid Unicode (it contains an unpaired surrogate)');
  }
}

/** A multipart body as `c.req.parseBody()` gives it: text fields and files, one or several per name. */
export type MultipartFields = Record<string, string | File | (string | File)[]>;

/**
 * The text of a parsed multipart body, which the guard passes unread: every field name, text value and file
 * name, refused as a JSON field would be (400 INVALID_TEXT). The files' contents are for their readers to check.
 */
export function checkMultipart(form: MultipartFields): void {
  for (const [name, value] of Object.entries(form)) {
    checkText(name, { location: 'body', field: name.slice(0, 100) });
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') checkText(item, { location: 'body', field: name });
      else checkText(item.name, { location: 'body', field: `${name} (file name)` });
    }
  }
}

/** A percent-encoded URL part, decoded; bytes that are not UTF-8 (such as an encoded surrogate) refused. */
function decodeComponent(raw: string, where: Where): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw invalidText(where, 'is not valid percent-encoded UTF-8');
  }
}

function checkUrl(url: string): void {
  // Node's parser refuses a raw NUL in the address, and without a percent-escape nothing else can hide one.
  if (!url.includes('%')) return;
  const { pathname, search } = new URL(url);
  for (const segment of pathname.split('/')) {
    checkText(decodeComponent(segment, { location: 'path' }), { location: 'path' });
  }
  checkForm(search.slice(1), 'query');
}

/** `a=1&b=2` as in a query string or an urlencoded body: names and values checked alike. */
function checkForm(form: string, location: 'query' | 'body'): void {
  if (!form) return;
  for (const pair of form.split('&')) {
    const at = pair.indexOf('=');
    const [rawName, rawValue] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    const nameWhere: Where = { location, field: rawName.slice(0, 100) };
    const name = decodeComponent(rawName.replaceAll('+', ' '), nameWhere);
    checkText(name, nameWhere);
    const where: Where = { location, field: name };
    checkText(decodeComponent(rawValue.replaceAll('+', ' '), where), where);
  }
}

/** Every string of a parsed JSON body, keys included, with the path a validation error would give. */
function checkJson(value: unknown, path: string[]): void {
  if (typeof value === 'string') {
    checkText(value, { location: 'body', field: path.join('.') || undefined });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      checkJson(item, [...path, String(i)]);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      checkText(key, { location: 'body', field: [...path, key].join('.') });
      checkJson(item, [...path, key]);
    }
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Refuses with 400 INVALID_TEXT a request whose address, query, or JSON / form / text body (names included)
 * holds a NUL or an unpaired surrogate, or whose body is not UTF-8. Multipart bodies carry files (a PDF has
 * NUL bytes) and pass unread. The body read here is put back on the request, so every handler after it
 * (Better Auth reads the raw request itself) sees it unchanged.
 */
export function textGuard(): MiddlewareHandler {
  return async (c, next) => {
    checkUrl(c.req.url);
    if (NO_BODY_METHODS.has(c.req.method)) return next();
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!c.req.raw.body || type.startsWith('multipart/form-data')) return next();

    const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
    c.req.raw = new Request(c.req.raw, { body: bytes });
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      throw invalidText({ location: 'body' }, 'is not valid UTF-8');
    }
    if (type.startsWith('application/x-www-form-urlencoded')) {
      checkForm(text, 'body');
      return next();
    }
    checkText(text, { location: 'body' });
    // Any other body is JSON or text: escapes such as "\u0000" only show once parsed. Malformed JSON is left
    // to the route, which answers it with its own 400.
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return next();
    }
    checkJson(parsed, []);
    return next();
  };
}
