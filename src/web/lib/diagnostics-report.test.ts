import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.ts';

const USER_ID = '7d3f5a2b-1c4e-4f6a-8b9c-0d1e2f3a4b5c';
const PROSPECT_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const EMAIL = 'ana.lopez@globex.example';
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** What went to the network: the health check and any error reports. */
let requests: { url: string; body: unknown }[];

/** A browser page at `/prospect/<id>` with a signed-in user, and a fresh set of diagnostics buffers. */
async function page(health: () => Promise<Response>) {
  vi.resetModules();
  requests = [];
  const storage = new MemoryStorage();
  storage.setItem('user', JSON.stringify({ username: 'ana.lopez', email: EMAIL, uid: USER_ID }));
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', { userAgent: UA, language: 'de-DE' });
  vi.stubGlobal('screen', { width: 2560, height: 1440 });
  vi.stubGlobal('window', {
    location: { pathname: `/prospect/${PROSPECT_ID}` },
    devicePixelRatio: 2,
    innerWidth: 1280,
    innerHeight: 720,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return url === '/api/health' ? health() : new Response(null, { status: 204 });
    }),
  );
  const diagnostics = await import('./diagnostics.ts');
  const { diagnosticsReport } = await import('./diagnostics-report.ts');
  return { ...diagnostics, diagnosticsReport };
}

const healthy = async () => Response.json({ status: 'ok', version: '1.4.2' });

describe('diagnosticsReport', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reports the app, the browser, the screen and the route as its template', async () => {
    const { diagnosticsReport } = await page(healthy);
    const report = await diagnosticsReport();
    expect(report).toMatchObject({
      app: 'Prospector',
      version: '1.4.2',
      generatedAt: '2026-03-01T10:00:00.000Z',
      browser: 'Chrome on Linux',
      language: 'de-DE',
      screen: { width: 2560, height: 1440, pixelRatio: 2 },
      viewport: { width: 1280, height: 720 },
      route: '/prospect/:id',
      errors: [],
      slow: [],
    });
  });

  it("carries what the page recorded, slow calls flagged, and nothing of the user's", async () => {
    const { diagnosticsReport, recordNavigation, recordApiCall, recordRenderError } = await page(healthy);
    recordNavigation(`/prospect/${PROSPECT_ID}`);
    recordApiCall('GET', `/api/v1/prospects/${PROSPECT_ID}`, 200, 1500.4);
    recordApiCall('GET', '/api/v1/credits', 200, 1000);
    recordApiCall('POST', '/api/v1/companies/exports', 500, 80, `Export failed for ${EMAIL}`);
    recordRenderError(new TypeError(`Cannot read properties of undefined (reading 'Globex Corp')`));
    const report = await diagnosticsReport(['Globex Corp']);

    expect(report.debug.map((entry) => [entry.kind, entry.message, entry.slow ?? false])).toEqual([
      ['navigation', '/prospect/:id', false],
      ['api', 'GET /api/v1/prospects/:id 200', true],
      // Exactly 1000 ms is not slow.
      ['api', 'GET /api/v1/credits 200', false],
      ['api', 'POST /api/v1/companies/exports 500', false],
    ]);
    expect(report.slow).toEqual([report.debug[1]]);
    expect(report.debug[1]?.ms).toBe(1500);
    expect(report.errors.map((error) => [error.kind, error.status, error.route])).toEqual([
      ['api', 500, '/prospect/:id'],
      ['render', undefined, '/prospect/:id'],
    ]);
    // Both errors went to the server log as well (and nothing is left in flight for the next test).
    await vi.waitFor(() => expect(requests.filter((r) => r.url === '/api/v1/client-errors')).toHaveLength(2));
    const text = JSON.stringify([report, requests]);
    for (const personal of [EMAIL, 'ana.lopez', USER_ID, PROSPECT_ID, 'Globex']) {
      expect(text, personal).not.toContain(personal);
    }
  });

  it('is still made offline, with the version unknown', async () => {
    const { diagnosticsReport } = await page(() => Promise.reject(new TypeError('Failed to fetch')));
    const report = await diagnosticsReport();
    expect(report.version).toBe('unknown');
    expect(report.route).toBe('/prospect/:id');
  });
});

describe('the errors a page sends to the server log', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const reported = async () => {
    // The sender is loaded on the first error: wait for it, then for anything else in flight.
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    return requests.filter((request) => request.url === '/api/v1/client-errors');
  };

  it('sends server failures and lost requests, scrubbed, but not refusals (4xx)', async () => {
    const { recordApiCall } = await page(healthy);
    recordApiCall('GET', `/api/v1/prospects/${PROSPECT_ID}`, 404, 12, 'Prospect not found');
    recordApiCall('POST', '/api/v1/credits/purchases', 402, 12, 'Insufficient credits');
    recordApiCall('get', `/api/v1/people/${USER_ID}/saved`, 503, 40, `Service down for ${EMAIL}`);
    recordApiCall('POST', '/api/v1/companies/exports', 0, 3000);
    const sent = (await reported()).map((request) => request.body);
    expect(sent).toEqual([
      {
        kind: 'api',
        message: 'Service down for [redacted]',
        route: '/prospect/:id',
        method: 'GET',
        apiRoute: '/api/v1/people/:param/saved',
        status: 503,
      },
      {
        kind: 'api',
        message: 'POST failed',
        route: '/prospect/:id',
        method: 'POST',
        apiRoute: '/api/v1/companies/exports',
        status: 0,
      },
    ]);
  });

  it('sends the same error once and at most ten in all from one page', async () => {
    const { recordApiCall } = await page(healthy);
    for (let i = 0; i < 3; i++) recordApiCall('GET', '/api/v1/agents', 500, 5, 'Agents are down');
    for (let i = 0; i < 15; i++) recordApiCall('GET', `/api/v1/step-${i}`, 502, 5, `Step ${i} failed`);
    const sent = await reported();
    expect(sent).toHaveLength(10);
    expect(
      sent.filter((request) => (request.body as { message: string }).message === 'Agents are down'),
    ).toHaveLength(1);
  });
});
