/**
 * The architecture page's gate and content (issue 10 point 5; spec 3 §2, §4) through the HTTP app on both
 * databases: disabled without ARCHITECTURE_PASSWORD, 'Invalid password' on a wrong one, the rate limit per
 * client address, the nine tabs with figures that match the database, and the password never in the logs.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import {
  ARCHITECTURE_DISABLED,
  ARCHITECTURE_INVALID_PASSWORD,
  ARCHITECTURE_TABS,
  type ArchitectureDocument,
} from '../../../shared/architecture.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import type { App } from '../../http/app.ts';
import { readMigrationJournal } from './figures.ts';

const PASSWORD = 'blue-orchid-ledger-77';

describe.each(backends())('architecture page on $name', (backend: Backend) => {
  let database: TestDatabase;
  let enabled: App;
  let disabled: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await backend.create();
    // Every log line the enabled app writes, at the most verbose level.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    ({ app: enabled } = await createTestApp(database, {
      env: { ARCHITECTURE_PASSWORD: PASSWORD, TRUST_PROXY: 'true' },
      logger: pino({ level: 'trace' }, sink),
    }));
    ({ app: disabled } = await createTestApp(database));
  });
  afterAll(() => database.destroy());

  let nextIp = 1;
  /** Each test comes from its own client address, so the rate limit of one does not reach another. */
  const newClient = () => `198.51.100.${nextIp++}`;

  const unlock = async (app: App, password: unknown, ip = newClient()) => {
    const response = await app.request('/api/v1/architecture/unlock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ password }),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  it('says it is disabled when ARCHITECTURE_PASSWORD is not set, and unlocks nothing', async () => {
    const status = await disabled.request('/api/v1/architecture');
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ enabled: false });

    const attempt = await unlock(disabled, PASSWORD);
    expect(attempt.status).toBe(404);
    expect(attempt.body.error.message).toBe(ARCHITECTURE_DISABLED);
  });

  it('says it is enabled, without any content, when a password is set', async () => {
    const status = await enabled.request('/api/v1/architecture');
    expect(await status.json()).toEqual({ enabled: true });
  });

  it("answers a wrong password with 401 'Invalid password' and no content", async () => {
    for (const wrong of ['wrong-password', `${PASSWORD} `, PASSWORD.toUpperCase(), PASSWORD.slice(0, -1)]) {
      const attempt = await unlock(enabled, wrong);
      expect(attempt.status).toBe(401);
      expect(attempt.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: ARCHITECTURE_INVALID_PASSWORD },
      });
    }
  });

  it('refuses a missing, empty or oversized password with 400', async () => {
    expect((await unlock(enabled, '')).status).toBe(400);
    expect((await unlock(enabled, 42)).status).toBe(400);
    expect((await unlock(enabled, 'x'.repeat(201))).status).toBe(400);
    const noBody = await enabled.request('/api/v1/architecture/unlock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"password":',
    });
    expect(noBody.status).toBe(400);
  });

  it('limits attempts per client address: the 11th in 15 minutes gets 429 with Retry-After', async () => {
    const ip = newClient();
    for (let i = 0; i < 10; i++) expect((await unlock(enabled, `guess-${i}-abcdef`, ip)).status).toBe(401);
    const blocked = await unlock(enabled, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.error.message).toMatch(
      /^Too many attempts\. Please wait \d+ seconds and try again\.$/,
    );
    // Another address is not held back by this one.
    expect((await unlock(enabled, PASSWORD, newClient())).status).toBe(200);
  });

  it('answers the right password with the nine tabs and figures that match the running system', async () => {
    const { status, headers, body } = await unlock(enabled, PASSWORD);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    const doc = body as ArchitectureDocument;
    expect(doc.tabs.map((tab) => tab.label)).toEqual(ARCHITECTURE_TABS.map((tab) => tab.label));
    expect(doc.tabs.map((tab) => tab.label)).toEqual([
      'Overview',
      'Architecture',
      'Roles & Access',
      'Data Flow',
      'Database',
      'Infrastructure',
      'Codebase',
      'Security',
      'Roadmap',
    ]);
    for (const tab of doc.tabs) expect(tab.sections.length, tab.label).toBeGreaterThan(0);
    const f = doc.figures;

    // Tables: the public schema's, as the catalogue lists them, with row-level security where it is on.
    const tables = await queryRows<{ tablename: string; rowsecurity: boolean }>(
      database.db,
      sql`select tablename, rowsecurity from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(f.tables.map((t) => t.name)).toEqual(tables.map((t) => t.tablename));
    expect(f.tables.map((t) => t.name)).toContain('agent_executions');
    expect(f.tables.find((t) => t.name === 'user_profiles')).toMatchObject({ rowLevelSecurity: true });
    expect(f.tables.find((t) => t.name === 'industry_codes')?.rowLevelSecurity).toBe(false);
    expect(f.roles.rowLevelSecurityTables).toBe(tables.filter((t) => t.rowsecurity).length);
    expect(f.roles).toMatchObject({ databaseRole: 'prospector_app', databaseRoleExists: true });
    expect(f.policies).toBeGreaterThanOrEqual(f.roles.rowLevelSecurityTables);

    // Migrations: every entry of the journal is applied, the latest named.
    const journal = readMigrationJournal();
    expect(f.migrations).toEqual({
      applied: journal.length,
      inRepository: journal.length,
      latest: journal[journal.length - 1]?.tag,
    });

    // API routes: the operations of the published OpenAPI document.
    const openApi = (await (await enabled.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(openApi.paths).flatMap((item) =>
      Object.keys(item).filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key)),
    );
    expect(f.api.total).toBe(operations.length);
    expect(Object.values(f.api.byMethod).reduce((a, b) => a + b, 0)).toBe(operations.length);
    expect(f.api.routes).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/v1/architecture/unlock' }),
    );

    // Jobs, database, AI engine.
    expect(f.jobs.types).toContain('knowledge.process-document');
    expect(f.database.engine).toBe(backend.name);
    expect(f.database.serverVersion).toMatch(/^\d+/);
    expect(f.ai).toEqual({ provider: 'builtin', model: null });
    expect(f.version).toBe('test');
    expect(f.codebase?.folders.map((folder) => folder.path)).toContain('src/server/features/architecture');

    // The prose carries the same figures, not the original's claims.
    const databaseTab = doc.tabs.find((tab) => tab.id === 'database');
    expect(JSON.stringify(databaseTab)).toContain(`The ${f.tables.length} tables of the public schema`);
    expect(JSON.stringify(doc.tabs)).not.toMatch(/50\+ tables|45\+ row-level/);
    expect(JSON.stringify(doc)).not.toContain(PASSWORD);
  });

  it('never writes the password to the logs', async () => {
    await unlock(enabled, PASSWORD);
    await unlock(enabled, `${PASSWORD}-wrong`);
    await unlock(enabled, `${PASSWORD}${'!'.repeat(200)}`);
    expect(logLines.some((line) => line.includes('/api/v1/architecture/unlock'))).toBe(true);
    expect(logLines.filter((line) => line.includes(PASSWORD))).toEqual([]);
  });
});

describe('ARCHITECTURE_PASSWORD', () => {
  it('is optional, and refused in one line when too short, without echoing it', () => {
    expect(loadConfig({}).architecture.password).toBeNull();
    expect(loadConfig({ ARCHITECTURE_PASSWORD: PASSWORD }).architecture.password).toBe(PASSWORD);
    expect(() => loadConfig({ ARCHITECTURE_PASSWORD: 'short' })).toThrow(
      new ConfigError('Invalid configuration: ARCHITECTURE_PASSWORD must be at least 8 characters'),
    );
  });
});
