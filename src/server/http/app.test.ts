import { gunzipSync } from 'node:zlib';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureSite, createTestApp, listenApp } from '../../../tests/helpers/app.ts';
import { authClient } from '../../../tests/helpers/auth.ts';
import { backends, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { buildPdf } from '../../../tests/helpers/knowledge-files.ts';
import { streamOf } from '../../../tests/security/openapi-cases.ts';

describe.each(backends())('HTTP app on $name', (backend) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  beforeAll(async () => {
    database = await backend.create();
    app = (await createTestApp(database, { site: createFixtureSite() })).app;
  });
  afterAll(() => database.destroy());

  it('answers /api/health with the database and AI mode, liveness and readiness', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    const health = {
      status: 'ok',
      database: backend.name,
      ai: 'builtin',
      version: 'test',
      live: true,
      ready: true,
      checks: { database: 'ok', data: 'ready', ai: 'builtin' },
    };
    expect(await res.json()).toEqual(health);
    const live = await app.request('/api/health/live');
    expect([live.status, await live.json()]).toEqual([200, { live: true }]);
    const ready = await app.request('/api/health/ready');
    expect([ready.status, await ready.json()]).toEqual([200, health]);
  });

  it('sends a request id and the security headers of a page or of API data with every response', async () => {
    const server = await listenApp(app);
    try {
      for (const path of ['/', '/pricing', '/api/docs', '/api/docs.css']) {
        const res = await fetch(`${server.url}${path}`);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
        expect(csp).not.toContain("'unsafe-eval'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('permissions-policy')).toContain('camera=()');
        expect(res.headers.get('x-permitted-cross-domain-policies')).toBe('none');
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
      for (const path of ['/api/health', '/api/v1/prospects', '/api/v1/nothing-here']) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.headers.get('content-type')).toContain('application/json');
        // API data is never rendered: a policy that allows nothing, and no sniffing, framing or cross-origin reads.
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        // Sent to a client that takes no gzip too: a cache must not hand it one client's encoding for another.
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
      // A proxy's own request id is kept when it is plain, replaced when it is not.
      const traced = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'lb-4711' } });
      expect(traced.headers.get('x-request-id')).toBe('lb-4711');
      const odd = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'a b<c>' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['/research-report', '/sales-account-development'],
    ['/knowledge-base', '/sales-account-development'],
    ['/ai-llms', '/integrations?ai-llms=true'],
    ['/salesforce', '/integrations?salesforce=true'],
  ])('redirects %s to %s', async (from, to) => {
    const res = await app.request(from);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(to);
  });

  it('serves prerendered pages, the shell for app routes, and 404 for unknown paths', async () => {
    const landing = await app.request('/');
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<h1>Landing</h1>');

    const appRoute = await app.request('/sales-account-development/research');
    expect(appRoute.status).toBe(200);
    expect(await appRoute.text()).toContain('shell');

    const reload = await app.request('/enhanced-pricing/');
    expect(reload.status).toBe(200);
    expect(await reload.text()).toContain('pricing');

    const missing = await app.request('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(await missing.text()).toContain('shell');
  });

  it('serves hashed assets as immutable and compresses large files', async () => {
    const asset = await app.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const page = await app.request('/enhanced-pricing', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const etag = asset.headers.get('etag') ?? '';
    const again = await app.request('/assets/main-abc123.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('gzips large API responses for clients that accept it, and only for them', async () => {
    const plain = await app.request('/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(1024);
    const zipped = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(body);
    const refused = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const res = await app.request('/api/v1/nothing-here', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No API route for POST /api/v1/nothing-here' },
    });
  });

  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string; message: string } }).error;
  const post = (path: string, body: BodyInit, contentType = 'application/json') =>
    app.request(path, { method: 'POST', headers: { 'content-type': contentType }, body });

  it('refuses NUL, lone surrogates and bytes that are not UTF-8 before any route, naming where they are', async () => {
    const cases: [Response | Promise<Response>, string][] = [
      // Before any route: the sign-in's rate limit, then the search, failed with a 500 on these.
      [
        post('/api/auth/sign-in/email', JSON.stringify({ email: 'ada\u0000@example.com', password: 'x' })),
        'Field "email" may not contain the NUL character (\\u0000)',
      ],
      [
        app.request('/api/v1/companies?q=%00'),
        'Query parameter "q" may not contain the NUL character (\\u0000)',
      ],
      [
        app.request('/api/v1/companies?q=fin%ED%A0%80tech'),
        'Query parameter "q" is not valid percent-encoded UTF-8',
      ],
      [app.request('/api/v1/companies?q=50%'), 'Query parameter "q" is not valid percent-encoded UTF-8'],
      [app.request('/api/v1/prospects/%00'), 'The address may not contain the NUL character (\\u0000)'],
      [
        post('/api/v1/privacy/removal-requests', '{"email":"ada@example.com","name":"Ada \\ud800"}'),
        'Field "name" is not valid Unicode (it contains an unpaired surrogate)',
      ],
      [
        post('/api/v1/privacy/removal-requests', '{"email":"ada@example.com","extra":{"a\\u0000":[1]}}'),
        'Field "extra.a\u0000" may not contain the NUL character (\\u0000)',
      ],
      [
        post(
          '/api/auth/sign-in/email',
          'email=ada%00%40example.com&password=x',
          'application/x-www-form-urlencoded',
        ),
        'Field "email" may not contain the NUL character (\\u0000)',
      ],
      [
        post('/api/v1/privacy/removal-requests', new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])),
        'The request body is not valid UTF-8',
      ],
    ];
    for (const [request, message] of cases) {
      const res = await request;
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: 'INVALID_TEXT', message, details: expect.any(Object) });
    }
  });

  it('hands the body on intact after reading it: Better Auth signs up and in, and a file with NUL bytes uploads', async () => {
    const ada = authClient(app);
    expect((await ada.signUp('guard.ada@example.com', 'violet-harbor-42', 'Ada Guard')).status).toBe(200);
    expect((await ada.request('POST', '/api/auth/sign-out', {})).status).toBe(200);
    expect(await ada.session()).toBeNull();
    expect((await ada.signIn('guard.ada@example.com', 'violet-harbor-42')).status).toBe(200);
    expect((await ada.session())?.user.email).toBe('guard.ada@example.com');

    // A PDF holds NUL bytes: multipart files are not text and pass the guard to the upload.
    const pdf = new Uint8Array([
      ...buildPdf([['Security policy: data is encrypted at rest.']]),
      0x25,
      0,
      0x0a,
    ]);
    const form = new FormData();
    form.append('files', new File([pdf], 'policy.pdf', { type: 'application/pdf' }));
    const upload = await app.request('/api/v1/knowledge/documents', {
      method: 'POST',
      headers: { cookie: ada.cookie },
      body: form,
    });
    expect(upload.status).toBe(202);
  });

  it('refuses a 100 MB body with 413 before reading it, chunked or announced, with or without a session', async () => {
    for (const [path, type] of [
      ['/api/auth/sign-in/email', 'application/json'],
      ['/api/v1/privacy/removal-requests', 'application/json'],
      ['/api/v1/copilot/messages', 'application/json'],
      // Only the upload routes take files: anywhere else a multipart body has the same 1 MB.
      ['/api/auth/sign-in/email', 'multipart/form-data; boundary=x'],
    ] as const) {
      const counter = { pulled: 0 };
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': type },
        body: streamOf(100 * 1024 * 1024, counter),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Request body too large: at most 1 MB',
      });
      // Read up to the cap (and what the stream buffers ahead), not the 100 MB.
      expect(counter.pulled).toBeLessThan(2 * 1024 * 1024);

      const announced = { pulled: 0 };
      const declared = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': type, 'content-length': String(100 * 1024 * 1024) },
        body: streamOf(100 * 1024 * 1024, announced),
        duplex: 'half',
      } as RequestInit);
      expect(declared.status).toBe(413);
      expect(announced.pulled).toBeLessThan(2 * 1024 * 1024);
    }
  });

  it('lets a pasted questionnaire up to 3 MB through to its route, and refuses one over it', async () => {
    const paste = (bytes: number) =>
      post('/api/v1/rfp/projects', JSON.stringify({ title: 'RFP', text: 'q'.repeat(bytes - 30) }));
    // Past the cap, the route asks for a session: the body was not refused for its size.
    expect((await paste(2 * 1024 * 1024)).status).toBe(401);
    const over = await paste(3 * 1024 * 1024 + 100);
    expect(over.status).toBe(413);
    expect((await errorOf(over)).message).toBe('Request body too large: at most 3 MB');
  });

  it('publishes a valid OpenAPI 3.1 document and a readable docs page', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/v1/jobs/{id}']));
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);

    const docs = await app.request('/api/docs');
    expect(docs.status).toBe(200);
    const html = await docs.text();
    expect(html).toContain('/api/health');
    expect(html).toContain('<span class="method get">GET</span>');
  });
});
