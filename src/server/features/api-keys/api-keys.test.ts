/**
 * API keys (issue 10 point 4 and its security rules) through the HTTP app on both databases: create (shown
 * once, stored hashed), list, revoke; a key authenticates as its owner and is held to its scopes on every
 * route; a revoked key fails at once; keys cannot manage keys or spend money; keys never reach the log; the
 * OpenAPI document says how to authenticate and which scope each operation needs.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { validate } from '@readme/openapi-parser';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import {
  API_KEY_PATTERN,
  API_KEY_SCOPES,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyCreated,
} from '../../../shared/api-keys.ts';
import { queryRows } from '../../db/client.ts';
import { apiKeys, companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';

const PASSWORD = 'violet-harbor-42';
const KEYS = '/api/v1/integrations/api-keys';
type Body = { error?: { code: string; message: string } } & Record<string, unknown>;

describe.each(backends())('API keys on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let logLines = '';

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines += chunk.toString();
        done();
      },
    });
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        await database.db.insert(companyMaster).values({
          name: 'Acme Payments',
          primaryIndustry: 'Fintech',
          country: 'United States',
          countryCode: 'US',
          source: 'sp500',
          license: 'ODC-PDDL-1.0',
        });
      },
      logger: pino({ level: 'trace' }, sink),
      users: { ada: 'Ada Lovelace', bob: 'Bob' },
    }));
  });
  afterAll(() => close?.());

  const call = async <T = Body>(client: AuthClient, method: string, path: string, body?: unknown) => {
    const response = await client.request(method, path, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  /** A request as curl sends it: the key in the Authorization header, no cookie, no Origin. */
  const withKey = async <T = Body>(
    key: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.request(path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const createKey = async (client: AuthClient, name: string, scopes: string[]) => {
    const created = await call<ApiKeyCreated>(client, 'POST', KEYS, { name, scopes });
    expect(created.status).toBe(201);
    return created.body;
  };

  it('creates a key shown once, stores only its hash and prefix, and lists it without the key', async () => {
    const created = await createKey(ada, '  CRM sync  ', ['prospects:write', 'companies:read']);
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created).toMatchObject({
      name: 'CRM sync',
      prefix: created.key.slice(0, 11),
      scopes: ['companies:read', 'prospects:write'],
      status: 'active',
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const stored = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select * from api_keys where id = ${created.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(created.key.slice(11));

    const list = await call<{ keys: (ApiKey & { key?: string })[] }>(ada, 'GET', KEYS);
    expect(list.status).toBe(200);
    const listed = list.body.keys.find((k) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'CRM sync', prefix: created.prefix, status: 'active' });
    expect(listed?.key).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(created.key);
  });

  it("authenticates a GET as the key's owner and records when it was last used, at most once a minute", async () => {
    const { id, key } = await createKey(ada, 'Reader', ['prospects:read', 'companies:read']);
    const added = await call(ada, 'POST', '/api/v1/prospects', { name: 'Initech' });
    expect(added.status).toBe(201);

    const prospects = await withKey<{ prospects: { name: string }[] }>(key, 'GET', '/api/v1/prospects');
    expect(prospects.status).toBe(200);
    expect(prospects.body.prospects.map((p) => p.name)).toEqual(['Initech']);
    const companies = await withKey<{ companies: { name: string }[] }>(
      key,
      'GET',
      '/api/v1/companies?q=acme',
    );
    expect(companies.status).toBe(200);
    expect(companies.body.companies.map((c) => c.name)).toContain('Acme Payments');

    const used = (await call<{ keys: ApiKey[] }>(ada, 'GET', KEYS)).body.keys.find((k) => k.id === id);
    expect(used?.lastUsedAt).not.toBeNull();
    await withKey(key, 'GET', '/api/v1/prospects');
    const again = (await call<{ keys: ApiKey[] }>(ada, 'GET', KEYS)).body.keys.find((k) => k.id === id);
    expect(again?.lastUsedAt).toBe(used?.lastUsedAt);
    // A minute later, the next use moves it.
    await database.db.execute(
      sql`update api_keys set last_used_at = now() - interval '2 minutes' where id = ${id}`,
    );
    await withKey(key, 'GET', '/api/v1/prospects');
    const later = (await call<{ keys: ApiKey[] }>(ada, 'GET', KEYS)).body.keys.find((k) => k.id === id);
    expect(Date.parse(later?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 30_000);
  });

  it('refuses a route whose scope the key lacks, and a write with a read-only key, naming the scope', async () => {
    const { key } = await createKey(ada, 'Companies only', ['companies:read', 'prospects:read']);
    const people = await withKey(key, 'GET', '/api/v1/people');
    expect(people.status).toBe(403);
    expect(people.body.error?.message).toBe(
      'This API key does not have the scope people:read needed for GET /api/v1/people',
    );
    const write = await withKey(key, 'POST', '/api/v1/prospects', { name: 'Hooli' });
    expect(write.status).toBe(403);
    expect(write.body.error?.message).toBe(
      'This API key does not have the scope prospects:write needed for POST /api/v1/prospects',
    );
    const names = (await call<{ prospects: { name: string }[] }>(ada, 'GET', '/api/v1/prospects')).body;
    expect(names.prospects.map((p) => p.name)).not.toContain('Hooli');

    // Asking the knowledge chat is reading: knowledge:read is enough, nothing else is.
    const { key: reader } = await createKey(ada, 'Knowledge reader', ['knowledge:read']);
    const chat = await withKey(reader, 'POST', '/api/v1/knowledge/chat', { query: 'What is our SLA?' });
    expect(chat.status).toBe(200);
    const upload = await withKey(
      reader,
      'DELETE',
      '/api/v1/knowledge/documents/00000000-0000-4000-8000-000000000000',
    );
    expect(upload.status).toBe(403);
    expect(upload.body.error?.message).toContain('knowledge:write');
  });

  it('writes with a write scope, from any origin when no cookie comes with the key', async () => {
    const { key } = await createKey(ada, 'Writer', ['prospects:write', 'prospects:read']);
    const created = await withKey<{ prospect: { name: string } }>(
      key,
      'POST',
      '/api/v1/prospects',
      { name: 'Globex' },
      { origin: 'https://elsewhere.example' },
    );
    expect(created.status).toBe(201);
    const list = await withKey<{ prospects: { name: string }[] }>(key, 'GET', '/api/v1/prospects');
    expect(list.body.prospects.map((p) => p.name)).toContain('Globex');
    // A cookie with it: the same-origin check applies as to any browser request.
    const forged = await withKey(
      key,
      'POST',
      '/api/v1/prospects',
      { name: 'Umbrella' },
      { origin: 'https://elsewhere.example', cookie: ada.cookie },
    );
    expect(forged.status).toBe(403);
    expect(forged.body.error?.message).toBe('Cross-origin requests are not allowed');
  });

  it('fails a revoked key at once, keeps it listed as revoked, and refuses unknown keys', async () => {
    const { id, key } = await createKey(ada, 'Short-lived', ['prospects:read']);
    expect((await withKey(key, 'GET', '/api/v1/prospects')).status).toBe(200);
    const revoked = await call<ApiKey>(ada, 'DELETE', `${KEYS}/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id, status: 'revoked' });
    expect(revoked.body.revokedAt).not.toBeNull();

    const after = await withKey(key, 'GET', '/api/v1/prospects');
    expect(after.status).toBe(401);
    expect(after.body.error?.message).toBe('This API key has been revoked');
    const listed = (await call<{ keys: ApiKey[] }>(ada, 'GET', KEYS)).body.keys.find((k) => k.id === id);
    expect(listed?.status).toBe('revoked');
    // Revoking again changes nothing.
    const twice = await call<ApiKey>(ada, 'DELETE', `${KEYS}/${id}`);
    expect(twice.status).toBe(200);
    expect(twice.body.revokedAt).toBe(revoked.body.revokedAt);

    const unknown = `pk_${'A'.repeat(43)}`;
    for (const bad of [unknown, 'not-a-key', '']) {
      const refused = await withKey(bad, 'GET', '/api/v1/prospects');
      expect(refused.status).toBe(401);
      expect(refused.body.error?.message).toBe('Invalid API key');
    }
  });

  it('never lets a key manage keys, buy credits or change the profile, whatever its scopes', async () => {
    const { id, key } = await createKey(ada, 'Everything', [...API_KEY_SCOPES]);
    for (const [method, path, body] of [
      ['GET', KEYS, undefined],
      ['POST', KEYS, { name: 'Sneaky', scopes: ['companies:read'] }],
      ['DELETE', `${KEYS}/${id}`, undefined],
      ['POST', '/api/v1/credits/purchases', { packageId: 'starter', idempotencyKey: 'abcdefgh1' }],
      ['PUT', '/api/v1/credits/plan', { plan: 'pro' }],
      ['GET', '/api/v1/profile', undefined],
      ['PUT', '/api/v1/workflow', {}],
    ] as const) {
      const refused = await withKey(key, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error?.message).toBe(
        `This API key cannot be used for ${method} ${path}: it needs a signed-in session`,
      );
    }
    expect((await withKey(key, 'GET', '/api/v1/credits')).status).toBe(200);
    const keys = (await call<{ keys: ApiKey[] }>(ada, 'GET', KEYS)).body.keys;
    expect(keys.find((k) => k.id === id)?.status).toBe('active');
    expect(keys.some((k) => k.name === 'Sneaky')).toBe(false);
  });

  it("keeps keys to their owner: another user's key cannot be listed or revoked", async () => {
    const { id, key } = await createKey(ada, 'Ada only', ['prospects:read']);
    const bobs = await call<{ keys: ApiKey[] }>(bob, 'GET', KEYS);
    expect(bobs.body.keys).toEqual([]);
    const refused = await call(bob, 'DELETE', `${KEYS}/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error?.message).toBe('API key not found');
    expect((await withKey(key, 'GET', '/api/v1/prospects')).status).toBe(200);
    // Bob's key reads Bob's prospects, not Ada's.
    const { key: bobKey } = await createKey(bob, 'Bob', ['prospects:read']);
    const bobList = await withKey<{ prospects: unknown[] }>(bobKey, 'GET', '/api/v1/prospects');
    expect(bobList.body.prospects).toEqual([]);
    expect((await call(ada, 'GET', KEYS)).status).toBe(200);
    expect((await app.request(KEYS)).status).toBe(401);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = (await call<{ keys: ApiKey[] }>(ada, 'GET', KEYS)).body.keys.length;
    const cases: [unknown, string][] = [
      [{ name: '   ', scopes: ['companies:read'] }, 'name: must not be empty'],
      [{ name: 'x'.repeat(81), scopes: ['companies:read'] }, 'name: must be at most 80 characters'],
      [{ name: 'Bad scope', scopes: ['companies:admin'] }, 'scopes.0: must be one of'],
      [{ name: 'No scope', scopes: [] }, 'scopes: choose at least one scope'],
      [{ name: 'Credits write', scopes: ['credits:write'] }, 'scopes.0: must be one of'],
      [{ name: 'Extra', scopes: ['companies:read'], key: 'pk_mine' }, 'Invalid request'],
    ];
    for (const [body, message] of cases) {
      const refused = await call(ada, 'POST', KEYS, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error?.message).toContain(message);
    }
    const badId = await call(ada, 'DELETE', `${KEYS}/not-a-uuid`);
    expect(badId.status).toBe(400);
    expect(badId.body.error?.message).toContain('must be an API key id (UUID)');
    expect((await call<{ keys: ApiKey[] }>(ada, 'GET', KEYS)).body.keys.length).toBe(before);
  });

  it(`allows at most ${API_KEYS_MAX} active keys; revoking one makes room`, async () => {
    const carol = authClient(app);
    await carol.signUp('carol@example.com', PASSWORD, 'Carol');
    const ids: string[] = [];
    for (let i = 0; i < API_KEYS_MAX; i++) ids.push((await createKey(carol, `Key ${i}`, ['events:read'])).id);
    const over = await call(carol, 'POST', KEYS, { name: 'One more', scopes: ['events:read'] });
    expect(over.status).toBe(409);
    expect(over.body.error?.message).toContain(`at most ${API_KEYS_MAX} active API keys`);
    expect((await call(carol, 'DELETE', `${KEYS}/${ids[0]}`)).status).toBe(200);
    expect((await call(carol, 'POST', KEYS, { name: 'One more', scopes: ['events:read'] })).status).toBe(201);
  });

  it(`keeps to ${API_KEYS_MAX} active keys when ${API_KEYS_MAX + 5} are asked for at once`, async () => {
    const dan = authClient(app);
    await dan.signUp('dan@example.com', PASSWORD, 'Dan');
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_MAX + 5 }, (_, i) =>
        call(dan, 'POST', KEYS, { name: `Burst ${i}`, scopes: ['events:read'] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(API_KEYS_MAX);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    const listed = (await call<{ keys: ApiKey[] }>(dan, 'GET', KEYS)).body.keys;
    expect(listed.filter((key) => key.status === 'active')).toHaveLength(API_KEYS_MAX);
  });

  it('never writes a key to the log, used, refused or revoked', async () => {
    logLines = '';
    const { id, key } = await createKey(ada, 'Logged?', ['prospects:read']);
    await withKey(key, 'GET', '/api/v1/prospects');
    await withKey(key, 'GET', '/api/v1/people');
    await withKey(key, 'POST', '/api/v1/profile', {});
    await withKey(key, 'GET', `/api/v1/prospects/not-a-uuid`);
    await call(ada, 'DELETE', `${KEYS}/${id}`);
    await withKey(key, 'GET', '/api/v1/prospects');
    expect(logLines).toContain('/api/v1/prospects');
    expect(logLines).not.toContain(key);
    expect(logLines).not.toContain(key.slice(11));
  });

  it('documents the bearer key, how to get one, and the scope of each operation in the OpenAPI document', async () => {
    const doc = await (await app.request('/api/openapi.json')).json();
    expect(doc.info.description).toContain('Authorization: Bearer');
    expect(doc.info.description).toContain('Integrations > API keys');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, method, scope] of [
      ['/api/v1/companies', 'get', 'companies:read'],
      ['/api/v1/prospects', 'get', 'prospects:read'],
      ['/api/v1/prospects', 'post', 'prospects:write'],
      ['/api/v1/knowledge/chat', 'post', 'knowledge:read'],
      ['/api/v1/rfp/projects', 'post', 'rfp:write'],
      ['/api/v1/rfp/projects/{id}', 'get', 'rfp:read'],
      ['/api/v1/docgen/documents', 'post', 'documents:write'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([
        { apiKey: [scope] },
        { session: [] },
      ]);
    }
    expect(doc.paths[KEYS].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/credits/purchases'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/health'].get.security).toBeUndefined();
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
    const html = await (await app.request('/api/docs')).text();
    expect(html).toContain('API keys: scope <code>companies:read</code>');
  });
});
