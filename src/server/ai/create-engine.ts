/**
 * The AI engine the configuration asks for (DESIGN.md "AI"): the built-in one by default, or an
 * OpenAI-compatible endpoint when `AI_PROVIDER=openai`, which falls back to the built-in one when it fails.
 */
import type { AiConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createBuiltinEngine, type EngineKnowledge } from './builtin/engine.ts';
import { type AiHealth, withBuiltinFallback } from './fallback-engine.ts';
import { createOpenAiEngine } from './openai/openai-engine.ts';
import type { AiEngine } from './port.ts';

export type InstanceAi = {
  /** The instance's engine: the built-in one, or the model falling back to it. */
  engine: AiEngine;
  /** A user's own model (Integrations > AI provider), falling back to the built-in engine as well. */
  withFallback(model: AiEngine): AiEngine;
  /** The instance's model, as its last calls found it (/api/health). */
  health(): AiHealth;
};

/** `knowledge` is our company data, the built-in engine's lexicon; a model brings its own. */
export function createEngine(config: AiConfig, knowledge: EngineKnowledge, logger?: Logger): InstanceAi {
  const builtin = createBuiltinEngine(knowledge);
  const withFallback = (model: AiEngine) => withBuiltinFallback(model, builtin, { logger });
  if (config.provider === 'builtin') return { engine: builtin, withFallback, health: () => 'builtin' };
  const engine = withFallback(createOpenAiEngine(config));
  return { engine, withFallback, health: engine.health };
}
