import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { describeStatement, type SlowQuery, SlowQueryWatch } from '../../db/slow-queries.ts';
import type { App } from '../../http/app.ts';
import { CLIENT_ERROR_LIMIT } from './routes.ts';

type LogLine = Record<string, unknown> & { msg: string };

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('describeStatement', () => {
  it('folds whitespace, blanks literals and caps the text', () => {
    expect(
      describeStatement(
        `begin; select set_config('app.user_id', '${ID}', true),\n   set_config('role', 'x', true)`,
      ),
    ).toBe("begin; select set_config('?', '?', true), set_config('?', '?', true)");
    expect(describeStatement("select 'it''s' from t where a = $1")).toBe("select '?' from t where a = $1");
    expect(describeStatement(`select ${'x, '.repeat(200)}1`)).toHaveLength(300);
  });
});

describe('SlowQueryWatch', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reports statements over the threshold, failed ones too, but not bulk loads or upkeep', async () => {
    const watch = new SlowQueryWatch();
    const seen: SlowQuery[] = [];
    // Not listening: nothing is timed.
    await watch.time('select pg_sleep(1)', () => sleep(30));
    watch.listen((slow) => seen.push(slow), 20);
    await watch.time('select 1', () => Promise.resolve(1));
    await watch.time('select * from  people\n where email = $1', () => sleep(40));
    await expect(
      watch.time('select broken', () => sleep(40).then(() => Promise.reject(new Error('x')))),
    ).rejects.toThrow('x');
    await watch.time("copy company_contacts (id) from '/dev/blob'", () => sleep(40));
    await watch.time('ANALYZE company_contacts', () => sleep(40));
    await watch.time('create unique index x on t (a)', () => sleep(40));
    expect(seen.map((slow) => slow.statement)).toEqual([
      'select * from people where email = $1',
      'select broken',
    ]);
    expect(seen.every((slow) => slow.ms > 20)).toBe(true);
    watch.listen(null);
    await watch.time('select pg_sleep(1)', () => sleep(30));
    expect(seen).toHaveLength(2);
  });
});

describe.each(backends())('diagnostics on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let close: () => Promise<void>;
  const lines: LogLine[] = [];
  // The server's real logger, writing to this list instead of stdout.
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  // Each test posts from its own address, so the per-address limit of one test does not spill into the next.
  let address = 0;
  let ip = '';

  const report = (body: unknown, headers: Record<string, string> = {}) =>
    app.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const logged = (msg: string) => lines.filter((line) => line.msg === msg);

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada },
      close,
    } = await signedInApp(backend, {
      logger,
      env: { TRUST_PROXY: 'true' },
      users: { ada: { name: 'Ada Lovelace', email: 'ada@lovelace.dev' } },
    }));
  });
  afterAll(() => close?.());
  beforeEach(() => {
    lines.length = 0;
    ip = `203.0.113.${++address}`;
  });

  it('logs a browser error without a session, scrubbed of personal data whatever the browser sent', async () => {
    const response = await report(
      {
        kind: 'error',
        message: `TypeError: cannot read name of ada@lovelace.dev at https://sales.example/prospect/${ID}?ref=mail`,
        route: `/sales-account-development/Analytical%20Engines?tab=people`,
        source: 'https://sales.example/assets/main-B1x9Qz.js:12:345',
        stack:
          'at render (https://sales.example/assets/main-B1x9Qz.js:12:345)\nBearer pk_0123456789abcdefghijklmnop',
        version: '0.1.0',
      },
      { 'user-agent': CHROME },
    );
    expect(response.status).toBe(204);
    const [line] = logged('client error');
    expect(line?.level).toBe(40);
    expect(line?.clientError).toEqual({
      kind: 'error',
      message: 'TypeError: cannot read name of [email] at /prospect/:id',
      route: '/sales-account-development/:companyName',
      source: '/assets/main-B1x9Qz.js:12:345',
      stack: 'at render (/assets/main-B1x9Qz.js:12:345)\nBearer [token]',
      browser: 'Chrome on Linux',
      version: '0.1.0',
    });
    expect(JSON.stringify(lines)).not.toMatch(/lovelace|Analytical|3f2b8c1e|pk_0123|ref=mail|tab=people/i);
  });

  it('logs a failed API call with its method, route and status', async () => {
    const response = await report({
      kind: 'api',
      message: 'Something went wrong on our side. Reference: 1234',
      route: '/profile',
      method: 'GET',
      apiRoute: `/api/v1/rfp/projects/${ID}?include=questions`,
      status: 500,
    });
    expect(response.status).toBe(204);
    expect(logged('client error')[0]?.clientError).toMatchObject({
      kind: 'api',
      method: 'GET',
      apiRoute: '/api/v1/rfp/projects/:id',
      status: 500,
      route: '/profile',
    });
  });

  it('refuses what is not a report, and logs nothing of it', async () => {
    const cases: [unknown, RegExp][] = [
      [{ kind: 'error', route: '/' }, /^Invalid request: message: /],
      [{ kind: 'error', message: '   ', route: '/' }, /^Invalid request: message: must not be empty/],
      [{ kind: 'crash', message: 'x', route: '/' }, /^Invalid request: kind: must be one of/],
      [
        { kind: 'api', message: 'x', route: '/', status: 999 },
        /^Invalid request: status: must be at most 599/,
      ],
      [{ kind: 'error', message: 'x', route: '/', email: 'a@b.c' }, /^Invalid request/],
      [{ kind: 'error', message: 'x'.repeat(1001), route: '/' }, /must be at most 1000 characters/],
    ];
    for (const [body, message] of cases) {
      const response = await report(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toMatch(message);
    }
    const malformed = await report('{"kind":');
    expect(malformed.status).toBe(400);
    expect(logged('client error')).toEqual([]);
  });

  it('refuses a body over 16 KB before reading it', async () => {
    const response = await report({ kind: 'error', message: 'x', route: '/', stack: 'y'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Request body too large: at most 16 KB',
    );
  });

  it('refuses a report from another site', async () => {
    const response = await report(
      { kind: 'error', message: 'x', route: '/' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(response.status).toBe(403);
    expect(logged('client error')).toEqual([]);
  });

  it(`takes ${CLIENT_ERROR_LIMIT.max} reports a minute from one address, then answers 429`, async () => {
    const body = { kind: 'unhandledrejection', message: 'loop', route: '/app' };
    for (let i = 0; i < CLIENT_ERROR_LIMIT.max; i++) expect((await report(body)).status).toBe(204);
    const refused = await report(body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
    expect(logged('client error')).toHaveLength(CLIENT_ERROR_LIMIT.max);
    // Another address is not held back by this one.
    ip = '198.51.100.7';
    expect((await report(body)).status).toBe(204);
  });

  it('logs a request and its queries over 1000 ms as slow, with the route and no values', async () => {
    // Another connection holds the profiles table for 1.2 s: reading the profile has to wait for it.
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const hold = database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table user_profiles in access exclusive mode`);
      locked();
      await new Promise((resolve) => setTimeout(resolve, 1200));
    });
    await lockTaken;
    const response = await ada.request('GET', '/api/v1/profile');
    await hold;
    expect(response.status).toBe(200);

    const slowRequests = logged('slow request');
    expect(slowRequests).toEqual([
      expect.objectContaining({ method: 'GET', route: '/api/v1/profile', status: 200, level: 40 }),
    ]);
    expect(slowRequests[0]?.ms).toBeGreaterThan(1000);
    const slowQueries = logged('slow query').filter((line) => line.reqId === slowRequests[0]?.reqId);
    expect(slowQueries.length).toBeGreaterThan(0);
    for (const line of slowQueries) {
      expect(line.ms).toBeGreaterThan(1000);
      expect(line.route).toMatch(/^\/api\/v1\/profile/);
      expect(typeof line.statement).toBe('string');
    }
    // The statements carry placeholders, never the caller's id or e-mail.
    const session = await ada.session();
    expect(JSON.stringify(logged('slow query'))).not.toContain(session?.user.id);
    expect(JSON.stringify(lines)).not.toContain('ada@lovelace.dev');
    // A quick request is not slow.
    lines.length = 0;
    expect((await ada.request('GET', '/api/v1/profile')).status).toBe(200);
    expect(logged('slow request')).toEqual([]);
  });
});
