/**
 * The copilot with `AI_PROVIDER=openai`, end to end through the HTTP app, against a fake OpenAI-compatible
 * server (tests/helpers/fake-openai.ts): the model's analysis with our filter validation and hand-off for one
 * credit, spec 3 §8's fallback for free when the model fails, the chat history sent along, and the key kept
 * out of the logs.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { type FakeOpenAi, fakeAnswers, startFakeOpenAi } from '../../../../tests/helpers/fake-openai.ts';
import {
  type AnalyzeResponse,
  FALLBACK_ANALYSIS,
  type SendMessageResponse,
} from '../../../shared/copilot.ts';
import { companyMaster } from '../../db/schema.ts';
import { seedReferenceData } from '../../db/seed/seed.ts';
import type { App } from '../../http/app.ts';

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

describe.each(backends())('the copilot with an OpenAI-compatible model on $name', (backend: Backend) => {
  let database: TestDatabase;
  let fake: FakeOpenAi;
  let app: App;
  let ada: AuthClient;
  let logLines = '';

  beforeAll(async () => {
    database = await backend.create();
    await seedReferenceData(database.db);
    await database.db.insert(companyMaster).values({
      source: 'sp500',
      license: 'ODC-PDDL-1.0',
      name: 'Berlin Ledger',
      primaryIndustry: 'Fintech',
      size: '51-200',
      country: 'Germany',
      countryCode: 'DE',
      city: 'Berlin',
    });
    fake = await startFakeOpenAi({ apiKey: KEY });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines += chunk.toString();
        done();
      },
    });
    ({ app } = await createTestApp(database, {
      env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: KEY, AI_MODEL: 'fake-gpt' },
      logger: pino({ level: 'trace' }, sink),
    }));
    ada = authClient(app);
    await ada.signUp('ada@example.com', 'violet-harbor-42', 'Ada');
  });
  afterAll(async () => {
    await fake.close();
    await database.destroy();
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

  it('reports the openai engine in /api/health', async () => {
    expect(await (await app.request('/api/health')).json()).toMatchObject({ ai: 'openai' });
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
      '/sales-account-development/research?industry=Fintech&size=51-200&country=Germany',
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
    ['an HTTP 500', fakeAnswers.error(500)],
  ])("answers spec 3 §8's fallback for free on %s, and logs why without the key", async (_, answer) => {
    fake.answerAlways(answer);
    logLines = '';
    const before = await remaining();
    const { status, body } = await analyze('fintech companies in germany');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      analysis: FALLBACK_ANALYSIS.analysis,
      response: { text: FALLBACK_ANALYSIS.responseText },
      handoff: null,
      fallback: true,
      creditsCharged: 0,
    });
    expect(await remaining()).toBe(before);
    expect(logLines).toContain('copilot analysis failed');
    expect(logLines).toMatch(/not a valid analysis|HTTP 500/);
    expect(logLines).not.toContain(KEY);
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
});
