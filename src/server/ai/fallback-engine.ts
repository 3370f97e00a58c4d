/**
 * A model that falls back to the built-in engine (issue 24): when the model fails (unreachable, silent, an HTTP
 * error, output that is not valid), the built-in engine answers the same request, and the answer says so
 * (`modelUnavailable`) for the UI to tell the user. A cancelled request still rejects: nobody is waiting. After
 * the endpoint failed, the model is skipped for a while (a circuit breaker), so a dead endpoint does not cost
 * every request its timeout; then one request tries it again.
 */
import type { Logger } from '../logger.ts';
import { AiEngineError } from './openai/openai-engine.ts';
import type { AiEngine } from './port.ts';

/** How long the model is skipped after its endpoint failed. */
export const MODEL_RETRY_MS = 30_000;

/**
 * The model endpoint's state from its last calls (/api/health): `unavailable` since a call failed, until one
 * succeeds again. `builtin`: the instance has no model.
 */
export type AiHealth = 'ok' | 'unavailable' | 'builtin';

/** Set on what the built-in engine answered because the model failed. */
export type FromFallback = { modelUnavailable?: true };

/** Whether an engine's result (an analysis, an answer, a document) is the built-in engine's fallback. */
export const answeredByFallback = (result: object): boolean =>
  (result as FromFallback).modelUnavailable === true;

export type FallbackEngine = AiEngine & { health(): Exclude<AiHealth, 'builtin'> };

export function withBuiltinFallback(
  model: AiEngine,
  builtin: AiEngine,
  options: { logger?: Logger; retryAfterMs?: number; now?: () => number } = {},
): FallbackEngine {
  const retryAfterMs = options.retryAfterMs ?? MODEL_RETRY_MS;
  const now = options.now ?? Date.now;
  const { logger } = options;
  /** When the endpoint last failed; null while it answers. */
  let failedAt: number | null = null;
  /** A request is trying the model again after a failure: the others keep to the built-in engine meanwhile. */
  let trying = false;

  const fallen = <T extends object>(result: T): T & FromFallback => ({ ...result, modelUnavailable: true });

  async function attempt<T extends object>(
    work: string,
    signal: AbortSignal | undefined,
    ask: () => Promise<T>,
    instead: () => Promise<T>,
  ): Promise<T> {
    if (failedAt !== null && (trying || now() - failedAt < retryAfterMs)) {
      logger?.debug(
        { provider: model.provider, work },
        'the model failed lately; the built-in engine answers',
      );
      return fallen(await instead());
    }
    const trial = failedAt !== null;
    if (trial) trying = true;
    try {
      const result = await ask();
      failedAt = null;
      return result;
    } catch (err) {
      if (signal?.aborted) throw err;
      // An answer that is not valid came from an endpoint that works: the next request asks the model again.
      const invalid = err instanceof AiEngineError && err.reason === 'invalid';
      failedAt = invalid ? null : now();
      logger?.warn(
        { err, provider: model.provider, work },
        invalid
          ? "the model's answer is not valid; the built-in engine answers"
          : `the model failed; the built-in engine answers for the next ${retryAfterMs / 1000} s`,
      );
      return fallen(await instead());
    } finally {
      if (trial) trying = false;
    }
  }

  return {
    provider: model.provider,
    health: () => (failedAt === null ? 'ok' : 'unavailable'),
    analyze: (query, context, options = {}) =>
      attempt(
        'analysis',
        options.signal,
        () => model.analyze(query, context, options),
        () => builtin.analyze(query, context),
      ),
    answer: (question, passages, history, options = {}) =>
      attempt(
        'answer',
        options.signal,
        () => model.answer(question, passages, history, options),
        // The built-in engine reads the question's weights; the signal does not concern it (it answers at once).
        () => builtin.answer(question, passages, history, { weights: options.weights }),
      ),
    writeDocument: (request, options = {}) =>
      attempt(
        'document',
        options.signal,
        () => model.writeDocument(request, options),
        () => builtin.writeDocument(request),
      ),
  };
}
