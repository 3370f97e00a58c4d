/**
 * Each user's own AI engine (issue 10, the AI provider settings): a user who saved an OpenAI-compatible provider
 * gets answers from it; everyone else from the instance's engine. One mechanism: a signed-in request
 * (`requireCaller`) and a job of a user (`runAs`) run inside that user's scope, an AsyncLocalStorage holding
 * the engine resolved for them, and the one engine the features were given delegates to it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../logger.ts';
import type { AiEngine } from './port.ts';

export type UserEngines = {
  /** Runs `work` as the user: within it, the AI engine is the user's saved provider (when they have one). */
  runAs<T>(userId: string, work: () => Promise<T>): Promise<T>;
  /** The engine of the user whose scope this is, or null (no scope, or the user has no provider of their own). */
  current(): AiEngine | null;
  /** Drops what is remembered of the user's engine (their settings changed). */
  forget(userId: string): void;
};

type Scope = { userId: string; engine: AiEngine | null };

/** How long a user's engine is remembered: settings changed on another server instance apply after this. */
const REMEMBER_MS = 30_000;
const REMEMBER_MAX = 1_000;

/**
 * `load` reads the user's saved provider and builds its engine (null: none saved). A failure to load is
 * logged and the user gets the instance's engine, rather than a request that fails for it.
 */
export function createUserEngines(
  load: (userId: string) => Promise<AiEngine | null>,
  logger: Logger,
  options: { rememberMs?: number } = {},
): UserEngines {
  const storage = new AsyncLocalStorage<Scope>();
  const remembered = new Map<string, { engine: AiEngine | null; until: number }>();
  const rememberMs = options.rememberMs ?? REMEMBER_MS;

  async function engineOf(userId: string): Promise<AiEngine | null> {
    const hit = remembered.get(userId);
    if (hit && hit.until > Date.now()) return hit.engine;
    let engine: AiEngine | null = null;
    try {
      engine = await load(userId);
    } catch (err) {
      logger.warn({ err, userId }, "the user's AI provider could not be loaded; using the instance's engine");
    }
    if (remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value as string);
    remembered.set(userId, { engine, until: Date.now() + rememberMs });
    return engine;
  }

  return {
    async runAs(userId, work) {
      if (storage.getStore()?.userId === userId) return work();
      const engine = await engineOf(userId);
      return storage.run({ userId, engine }, work);
    },
    current: () => storage.getStore()?.engine ?? null,
    forget(userId) {
      remembered.delete(userId);
    },
  };
}

/**
 * The engine the features hold: the engine of the user in scope, else `instance` (the instance's). With
 * `withFallback`, a user's own model falls back to the built-in engine when it fails; each model is wrapped once,
 * so its circuit breaker lives as long as the remembered engine.
 */
export function callerEngine(
  instance: AiEngine,
  users: UserEngines,
  withFallback?: (model: AiEngine) => AiEngine,
): AiEngine {
  const wrapped = new WeakMap<AiEngine, AiEngine>();
  const ownEngine = (model: AiEngine) => {
    if (!withFallback) return model;
    let engine = wrapped.get(model);
    if (!engine) {
      engine = withFallback(model);
      wrapped.set(model, engine);
    }
    return engine;
  };
  const now = () => {
    const own = users.current();
    return own ? ownEngine(own) : instance;
  };
  return {
    get provider() {
      return now().provider;
    },
    analyze: (query, context, options) => now().analyze(query, context, options),
    answer: (question, passages, history, options) => now().answer(question, passages, history, options),
    writeDocument: (request, options) => now().writeDocument(request, options),
  };
}
