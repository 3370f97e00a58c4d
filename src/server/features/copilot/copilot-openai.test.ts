/**
 * The copilot with `AI_PROVIDER=openai`, end to end through the HTTP app, against a fake OpenAI-compatible
 * server (tests/helpers/fake-openai.ts): the model's analysis with our filter validation and hand-off for one
 * credit; the built-in engine's analysis, marked so and charged as its own, when the model fails or is down
 * (with /api/health saying so, and the dead endpoint skipped for a while); the chat history sent along, the key
 * kept out of the logs, and the chat's reply streamed as server-sent events while the model writes it.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { type FakeOpenAi, fakeAnswers, startFakeOpenAi } from '../../../../tests/helpers/fake-openai.ts';
import { userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import {
  type AnalyzeResponse,
  CHAT_EVENTS,
  FALLBACK_ANALYSIS,
  type ReplyTextEvent,
  type SendMessageResponse,
} from '../../../shared/copilot.ts';
import { readServerEvents, type ServerEvent } from '../../../shared/sse.ts';
import { createBuiltinEngine } from '../../ai/builtin/engine.ts';
import { withBuiltinFallback } from '../../ai/fallback-engine.ts';
import { createOpenAiEngine } from '../../ai/openai/openai-engine.ts';
import { queryRows } from '../../db/client.ts';
import { companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import { createVocabulary } from '../companies/vocabulary.ts';
import { analyzeRequest } from './service.ts';

const KEY = 'sk-e2e-4b1d8e0c';

const MODEL_ANSWER = {
  intent: 'company_search',
  entities: { industry: ['fintech'], region: ['Deutschland'], companySize: ['50-200 employees'] },
  suggestedAgent: 'account',
  completeness: 80,
  followUpQuestions: ['Any particular product focus?'],
  filterSuggestions: ['industry: fintech', 'company size: 50-200', 'region: Deutschland', 'region: Atlantis'],
  confidence: 88,
  responseText: 'Fintech companies in Germany with 50-200 employees, coming up.',
};
const { responseText: MODEL_REPLY, ...MODEL_ANALYSIS } = MODEL_ANSWER;
/** As a model asked for structured output writes it: the reply first (the schema's order). */
const REPLY_FIRST = { responseText: MODEL_REPLY, ...MODEL_ANALYSIS };

/** Every event of a whole stream (the parser the web app reads it with). */
async function allEvents(response: Response): Promise<ServerEvent[]> {
  if (!response.body) throw new Error('no body');
  const events: ServerEvent[] = [];
  for await (const event of readServerEvents(response.body)) events.push(event);
  return events;
}
const textsOf = (events: ServerEvent[]) =>
  events
    .filter((e) => e.event === CHAT_EVENTS.replyText)
    .map((e) => (JSON.parse(e.data) as ReplyTextEvent).text);

describe.each(backends())('the copilot with an OpenAI-compatible model on $name', (backend: Backend) => {
  let database: TestDatabase;
  let fake: FakeOpenAi;
  let app: App;
  let deps: Awaited<ReturnType<typeof createTestApp>>['deps'];
  let ada: AuthClient;
  let close: () => Promise<void>;
  let logLines = '';
  /** A logger whose lines the tests read (`logLines`). */
  const logger = () =>
    pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _encoding, done) {
          logLines += chunk.toString();
          done();
        },
      }),
    );

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: KEY });
    ({
      database,
      app,
      deps,
      users: { ada },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        await database.db.insert(companyMaster).values([
          {
            source: 'sp500',
            license: 'ODC-PDDL-1.0',
            name: 'Berlin Ledger',
            primaryIndustry: 'Fintech',
            size: '51-200',
            country: 'Germany',
            countryCode: 'DE',
            city: 'Berlin',
          },
          {
            source: 'sp500',
            license: 'ODC-PDDL-1.0',
            name: 'Hudson Ledger',
            primaryIndustry: 'Fintech',
            size: '201-500',
            country: 'United States',
            countryCode: 'US',
            region: 'New York',
            city: 'New York',
          },
        ]);
      },
      env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: KEY, AI_MODEL: 'fake-gpt' },
      logger: logger(),
      users: { ada: 'Ada' },
    }));
  });
  afterAll(async () => {
    await fake.close();
    await close?.();
  });
  beforeEach(() => {
    fake.reset();
    fake.answerAlways(fakeAnswers.error(500, 'The test did not say what to answer.'));
  });

  const remaining = async () =>
    ((await (await ada.request('GET', '/api/v1/credits')).json()) as { remainingCredits: number })
      .remainingCredits;
  const analyze = async (query: string) => {
    const response = await ada.request('POST', '/api/v1/copilot/analyze', { query });
    return { status: response.status, body: (await response.json()) as AnalyzeResponse };
  };

  it('reports the openai engine in /api/health, ok while its model answers', async () => {
    expect(await (await app.request('/api/health')).json()).toMatchObject({
      status: 'ok',
      ai: 'openai',
      checks: { ai: 'ok' },
    });
  });

  it("answers the model's analysis with our filter validation and hand-off, for one ai_query credit", async () => {
    fake.answerNext(fakeAnswers.json(MODEL_ANSWER));
    const before = await remaining();
    const { status, body } = await analyze('fintech companies in germany, 50-200 people');
    expect(status).toBe(200);
    const { responseText, ...analysis } = MODEL_ANSWER;
    expect(body.analysis).toEqual(analysis);
    expect(body.response.text).toBe(responseText);
    expect(body.fallback).toBe(false);
    // The model's words are checked against the company data on the server, as for the built-in engine.
    expect(body.filterValidation.validFilters).toMatchObject({
      industries: ['Fintech'],
      companySizes: ['51-200'],
      countries: ['Germany'],
    });
    expect(body.filterValidation.invalidFilters).toEqual(['region: Atlantis']);
    expect(body.handoff?.href).toBe(
      '/sales-account-development/research?industry=Fintech&size=51-200&country=Germany&about=fintech',
    );
    expect([body.creditsCharged, await remaining()]).toEqual([1, before - 1]);

    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body.model).toBe('fake-gpt');
    expect(request?.body.messages).toContainEqual({
      role: 'user',
      content: 'fintech companies in germany, 50-200 people',
    });
  });

  it.each([
    ['malformed output', fakeAnswers.text('{"intent": "company_search", "entit')],
    ['schema-invalid output', fakeAnswers.json({ ...MODEL_ANSWER, suggestedAgent: 'wizard' })],
  ])("answers the built-in engine's analysis on %s, charged as its own, and logs why", async (_, answer) => {
    fake.answerNext(answer);
    logLines = '';
    const before = await remaining();
    const { status, body } = await analyze('fintech companies in germany');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      analysis: { intent: 'company_search', suggestedAgent: 'account' },
      filterValidation: { validFilters: { industries: ['Fintech'], countries: ['Germany'] } },
      handoff: { agent: 'account' },
      fallback: false,
      modelUnavailable: true,
      creditsCharged: 1,
    });
    expect(body.response.text).not.toBe(MODEL_REPLY);
    expect(await remaining()).toBe(before - 1);
    expect(logLines).toContain('the built-in engine answers');
    expect(logLines).toContain('not a valid analysis');
    expect(logLines).not.toContain(KEY);
    // An endpoint that answers, even wrongly, is asked again by the next request.
    fake.answerNext(fakeAnswers.json(MODEL_ANSWER));
    expect((await analyze('fintech companies in germany')).body.response.text).toBe(MODEL_REPLY);
    expect(fake.requests).toHaveLength(2);
  });

  describe('with the model down', () => {
    /** Another server of the same configuration, whose model endpoint fails (its circuit breaker its own). */
    const instanceWith = async (baseUrl: string) => {
      const { app: other } = await createTestApp(database, {
        env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: KEY, AI_MODEL: 'fake-gpt' },
        logger: logger(),
      });
      const client = authClient(other);
      await client.signIn('ada@example.com', 'violet-harbor-42');
      return { other, client };
    };

    it.each([
      ['answers HTTP 500', () => fake.url],
      ['cannot be reached', () => 'http://127.0.0.1:1/v1'],
    ])(
      'analyses with the built-in engine when the endpoint %s: filters, the flag, one credit; health degraded',
      async (_, baseUrl) => {
        fake.answerAlways(fakeAnswers.error(500, 'The model is down.'));
        const { other, client } = await instanceWith(baseUrl());
        const healthy = (await (await other.request('/api/health')).json()) as { checks: { ai: string } };
        expect(healthy.checks.ai).toBe('ok');
        logLines = '';
        const before = await remaining();
        const response = await client.request('POST', '/api/v1/copilot/analyze', {
          query: 'fintech companies in New York',
        });
        expect(response.status).toBe(200);
        const body = (await response.json()) as AnalyzeResponse;
        // Not spec 3 §8's "general_query at confidence 40": the built-in engine's company search.
        expect(body).toMatchObject({
          analysis: {
            intent: 'company_search',
            suggestedAgent: 'account',
            filterSuggestions: ['industry: fintech', 'region: New York'],
          },
          filterValidation: { validFilters: { industries: ['Fintech'] } },
          handoff: { agent: 'account' },
          fallback: false,
          modelUnavailable: true,
          creditsCharged: 1,
        });
        expect(body.analysis.confidence).toBeGreaterThanOrEqual(70);
        expect(body.handoff?.href).toContain('industry=Fintech');
        expect(await remaining()).toBe(before - 1);
        expect(logLines).toContain('the model failed; the built-in engine answers');
        expect(logLines).not.toContain(KEY);

        // Health says so, and the server still serves (200): the built-in engine answers meanwhile.
        const health = await other.request('/api/health');
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({
          status: 'degraded',
          ai: 'openai',
          checks: { database: 'ok', ai: 'unavailable' },
        });

        // The dead endpoint is skipped for a while: the next request does not wait for it.
        const asked = fake.requests.length;
        const started = performance.now();
        const again = (await (
          await client.request('POST', '/api/v1/copilot/messages', { text: 'fintech companies in New York' })
        ).json()) as SendMessageResponse;
        expect(again.reply.analysis).toMatchObject({ modelUnavailable: true, creditsCharged: 1 });
        expect(fake.requests).toHaveLength(asked);
        expect(performance.now() - started).toBeLessThan(1000);
        // The instance whose model answers is not concerned.
        expect(await (await app.request('/api/health')).json()).toMatchObject({ checks: { ai: 'ok' } });
      },
    );

    it("answers spec 3 §8's fallback, free, only when the built-in engine fails too", async () => {
      const down = createOpenAiEngine({
        baseUrl: 'http://127.0.0.1:1/v1',
        apiKey: KEY,
        model: 'm',
        maxRetries: 0,
      });
      // The real built-in engine, whose lexicon (the company data) cannot be read.
      const broken = createBuiltinEngine({
        vocabulary: () => Promise.reject(new Error('the company data cannot be read')),
        companyNames: async () => [],
      });
      const caller = {
        id: await userIdOf(database.db, 'ada@example.com'),
        email: 'ada@example.com',
        name: 'Ada',
        emailVerified: true,
      };
      const before = await remaining();
      const answer = await analyzeRequest(
        deps,
        withBuiltinFallback(down, broken),
        createVocabulary(database.db),
        caller,
        { query: 'fintech companies in New York', context: {}, handoff: { returnRoute: '/chat' } },
        deps.logger,
      );
      expect(answer).toMatchObject({
        analysis: FALLBACK_ANALYSIS.analysis,
        response: { text: FALLBACK_ANALYSIS.responseText },
        handoff: null,
        fallback: true,
        creditsCharged: 0,
      });
      expect(answer.modelUnavailable).toBeUndefined();
      expect(await remaining()).toBe(before);
    });
  });

  it('sends the chat so far to the model with the next message', async () => {
    fake.answerNext(fakeAnswers.json(MODEL_ANSWER));
    const first = (await (
      await ada.request('POST', '/api/v1/copilot/messages', { text: 'fintech companies in germany' })
    ).json()) as SendMessageResponse;
    expect(first.reply.content).toBe(MODEL_ANSWER.responseText);

    fake.answerNext(fakeAnswers.json({ ...MODEL_ANSWER, responseText: 'Austria too.' }));
    const response = await ada.request('POST', '/api/v1/copilot/messages', {
      text: 'and in Austria?',
      sessionId: first.sessionId,
    });
    expect(((await response.json()) as SendMessageResponse).reply.content).toBe('Austria too.');
    expect(fake.requests[1]?.body.messages).toEqual([
      expect.objectContaining({ role: 'system' }),
      { role: 'user', content: 'fintech companies in germany' },
      { role: 'assistant', content: MODEL_ANSWER.responseText },
      { role: 'user', content: 'and in Austria?' },
    ]);
  });
  describe('the chat with Accept: text/event-stream', () => {
    const STREAM = { accept: 'text/event-stream' };
    const sendStreaming = (body: object, client = ada) =>
      client.request('POST', '/api/v1/copilot/messages', body, STREAM);
    const messagesIn = async (sessionId: string) =>
      (
        (await (await ada.request('GET', `/api/v1/copilot/sessions/${sessionId}`)).json()) as {
          messages: { role: string; content: string }[];
        }
      ).messages.map((m) => [m.role, m.content]);
    const storedCount = async () =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from copilot_messages`))[0]
        ?.n;

    it('sends the reply as it grows, then the stored message, from one model call for one credit', async () => {
      fake.answerNext(fakeAnswers.jsonInPieces(REPLY_FIRST, 8));
      const before = await remaining();
      const response = await sendStreaming({ text: 'fintech companies in germany' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const events = await allEvents(response);

      const texts = textsOf(events);
      expect(texts.length).toBeGreaterThan(3);
      for (const [i, text] of texts.entries()) {
        if (i > 0) expect(text.startsWith(texts[i - 1] ?? '') && text !== texts[i - 1]).toBe(true);
      }
      expect(texts.at(-1)).toBe(MODEL_REPLY);
      // The reply texts come first, the message last, and nothing after it.
      expect(events.map((e) => e.event)).toEqual([...texts.map(() => 'reply-text'), 'message']);

      const sent = JSON.parse(events.at(-1)?.data ?? '') as SendMessageResponse;
      expect(sent.reply.content).toBe(MODEL_REPLY);
      expect(sent.reply.analysis).toMatchObject({
        analysis: MODEL_ANALYSIS,
        fallback: false,
        creditsCharged: 1,
      });
      expect(await remaining()).toBe(before - 1);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]?.body.stream).toBe(true);
      expect(await messagesIn(sent.sessionId)).toEqual([
        ['user', 'fintech companies in germany'],
        ['assistant', MODEL_REPLY],
      ]);
    });

    it("ends streamed output that is not a valid analysis in the built-in engine's analysis, stored as the reply", async () => {
      const json = JSON.stringify(REPLY_FIRST);
      // The reply is written whole, then the JSON breaks off.
      fake.answerNext(fakeAnswers.text([json.slice(0, 40), json.slice(40, json.indexOf('"entities"') + 12)]));
      const before = await remaining();
      const events = await allEvents(await sendStreaming({ text: 'fintech companies in germany' }));
      expect(textsOf(events).at(-1)).toBe(MODEL_REPLY);
      expect(events.at(-1)?.event).toBe('message');
      const sent = JSON.parse(events.at(-1)?.data ?? '') as SendMessageResponse;
      expect(sent.reply.content).not.toBe(MODEL_REPLY);
      expect(sent.reply.analysis).toMatchObject({
        analysis: { intent: 'company_search' },
        response: { text: sent.reply.content },
        fallback: false,
        modelUnavailable: true,
        creditsCharged: 1,
      });
      expect(await remaining()).toBe(before - 1);
      expect(await messagesIn(sent.sessionId)).toEqual([
        ['user', 'fintech companies in germany'],
        ['assistant', sent.reply.content],
      ]);
      // The flag is stored with the reply: the chat says so again when the session is opened later.
      const stored = (await (
        await ada.request('GET', `/api/v1/copilot/sessions/${sent.sessionId}`)
      ).json()) as {
        messages: { analysis?: { modelUnavailable?: boolean } }[];
      };
      expect(stored.messages[1]?.analysis?.modelUnavailable).toBe(true);
    });

    it("sends a command's reply as the one message event, without asking the model", async () => {
      const events = await allEvents(await sendStreaming({ text: 'go to my companies' }));
      expect(events.map((e) => e.event)).toEqual(['message']);
      expect((JSON.parse(events[0]?.data ?? '') as SendMessageResponse).reply.command?.navigateTo).toBe(
        '/sales-account-development/research?myCompanies=true',
      );
      expect(fake.requests).toHaveLength(0);
    });

    it('answers refusals known before the reply starts as plain HTTP errors', async () => {
      const bad = await sendStreaming({ text: '   ' });
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toContain('application/json');
      const unknown = await sendStreaming({ text: 'hello', sessionId: crypto.randomUUID() });
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error.message).toBe('Chat session not found');

      const eve = authClient(app);
      await eve.signUp('eve@example.com', 'violet-harbor-42', 'Eve');
      await leaveCredits(database, eve);
      const broke = await sendStreaming({ text: 'fintech companies in germany' }, eve);
      expect(broke.status).toBe(402);
      expect((await broke.json()).error.message).toBe('Insufficient credits. Required: 1, Available: 0');
      // The model was never asked.
      expect(fake.requests).toHaveLength(0);
    });

    it('cancels the model call when the client goes away, and charges and stores nothing', async () => {
      fake.answerNext(fakeAnswers.jsonInPieces(REPLY_FIRST, 6, { delayMs: 40 }));
      const before = await remaining();
      const stored = await storedCount();
      const client = new AbortController();
      const response = await app.request('/api/v1/copilot/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: ada.cookie, ...STREAM },
        body: JSON.stringify({ text: 'fintech companies in germany' }),
        signal: client.signal,
      });
      expect(response.status).toBe(200);
      if (!response.body) throw new Error('no body');
      const events: ServerEvent[] = [];
      for await (const event of readServerEvents(response.body)) {
        events.push(event);
        if (event.event === 'reply-text') client.abort();
      }
      await expect.poll(() => fake.requests[0]?.closedEarly).toBe(true);
      expect(events.some((e) => e.event === 'message')).toBe(false);
      expect(await remaining()).toBe(before);
      expect(await storedCount()).toBe(stored);
    });

    it('documents both answers in the OpenAPI document', async () => {
      const doc = await (await app.request('/api/openapi.json')).json();
      const ok = doc.paths['/api/v1/copilot/messages'].post.responses['200'];
      expect(Object.keys(ok.content)).toEqual(['application/json', 'text/event-stream']);
      expect(ok.content['application/json'].schema.properties).toHaveProperty('reply');
    });
  });
});
