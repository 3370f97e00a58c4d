import { gunzipSync } from 'node:zlib';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureSite, createTestApp } from '../../../tests/helpers/app.ts';
import { backends, type TestDatabase } from '../../../tests/helpers/databases.ts';

describe.each(backends())('HTTP app on $name', (backend) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  beforeAll(async () => {
    database = await backend.create();
    app = (await createTestApp(database, { site: createFixtureSite() })).app;
  });
  afterAll(() => database.destroy());

  it('answers /api/health with the database and AI mode', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: backend.name,
      ai: 'builtin',
      version: 'test',
    });
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('sets the security headers on pages and API responses', async () => {
    for (const path of ['/', '/api/health']) {
      const res = await app.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
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
