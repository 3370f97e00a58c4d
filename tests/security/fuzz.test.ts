/**
 * Hostile input on every route (issue 21, defects 3 and 4): requests generated from the OpenAPI document (plus
 * Better Auth's sign-up, sign-in and password-reset request) with NUL, lone surrogates, bytes that are not
 * UTF-8, wrong types, huge numbers, malformed JSON and bodies just over their cap; multipart uploads with NUL in
 * a text field or file name and a file whose text holds a NUL. Never a 5xx, always our
 * error shape, never a 2xx for input the route must refuse, and the caller's credits only move for work that
 * was done (a 2xx).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import type { App } from '../../src/server/http/app.ts';
import { DEFAULT_UPLOAD_MAX_MB } from '../../src/shared/knowledge.ts';
import type { AuthClient } from '../helpers/auth.ts';
import { backends, type TestDatabase } from '../helpers/databases.ts';
import { signedInApp } from '../helpers/signed-in.ts';
import {
  CaseBuilder,
  type FuzzCase,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  type Schema,
  streamOf,
} from './openapi-cases.ts';
import { emptyFigures, printFigures, type SecurityFigures } from './report.ts';

/** Better Auth's endpoints the fuzz reaches although the document does not describe them. */
const text: Schema = { type: 'string' };
const email: Schema = { type: 'string', format: 'email' };
const authOperation = (path: string, properties: Record<string, Schema>): Operation => ({
  method: 'POST',
  path,
  public: true,
  parameters: [],
  jsonBody: {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => k !== 'redirectTo'),
  },
});
const AUTH_OPERATIONS = [
  authOperation('/api/auth/sign-up/email', { name: text, email, password: text }),
  authOperation('/api/auth/sign-in/email', { email, password: text }),
  authOperation('/api/auth/request-password-reset', { email, redirectTo: text }),
];

/**
 * Operations fuzzed last, because a mutation they accepted would change what every later request does (the
 * caller's AI provider or plan). None is skipped: every operation in the document is fuzzed.
 */
const FUZZED_LAST = new Set(['PUT /api/v1/integrations/ai-provider', 'PUT /api/v1/credits/plan']);

/**
 * Wrong types a route accepts on purpose, with the reason: the input is not hostile there (counted as accepted).
 */
const LENIENT: Record<string, string> = {
  // The export takes the search's filters as its query string gives them, so a number may come as text.
  'POST /api/v1/companies/exports/quote body.employeesMin="12"': 'numbers written as text',
  'POST /api/v1/companies/exports/quote body.employeesMax="12"': 'numbers written as text',
};

/** One body just over each cap (issue 21 §4): the default JSON cap, a route with a larger one, uploads. */
const MB = 1024 * 1024;
const OVERSIZE: { operation: string; bytes: number; contentType: string; public?: boolean }[] = [
  { operation: 'POST /api/auth/sign-in/email', bytes: MB + 1, contentType: 'application/json', public: true },
  {
    operation: 'POST /api/v1/privacy/removal-requests',
    bytes: MB + 1,
    contentType: 'application/json',
    public: true,
  },
  { operation: 'POST /api/v1/copilot/messages', bytes: MB + 1, contentType: 'application/json' },
  // A file sent where no upload is taken: the 1 MB cap, whatever the type.
  {
    operation: 'POST /api/auth/sign-up/email',
    bytes: MB + 1,
    contentType: 'multipart/form-data; boundary=fuzz',
  },
  { operation: 'POST /api/v1/rfp/projects', bytes: 3 * MB + 1, contentType: 'application/json' },
  {
    operation: 'POST /api/v1/knowledge/documents',
    bytes: (DEFAULT_UPLOAD_MAX_MB * 4 + 1) * MB + 1,
    contentType: 'multipart/form-data; boundary=fuzz',
  },
];

const LEAK =
  /\bat \S+ \([^)]*:\d+:\d+\)|\.ts:\d+|node_modules|syntax error at|violates .*constraint|duplicate key value/i;

type ErrorShape = { code?: unknown; message?: unknown };
type Failure = { case: string; status: number; why: string; body: string };

const allFigures: SecurityFigures[] = [];
afterAll(() => printFigures(allFigures));

describe.each(backends())('hostile input on every route, $name', (backend) => {
  let database: TestDatabase;
  let app: App;
  let user: AuthClient;
  let userId: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { user },
      close,
    } = await signedInApp(backend, {
      // The prices (and reference data) paid routes need: without them every charge is a 404 before any work.
      seed: true,
      users: { user: { name: 'Fuzz Owner', email: 'fuzz.owner@example.com' } },
    }));
    userId = (await user.session())?.user.id ?? '';
    await user.request('GET', '/api/v1/credits');
  });
  afterAll(() => close?.());

  /** What the caller can spend and how many ledger rows explain it. */
  const balance = async () => {
    const [row] = await queryRows<{ used: number; rows: number }>(
      database.db,
      sql`select (select used_credits from user_credits where user_id = ${userId}) as used,
                 (select count(*)::int from credit_transactions where user_id = ${userId}) as rows`,
    );
    return `${row?.used}/${row?.rows}`;
  };

  async function send(c: FuzzCase, signedIn: boolean) {
    const body = typeof c.body === 'function' ? c.body() : c.body;
    const init: RequestInit & { duplex?: 'half' } = {
      method: c.method,
      headers: {
        ...(c.contentType ? { 'content-type': c.contentType } : {}),
        ...(signedIn ? { cookie: user.cookie } : {}),
      },
      ...(body === undefined ? {} : { body: body as BodyInit, duplex: 'half' as const }),
    };
    const response = await app.request(c.url, init);
    return { status: response.status, text: await response.text() };
  }

  it('refuses every hostile request with a 4xx in the error shape, never a 5xx, and charges nothing for it', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as OpenApiDocument;
    const builder = new CaseBuilder(doc);
    const operations = [...operationsOf(doc), ...AUTH_OPERATIONS].sort(
      (a, b) =>
        Number(FUZZED_LAST.has(`${a.method} ${a.path}`)) - Number(FUZZED_LAST.has(`${b.method} ${b.path}`)),
    );
    const figures = emptyFigures('fuzz (OpenAPI)', backend.name);
    const failures: Failure[] = [];
    const accepted: string[] = [];
    /** Accepted requests that were charged: legitimate work, listed for the reader. */
    const paidWork: string[] = [];

    const check = (c: FuzzCase, who: string, res: { status: number; text: string }) => {
      figures.attempts++;
      const label = `${who} ${c.operation} ${c.kind} ${c.target}`;
      const fail = (why: string) =>
        failures.push({ case: label, status: res.status, why, body: res.text.slice(0, 200) });
      if (res.status >= 500) {
        figures.serverErrors++;
        fail('server error');
      }
      if (res.status >= 400 && LEAK.test(res.text)) {
        figures.leaks++;
        fail('internals in the answer');
      }
      if (c.status !== undefined && res.status !== c.status) fail(`expected ${c.status}`);
      if (res.status >= 400 && res.status < 500) {
        figures.refused++;
        let shaped = false;
        try {
          const parsed = JSON.parse(res.text) as { error?: ErrorShape } & ErrorShape;
          // Better Auth answers its own errors as `{code, message}`, the shape its client reads.
          const error = c.url.startsWith('/api/auth/') && !parsed.error ? parsed : parsed.error;
          shaped = typeof error?.code === 'string' && typeof error?.message === 'string';
        } catch {}
        if (!shaped) fail('not our error shape');
      } else if (res.status < 400) {
        if (c.mustRefuse && !LENIENT[`${c.operation} ${c.target}`]) fail('hostile input accepted');
        else accepted.push(label);
      }
    };

    // One request at a time, the caller's balance read around each: a charge is tied to the request that made it.
    const run = async (cases: FuzzCase[], signedIn: boolean) => {
      const who = signedIn ? 'user' : 'anonymous';
      for (const c of cases) {
        const before = await balance();
        const res = await send(c, signedIn);
        check(c, who, res);
        const after = await balance();
        if (after === before) continue;
        if (res.status < 300) paidWork.push(`${c.operation} ${c.target}`);
        else {
          figures.doubleCharges++;
          failures.push({
            case: `${who} ${c.operation} ${c.kind} ${c.target}`,
            status: res.status,
            why: `charged for a failed request (used/ledger rows ${before} -> ${after})`,
            body: res.text.slice(0, 200),
          });
        }
      }
    };

    for (const op of operations) {
      const cases = builder.cases(op);
      const name = `${op.method} ${op.path}`;
      const oversize = OVERSIZE.find((o) => o.operation === name);
      if (oversize) {
        cases.push({
          operation: name,
          method: op.method,
          target: `body of ${oversize.bytes} bytes`,
          kind: 'oversize',
          url: op.path,
          contentType: oversize.contentType,
          body: () => streamOf(oversize.bytes),
          mustRefuse: true,
          status: 413,
        });
      }
      if (!cases.length) continue;
      if (op.path.startsWith('/api/auth/') || op.public) await run(cases, false);
      if (!op.path.startsWith('/api/auth/')) await run(cases, true);
    }

    allFigures.push(figures);
    console.log(
      `${backend.name}: ${accepted.length} mutations accepted as valid input, ${paidWork.length} of them charged`,
      [...accepted, ...paidWork.map((work) => `charged: ${work}`)].join('\n'),
    );
    if (failures.length) {
      const byWhy = new Map<string, number>();
      for (const f of failures) byWhy.set(f.why, (byWhy.get(f.why) ?? 0) + 1);
      console.log(
        [
          `${backend.name}: ${failures.length} failures (${[...byWhy].map(([why, n]) => `${n} ${why}`).join(', ')})`,
          ...failures.map((f) => `${f.status} ${f.why}: ${f.case} ${f.body}`),
        ].join('\n'),
      );
    }
    expect(figures.attempts).toBeGreaterThan(1000);
    expect({
      serverErrors: figures.serverErrors,
      leaks: figures.leaks,
      charged: figures.doubleCharges,
    }).toEqual({
      serverErrors: 0,
      leaks: 0,
      charged: 0,
    });
    expect(failures).toEqual([]);
  });
});
