/**
 * Hostile requests generated from the OpenAPI document (issue 21): for every operation, a valid baseline built
 * from its schemas and one mutation at a time (NUL, lone surrogate, invalid UTF-8, wrong types, huge numbers,
 * malformed JSON), so that only the mutated part is wrong. Each case says whether a 2xx would be a defect.
 */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  readOnly?: boolean;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
};

export type Operation = {
  method: string;
  path: string;
  /** No security requirement: the operation is also fuzzed without a session. */
  public: boolean;
  parameters: Parameter[];
  jsonBody: Schema | null;
  /** The multipart/form-data body's schema: text fields are typed strings, file fields are untyped. */
  multipartBody?: Schema | null;
};

export type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { security?: unknown[]; parameters?: Parameter[]; requestBody?: unknown }>
  >;
  components?: { schemas?: Record<string, Schema> };
};

export type CaseKind =
  | 'nul'
  | 'surrogate'
  | 'invalid-utf8'
  | 'wrong-type'
  | 'huge-number'
  | 'malformed-json'
  | 'oversize'
  | 'hostile-file';

export type FuzzCase = {
  operation: string;
  /** What was mutated, e.g. `body.context.path` or `query.q`. */
  target: string;
  kind: CaseKind;
  method: string;
  url: string;
  contentType?: string;
  body?: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  /** The input is invalid by the route's own schema (or holds text we never store): a 2xx is a defect. */
  mustRefuse: boolean;
  /** The one status the case must get (413 for a body over its cap). */
  status?: number;
};

const NUL_TEXT = 'fuzz\u0000text';
const SURROGATE_TEXT = 'fuzz\ud800text';
/** A lone surrogate as a URL carries it: its WTF-8 bytes, which are not UTF-8. */
const SURROGATE_ENCODED = 'fuzz%ED%A0%80text';
const HUGE_NUMBERS: [string, number][] = [
  ['1e308', 1e308],
  ['2**63', 2 ** 63],
  ['-1', -1],
];
const SAMPLE_UUID = '00000000-0000-4000-8000-00000000f022';

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        public: op.security === undefined || op.security.length === 0,
        parameters: op.parameters ?? [],
        jsonBody: content?.['application/json']?.schema ?? null,
        multipartBody: content?.['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return operations;
}

export class CaseBuilder {
  constructor(private readonly doc: OpenApiDocument) {}

  resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    for (let i = 0; current.$ref && i < 20; i++) {
      const name = current.$ref.split('/').pop() ?? '';
      current = this.doc.components?.schemas?.[name] ?? {};
    }
    const options = current.anyOf ?? current.oneOf;
    if (options) {
      const pick = options.map((o) => this.resolve(o)).find((o) => !types(o).includes('null'));
      return pick ?? this.resolve(options[0]);
    }
    if (current.allOf) {
      return Object.assign({}, ...current.allOf.map((s) => this.resolve(s)));
    }
    return current;
  }

  /** A value the schema accepts: required properties only, enums' first value, formats honoured. */
  sample(schema: Schema | undefined, depth = 0): unknown {
    const s = this.resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum?.length) return s.enum[0];
    const type = types(s).find((t) => t !== 'null') ?? (s.properties ? 'object' : 'unknown');
    switch (type) {
      case 'string':
        return sampleString(s);
      case 'integer':
      case 'number': {
        const low = s.minimum ?? (s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1);
        return Math.min(Math.max(low, 1), s.maximum ?? Number.POSITIVE_INFINITY);
      }
      case 'boolean':
        return true;
      case 'array':
        return depth > 6
          ? []
          : Array.from({ length: s.minItems ?? 0 }, () => this.sample(s.items, depth + 1));
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const key of s.required ?? []) out[key] = this.sample(s.properties?.[key], depth + 1);
        return out;
      }
      case 'null':
        return null;
      default:
        return 'fuzz';
    }
  }

  /** Every field under a schema (properties, first array items), as paths with their schemas. */
  leaves(
    schema: Schema | undefined,
    path: (string | number)[] = [],
  ): { path: (string | number)[]; schema: Schema }[] {
    const s = this.resolve(schema);
    if (path.length > 5) return [];
    if (s.properties) {
      return Object.entries(s.properties).flatMap(([key, sub]) => this.leaves(sub, [...path, key]));
    }
    if (types(s).includes('array')) {
      const items = this.resolve(s.items);
      const inner = items.properties
        ? this.leaves(items, [...path, 0])
        : [{ path: [...path, 0], schema: items }];
      return [{ path, schema: s }, ...inner];
    }
    // The leaf keeps its own schema (a union of literals stays a union for `accepts`).
    return path.length ? [{ path, schema: schema ?? s }] : [];
  }

  /** The baseline with `value` at `path`; the containers on the way are made from their schemas when absent. */
  withValue(root: Schema, path: (string | number)[], value: unknown): unknown {
    const base = this.sample(root);
    if (!path.length) return value;
    let container = base as Record<string | number, unknown>;
    let schema = this.resolve(root);
    for (const [i, key] of path.entries()) {
      const sub =
        typeof key === 'number' ? this.resolve(schema.items) : this.resolve(schema.properties?.[key]);
      if (i === path.length - 1) {
        container[key] = value;
        break;
      }
      let next = container[key];
      if (next === undefined || next === null || typeof next !== 'object') {
        next = types(sub).includes('array') ? [] : this.sample(sub);
        container[key] = next;
      }
      if (Array.isArray(next) && next.length === 0 && typeof path[i + 1] === 'number') {
        next.push(this.sample(sub.items));
      }
      container = next as Record<string | number, unknown>;
      schema = sub;
    }
    return base;
  }

  /** Whether the schema accepts the value (the subset of JSON Schema our zod schemas produce). */
  accepts(schema: Schema, value: unknown): boolean {
    const raw = schema.$ref ? this.resolve(schema) : schema;
    const options = raw.anyOf ?? raw.oneOf;
    if (options) return options.some((o) => this.accepts(o, value));
    const s = this.resolve(raw);
    const allowed = types(s);
    if (s.enum) return s.enum.includes(value);
    if (!allowed.length) return true;
    if (value === null) return allowed.includes('null');
    if (typeof value === 'number') {
      const integer = Number.isSafeInteger(value);
      if (!(allowed.includes('number') || (allowed.includes('integer') && integer))) return false;
      return (
        (s.minimum === undefined || value >= s.minimum) &&
        (s.maximum === undefined || value <= s.maximum) &&
        (s.exclusiveMinimum === undefined || value > s.exclusiveMinimum) &&
        (s.exclusiveMaximum === undefined || value < s.exclusiveMaximum)
      );
    }
    if (typeof value === 'string') return allowed.includes('string');
    if (Array.isArray(value)) return allowed.includes('array');
    if (typeof value === 'object') return allowed.includes('object');
    return allowed.includes(typeof value);
  }

  /** Every hostile request for one operation. */
  cases(op: Operation): FuzzCase[] {
    const name = `${op.method} ${op.path}`;
    const out: FuzzCase[] = [];
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const basePath: Record<string, string> = {};
    for (const p of pathParams) basePath[p.name] = encodeURIComponent(String(this.sample(p.schema)));
    const baseQuery: Record<string, string> = {};
    for (const p of queryParams.filter((q) => q.required)) baseQuery[p.name] = String(this.sample(p.schema));
    const url = (params: Record<string, string>, query: Record<string, string>) => {
      const path = op.path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? 'x');
      const search = Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
        .join('&');
      return search ? `${path}?${search}` : path;
    };
    const enc = (query: Record<string, string>) =>
      Object.fromEntries(Object.entries(query).map(([k, v]) => [k, encodeURIComponent(v)]));
    const baseBody = op.jsonBody ? JSON.stringify(this.sample(op.jsonBody)) : undefined;
    const json = (body: string | Uint8Array | undefined) =>
      body === undefined ? {} : { body, contentType: 'application/json' };
    const add = (c: Omit<FuzzCase, 'operation' | 'method'>) =>
      out.push({ operation: name, method: op.method, ...c });

    for (const p of pathParams) {
      for (const [kind, raw] of [
        ['nul', 'fuzz%00text'],
        ['surrogate', SURROGATE_ENCODED],
      ] as const) {
        add({
          target: `path.${p.name}`,
          kind,
          url: url({ ...basePath, [p.name]: raw }, enc(baseQuery)),
          ...json(baseBody),
          mustRefuse: true,
        });
      }
    }

    for (const p of queryParams) {
      const schema = this.resolve(p.schema);
      const target = `query.${p.name}`;
      const at = (raw: string) => url(basePath, { ...enc(baseQuery), [p.name]: raw });
      add({ target, kind: 'nul', url: at('fuzz%00text'), ...json(baseBody), mustRefuse: true });
      add({ target, kind: 'surrogate', url: at(SURROGATE_ENCODED), ...json(baseBody), mustRefuse: true });
      const numeric = types(schema).some((t) => t === 'integer' || t === 'number');
      if (numeric) {
        add({ target, kind: 'wrong-type', url: at('not-a-number'), ...json(baseBody), mustRefuse: true });
        for (const [label, value] of HUGE_NUMBERS) {
          add({
            target: `${target}=${label}`,
            kind: 'huge-number',
            url: at(encodeURIComponent(String(value))),
            ...json(baseBody),
            mustRefuse: !this.accepts(schema, value),
          });
        }
      }
    }

    if (op.jsonBody) {
      const root = op.jsonBody;
      const leaves = this.leaves(root);
      const body = (path: (string | number)[], value: unknown) =>
        JSON.stringify(this.withValue(root, path, value));
      for (const leaf of leaves) {
        const target = `body.${leaf.path.join('.')}`;
        const allowed = types(this.resolve(leaf.schema));
        if (allowed.includes('string') || allowed.length === 0) {
          add({
            target,
            kind: 'nul',
            ...json(body(leaf.path, NUL_TEXT)),
            url: url(basePath, enc(baseQuery)),
            mustRefuse: true,
          });
          add({
            target,
            kind: 'surrogate',
            ...json(body(leaf.path, SURROGATE_TEXT)),
            url: url(basePath, enc(baseQuery)),
            mustRefuse: true,
          });
        }
        const wrong: unknown[] = [null];
        if (allowed.includes('string')) wrong.push(12345);
        if (allowed.includes('number') || allowed.includes('integer')) wrong.push('12');
        if (allowed.includes('array')) wrong.push({});
        if (allowed.includes('object')) wrong.push(['fuzz']);
        if (allowed.includes('boolean')) wrong.push('yes');
        for (const value of wrong) {
          add({
            target: `${target}=${JSON.stringify(value)}`,
            kind: 'wrong-type',
            ...json(body(leaf.path, value)),
            url: url(basePath, enc(baseQuery)),
            mustRefuse: !this.accepts(leaf.schema, value),
          });
        }
        if (allowed.includes('number') || allowed.includes('integer')) {
          for (const [label, value] of HUGE_NUMBERS) {
            add({
              target: `${target}=${label}`,
              kind: 'huge-number',
              ...json(body(leaf.path, value)),
              url: url(basePath, enc(baseQuery)),
              mustRefuse: !this.accepts(leaf.schema, value),
            });
          }
        }
      }
      // A string field's value as bytes that are not UTF-8 (0xFF never occurs in UTF-8).
      const firstString = leaves.find((l) => types(this.resolve(l.schema)).includes('string'));
      if (firstString) {
        const [before, after] = body(firstString.path, 'FUZZ-MARK').split('FUZZ-MARK');
        const encoder = new TextEncoder();
        const bytes = new Uint8Array([
          ...encoder.encode(`${before}fuzz`),
          0xff,
          0xfe,
          ...encoder.encode(`text${after}`),
        ]);
        add({
          target: `body.${firstString.path.join('.')}`,
          kind: 'invalid-utf8',
          ...json(bytes),
          url: url(basePath, enc(baseQuery)),
          mustRefuse: true,
        });
      }
      add({
        target: 'body',
        kind: 'malformed-json',
        ...json(`${(baseBody ?? '{}').slice(0, -1)},"fuzz":`),
        url: url(basePath, enc(baseQuery)),
        mustRefuse: true,
      });
    }
    if (op.multipartBody) {
      const schema = this.resolve(op.multipartBody);
      const fields = Object.entries(schema.properties ?? {}).map(([name, sub]) => ({
        name,
        text: types(this.resolve(sub)).includes('string'),
      }));
      // Every file field gets a small valid file, every required text field its sample.
      const base = (name: string, value: Uint8Array | string): MultipartPart[] =>
        fields.flatMap((f): MultipartPart[] =>
          f.name === name
            ? [{ name, value, filename: f.text ? undefined : 'fuzz.csv' }]
            : f.text
              ? schema.required?.includes(f.name)
                ? [{ name: f.name, value: String(this.sample(schema.properties?.[f.name])) }]
                : []
              : [{ name: f.name, value: FUZZ_CSV, filename: 'fuzz.csv' }],
        );
      const at = url(basePath, enc(baseQuery));
      for (const field of fields.filter((f) => f.text)) {
        add({
          target: `form.${field.name}`,
          kind: 'nul',
          url: at,
          ...multipart(base(field.name, NUL_TEXT)),
          mustRefuse: true,
        });
        // A multipart parser decodes bytes that are not UTF-8 (a surrogate's WTF-8) to U+FFFD: valid text.
        add({
          target: `form.${field.name}`,
          kind: 'surrogate',
          url: at,
          ...multipart(base(field.name, new Uint8Array([0x66, 0xed, 0xa0, 0x80, 0x7a]))),
          mustRefuse: false,
        });
      }
      const file = fields.find((f) => !f.text);
      if (file) {
        add({
          target: `form.${file.name} (file name)`,
          kind: 'nul',
          url: at,
          ...multipart(
            base('', '').map((p) => (p.name === file.name ? { ...p, filename: 'fu\u0000zz.csv' } : p)),
          ),
          // A route may use no file name (an import preview) or keep it without the NUL: only a 5xx is wrong.
          mustRefuse: false,
        });
        // A file whose text holds a NUL: refused (CSV) or taken without it (a document), never a 5xx.
        add({
          target: `form.${file.name} (a CSV with a NUL)`,
          kind: 'hostile-file',
          url: at,
          ...multipart(
            base(file.name, HOSTILE_CSV).map((p) =>
              p.name === file.name ? { ...p, filename: 'fuzz.csv' } : p,
            ),
          ),
          mustRefuse: false,
        });
      }
    }
    return out;
  }
}

type MultipartPart = { name: string; value: Uint8Array | string; filename?: string };

/** A CSV every import reads (each takes a name or question column) and a questionnaire reads. */
const FUZZ_CSV = 'name,question,answer\nFuzz Co,Do you fuzz?,Yes\n';
const HOSTILE_CSV = 'name,question,answer\nFuzz\u0000 Co,Do you\u0000 fuzz?,Yes\n';

/** A multipart/form-data body written byte by byte, so a NUL in a field or file name arrives as sent. */
function multipart(parts: MultipartPart[]): { body: Uint8Array; contentType: string } {
  const boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW';
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : '\r\nContent-Type: text/csv';
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`,
      ),
    );
    chunks.push(typeof part.value === 'string' ? encoder.encode(part.value) : part.value);
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function types(schema: Schema): string[] {
  if (schema.type === undefined) return schema.properties ? ['object'] : [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function sampleString(s: Schema): string {
  const candidates: Record<string, string> = {
    uuid: SAMPLE_UUID,
    email: 'fuzz.target@example.com',
    'date-time': '2026-06-01T12:00:00.000Z',
    date: '2026-06-01',
    uri: 'https://example.com/',
    url: 'https://example.com/',
  };
  let value = (s.format && candidates[s.format]) || 'fuzz text';
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    value =
      ['fuzz text', '2026-06-01', 'fuzz', 'abc123', '/', '#336699', 'FUZZ'].find((v) => pattern.test(v)) ??
      value;
  }
  if (s.minLength && value.length < s.minLength) value = value.padEnd(s.minLength, 'x');
  if (s.maxLength !== undefined && value.length > s.maxLength) value = value.slice(0, s.maxLength);
  return value;
}

/** A body of `bytes` bytes streamed in 64 KB chunks without a Content-Length, as a chunked upload arrives. */
export function streamOf(bytes: number, counter: { pulled: number } = { pulled: 0 }, fill = 0x20) {
  const chunk = new Uint8Array(64 * 1024).fill(fill);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const left = bytes - counter.pulled;
      if (left <= 0) return controller.close();
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      counter.pulled += piece.length;
      controller.enqueue(piece);
    },
  });
}
