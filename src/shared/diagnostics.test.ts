import { describe, expect, it } from 'vitest';
import {
  type ClientErrorEntry,
  DEBUG_LOG_LIMIT,
  ERROR_LOG_LIMIT,
  isSlow,
  type RawDebugEntry,
  RingBuffer,
  rateVital,
  SLOW_QUERY_MS,
  SLOW_REQUEST_MS,
  SLOW_RESOURCE_MS,
  VITAL_REFERENCES,
} from './diagnostics.ts';
import { buildDiagnosticsReport, type DiagnosticsInput } from './diagnostics-report.ts';
import { scrubPath, scrubText } from './diagnostics-scrub.ts';

const ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('spec 1 §9 constants', () => {
  it('are the spec values', () => {
    expect(DEBUG_LOG_LIMIT).toBe(100);
    expect(ERROR_LOG_LIMIT).toBe(50);
    expect(SLOW_RESOURCE_MS).toBe(1000);
    expect(SLOW_QUERY_MS).toBe(1000);
    expect(SLOW_REQUEST_MS).toBe(1000);
    expect(VITAL_REFERENCES).toEqual({ LCP: 2500, INP: 100, CLS: 0.1 });
  });
});

describe('RingBuffer', () => {
  it('keeps the last items in order, oldest first', () => {
    const buffer = new RingBuffer<number>(3);
    expect(buffer.items()).toEqual([]);
    buffer.push(1);
    buffer.push(2);
    expect(buffer.items()).toEqual([1, 2]);
    for (const n of [3, 4, 5]) buffer.push(n);
    expect(buffer.items()).toEqual([3, 4, 5]);
    buffer.push(6);
    expect(buffer.items()).toEqual([4, 5, 6]);
    expect(buffer.size).toBe(3);
  });

  it('holds exactly the spec limits after many more entries', () => {
    const debug = new RingBuffer<number>(DEBUG_LOG_LIMIT);
    const errors = new RingBuffer<number>(ERROR_LOG_LIMIT);
    for (let i = 1; i <= 1234; i++) {
      debug.push(i);
      errors.push(i);
    }
    expect(debug.items()).toHaveLength(100);
    expect(debug.items()[0]).toBe(1135);
    expect(debug.items().at(-1)).toBe(1234);
    expect(errors.items()).toHaveLength(50);
    expect(errors.items()[0]).toBe(1185);
  });

  it('can be cleared and refuses a capacity below one', () => {
    const buffer = new RingBuffer<string>(2);
    buffer.push('a');
    buffer.push('b');
    buffer.push('c');
    buffer.clear();
    buffer.push('d');
    expect(buffer.items()).toEqual(['d']);
    expect(() => new RingBuffer(0)).toThrow();
  });
});

describe('thresholds', () => {
  it('flags over 1000 ms as slow, not 1000 ms itself', () => {
    expect(isSlow(1000)).toBe(false);
    expect(isSlow(1001)).toBe(true);
    expect(isSlow(250)).toBe(false);
  });

  it('rates vitals against 2500 ms, 100 ms and 0.1', () => {
    expect(rateVital('LCP', 2500)).toEqual({ value: 2500, reference: 2500, rating: 'good' });
    expect(rateVital('LCP', 2500.6).rating).toBe('over');
    expect(rateVital('INP', 96).rating).toBe('good');
    expect(rateVital('INP', 104).rating).toBe('over');
    expect(rateVital('CLS', 0.1)).toEqual({ value: 0.1, reference: 0.1, rating: 'good' });
    expect(rateVital('CLS', 0.1234)).toEqual({ value: 0.123, reference: 0.1, rating: 'over' });
  });
});

describe('scrubPath', () => {
  it('turns a page path into its route template', () => {
    expect(scrubPath(`/prospect/${ID}`)).toBe('/prospect/:id');
    expect(scrubPath('/sales-account-development/Acme%20Robotics?tab=news')).toBe(
      '/sales-account-development/:companyName',
    );
    expect(scrubPath('https://crm.example.com/rfp-editor/42#q3')).toBe('/rfp-editor/:id');
    expect(scrubPath('/profile')).toBe('/profile');
  });

  it('keeps route words of API paths and hides ids, names, e-mails and tokens', () => {
    expect(scrubPath(`/api/v1/rfp/projects/${ID}/questions/17/comments`)).toBe(
      '/api/v1/rfp/projects/:id/questions/:id/comments',
    );
    expect(scrubPath('/api/v1/companies/Acme%20Robotics%20GmbH')).toBe('/api/v1/companies/:param');
    expect(scrubPath('/api/v1/people/jane.doe@example.com')).toBe('/api/v1/people/:param');
    expect(scrubPath('/api/v1/auth/reset-tokens/AbCdEf0123456789xyz')).toBe(
      '/api/v1/auth/reset-tokens/:param',
    );
    expect(scrubPath('/api/v1/companies?q=jane&industry=Software')).toBe('/api/v1/companies');
  });

  it("never keeps the user's own company, even as a lowercase word", () => {
    expect(scrubPath('/api/v1/companies/initech', ['Initech'])).toBe('/api/v1/companies/:param');
    expect(scrubPath('/api/v1/companies/initech')).toBe('/api/v1/companies/initech');
  });

  it('keeps static file names, as a stack trace needs them', () => {
    expect(scrubPath('https://app.example.com/assets/main-B1x9Qz.js')).toBe('/assets/main-B1x9Qz.js');
  });
});

describe('scrubText', () => {
  it('removes e-mail addresses, UUIDs, tokens, secrets and long numbers', () => {
    const text = scrubText(
      `User jane.doe@example.com (${ID}) with Bearer pk_live_0123456789abcdefABCDEF sent token=s3cr3t and called +1 (555) 123-4567`,
    );
    expect(text).not.toMatch(/jane|example\.com|3f2b8c1e|pk_live|s3cr3t|555/);
    expect(text).toContain('[email]');
    expect(text).toContain(':id');
    expect(text).toContain('Bearer [token]');
    expect(text).toContain('token=[redacted]');
    expect(text).toContain('[number]');
  });

  it('reduces URLs to scrubbed paths and keeps a stack position', () => {
    const stack = scrubText(
      'TypeError: x is undefined\n    at render (https://sales.acme.example/assets/main-B1x9Qz.js:12:3456)',
    );
    expect(stack).toContain('(/assets/main-B1x9Qz.js:12:3456)');
    expect(stack).not.toContain('acme');
    expect(scrubText('No API route for GET /api/v1/people?q=Jane%20Doe&city=Paris')).toBe(
      'No API route for GET /api/v1/people',
    );
    expect(scrubText(`failed https://x.example/prospect/${ID}?ref=mail`)).toBe('failed /prospect/:id');
  });

  it("removes the user's own name, e-mail and company wherever they appear", () => {
    const known = ['ada@lovelace.dev', 'Ada Lovelace', 'Analytical Engines Ltd'];
    const text = scrubText(
      'Company "Analytical Engines Ltd" of Ada Lovelace (ADA@LOVELACE.DEV): Lovelace not found',
      known,
    );
    expect(text.toLowerCase()).not.toMatch(/ada|lovelace|analytical/);
    expect(text).toContain('[redacted]');
  });

  it('matches a known name as whole words only', () => {
    expect(scrubText('Mark opened the market report', ['Mark Twain'])).toBe(
      '[redacted] opened the market report',
    );
    expect(scrubPath('/api/v1/companies/marketing', ['Mark Twain'])).toBe('/api/v1/companies/marketing');
  });

  it('keeps ordinary messages and caps the length', () => {
    expect(scrubText('Insufficient credits. Required: 5, Available: 2')).toBe(
      'Insufficient credits. Required: 5, Available: 2',
    );
    expect(scrubText('x'.repeat(5000), [], 100)).toHaveLength(100);
  });
});

describe('buildDiagnosticsReport', () => {
  const input = (errors: ClientErrorEntry[], debug: RawDebugEntry[]): DiagnosticsInput => ({
    version: '0.1.0',
    generatedAt: '2025-01-01T00:00:00.000Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
    browser: 'Chrome on Linux',
    language: 'en-GB',
    screen: { width: 1920, height: 1080, pixelRatio: 1 },
    viewport: { width: 1280, height: 800 },
    route: `/prospect/${ID}?from=search`,
    errors,
    debug,
    vitals: { LCP: rateVital('LCP', 1800), CLS: rateVital('CLS', 0.2) },
    known: ['grace@hopper.dev', 'Grace Hopper', 'Cobol Systems'],
  });

  it('carries the app, browser, screen, route, vitals, errors and slow entries, with no personal data', () => {
    const report = buildDiagnosticsReport(
      input(
        [
          {
            at: '2025-01-01T00:00:00.000Z',
            kind: 'api',
            message: 'Company Cobol Systems not found for grace@hopper.dev',
            route: `/sales-account-development/Cobol%20Systems`,
            method: 'GET',
            apiRoute: `/api/v1/companies/${ID}?q=grace`,
            status: 404,
          },
          {
            at: '2025-01-01T00:00:01.000Z',
            kind: 'error',
            message: 'Grace Hopper broke it',
            route: '/profile',
            source: 'https://hopper.example/assets/main-B1x9Qz.js:1:2',
          },
        ],
        [
          { at: '2025-01-01T00:00:00.000Z', kind: 'navigation', path: '/profile' },
          {
            at: '2025-01-01T00:00:00.000Z',
            kind: 'api',
            label: 'GET',
            path: `/api/v1/prospects/${ID}?owner=grace`,
            status: 200,
            ms: 1500.4,
          },
          {
            at: '2025-01-01T00:00:00.000Z',
            kind: 'api',
            label: 'POST',
            path: '/api/v1/companies/Cobol%20Systems/saved',
            status: 0,
            ms: 1000,
          },
        ],
      ),
    );
    expect(report).toMatchObject({
      app: 'Prospector',
      version: '0.1.0',
      browser: 'Chrome on Linux',
      screen: { width: 1920, height: 1080, pixelRatio: 1 },
      route: '/prospect/:id',
      vitals: { LCP: { value: 1800, rating: 'good' }, CLS: { value: 0.2, rating: 'over' } },
    });
    expect(report.errors[0]).toMatchObject({
      route: '/sales-account-development/:companyName',
      apiRoute: '/api/v1/companies/:id',
      status: 404,
    });
    expect(report.errors[1]?.source).toBe('/assets/main-B1x9Qz.js:1:2');
    expect(report.slow).toEqual([
      expect.objectContaining({ message: 'GET /api/v1/prospects/:id 200', ms: 1500 }),
    ]);
    expect(report.debug.map((entry) => entry.message)).toEqual([
      '/profile',
      'GET /api/v1/prospects/:id 200',
      'POST /api/v1/companies/:param/saved no answer',
    ]);
    expect(report.debug[2]).not.toHaveProperty('slow');
    const copied = JSON.stringify(report).toLowerCase();
    for (const secret of ['grace', 'hopper', 'cobol', ID, '?q=', 'owner=', 'from=search']) {
      expect(copied).not.toContain(secret.toLowerCase());
    }
  });

  it('keeps at most the spec limits', () => {
    const errors = Array.from({ length: 80 }, (_, i) => ({
      at: 'now',
      kind: 'error' as const,
      message: `error ${i}`,
      route: '/app',
    }));
    const debug = Array.from({ length: 150 }, (_, i) => ({
      at: 'now',
      kind: 'api' as const,
      label: `call ${i}`,
    }));
    const report = buildDiagnosticsReport(input(errors, debug));
    expect(report.errors).toHaveLength(50);
    expect(report.errors[0]?.message).toBe('error 30');
    expect(report.debug).toHaveLength(100);
    expect(report.debug[0]?.message).toBe('call 50');
  });
});
