/**
 * Cross-tenant isolation over every `{id}` route (issue 21), generated from the OpenAPI document so that a
 * route added later is attacked without anyone remembering to: Ada owns one of everything (tenant-fixtures.ts),
 * Bob calls every operation whose path has a parameter with Ada's ids, first with his session and then with an
 * API key holding every scope (reads, then writes with a valid body built from the schema, then deletes). Bob
 * must be refused (404, or 403), see nothing of Ada's, and change nothing: Ada reads the same bytes afterwards.
 * Ada's ids also go into every id field of the bodies and query strings of Bob's own requests, and every
 * operation is called without a caller and must answer 401, unless it is public.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/http/app.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { type AuthClient, callJson } from '../helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../helpers/databases.ts';
import { signedInApp } from '../helpers/signed-in.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import type { Parameter, Schema } from './openapi-cases.ts';
import { emptyFigures, printFigures, type SecurityFigures } from './report.ts';
import { createTenantResources, MARKER, type TenantIds } from './tenant-fixtures.ts';

/** An operation as the document states it (openapi-cases.ts's Operation is the fuzz's reading of one). */
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
type Route = { method: string; path: string; op: Operation };

/** What fills a path parameter: one of Ada's ids, or a shared catalogue row Ada has her own notes on. */
type Target = { value: string; shared?: true };
type Catalogue = { agentIds: string[] };

/**
 * Path parameter -> Ada's resource, by the longest matching path prefix. A shared target is a catalogue row
 * (a company, a person, an agent) that Bob may use in his own right: he must still see nothing of Ada's on it.
 */
const BINDINGS: {
  prefix: string;
  param: string;
  targets: (ids: TenantIds, catalogue: Catalogue) => Target[];
}[] = [
  { prefix: '/api/v1/jobs/', param: 'id', targets: (ids) => [{ value: ids.jobId }] },
  {
    prefix: '/api/v1/profile/icp-segments/',
    param: 'id',
    targets: (ids) => [{ value: ids.icpSegmentId }],
  },
  {
    prefix: '/api/v1/credits/checkouts/',
    param: 'sessionId',
    targets: (ids) => [{ value: ids.checkoutSessionId }],
  },
  {
    prefix: '/api/v1/companies/imports/',
    param: 'id',
    targets: (ids) => [{ value: ids.companyImportId }],
  },
  {
    prefix: '/api/v1/companies/',
    param: 'id',
    targets: (ids) => [{ value: ids.privateCompanyId }, { value: ids.sharedCompanyId, shared: true }],
  },
  {
    prefix: '/api/v1/companies/',
    param: 'idOrName',
    targets: (ids) => [
      { value: ids.privateCompanyId },
      { value: `Ada${MARKER} Fabrication` },
      { value: ids.sharedCompanyId, shared: true },
    ],
  },
  {
    prefix: '/api/v1/people/',
    param: 'id',
    targets: (ids) => [{ value: ids.privateContactId }, { value: ids.sharedContactId, shared: true }],
  },
  {
    prefix: '/api/v1/copilot/sessions/',
    param: 'id',
    targets: (ids) => [{ value: ids.copilotSessionId }],
  },
  {
    prefix: '/api/v1/knowledge/documents/',
    param: 'id',
    targets: (ids) => [{ value: ids.documentId }],
  },
  {
    prefix: '/api/v1/answers/library/',
    param: 'id',
    targets: (ids) => [{ value: ids.libraryEntryId }],
  },
  { prefix: '/api/v1/answers/reviews/', param: 'id', targets: (ids) => [{ value: ids.reviewId }] },
  { prefix: '/api/v1/rfp/projects/', param: 'id', targets: (ids) => [{ value: ids.rfpProjectId }] },
  {
    prefix: '/api/v1/rfp/projects/',
    param: 'questionId',
    targets: (ids) => [{ value: ids.rfpQuestionId }],
  },
  {
    prefix: '/api/v1/docgen/documents/',
    param: 'id',
    targets: (ids) => [{ value: ids.generatedDocumentId }],
  },
  { prefix: '/api/v1/prospects/', param: 'id', targets: (ids) => [{ value: ids.prospectId }] },
  {
    prefix: '/api/v1/prospects/',
    param: 'timelineDays',
    targets: (ids) => [{ value: ids.forecastTimelineDays }],
  },
  { prefix: '/api/v1/projects/', param: 'id', targets: (ids) => [{ value: ids.projectId }] },
  { prefix: '/api/v1/projects/', param: 'itemId', targets: (ids) => [{ value: ids.projectItemId }] },
  { prefix: '/api/v1/projects/', param: 'noteId', targets: (ids) => [{ value: ids.projectNoteId }] },
  {
    prefix: '/api/v1/integrations/webhooks/',
    param: 'id',
    targets: (ids) => [{ value: ids.webhookId }],
  },
  {
    prefix: '/api/v1/integrations/webhooks/deliveries/',
    param: 'deliveryId',
    targets: (ids) => [{ value: ids.webhookDeliveryId }],
  },
  {
    prefix: '/api/v1/integrations/api-keys/',
    param: 'id',
    targets: (ids) => [{ value: ids.apiKeyId }],
  },
  {
    prefix: '/api/v1/agents/',
    param: 'agentId',
    targets: (_ids, catalogue) => catalogue.agentIds.map((value) => ({ value, shared: true as const })),
  },
];

/** Path parameters that name nothing of Ada's, with the reason; any other unbound parameter fails the suite. */
const NOT_TENANT_IDS: Record<string, string> = {
  'GET /api/v1/auth/reset-tokens/{token}':
    'a capability, not a tenant id: whoever holds the mailed token may use it, and the route is public',
};

/**
 * Ids that requests carry in their body or query string, by the longest matching path prefix: Bob sends Ada's
 * on his own routes, one field at a time (a body with a `kind` once per kind).
 */
const FIELD_BINDINGS: {
  prefix: string;
  field: string;
  target: (ids: TenantIds, kind: string) => string | undefined;
  /** Fields the id needs beside it to be looked at (an edge is named by source, target and relation). */
  with?: (ids: TenantIds) => Record<string, string>;
}[] = [
  { prefix: '/api/v1/companies/', field: 'ids[]', target: (ids) => ids.privateCompanyId },
  { prefix: '/api/v1/people', field: '?companyId', target: (ids) => ids.privateCompanyId },
  { prefix: '/api/v1/people/', field: 'companyId', target: (ids) => ids.privateCompanyId },
  { prefix: '/api/v1/people/', field: 'ids[]', target: (ids) => ids.privateContactId },
  { prefix: '/api/v1/copilot/', field: 'sessionId', target: (ids) => ids.copilotSessionId },
  { prefix: '/api/v1/copilot/', field: 'context.sessionId', target: (ids) => ids.copilotSessionId },
  { prefix: '/api/v1/copilot/', field: 'context.prospectId', target: (ids) => ids.prospectId },
  { prefix: '/api/v1/knowledge/', field: '?entity', target: (ids) => ids.entityId },
  { prefix: '/api/v1/knowledge/', field: '?entityId', target: (ids) => ids.entityId },
  {
    prefix: '/api/v1/knowledge/',
    field: '?source',
    target: (ids) => ids.entityId,
    with: (ids) => ({ '?target': ids.entityId, '?relation': 'mentions' }),
  },
  {
    prefix: '/api/v1/knowledge/',
    field: '?target',
    target: (ids) => ids.entityId,
    with: (ids) => ({ '?source': ids.entityId, '?relation': 'mentions' }),
  },
  { prefix: '/api/v1/answers/', field: 'entryId', target: (ids) => ids.libraryEntryId },
  { prefix: '/api/v1/docgen/', field: 'companyId', target: (ids) => ids.privateCompanyId },
  { prefix: '/api/v1/docgen/', field: 'contactId', target: (ids) => ids.privateContactId },
  { prefix: '/api/v1/docgen/', field: 'prospectId', target: (ids) => ids.prospectId },
  { prefix: '/api/v1/prospects', field: 'companyId', target: (ids) => ids.privateCompanyId },
  { prefix: '/api/v1/events', field: '?subjectId', target: (ids) => ids.prospectId },
  {
    prefix: '/api/v1/projects/',
    field: 'refId',
    target: (ids, kind) =>
      ({
        company: ids.privateCompanyId,
        person: ids.privateContactId,
        prospect: ids.prospectId,
        document: ids.documentId,
        rfp: ids.rfpProjectId,
        generated_document: ids.generatedDocumentId,
      })[kind],
  },
];

/** Id fields that name nothing of Ada's, with the reason; any other unbound id field fails the suite. */
const NOT_TENANT_FIELDS: Record<string, string> = {
  'PUT /api/v1/workflow workflowId':
    "an id the browser makes up for its own workflow state, stored whole in the caller's one row",
};

/** Bob's own resources, for the path of a route that takes Ada's ids in its body (Bob adds to his project). */
const BOB_PATHS: { prefix: string; param: string; create: (bob: AuthClient) => Promise<string> }[] = [
  {
    prefix: '/api/v1/projects/',
    param: 'id',
    create: async (bob) =>
      (await callJson<{ id: string }>(bob, 'POST', '/api/v1/projects', { name: 'Bob project' })).body.id,
  },
];

function fieldBindingFor(path: string, field: string) {
  return FIELD_BINDINGS.filter((b) => b.field === field && path.startsWith(b.prefix)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0];
}

/** Operations that answer without a caller; every other one must answer 401 to a request without one. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/v1/auth/providers',
  'GET /api/v1/auth/reset-tokens/{token}',
  'GET /api/v1/credits/pricing',
  'POST /api/v1/payments/stripe/webhook',
  'POST /api/v1/privacy/removal-requests',
  'POST /api/v1/privacy/removal-requests/confirm',
  // Spec 1 §9: errors in the browser go to the server log, from public pages too; it answers nothing back.
  'POST /api/v1/client-errors',
  'GET /api/v1/architecture',
  // Spec 3 §2: reached without signing in, behind one shared password (its 401 is a wrong password).
  'POST /api/v1/architecture/unlock',
]);

/**
 * Routes whose answer to an id that is not the caller's is, by design, the answer to an unknown id (not a
 * 4xx): there Bob's answer must be exactly what a random id gets, so it tells him nothing.
 */
const ANSWERS_AS_UNKNOWN = new Set(['GET /api/v1/credits/checkouts/{sessionId}']);

/** Ada's own lists, read before and after the attack: her credits and ledger too, which Bob must not move. */
const ADA_LISTS = [
  '/api/v1/profile',
  '/api/v1/credits',
  '/api/v1/credits/transactions',
  '/api/v1/companies/imports',
  '/api/v1/companies?myCompanies=true',
  '/api/v1/people?myPeople=true',
  '/api/v1/copilot/sessions',
  '/api/v1/knowledge/documents',
  '/api/v1/answers/library',
  '/api/v1/answers/reviews',
  '/api/v1/rfp/projects',
  '/api/v1/docgen/documents',
  '/api/v1/prospects',
  '/api/v1/projects',
  '/api/v1/integrations/webhooks',
  '/api/v1/integrations/api-keys',
  '/api/v1/events',
  '/api/v1/knowledge/graph/entities',
];

const METHOD_ORDER: Record<string, number> = { get: 0, post: 1, put: 1, patch: 1, delete: 2 };
const key = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;
const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

function bindingFor(path: string, param: string) {
  return BINDINGS.filter((b) => b.param === param && path.startsWith(b.prefix)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0];
}

/**
 * A plausible valid value for a schema: every property filled, so a write that got through would show; or,
 * `minimal`, only the required ones (fewer rules to satisfy before the id is looked at).
 */
function sample(doc: OpenApiDocument, schema: Schema | undefined, name = '', minimal = false): unknown {
  if (!schema) return {};
  if (schema.$ref) {
    return sample(doc, doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''], name, minimal);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return sample(doc, options.find((o) => o.type !== 'null') ?? options[0], name, minimal);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([field, property]) => !property.readOnly && (!minimal || schema.required?.includes(field)))
          .map(([field, property]) => [field, sample(doc, property, field, minimal)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sample(doc, schema.items, name, minimal),
      );
    case 'integer':
    case 'number':
      return Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Math.max(schema.minimum ?? 1, 1));
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, name);
    default:
      return {};
  }
}

function sampleString(schema: Schema, name: string): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2027-01-15';
  if (schema.format === 'date-time') return '2027-01-15T10:00:00.000Z';
  if (schema.format === 'email') return 'bob@example.com';
  // An address literal: no DNS lookup decides the answer before the ownership check can.
  if (schema.format === 'uri' || schema.format === 'url' || name === 'url')
    return 'https://93.184.216.34/bob';
  const text = `bob-${name || 'text'}-changed`.padEnd(schema.minLength ?? 0, 'x');
  return schema.maxLength ? text.slice(0, schema.maxLength) : text;
}

function routesOf(doc: OpenApiDocument): Route[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method in METHOD_ORDER)
      .map(([method, op]) => ({ method, path, op })),
  );
}

/**
 * The request for one route with its path parameters filled, its required query parameters and a JSON body
 * sampled from the schema, and `fields` set on top ('?name' a query parameter, 'a.b' a body field, 'ids[]' a
 * list of one).
 */
function requestFor(
  doc: OpenApiDocument,
  route: Route,
  values: Record<string, string>,
  fields: Record<string, unknown> = {},
  minimal = false,
) {
  let url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  const query = new URLSearchParams();
  for (const parameter of route.op.parameters ?? []) {
    if (parameter.in === 'query' && parameter.required) {
      query.set(parameter.name, String(sample(doc, parameter.schema, parameter.name)));
    }
  }
  const schema = route.op.requestBody?.content?.['application/json']?.schema;
  const body = schema ? sample(doc, schema, '', minimal) : undefined;
  for (const [field, value] of Object.entries(fields)) {
    if (field.startsWith('?')) query.set(field.slice(1), String(value));
    else setField(body, field, value);
  }
  if (query.size) url += `?${query}`;
  return { url, body };
}

function setField(body: unknown, field: string, value: unknown) {
  const steps = field.split('.');
  let node = body as Record<string, unknown>;
  for (const step of steps.slice(0, -1)) {
    node[step] ??= {};
    node = node[step] as Record<string, unknown>;
  }
  const last = steps.at(-1) ?? '';
  if (last.endsWith('[]')) node[last.slice(0, -2)] = [value];
  else node[last] = value;
}

/** The fields of a request that carry an id ('?name', 'a.b', 'ids[]'): a uuid, or a free string named ...Id. */
function idFieldsOf(doc: OpenApiDocument, route: Route): string[] {
  const found = new Set<string>();
  const walk = (schema: Schema | undefined, path: string) => {
    const s = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] : schema;
    if (!s) return;
    for (const option of s.anyOf ?? s.oneOf ?? s.allOf ?? []) walk(option, path);
    const name = path.replace(/^\?/, '').split('.').pop() ?? '';
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    if (s.format === 'uuid' || (type === 'string' && !s.enum && /Id(\[\])?$/.test(name))) found.add(path);
    for (const [field, property] of Object.entries(s.properties ?? {})) {
      walk(property, path ? `${path}.${field}` : field);
    }
    if (s.items) walk(s.items, `${path}[]`);
  };
  for (const parameter of route.op.parameters ?? []) {
    if (parameter.in === 'query') walk(parameter.schema, `?${parameter.name}`);
  }
  walk(route.op.requestBody?.content?.['application/json']?.schema, '');
  return [...found];
}

async function send(
  app: App,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const response = await app.request(url, {
    method: method.toUpperCase(),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const figures: SecurityFigures[] = [];
afterAll(() => printFigures(figures));

describe.each(backends())('cross-tenant isolation on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let receiver: WebhookReceiver;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let doc: OpenApiDocument;
  let ids: TenantIds;
  let catalogue: Catalogue;
  let forbidden: string[];
  let before: Map<string, string>;
  const tally = emptyFigures('cross-tenant', backend.name);
  figures.push(tally);

  /** Ada's view of her world: each {id} read of hers and each list, as status and body. */
  async function adaView(): Promise<Map<string, string>> {
    const view = new Map<string, string>();
    const reads = routesOf(doc).filter((r) => r.method === 'get' && paramsOf(r.path).length > 0);
    const urls = [...ADA_LISTS];
    for (const route of reads) {
      const values = ownValues(route.path);
      if (values) urls.push(requestFor(doc, route, values).url);
    }
    for (const url of urls) {
      // The event stream of a finished job and file exports carry no state of their own beyond the status.
      const response = await ada.request('GET', url);
      const json = response.headers.get('content-type')?.includes('application/json');
      view.set(url, `${response.status} ${json ? await response.text() : ''}`);
      if (!json) await response.body?.cancel();
    }
    return view;
  }

  /** Each path parameter of a route filled with Ada's own (not shared) id, or null when one has none. */
  function ownValues(path: string): Record<string, string> | null {
    const values: Record<string, string> = {};
    for (const param of paramsOf(path)) {
      const own = bindingFor(path, param)
        ?.targets(ids, catalogue)
        .find((t) => !t.shared);
      if (!own) return null;
      values[param] = own.value;
    }
    return values;
  }

  /** Every combination of targets for a route's parameters (today one parameter at most has several). */
  function targetsFor(path: string): { values: Record<string, string>; shared: boolean }[] {
    let combos: { values: Record<string, string>; shared: boolean }[] = [{ values: {}, shared: false }];
    for (const param of paramsOf(path)) {
      const targets = bindingFor(path, param)?.targets(ids, catalogue) ?? [];
      combos = combos.flatMap((combo) =>
        targets.map((t) => ({
          values: { ...combo.values, [param]: t.value },
          shared: combo.shared || Boolean(t.shared),
        })),
      );
    }
    return combos;
  }

  /** Ada's marker or ids in an answer; an id Bob sent himself (`sent`: URL and body) may be echoed back. */
  const leaked = (text: string, sent: string) =>
    forbidden.filter((secret) => !sent.includes(secret) && text.includes(secret));

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ({
      database,
      app,
      jobs,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      // Private targets allowed: Ada's webhook points at the local receiver.
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
    doc = (await (await app.request('/api/openapi.json')).json()) as OpenApiDocument;
    ids = await createTenantResources({ app, database, jobs, client: ada, receiver });
    const agents = await callJson<{ agents: { id: string }[] }>(ada, 'GET', '/api/v1/agents');
    catalogue = { agentIds: agents.body.agents.map((a) => a.id) };
    const { userId: _userId, forecastTimelineDays: _days, sharedCompanyId, sharedContactId, ...own } = ids;
    forbidden = [MARKER, 'ada@example.com', ids.userId, ...Object.values(own)];
    expect(forbidden).not.toContain(sharedCompanyId);
    expect(forbidden).not.toContain(sharedContactId);
    before = await adaView();
  });
  afterAll(async () => {
    await receiver.close();
    await close?.();
  });

  it("binds every path parameter and id field to one of Ada's resources, or lists why not", async () => {
    const unbound = routesOf(doc)
      .filter((route) => !NOT_TENANT_IDS[key(route)])
      .flatMap((route) =>
        paramsOf(route.path)
          .filter((param) => !bindingFor(route.path, param)?.targets(ids, catalogue).length)
          .map((param) => `${key(route)} {${param}}`),
      );
    const unboundFields = routesOf(doc).flatMap((route) =>
      idFieldsOf(doc, route)
        .filter(
          (field) => !NOT_TENANT_FIELDS[`${key(route)} ${field}`] && !fieldBindingFor(route.path, field),
        )
        .map((field) => `${key(route)} ${field}`),
    );
    expect([...unbound, ...unboundFields]).toEqual([]);
    // Ada's view is stable on its own: a difference after the attack is Bob's doing.
    expect(before.size).toBeGreaterThan(ADA_LISTS.length);
    expect(await adaView()).toEqual(before);
    for (const [url, state] of before) expect(state.slice(0, 3), url).toBe('200');
    // The leak check would see Ada's data if Bob were given what Ada is: her marker and every id of hers
    // (but the payment provider's checkout session id, which is never shown back and carries the marker).
    const seenByAda = [...before.values()].join('\n');
    const unseen = forbidden.filter(
      (secret) =>
        secret !== 'ada@example.com' && secret !== ids.checkoutSessionId && !seenByAda.includes(secret),
    );
    expect(unseen).toEqual([]);
  });

  /** Bob calls every {id} route with Ada's ids: reads, then writes, then deletes. */
  async function attack(headers: Record<string, string>) {
    const routes = routesOf(doc)
      .filter((r) => paramsOf(r.path).length > 0 && !NOT_TENANT_IDS[key(r)])
      .sort((a, b) => (METHOD_ORDER[a.method] ?? 0) - (METHOD_ORDER[b.method] ?? 0));
    const failures: string[] = [];
    for (const route of routes) {
      for (const target of targetsFor(route.path)) {
        const { url, body } = requestFor(doc, route, target.values);
        const answer = await send(app, route.method, url, body, headers);
        const what = `${route.method.toUpperCase()} ${url}`;
        tally.attempts++;
        if (answer.status >= 500) tally.serverErrors++;
        if (answer.status >= 400 && answer.status < 500) tally.refused++;
        const seen = leaked(answer.text, url);
        if (seen.length) {
          tally.leaks++;
          failures.push(`${what} -> ${answer.status} shows ${seen.join(', ')}: ${answer.text.slice(0, 300)}`);
        }
        if (ANSWERS_AS_UNKNOWN.has(key(route))) {
          const random = Object.fromEntries(Object.keys(target.values).map((param) => [param, randomUUID()]));
          const unknown = requestFor(doc, route, random);
          const control = await send(app, route.method, unknown.url, unknown.body, headers);
          if (control.status !== answer.status || control.text !== answer.text) {
            tally.leaks++;
            failures.push(`${what} -> ${answer.status} ${answer.text} differs from an unknown id's answer`);
          }
        } else if (target.shared) {
          if (answer.status >= 500)
            failures.push(`${what} -> ${answer.status}: ${answer.text.slice(0, 300)}`);
        } else if (answer.status !== 404 && answer.status !== 403) {
          if (answer.status < 400) tally.leaks++;
          failures.push(`${what} -> ${answer.status}, not 404/403: ${answer.text.slice(0, 300)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }

  it("refuses Bob's session every {id} route with Ada's ids, and shows him nothing of hers", async () => {
    await attack({ cookie: bob.cookie });
  });

  it("refuses Bob's API key (every scope) the same routes", async () => {
    const scopes =
      doc.paths['/api/v1/integrations/api-keys']?.post?.requestBody?.content?.['application/json']?.schema
        ?.properties?.scopes?.items?.enum;
    expect(scopes?.length).toBeGreaterThan(0);
    const created = await callJson<{ key: string }>(bob, 'POST', '/api/v1/integrations/api-keys', {
      name: 'Bob everything',
      scopes,
    });
    expect(created.status).toBe(201);
    await attack({ authorization: `Bearer ${created.body.key}` });
  });

  it("refuses Ada's ids in the bodies and queries of Bob's own requests, and shows him nothing of hers", async () => {
    const failures: string[] = [];
    for (const route of routesOf(doc)) {
      const fields = idFieldsOf(doc, route).filter((f) => !NOT_TENANT_FIELDS[`${key(route)} ${f}`]);
      if (!fields.length) continue;
      const values: Record<string, string> = {};
      for (const param of paramsOf(route.path)) {
        const own = BOB_PATHS.find((b) => b.param === param && route.path.startsWith(b.prefix));
        if (!own) {
          failures.push(`${key(route)}: no resource of Bob's for {${param}} (add one to BOB_PATHS)`);
          continue;
        }
        values[param] = await own.create(bob);
      }
      const kinds = (route.op.requestBody?.content?.['application/json']?.schema?.properties?.kind?.enum ?? [
        '',
      ]) as string[];
      const attempts = fields.flatMap((field) => {
        const binding = fieldBindingFor(route.path, field);
        return kinds.map((kind) => ({
          ...(kind ? { kind } : {}),
          ...binding?.with?.(ids),
          [field]: binding?.target(ids, kind),
        }));
      });
      for (const set of attempts) {
        const { url, body } = requestFor(doc, route, values, set, true);
        const answer = await send(app, route.method, url, body, { cookie: bob.cookie });
        tally.attempts++;
        if (answer.status >= 500) tally.serverErrors++;
        if (answer.status >= 400 && answer.status < 500) tally.refused++;
        // A job Bob started runs now: what it hands him when done must hold nothing of Ada's either.
        const jobId =
          answer.status === 202 ? (JSON.parse(answer.text) as { jobId?: string }).jobId : undefined;
        if (jobId) {
          await jobs.runOnce();
          answer.text += (
            await send(app, 'get', `/api/v1/jobs/${jobId}`, undefined, { cookie: bob.cookie })
          ).text;
        }
        // Ada's ids that Bob sent may be echoed back; her marker (her names and texts) may not.
        const seen = leaked(answer.text, `${url} ${JSON.stringify(body)}`);
        if (seen.length) tally.leaks++;
        if (seen.length || answer.status >= 500) {
          failures.push(
            `${route.method.toUpperCase()} ${url} ${JSON.stringify(set)} -> ${answer.status} shows ${seen.join(', ')}: ${answer.text.slice(0, 300)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("cannot revoke Ada's session through Better Auth (its routes are not in the OpenAPI document)", async () => {
    // The cookie holds `<token>.<signature>`; the token is what revoke-session takes.
    const cookie = ada.cookie.split('; ').find((c) => c.startsWith('better-auth.session_token='));
    const token = decodeURIComponent(cookie?.split('=')[1] ?? '').split('.')[0];
    expect(token).toBeTruthy();
    const answer = await send(app, 'post', '/api/auth/revoke-session', { token }, { cookie: bob.cookie });
    tally.attempts++;
    if (answer.status >= 400 && answer.status < 500) tally.refused++;
    if (answer.status >= 500) tally.serverErrors++;
    expect(answer.status).toBeLessThan(500);
    const session = await ada.session();
    if (session?.user.email !== 'ada@example.com') tally.leaks++;
    expect(session?.user.email).toBe('ada@example.com');
  });

  it("leaves Ada's resources, credits and ledger exactly as they were", async () => {
    // Whatever Bob's requests queued (none should have) runs before Ada looks again.
    await jobs.runOnce();
    const after = await adaView();
    const changed = [...before].filter(([url, state]) => after.get(url) !== state).map(([url]) => url);
    if (changed.length) tally.leaks += changed.length;
    expect(changed).toEqual([]);
  });

  it('answers 401 to every non-public operation without a caller, and shows nothing', async () => {
    // The document says the same: a public operation asks for no credentials, every other one for some.
    const misdocumented = routesOf(doc)
      .filter((route) => PUBLIC.has(key(route)) === Boolean(route.op.security?.length))
      .map(key);
    expect(misdocumented).toEqual([]);
    const failures: string[] = [];
    for (const route of routesOf(doc).filter((r) => !PUBLIC.has(key(r)))) {
      const values = ownValues(route.path) ?? {};
      const { url, body } = requestFor(doc, route, values);
      const answer = await send(app, route.method, url, body, {});
      tally.attempts++;
      if (answer.status >= 500) tally.serverErrors++;
      if (answer.status >= 400 && answer.status < 500) tally.refused++;
      const seen = leaked(answer.text, url);
      if (seen.length) tally.leaks++;
      if (answer.status !== 401 || seen.length) {
        failures.push(`${key(route)} -> ${answer.status} ${seen.join(', ')}: ${answer.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(tally.serverErrors).toBe(0);
  });
});
