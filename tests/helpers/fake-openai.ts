/**
 * A FAKE of an OpenAI-compatible API for tests: a local HTTP server that speaks the chat-completions wire format
 * at `POST /v1/chat/completions` (its base URL ends in `/v1`, as OpenAI's and Ollama's do): a JSON
 * `chat.completion` answer, or with `stream: true` server-sent `chat.completion.chunk` events ending in
 * `data: [DONE]`, and OpenAI's error shape. It runs no model: each request gets the answer the test set, and
 * every request is recorded so tests can check what was sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake answers: the assistant's content (a list is streamed piece by piece and joined otherwise), an
 * HTTP error, or nothing at all (the request hangs until the client gives up). A streamed answer can wait
 * `delayMs` before each piece, and `stall` after its pieces instead of finishing (a model gone silent).
 */
export type FakeAnswer =
  | { content: string | string[]; delayMs?: number; stall?: boolean }
  | { status: number; message: string }
  | { hang: true };

export const fakeAnswers = {
  /** The content is this value as JSON: what a model asked for structured output writes. */
  json: (value: unknown): FakeAnswer => ({ content: JSON.stringify(value) }),
  text: (content: string | string[]): FakeAnswer => ({ content }),
  /**
   * The value as JSON, streamed in pieces of `size` characters: structured output as a model writes it.
   * Without `stream: true` the pieces are joined into one answer.
   */
  jsonInPieces: (
    value: unknown,
    size: number,
    options: { delayMs?: number; stall?: boolean } = {},
  ): FakeAnswer => ({ content: piecesOf(JSON.stringify(value), size), ...options }),
  error: (
    status: number,
    message = 'The server had an error while processing your request.',
  ): FakeAnswer => ({
    status,
    message,
  }),
  hang: (): FakeAnswer => ({ hang: true }),
};

/** `text` cut into pieces of `size` characters (the last one shorter). */
export const piecesOf = (text: string, size: number): string[] =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

export type FakeRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The JSON body as sent (model, messages, stream, response_format...). */
  body: Record<string, unknown>;
  /** The client closed the connection before the fake answered (an abort or a timeout). */
  closedEarly: boolean;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

export async function startFakeOpenAi(options: { apiKey?: string } = {}) {
  const requests: FakeRequest[] = [];
  /** Answers for the next requests, in order; then `fallback` for every later one. */
  const queue: FakeAnswer[] = [];
  let fallback: FakeAnswer = fakeAnswers.error(500, 'The fake was not told what to answer.');
  let completions = 0;

  const sendError = (res: ServerResponse, status: number, message: string, type = 'server_error') => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
  };

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return sendError(
        res,
        400,
        'We could not parse the JSON body of your request.',
        'invalid_request_error',
      );
    }
    const record: FakeRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
      closedEarly: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return sendError(res, 404, `Invalid URL (${req.method} ${req.url})`, 'invalid_request_error');
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      // Echoes the key it got, unmasked: the worst an endpoint could do, so tests prove we never pass it on.
      return sendError(
        res,
        401,
        `Incorrect API key provided: ${req.headers.authorization ?? 'none'}.`,
        'invalid_request_error',
      );
    }
    const answer = queue.shift() ?? fallback;
    if ('hang' in answer) return;
    if ('status' in answer) return sendError(res, answer.status, answer.message);

    const id = `chatcmpl-fake-${++completions}`;
    const created = Math.floor(Date.now() / 1000);
    const model = String(body.model ?? '');
    const pieces = typeof answer.content === 'string' ? [answer.content] : answer.content;
    const content = pieces.join('');
    const usage = {
      prompt_tokens: raw.length >> 2,
      completion_tokens: content.length >> 2,
      total_tokens: (raw.length + content.length) >> 2,
    };
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            { index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' },
          ],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finishReason: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of pieces) {
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      // The client gave up (an abort or its silence deadline): nothing more to write.
      if (res.destroyed) return;
      res.write(chunk({ content: piece }, null));
    }
    if (answer.stall) return;
    res.write(chunk({}, 'stop'));
    const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
    if (streamOptions?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The base URL to configure (`OPENAI_BASE_URL`). */
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Every later request gets this answer. */
    answerAlways(answer: FakeAnswer) {
      fallback = answer;
    },
    /** The next requests get these answers, in order, before the `answerAlways` one. */
    answerNext(...answers: FakeAnswer[]) {
      queue.push(...answers);
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests would keep the server open forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
