/**
 * The fallback to the built-in engine (issue 24 point 5), with the real `openai` engine against a fake
 * OpenAI-compatible server (tests/helpers/fake-openai.ts) and the real built-in engine: a model that fails is
 * answered for by the built-in engine, marked so; a cancelled request still rejects; after a failure the model
 * is skipped for a while, then tried again by one request; the state it reports for /api/health; and a user's
 * own model falling back the same way, with a breaker of its own.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, fakeAnswers, startFakeOpenAi } from '../../../tests/helpers/fake-openai.ts';
import { COMPANY_SIZES } from '../../shared/companies.ts';
import { createLogger } from '../logger.ts';
import { composeAnswer } from './builtin/answer.ts';
import { createBuiltinEngine } from './builtin/engine.ts';
import { createEngine } from './create-engine.ts';
import { answeredByFallback, MODEL_RETRY_MS, withBuiltinFallback } from './fallback-engine.ts';
import { createOpenAiEngine } from './openai/openai-engine.ts';
import type { AnswerPassage } from './port.ts';
import { callerEngine, createUserEngines } from './user-engines.ts';

const QUERY = 'fintech companies in New York';
const MODEL_ANALYSIS = {
  responseText: 'Fintech companies in New York, from the model.',
  intent: 'company_search',
  entities: { industry: ['fintech'], region: ['New York'] },
  suggestedAgent: 'account',
  completeness: 80,
  followUpQuestions: [],
  filterSuggestions: ['industry: fintech', 'region: New York'],
  confidence: 90,
};
const PASSAGES: AnswerPassage[] = [
  {
    ref: 1,
    title: 'Security Overview',
    section: null,
    page: null,
    text: 'Customer data is encrypted at rest with AES-256. Keys are rotated every 90 days.',
  },
];
const QUESTION = 'Is customer data encrypted at rest?';

describe('a model that falls back to the built-in engine', () => {
  let fake: FakeOpenAi;
  let clock = 0;
  const builtin = createBuiltinEngine({
    vocabulary: async () => ({
      industries: ['Fintech', 'Software'],
      sizes: [...COMPANY_SIZES],
      countries: ['United States'],
      regions: ['New York'],
      cities: ['New York'],
    }),
    companyNames: async () => [],
  });
  const engine = (baseUrl = fake.url) =>
    withBuiltinFallback(
      createOpenAiEngine({ baseUrl, apiKey: null, model: 'fake-gpt', maxRetries: 0, timeoutMs: 400 }),
      builtin,
      { now: () => clock },
    );
  const rejectionOf = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (err: unknown) => err as Error,
    );

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.answerAlways(fakeAnswers.error(500, 'The model is down.'));
    clock = 1_000_000;
  });

  it('answers with the model while it works, unmarked, and reports it ok (also before the first call)', async () => {
    const ai = engine();
    expect(ai.health()).toBe('ok');
    expect(ai.provider).toBe('openai');
    fake.answerNext(fakeAnswers.json(MODEL_ANALYSIS));
    const result = await ai.analyze(QUERY, {});
    expect(result.responseText).toBe(MODEL_ANALYSIS.responseText);
    expect(answeredByFallback(result)).toBe(false);
    expect(ai.health()).toBe('ok');
  });

  it('analyses with the built-in engine when the model is down: a company search with its filters, marked', async () => {
    const ai = engine();
    const result = await ai.analyze(QUERY, {});
    expect(fake.requests).toHaveLength(1);
    expect(result).toEqual({ ...(await builtin.analyze(QUERY, {})), modelUnavailable: true });
    expect(result.analysis).toMatchObject({ intent: 'company_search', suggestedAgent: 'account' });
    expect(result.analysis.filterSuggestions).toEqual(['industry: fintech', 'region: New York']);
    expect(ai.health()).toBe('unavailable');
  });

  it('answers from the passages with the built-in answer, and keeps the draft, when the model is down', async () => {
    const ai = engine();
    expect(await ai.answer(QUESTION, PASSAGES, [])).toEqual({
      ...composeAnswer(QUESTION, PASSAGES),
      modelUnavailable: true,
    });
    clock += MODEL_RETRY_MS;
    const request = { template: 'Proposal', draft: '# Proposal\n\nEncrypted at rest [1].', facts: PASSAGES };
    expect(await ai.writeDocument(request)).toEqual({
      markdown: request.draft,
      rewritten: false,
      modelUnavailable: true,
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('falls back at once when the endpoint cannot be reached, and on a silent model after its deadline', async () => {
    const gone = await startFakeOpenAi();
    await gone.close();
    const unreachable = engine(gone.url);
    expect(answeredByFallback(await unreachable.analyze(QUERY, {}))).toBe(true);
    expect(unreachable.health()).toBe('unavailable');

    fake.answerNext(fakeAnswers.hang());
    const silent = engine();
    const started = performance.now();
    expect(answeredByFallback(await silent.analyze(QUERY, {}))).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(silent.health()).toBe('unavailable');
  });

  it('skips the model for a while after it failed, then tries it again', async () => {
    const ai = engine();
    await ai.analyze(QUERY, {});
    expect(fake.requests).toHaveLength(1);
    // Within the window nothing is sent: the built-in engine answers at once.
    clock += MODEL_RETRY_MS - 1;
    const skipped = await ai.analyze(QUERY, {});
    expect(answeredByFallback(skipped)).toBe(true);
    expect(answeredByFallback(await ai.answer(QUESTION, PASSAGES, []))).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(ai.health()).toBe('unavailable');
    // Then the model is asked again, and answers.
    clock += 1;
    fake.answerNext(fakeAnswers.json(MODEL_ANALYSIS));
    const retried = await ai.analyze(QUERY, {});
    expect(fake.requests).toHaveLength(2);
    expect(retried.responseText).toBe(MODEL_ANALYSIS.responseText);
    expect(answeredByFallback(retried)).toBe(false);
    expect(ai.health()).toBe('ok');
  });

  it('lets one request try the model again while the others keep to the built-in engine', async () => {
    const ai = engine();
    await ai.analyze(QUERY, {});
    clock += MODEL_RETRY_MS;
    fake.answerNext(fakeAnswers.hang());
    const trial = ai.analyze(QUERY, {});
    await expect.poll(() => fake.requests.length).toBe(2);
    expect(answeredByFallback(await ai.analyze(QUERY, {}))).toBe(true);
    expect(fake.requests).toHaveLength(2);
    // The trial fails too (silence): the window starts again from its failure.
    expect(answeredByFallback(await trial)).toBe(true);
    expect(ai.health()).toBe('unavailable');
    clock += MODEL_RETRY_MS - 1;
    await ai.analyze(QUERY, {});
    expect(fake.requests).toHaveLength(2);
  });

  it('falls back on output that is not valid, but keeps asking the model: its endpoint works', async () => {
    const ai = engine();
    fake.answerNext(fakeAnswers.json({ ...MODEL_ANALYSIS, intent: 'shopping' }));
    expect(answeredByFallback(await ai.analyze(QUERY, {}))).toBe(true);
    expect(ai.health()).toBe('ok');
    fake.answerNext(fakeAnswers.json(MODEL_ANALYSIS));
    expect((await ai.analyze(QUERY, {})).responseText).toBe(MODEL_ANALYSIS.responseText);
    expect(fake.requests).toHaveLength(2);
  });

  it('still rejects a request the caller cancelled (nobody is waiting), and leaves the state as it was', async () => {
    const ai = engine();
    fake.answerNext(fakeAnswers.hang());
    const controller = new AbortController();
    const pending = ai.analyze(QUERY, {}, { signal: controller.signal });
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    const error = await rejectionOf(pending);
    expect(error?.message).toBe('The request to the model was cancelled');
    expect(ai.health()).toBe('ok');

    fake.answerNext(fakeAnswers.hang());
    const answering = new AbortController();
    const answer = ai.answer(QUESTION, PASSAGES, [], { signal: answering.signal });
    await expect.poll(() => fake.requests.length).toBe(2);
    answering.abort();
    expect((await rejectionOf(answer))?.message).toBe('The request to the model was cancelled');
    // The next request asks the model.
    fake.answerNext(fakeAnswers.json(MODEL_ANALYSIS));
    expect(answeredByFallback(await ai.analyze(QUERY, {}))).toBe(false);
  });
});

describe("a user's own model", () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  it("falls back to the built-in engine when it fails, without touching the instance's state", async () => {
    fake.answerAlways(fakeAnswers.error(500, 'The user model is down.'));
    const instance = createEngine(
      { provider: 'openai', baseUrl: fake.url, apiKey: null, model: 'instance-model' },
      {
        vocabulary: async () => ({ industries: ['Fintech'], sizes: [...COMPANY_SIZES], countries: [] }),
        companyNames: async () => [],
      },
    );
    const own = createOpenAiEngine({ baseUrl: fake.url, apiKey: null, model: 'ada-model', maxRetries: 0 });
    const users = createUserEngines(
      async (userId) => (userId === 'ada' ? own : null),
      createLogger('silent'),
    );
    const engine = callerEngine(instance.engine, users, instance.withFallback);

    const first = await users.runAs('ada', () => engine.analyze('fintech companies', {}));
    expect(first.analysis).toMatchObject({
      intent: 'company_search',
      filterSuggestions: ['industry: fintech'],
    });
    expect(answeredByFallback(first)).toBe(true);
    expect(fake.requests.map((request) => request.body.model)).toEqual(['ada-model']);
    // Her model is skipped for a while now (one breaker per model, kept while her engine is remembered)...
    expect(answeredByFallback(await users.runAs('ada', () => engine.analyze('fintech companies', {})))).toBe(
      true,
    );
    expect(fake.requests).toHaveLength(1);
    // ...and the instance's model is still asked for everyone else, its health untouched until it fails.
    expect(instance.health()).toBe('ok');
    fake.answerNext(fakeAnswers.json(MODEL_ANALYSIS));
    const theirs = await users.runAs('bob', () => engine.analyze('fintech companies', {}));
    expect(theirs.responseText).toBe(MODEL_ANALYSIS.responseText);
    expect(fake.requests.at(-1)?.body.model).toBe('instance-model');
    expect(instance.health()).toBe('ok');
  });

  it('reports builtin health for an instance without a model', () => {
    const instance = createEngine(
      { provider: 'builtin' },
      {
        vocabulary: async () => ({ industries: [], sizes: [], countries: [] }),
        companyNames: async () => [],
      },
    );
    expect(instance.health()).toBe('builtin');
    expect(instance.engine.provider).toBe('builtin');
  });
});
