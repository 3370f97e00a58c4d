/**
 * The knowledge chat with `AI_PROVIDER=openai`, through the HTTP app, against a FAKE OpenAI-compatible server
 * (tests/helpers/fake-openai.ts): the model answers from the passages retrieval found as structured output
 * ({verdict, answer, citations}), a closed question led by its verdict; its markers are checked and renumbered;
 * an answer that cites nothing, or a passage it was not given, is replaced by the built-in one; the model saying
 * the passages do not decide it is an honest "I don't know"; only the last 10 messages of the chat are sent; a
 * failing or unreachable model is answered for by the built-in engine, marked so; a cancelled question is not
 * answered at all; and the model is never called when nothing relevant was found or the caller cannot pay.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { leaveCredits } from '../../../../tests/helpers/credits.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { type FakeOpenAi, fakeAnswers, startFakeOpenAi } from '../../../../tests/helpers/fake-openai.ts';
import { type InsertedDocument, insertDocument, userIdOf } from '../../../../tests/helpers/knowledge-rows.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { KNOWLEDGE_CHAT_NO_ANSWER, type KnowledgeChatResponse } from '../../../shared/knowledge.ts';
import type { App } from '../../http/app.ts';
import { REQUEST_CANCELLED } from '../copilot/service.ts';

const KEY = 'sk-knowledge-7f3a';
const QUESTION = 'How quickly must we notify customers after a security incident?';

type Message = { role: string; content: string };

describe.each(backends())(
  'the knowledge chat with an OpenAI-compatible model on $name',
  (backend: Backend) => {
    let database: TestDatabase;
    let fake: FakeOpenAi;
    let app: App;
    let ada: AuthClient;
    let close: () => Promise<void>;
    let incident: InsertedDocument;
    let training: InsertedDocument;

    beforeAll(async () => {
      fake = await startFakeOpenAi({ apiKey: KEY });
      ({
        database,
        app,
        users: { ada },
        close,
      } = await signedInApp(backend, {
        seed: true,
        env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: KEY, AI_MODEL: 'fake-gpt' },
        users: { ada: 'Ada' },
      }));
      const userId = await userIdOf(database.db, 'ada@example.com');
      incident = await insertDocument(database.db, userId, {
        filename: 'incident-response.pdf',
        title: 'Incident Response Plan',
        passages: [
          {
            page: 3,
            text: 'Security incidents are reported to the security team within 24 hours. The incident commander notifies affected customers within 72 hours of confirmation.',
          },
        ],
      });
      training = await insertDocument(database.db, userId, {
        filename: 'security-training.md',
        title: 'Security Awareness Training',
        passages: [
          {
            section: 'Incidents',
            text: 'Training explains how employees report a security incident and how affected customers are notified after one.',
          },
        ],
      });
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
    const ask = async (query: string, chatHistory?: Message[]) => {
      const response = await ada.request('POST', '/api/v1/knowledge/chat', {
        query,
        ...(chatHistory ? { chatHistory } : {}),
      });
      return { status: response.status, body: (await response.json()) as KnowledgeChatResponse };
    };
    const sentMessages = () => (fake.requests[0]?.body.messages ?? []) as Message[];

    it("answers with the model's cited text, renumbered in citation order, for one credit", async () => {
      fake.answerNext(
        fakeAnswers.json({
          verdict: null,
          answer:
            'Affected customers are notified within 72 hours of confirmation [2, 1]. Employees learn how to report incidents [1].',
          citations: [2, 1],
        }),
      );
      const before = await remaining();
      const { status, body } = await ask(QUESTION);
      expect(status).toBe(200);
      // The answer's first marker becomes [1]: the model's [2] (whichever passage retrieval put second).
      const prompt = sentMessages().at(-1)?.content ?? '';
      expect(prompt).toContain('\n[2] ');
      const second = prompt.match(/^\[2\] (.+?)(?: \(|$)/m)?.[1];
      expect(body.answered).toBe(true);
      expect(body.verdict).toBeNull();
      expect(body.modelUnavailable).toBeUndefined();
      expect(body.response).toBe(
        'Affected customers are notified within 72 hours of confirmation [1][2]. Employees learn how to report incidents [2].',
      );
      expect(body.sources[0]?.title).toBe(second);
      expect(body.sources.map((s) => s.ref)).toEqual([1, 2]);
      expect(body.sources.map((s) => s.documentId).sort()).toEqual([incident.id, training.id].sort());
      expect([body.creditsCharged, await remaining()]).toEqual([1, before - 1]);
      // What the model was given: our instructions, the numbered passages with their page, the question.
      const request = fake.requests[0];
      expect(request?.body.model).toBe('fake-gpt');
      expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sentMessages()[0]).toMatchObject({ role: 'system' });
      expect(sentMessages()[0]?.content).toContain('square brackets');
      expect(request?.body.response_format).toMatchObject({ type: 'json_schema' });
      expect(prompt).toContain('Incident Response Plan (page 3)');
      expect(prompt).toContain(`Question: ${QUESTION}`);
    });

    it("answers a closed question led by the model's verdict, from the passages", async () => {
      fake.answerNext(
        fakeAnswers.json({
          verdict: 'yes',
          answer: 'Yes, affected customers are notified within 72 hours of confirmation [1].',
          citations: [1],
        }),
      );
      const before = await remaining();
      const { body } = await ask('Do we notify affected customers within 72 hours of an incident?');
      expect(body).toMatchObject({
        response: 'Yes. Affected customers are notified within 72 hours of confirmation [1].',
        answered: true,
        verdict: 'yes',
        creditsCharged: 1,
      });
      expect(body.sources).toHaveLength(1);
      expect(await remaining()).toBe(before - 1);
    });

    it('sends only the last 10 messages of the chat to the model', async () => {
      fake.answerNext(fakeAnswers.json({ verdict: null, answer: 'Within 72 hours [1].', citations: [1] }));
      const history = Array.from({ length: 14 }, (_, i) => ({
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `message ${i + 1}`,
      }));
      const { body } = await ask(QUESTION, history);
      expect(body.answered).toBe(true);
      const sent = sentMessages().filter((m) => m.role !== 'system');
      expect(sent).toHaveLength(11);
      expect(sent.slice(0, 10).map((m) => m.content)).toEqual(history.slice(4).map((m) => m.content));
    });

    it('replaces an answer that cites no passage, or one it was not given, or cannot be read, by the built-in one', async () => {
      for (const reply of [
        fakeAnswers.json({
          verdict: null,
          answer: 'Customers hear from us within three days.',
          citations: [],
        }),
        fakeAnswers.json({ verdict: null, answer: 'Within 72 hours [7].', citations: [7] }),
        fakeAnswers.json({ verdict: null, answer: 'Within 72 hours [1].', citations: [1, 9] }),
        fakeAnswers.text('Within 72 hours [1].'),
        fakeAnswers.text(''),
      ]) {
        fake.reset();
        fake.answerNext(reply);
        const label = JSON.stringify(reply);
        const { body } = await ask(QUESTION);
        expect(body.answered, label).toBe(true);
        expect(body.response, label).toContain('within 72 hours of confirmation');
        expect(body.response, label).toMatch(/\[1\]/);
        expect(body.response, label).not.toMatch(/\[[79]\]/);
        expect(body.sources.map((source) => source.documentId)).toContain(incident.id);
        // The model answered (wrongly): it is not unavailable.
        expect(body.modelUnavailable, label).toBeUndefined();
      }
    });

    it('says it does not know, free, when the model finds that the passages do not decide it', async () => {
      fake.answerNext(
        fakeAnswers.json({
          verdict: 'not_stated',
          answer: 'The passages do not say how customers are notified.',
          citations: [],
        }),
      );
      const before = await remaining();
      const { body } = await ask(QUESTION);
      expect(body).toMatchObject({
        answered: false,
        sources: [],
        creditsCharged: 0,
        response: KNOWLEDGE_CHAT_NO_ANSWER.notFound,
      });
      expect(await remaining()).toBe(before);
    });

    it('never calls the model for a question the documents do not answer', async () => {
      const { body } = await ask('What is the capital of France?');
      expect(body.answered).toBe(false);
      expect(fake.requests).toHaveLength(0);
    });

    it('cancels the model call when the client goes away: no answer, no fallback, nothing charged', async () => {
      fake.answerNext(fakeAnswers.hang());
      const before = await remaining();
      const client = new AbortController();
      const pending = app.request('/api/v1/knowledge/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: ada.cookie },
        body: JSON.stringify({ query: QUESTION }),
        signal: client.signal,
      });
      await expect.poll(() => fake.requests.length).toBe(1);
      client.abort();
      const response = await pending;
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(REQUEST_CANCELLED);
      await expect.poll(() => fake.requests[0]?.closedEarly).toBe(true);
      expect(await remaining()).toBe(before);
      // Not a failure of the model: the next question asks it again.
      fake.answerNext(fakeAnswers.json({ verdict: null, answer: 'Within 72 hours [1].', citations: [1] }));
      expect((await ask(QUESTION)).body.response).toBe('Within 72 hours [1].');
    });

    it('refuses with 402 before calling the model when the caller cannot pay', async () => {
      const eve = authClient(app);
      await eve.signUp('eve@example.com', 'violet-harbor-42', 'Eve');
      await insertDocument(database.db, await userIdOf(database.db, 'eve@example.com'), {
        filename: 'faq.md',
        passages: [{ section: 'Support', text: 'Support is available around the clock by phone and chat.' }],
      });
      await leaveCredits(database, eve);
      const response = await eve.request('POST', '/api/v1/knowledge/chat', {
        query: 'When is support available?',
      });
      expect(response.status).toBe(402);
      expect(fake.requests).toHaveLength(0);
    });

    it.each([
      ['answers HTTP 500', () => fake.url],
      ['cannot be reached', () => 'http://127.0.0.1:1/v1'],
    ])(
      'answers with the built-in engine, marked so and charged as its answers are, when the endpoint %s',
      async (_, baseUrl) => {
        // Another server of the same configuration: its model's circuit breaker is its own.
        const { app: other } = await createTestApp(database, {
          env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: baseUrl(), OPENAI_API_KEY: KEY },
        });
        const client = authClient(other);
        await client.signIn('ada@example.com', 'violet-harbor-42');
        const before = await remaining();
        const response = await client.request('POST', '/api/v1/knowledge/chat', { query: QUESTION });
        expect(response.status).toBe(200);
        const body = (await response.json()) as KnowledgeChatResponse;
        expect(body).toMatchObject({
          answered: true,
          fallback: false,
          modelUnavailable: true,
          creditsCharged: 1,
        });
        expect(body.response).toContain('within 72 hours of confirmation');
        expect(body.sources.map((source) => source.documentId)).toContain(incident.id);
        expect(await remaining()).toBe(before - 1);
        expect(await (await other.request('/api/health')).json()).toMatchObject({
          status: 'degraded',
          checks: { ai: 'unavailable' },
        });
        // The next question does not wait for the dead endpoint.
        const asked = fake.requests.length;
        const next = (await (
          await client.request('POST', '/api/v1/knowledge/chat', { query: QUESTION })
        ).json()) as KnowledgeChatResponse;
        expect(next.modelUnavailable).toBe(true);
        expect(fake.requests).toHaveLength(asked);
      },
    );
  },
);
