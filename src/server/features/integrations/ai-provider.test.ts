/**
 * A user's own AI provider (issue 10) through the HTTP app on both databases, against a FAKE OpenAI-compatible
 * server (tests/helpers/fake-openai.ts): the settings (the key sealed, never returned), test connection, the
 * SSRF guard, and the saved provider answering that user's copilot, knowledge chat and RFP job, not another's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type AuthClient, authClient, callJson } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { type FakeOpenAi, fakeAnswers, startFakeOpenAi } from '../../../../tests/helpers/fake-openai.ts';
import { insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { AiProviderSettings, AiProviderTestResult } from '../../../shared/ai-provider.ts';
import { queryRows } from '../../db/client.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';

const KEY = 'sk-ada-secret-9f8e7d6c';
const ANALYSIS = {
  responseText: 'Fintech companies in Germany, from your own model.',
  intent: 'company_search',
  entities: { industry: ['fintech'], region: ['Germany'] },
  suggestedAgent: 'account',
  completeness: 80,
  followUpQuestions: [],
  filterSuggestions: ['industry: fintech', 'region: Germany'],
  confidence: 90,
};

describe.each(backends())('the AI provider settings on $name', (backend: Backend) => {
  let database: TestDatabase;
  let fake: FakeOpenAi;
  let app: App;
  let strictApp: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: KEY });
    ({
      database,
      app,
      jobs,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      // The fake listens on 127.0.0.1: only an instance that allows private addresses may call it.
      env: { AI_PROVIDER_ALLOW_PRIVATE: 'true' },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
    ({ app: strictApp } = await createTestApp(database));
  });
  afterAll(async () => {
    await fake.close();
    await close?.();
  });
  beforeEach(() => {
    fake.reset();
    fake.answerAlways(fakeAnswers.error(500, 'The test did not say what to answer.'));
  });

  const call = callJson;
  const settings = (client: AuthClient) =>
    call<AiProviderSettings>(client, 'GET', '/api/v1/integrations/ai-provider');
  const save = (client: AuthClient, body: unknown) =>
    call<AiProviderSettings & { error?: { message: string } }>(
      client,
      'PUT',
      '/api/v1/integrations/ai-provider',
      body,
    );
  const test = (client: AuthClient, body: unknown = {}) =>
    call<AiProviderTestResult>(client, 'POST', '/api/v1/integrations/ai-provider/test', body);
  const analyze = (client: AuthClient) =>
    call<{ response: { text: string }; fallback: boolean }>(client, 'POST', '/api/v1/copilot/analyze', {
      query: 'fintech companies in Germany',
    });

  it('starts with no provider: the built-in engine answers', async () => {
    const { status, body } = await settings(ada);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      configured: false,
      baseUrl: null,
      keyHint: null,
      instanceEngine: 'builtin',
    });
    expect((await call(ada, 'GET', '/api/v1/integrations/ai-provider')).status).toBe(200);
    const signedOut = await app.request('/api/v1/integrations/ai-provider');
    expect(signedOut.status).toBe(401);
  });

  it('saves the provider with the key sealed: the row does not hold it and the API only says how it ends', async () => {
    const { status, body } = await save(ada, { baseUrl: `${fake.url}/`, model: 'ada-model', apiKey: KEY });
    expect(status).toBe(200);
    expect(body).toMatchObject({ configured: true, baseUrl: fake.url, model: 'ada-model', keyHint: '…7d6c' });
    expect(JSON.stringify((await settings(ada)).body)).not.toContain(KEY);
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select * from user_integrations where kind = 'ai_provider'`,
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(JSON.stringify(rows)).not.toContain('9f8e7d6c');
    expect(String(rows[0]?.secret_encrypted)).toMatch(/^v1\./);
  });

  it("answers the owner's copilot requests with their model and key, and nobody else's", async () => {
    fake.answerNext(fakeAnswers.json(ANALYSIS));
    const mine = await analyze(ada);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ fallback: false, response: { text: ANALYSIS.responseText } });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body.model).toBe('ada-model');
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);

    const theirs = await analyze(bob);
    expect(theirs.status).toBe(200);
    expect(theirs.body.response.text).not.toBe(ANALYSIS.responseText);
    expect(fake.requests).toHaveLength(1);
  });

  it("answers the owner's knowledge chat with their model", async () => {
    await insertDocument(database.db, await userIdOf(database.db, 'ada@example.com'), {
      filename: 'incident-response.md',
      title: 'Incident Response Plan',
      passages: [
        { text: 'The incident commander notifies affected customers within 72 hours of confirmation.' },
      ],
    });
    fake.answerNext(
      fakeAnswers.json({ verdict: null, answer: 'Customers are told within 72 hours [1].', citations: [1] }),
    );
    const { status, body } = await call<{ response: string }>(ada, 'POST', '/api/v1/knowledge/chat', {
      query: 'When are affected customers notified of an incident?',
    });
    expect(status).toBe(200);
    expect(body.response).toBe('Customers are told within 72 hours [1].');
    expect(fake.requests.at(-1)?.body.model).toBe('ada-model');
  });

  it("drafts the owner's RFP answers with their model in the job", async () => {
    const project = await call<{ id: string }>(ada, 'POST', '/api/v1/rfp/projects', {
      title: 'Incident questionnaire',
      text: '1. When do you notify affected customers of a security incident?',
    });
    expect(project.status).toBe(201);
    fake.answerAlways(
      fakeAnswers.json({ verdict: null, answer: 'Within 72 hours of confirmation [1].', citations: [1] }),
    );
    const started = await call<{ jobId: string }>(
      ada,
      'POST',
      `/api/v1/rfp/projects/${project.body.id}/draft`,
    );
    expect(started.status).toBe(202);
    await jobs.runOnce();
    const job = await call<{ status: string }>(ada, 'GET', `/api/v1/jobs/${started.body.jobId}`);
    expect(job.body.status).toBe('succeeded');
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('tests the connection: success with the model, a 401 as a bad key, an unknown model, an unreachable address', async () => {
    fake.answerNext(fakeAnswers.text('OK'));
    const ok = await test(ada);
    expect(ok.body).toMatchObject({ ok: true, outcome: 'ok', model: 'ada-model' });
    expect(fake.requests[0]?.body.max_tokens).toBe(1);

    const badKey = await test(ada, { apiKey: 'sk-wrong-1234' });
    expect(badKey.status).toBe(200);
    expect(badKey.body).toMatchObject({ ok: false, outcome: 'bad_key' });
    expect(badKey.body.message).toMatch(/refused the key \(HTTP 401\): Incorrect API key/);
    // The fake echoes the key it got: it never reaches the client.
    expect(badKey.body.message).not.toContain('sk-wrong-1234');

    fake.answerNext(
      fakeAnswers.error(404, 'The model `gpt-9` does not exist or you do not have access to it.'),
    );
    const unknown = await test(ada, { model: 'gpt-9' });
    expect(unknown.body).toMatchObject({ ok: false, outcome: 'unknown_model', model: 'gpt-9' });
    expect(unknown.body.message).toContain('does not know the model "gpt-9"');

    const gone = await startFakeOpenAi();
    await gone.close();
    const unreachable = await test(ada, { baseUrl: gone.url, model: 'm' });
    expect(unreachable.body).toMatchObject({ ok: false, outcome: 'unreachable' });
    expect(unreachable.body.message).toContain(`Could not reach ${gone.url}`);
  });

  it('keeps the saved key when the key is left empty, but never sends it to another address', async () => {
    const kept = await save(ada, { baseUrl: fake.url, model: 'ada-model-2', apiKey: '' });
    expect(kept.body).toMatchObject({ model: 'ada-model-2', keyHint: '…7d6c' });
    const other = await startFakeOpenAi();
    try {
      const moved = await save(ada, { baseUrl: other.url, model: 'm' });
      expect(moved.body).toMatchObject({ baseUrl: other.url, keyHint: null });
      other.answerNext(fakeAnswers.text('OK'));
      expect((await test(ada)).body.ok).toBe(true);
      expect(other.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await other.close();
    }
    await save(ada, { baseUrl: fake.url, model: 'ada-model', apiKey: KEY });
  });

  it('refuses bad settings with the reason and changes nothing', async () => {
    for (const [body, message] of [
      [{ baseUrl: 'not a url', model: 'm' }, /baseUrl/],
      [{ baseUrl: 'ftp://example.com/v1', model: 'm' }, /http:\/\/ or https:\/\//],
      [{ baseUrl: fake.url, model: '' }, /model/],
      [{ baseUrl: fake.url, model: 'm', apiKey: 'has spaces in it' }, /apiKey/],
      [
        { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', clearKey: true },
        /OpenAI's API needs a key/,
      ],
      [{ baseUrl: fake.url, model: 'm', extra: 1 }, /Invalid request/],
    ] as const) {
      const { status, body: answer } = await save(ada, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error?.message).toMatch(message);
    }
    expect((await settings(ada)).body).toMatchObject({
      baseUrl: fake.url,
      model: 'ada-model',
      keyHint: '…7d6c',
    });
  });

  it('refuses private and loopback addresses unless the operator allows them, and says how', async () => {
    const carol = authClient(strictApp);
    await carol.signUp('carol@example.com', 'violet-harbor-42', 'Carol');
    for (const baseUrl of [
      fake.url,
      'http://localhost:11434/v1',
      'http://169.254.169.254/v1',
      'http://[::1]:8080/v1',
    ]) {
      const { status, body } = await save(carol, { baseUrl, model: 'm' });
      expect(status, baseUrl).toBe(400);
      expect(body.error?.message).toContain('AI_PROVIDER_ALLOW_PRIVATE=true');
    }
    const probe = await test(carol, { baseUrl: 'http://10.0.0.7/v1', model: 'm' });
    expect(probe.status).toBe(400);
    expect((await settings(carol)).body.configured).toBe(false);
  });

  it('refuses an IPv6 address that carries a loopback or private IPv4 address (SSRF)', async () => {
    const dan = authClient(strictApp);
    await dan.signUp('dan@example.com', 'violet-harbor-42', 'Dan');
    const port = new URL(fake.url).port;
    for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[::a9fe:a9fe]', '[2002:a9fe:a9fe::]']) {
      const baseUrl = `http://${host}:${port}/v1`;
      const saved = await save(dan, { baseUrl, model: 'm' });
      expect(saved.status, baseUrl).toBe(400);
      expect(saved.body.error?.message).toContain('AI_PROVIDER_ALLOW_PRIVATE=true');
      const probe = await test(dan, { baseUrl, model: 'm' });
      expect(probe.status, baseUrl).toBe(400);
    }
    expect((await settings(dan)).body.configured).toBe(false);
  });

  it('removes the provider: the built-in engine answers again', async () => {
    const removed = await call(ada, 'DELETE', '/api/v1/integrations/ai-provider');
    expect(removed.status).toBe(204);
    expect((await settings(ada)).body.configured).toBe(false);
    const answer = await analyze(ada);
    expect(answer.status).toBe(200);
    expect(answer.body.response.text).not.toBe(ANALYSIS.responseText);
    expect(fake.requests).toHaveLength(0);
  });
});
