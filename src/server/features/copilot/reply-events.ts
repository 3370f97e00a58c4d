/**
 * The chat's answer as server-sent events (`Accept: text/event-stream`): `reply-text` with the reply written so
 * far while a model writes it, then `message` with the body the JSON answer has, or `error` with our error body.
 * The stream opens with the first reply text (or the answer, when none comes first), so whatever fails before
 * it, such as a 402 or an unknown session, is still a plain HTTP error with its status.
 */
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { CHAT_EVENTS, type ReplyTextEvent } from '../../../shared/copilot.ts';
import type { AppEnv } from '../../context.ts';
import { AppError, errorBody, internalErrorBody } from '../../http/errors.ts';

export async function replyEvents<T>(
  c: Context<AppEnv>,
  work: (onReplyText: (textSoFar: string) => void) => Promise<T>,
): Promise<Response> {
  // One object, not `let`s: TypeScript does not see the writes made in the callbacks.
  const state: {
    stream: SSEStreamingApi | null;
    latest: string | null;
    sent: string | null;
    queued: boolean;
  } = { stream: null, latest: null, sent: null, queued: false };
  let writes = Promise.resolve();
  // Each event carries the whole text so far, so a writer that falls behind skips to the newest one.
  const flush = () => {
    if (!state.stream || state.queued) return;
    state.queued = true;
    writes = writes.then(async () => {
      state.queued = false;
      const { stream, latest } = state;
      if (!stream || latest === null || latest === state.sent) return;
      state.sent = latest;
      const event: ReplyTextEvent = { text: latest };
      await stream.writeSSE({ event: CHAT_EVENTS.replyText, data: JSON.stringify(event) });
    });
  };

  let firstText = () => {};
  const written = new Promise<void>((resolve) => {
    firstText = resolve;
  });
  const answer = work((text) => {
    state.latest = text;
    firstText();
    flush();
  });
  // Rejects here when the work fails before the model writes: the app's error handler answers it.
  await Promise.race([written, answer]);

  return streamSSE(c, async (stream) => {
    state.stream = stream;
    flush();
    let event: { event: string; data: string };
    try {
      event = { event: CHAT_EVENTS.message, data: JSON.stringify(await answer) };
    } catch (err) {
      let body = internalErrorBody(c.get('requestId'));
      if (err instanceof AppError) body = errorBody(err.code, err.message, err.details);
      else c.get('logger').error({ err, path: c.req.path }, 'copilot reply failed after it began streaming');
      event = { event: CHAT_EVENTS.error, data: JSON.stringify(body) };
    }
    await writes;
    await stream.writeSSE(event);
  });
}
