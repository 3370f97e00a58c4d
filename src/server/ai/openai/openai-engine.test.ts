/**
 * The `openai` engine against a fake OpenAI-compatible server (tests/helpers/fake-openai.ts): what it sends,
 * the analyses it accepts, everything it refuses (with the reason a fallback reads), its silence deadline, the
 * reply shown as it is written, the knowledge answers it accepts with their verdict and those it replaces by
 * the built-in answer, and the documents it writes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeOpenAi,
  fakeAnswers,
  piecesOf,
  startFakeOpenAi,
} from '../../../../tests/helpers/fake-openai.ts';
import { analysisSchema } from '../../../shared/copilot.ts';
import { composeAnswer } from '../builtin/answer.ts';
import type { AnswerPassage } from '../port.ts';
import { AiEngineError, createOpenAiEngine, type OpenAiEngineOptions } from './openai-engine.ts';

const KEY = 'sk-test-7f3a9c';

const ANSWER = {
  intent: 'company_search',
  entities: { industry: ['fintech'], region: ['Germany'], companySize: ['50-200 employees'] },
  suggestedAgent: 'account',
  completeness: 85,
  followUpQuestions: [],
  filterSuggestions: ['industry: fintech', 'company size: 50-200', 'region: Germany'],
  confidence: 92,
  responseText: 'Looking for fintech companies in Germany with 50-200 employees.',
};

type SentMessage = { role: string; content: string };

describe('the openai engine', () => {
  let fake: FakeOpenAi;
  const engine = (options: Partial<OpenAiEngineOptions> = {}) =>
    createOpenAiEngine({ baseUrl: fake.url, apiKey: KEY, model: 'gpt-4o-mini', maxRetries: 0, ...options });
  const failureOf = async (work: Promise<unknown>) => {
    const result = await work.then(
      () => null,
      (err: unknown) => err,
    );
    expect(result).toBeInstanceOf(Error);
    return result as Error;
  };
  /** An analysis that records the reply texts it was shown, in order. */
  const analyzeShowing = (
    options: Partial<OpenAiEngineOptions> = {},
    query = 'fintech companies in Germany',
    signal?: AbortSignal,
  ) => {
    const shown: string[] = [];
    const result = engine(options).analyze(query, {}, { signal, onReplyText: (text) => shown.push(text) });
    return { shown, result };
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.answerAlways(fakeAnswers.error(500, 'The test did not say what to answer.'));
  });

  it('parses the model answer into a schema-valid analysis and reply', async () => {
    fake.answerNext(fakeAnswers.json(ANSWER));
    const { responseText, ...expected } = ANSWER;
    const result = await engine().analyze('fintech companies in Germany with 50-200 employees', {});
    expect(result).toEqual({ analysis: expected, responseText });
    expect(analysisSchema.safeParse(result.analysis).success).toBe(true);
  });

  it('sends the key as a bearer token, the configured model, the instructions, the chat and the schema', async () => {
    fake.answerNext(fakeAnswers.json(ANSWER));
    const history = Array.from({ length: 12 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `message ${i}`,
    }));
    await engine({ model: 'llama3.1' }).analyze('and in Austria?', {
      path: '/sales-account-development',
      history,
      today: new Date('2026-03-14T12:00:00Z'),
    });
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body.model).toBe('llama3.1');
    // One streamed call.
    expect(fake.requests).toHaveLength(1);
    expect(request?.body.stream).toBe(true);
    const messages = request?.body.messages as SentMessage[];
    expect(messages[0]?.role).toBe('system');
    for (const words of ['general_query', 'suggestedAgent', 'filterSuggestions', '"name: value"']) {
      expect(messages[0]?.content).toContain(words);
    }
    expect(messages[0]?.content).toContain(
      'Today is 2026-03-14. The user is on the page /sales-account-development.',
    );
    // Spec 3 §9: only the last 10 messages of the chat, then the request.
    expect(messages.slice(1)).toEqual([
      ...history.slice(-10).map(({ role, content }) => ({ role, content })),
      { role: 'user', content: 'and in Austria?' },
    ]);
    const format = request?.body.response_format as { type: string; json_schema: { schema: object } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.schema).toMatchObject({
      required: expect.arrayContaining(['intent', 'entities', 'suggestedAgent', 'responseText']),
    });
    // The reply first, so a model writing in the schema's order starts with what the chat shows.
    const properties = (format.json_schema.schema as { properties: object }).properties;
    expect(Object.keys(properties)[0]).toBe('responseText');
  });

  it('sends no Authorization header when no key is configured (Ollama, vLLM)', async () => {
    fake.answerNext(fakeAnswers.json(ANSWER));
    await engine({ apiKey: null }).analyze('fintech companies', {});
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it.each([
    [
      'malformed JSON',
      fakeAnswers.text('{"intent": "company_search", "entities": {'),
      /not a valid analysis/,
    ],
    [
      'prose instead of JSON',
      fakeAnswers.text('Sure! Here are some fintech companies.'),
      /not a valid analysis/,
    ],
    ['an empty answer', fakeAnswers.text(''), /not a valid analysis/],
    ['an unknown intent', fakeAnswers.json({ ...ANSWER, intent: 'shopping' }), /intent/],
    ['a confidence over 100', fakeAnswers.json({ ...ANSWER, confidence: 150 }), /confidence/],
    ['no reply text', fakeAnswers.json({ ...ANSWER, responseText: '   ' }), /reply must not be empty/],
    ['a missing field', fakeAnswers.json({ ...ANSWER, followUpQuestions: undefined }), /followUpQuestions/],
    [
      'filter suggestions that are not strings',
      fakeAnswers.json({ ...ANSWER, filterSuggestions: [{ industry: 'x' }] }),
      /filterSuggestions/,
    ],
  ])('rejects %s', async (_, answer, reason) => {
    fake.answerNext(answer);
    const error = await failureOf(engine().analyze('fintech companies', {}));
    expect(error.message).toMatch(reason);
    // The endpoint answered: a fallback knows the model's output, not the endpoint, failed.
    expect(error).toBeInstanceOf(AiEngineError);
    expect(error).toMatchObject({ reason: 'invalid' });
  });

  it('rejects an HTTP 500, after one retry by default', async () => {
    fake.answerNext(fakeAnswers.error(500), fakeAnswers.error(500, 'Still broken.'));
    const error = await failureOf(engine({ maxRetries: undefined }).analyze('fintech companies', {}));
    expect(error.message).toMatch(/^The model endpoint answered HTTP 500: .*Still broken\./);
    expect(error).toMatchObject({ reason: 'http' });
    expect(fake.requests).toHaveLength(2);
  });

  it('never repeats the key, even when the endpoint echoes it back', async () => {
    const strict = await startFakeOpenAi({ apiKey: 'sk-the-right-one' });
    try {
      const error = await failureOf(
        createOpenAiEngine({ baseUrl: strict.url, apiKey: KEY, model: 'gpt-4o-mini' }).analyze('hi', {}),
      );
      expect(error.message).toMatch(/^The model endpoint answered HTTP 401: .*Incorrect API key/);
      expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(KEY);
      expect(error.cause).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  it('rejects when the endpoint cannot be reached', async () => {
    const gone = await startFakeOpenAi();
    await gone.close();
    const error = await failureOf(
      createOpenAiEngine({ baseUrl: gone.url, apiKey: null, model: 'm', maxRetries: 0 }).analyze('hi', {}),
    );
    expect(error.message).toMatch(/^The model endpoint failed: /);
    expect(error).toMatchObject({ reason: 'unreachable' });
  });

  it('gives up on a model that does not answer in time, and closes the connection', async () => {
    fake.answerNext(fakeAnswers.hang());
    const started = performance.now();
    const error = await failureOf(engine({ timeoutMs: 300 }).analyze('fintech companies', {}));
    expect(error.message).toBe('The model did not answer within 0.3 s');
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(2000);
    await expect.poll(() => fake.requests[0]?.closedEarly).toBe(true);
  });

  it('stops when the caller aborts', async () => {
    fake.answerNext(fakeAnswers.hang());
    const controller = new AbortController();
    const pending = engine().analyze('fintech companies', {}, { signal: controller.signal });
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    const error = await failureOf(pending);
    expect(error.message).toBe('The request to the model was cancelled');
    expect(error).toMatchObject({ reason: 'cancelled' });
    await expect.poll(() => fake.requests[0]?.closedEarly).toBe(true);
  });

  it('shows the reply as the model writes it, growing in order, from the one call that analyses', async () => {
    const { responseText, ...analysis } = ANSWER;
    // As a model writes structured output: the fields in the schema's order, a few characters at a time.
    fake.answerNext(fakeAnswers.jsonInPieces({ responseText, ...analysis }, 6));
    const { shown, result } = analyzeShowing();
    expect(await result).toEqual({ analysis, responseText });
    expect(fake.requests).toHaveLength(1);
    expect(shown.length).toBeGreaterThan(5);
    for (const [i, text] of shown.entries()) {
      expect(text.length).toBeGreaterThan(0);
      if (i > 0) expect(text.startsWith(shown[i - 1] ?? '')).toBe(true);
      if (i > 0) expect(text).not.toBe(shown[i - 1]);
    }
    expect(shown.at(-1)).toBe(responseText);
  });

  it('shows a reply written after the analysis too, once the model gets to it', async () => {
    fake.answerNext(fakeAnswers.jsonInPieces(ANSWER, 10));
    const { shown, result } = analyzeShowing();
    const { responseText, ...analysis } = ANSWER;
    expect(await result).toEqual({ analysis, responseText });
    expect(shown.at(-1)).toBe(responseText);
  });

  it('rejects a streamed answer that breaks off, even after its reply was shown', async () => {
    const { responseText, ...analysis } = ANSWER;
    const json = JSON.stringify({ responseText, ...analysis });
    fake.answerNext(fakeAnswers.text(piecesOf(json.slice(0, json.indexOf('"entities"') + 14), 8)));
    const { shown, result } = analyzeShowing();
    const error = await failureOf(result);
    expect(error.message).toMatch(/not a valid analysis/);
    expect(shown.at(-1)).toBe(responseText);
  });

  it('waits for a slow model as long as it keeps writing: the deadline is for silence', async () => {
    // 19 pieces 50 ms apart: more than twice the deadline in all, never silent for long.
    fake.answerNext(fakeAnswers.jsonInPieces(ANSWER, 20, { delayMs: 50 }));
    const started = performance.now();
    const { result } = analyzeShowing({ timeoutMs: 400 });
    expect((await result).responseText).toBe(ANSWER.responseText);
    expect(performance.now() - started).toBeGreaterThan(800);
  });

  it('gives up on a model that goes silent half way, and closes the connection', async () => {
    const { responseText, ...analysis } = ANSWER;
    fake.answerNext(fakeAnswers.jsonInPieces({ responseText, ...analysis }, 20, { stall: true }));
    const { shown, result } = analyzeShowing({ timeoutMs: 300 });
    const error = await failureOf(result);
    expect(error.message).toBe('The model did not answer within 0.3 s');
    expect(shown.at(-1)).toBe(responseText);
    await expect.poll(() => fake.requests[0]?.closedEarly).toBe(true);
  });

  it('stops writing when the caller aborts half way', async () => {
    const { responseText, ...analysis } = ANSWER;
    fake.answerNext(fakeAnswers.jsonInPieces({ responseText, ...analysis }, 10, { delayMs: 50 }));
    const controller = new AbortController();
    const { shown, result } = analyzeShowing({}, 'fintech companies', controller.signal);
    await expect.poll(() => shown.length).toBeGreaterThan(1);
    controller.abort();
    const error = await failureOf(result);
    expect(error.message).toBe('The request to the model was cancelled');
    await expect.poll(() => fake.requests[0]?.closedEarly).toBe(true);
    expect(shown.at(-1)?.length).toBeLessThan(responseText.length);
  });

  describe('answering from passages', () => {
    const passages: AnswerPassage[] = [
      {
        ref: 1,
        title: 'Security Overview',
        section: 'Encryption',
        page: 2,
        text: 'Customer data is encrypted at rest with AES-256. Keys are rotated every 90 days.',
      },
      {
        ref: 2,
        title: 'Backup Policy',
        section: null,
        page: null,
        text: 'Backups are kept for 30 days in a second region.',
      },
    ];
    const CLOSED = 'Do you encrypt customer data at rest?';
    const answerOf = (question = CLOSED, options: { signal?: AbortSignal } = {}) =>
      engine().answer(question, passages, [], options);
    const builtin = (question = CLOSED) => composeAnswer(question, passages);

    it('asks for the verdict, the answer and its citations as structured output, from the numbered passages', async () => {
      fake.answerNext(
        fakeAnswers.json({
          verdict: 'yes',
          answer: 'Yes, customer data is encrypted at rest with AES-256 [1].',
          citations: [1],
        }),
      );
      await answerOf();
      const body = fake.requests[0]?.body;
      const format = body?.response_format as { type: string; json_schema: { schema: object } };
      expect(format.type).toBe('json_schema');
      const properties = (format.json_schema.schema as { properties: object }).properties;
      expect(Object.keys(properties)).toEqual(['verdict', 'answer', 'citations']);
      const sent = body?.messages as SentMessage[];
      expect(sent[0]?.role).toBe('system');
      for (const words of ['"not_stated"', 'null', 'square brackets', 'never invent']) {
        expect(sent[0]?.content).toContain(words);
      }
      expect(sent.at(-1)?.content).toContain(
        '[1] Security Overview (Encryption, page 2)\nCustomer data is encrypted at rest with AES-256.',
      );
      expect(sent.at(-1)?.content).toContain(`Question: ${CLOSED}`);
    });

    it.each([
      [
        'the verdict word as the model wrote it',
        {
          verdict: 'yes',
          answer: 'Yes, customer data is encrypted at rest with AES-256 [1].',
          citations: [1],
        },
        'Yes. Customer data is encrypted at rest with AES-256 [1].',
      ],
      [
        'no verdict word: the verdict is put first',
        { verdict: 'partially', answer: 'data at rest is encrypted with AES-256 [1, 2].', citations: [1, 2] },
        'Partially. Data at rest is encrypted with AES-256 [1][2].',
      ],
      [
        'a "no" that is part of the sentence',
        { verdict: 'no', answer: 'No backup is kept beyond 30 days [2].', citations: [2] },
        'No. No backup is kept beyond 30 days [2].',
      ],
    ])('accepts a closed answer led by its verdict: %s', async (_, written, text) => {
      fake.answerNext(fakeAnswers.json(written));
      expect(await answerOf()).toEqual({
        text,
        answered: true,
        extractive: false,
        verdict: written.verdict,
      });
    });

    it('accepts an open answer without a verdict', async () => {
      fake.answerNext(
        fakeAnswers.json({ verdict: null, answer: 'Backups are kept for 30 days [2].', citations: [2] }),
      );
      expect(await answerOf('How long are backups kept?')).toEqual({
        text: 'Backups are kept for 30 days [2].',
        answered: true,
        extractive: false,
        verdict: null,
      });
    });

    it('says the passages do not decide it (not answered) when the model finds them silent', async () => {
      fake.answerNext(
        fakeAnswers.json({
          verdict: 'not_stated',
          answer: 'The passages do not say whether data is encrypted in transit.',
          citations: [],
        }),
      );
      expect(await answerOf('Do you encrypt data in transit?')).toEqual({
        text: 'Not stated in your documents. The passages do not say whether data is encrypted in transit.',
        answered: false,
        extractive: false,
        verdict: 'not_stated',
      });
    });

    it.each([
      ['a citation of a passage it was not given', { verdict: 'yes', answer: 'Yes [1].', citations: [1, 3] }],
      [
        'a marker of a passage it was not given',
        { verdict: 'yes', answer: 'Yes, with AES-256 [1][7].', citations: [1] },
      ],
      ['a citation of passage 0', { verdict: 'yes', answer: 'Yes, with AES-256 [1].', citations: [0] }],
      ['no citation at all', { verdict: 'yes', answer: 'Yes, everything is encrypted.', citations: [] }],
      [
        'citations listed but no marker in the text',
        { verdict: 'yes', answer: 'Yes, with AES-256.', citations: [1] },
      ],
      [
        'a text that contradicts its verdict',
        { verdict: 'yes', answer: 'No, it is not [1].', citations: [1] },
      ],
      ['an unknown verdict', { verdict: 'maybe', answer: 'Perhaps [1].', citations: [1] }],
      ['a missing field', { verdict: 'yes', answer: 'Yes [1].' }],
    ])('rejects %s: the built-in answer replaces it', async (_, written) => {
      fake.answerNext(fakeAnswers.json(written));
      const answer = await answerOf();
      expect(answer).toEqual(builtin());
      expect(answer.extractive).toBe(true);
    });

    it.each([
      ['prose instead of JSON', 'Customer data is encrypted at rest [1].'],
      ['malformed JSON', '{"verdict": "yes", "answer": "Yes'],
      ['an empty answer', ''],
    ])('replaces %s by the built-in answer', async (_, content) => {
      fake.answerNext(fakeAnswers.text(content));
      expect(await answerOf()).toEqual(builtin());
    });

    it('rejects when the endpoint fails, and when the caller cancels', async () => {
      fake.answerNext(fakeAnswers.error(503));
      const down = await failureOf(answerOf());
      expect(down).toMatchObject({ reason: 'http' });
      expect(down.message).toMatch(/^The model endpoint answered HTTP 503/);

      fake.answerNext(fakeAnswers.hang());
      const controller = new AbortController();
      const pending = answerOf(CLOSED, { signal: controller.signal });
      await expect.poll(() => fake.requests.length).toBe(2);
      controller.abort();
      expect(await failureOf(pending)).toMatchObject({ reason: 'cancelled' });
    });
  });

  describe('writing a sales document', () => {
    const request = {
      template: 'Proposal',
      draft:
        '# Proposal for Globex\n\nWe hold a SOC 2 report [1].\n\n## Investment\n\n[Missing: the deal value]\n',
      facts: [
        {
          ref: 1,
          title: 'Security Overview',
          section: 'Compliance',
          page: null,
          text: 'We hold a SOC 2 Type II report.',
        },
      ],
    };

    it('writes the draft as prose from the facts, sending them with the instructions', async () => {
      const written =
        '# Proposal for Globex\n\nOur SOC 2 Type II report covers your data [1].\n\n## Investment\n\n[Missing: the deal value]';
      fake.answerNext(fakeAnswers.text(`\`\`\`markdown\n${written}\n\`\`\``));
      const result = await engine().writeDocument(request);
      expect(result).toEqual({ markdown: written, rewritten: true });
      const sent = fake.requests[0]?.body.messages as SentMessage[];
      expect(sent[0]?.content).toMatch(/Keep every "\[Missing: \.\.\.\]" mark/);
      expect(sent.at(-1)?.content).toContain(
        '[1] Security Overview (Compliance)\nWe hold a SOC 2 Type II report.',
      );
      expect(sent.at(-1)?.content).toContain(request.draft);
    });

    it('keeps the draft when the model drops a missing mark or every citation', async () => {
      fake.answerNext(fakeAnswers.text('# Proposal for Globex\n\nSOC 2 [1].\n\n## Investment\n\n$120,000.'));
      expect(await engine().writeDocument(request)).toEqual({ markdown: request.draft, rewritten: false });
      fake.answerNext(fakeAnswers.text('# Proposal\n\nWe are secure.\n\n[Missing: the deal value]'));
      expect(await engine().writeDocument(request)).toEqual({ markdown: request.draft, rewritten: false });
    });

    it('rejects when the endpoint fails (the caller keeps the draft)', async () => {
      fake.answerNext(fakeAnswers.error(500));
      const error = await failureOf(engine().writeDocument(request));
      expect(error.message).toMatch(/^The model endpoint answered HTTP 500/);
    });
  });
});
