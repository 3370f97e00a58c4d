/**
 * The AI engine the configuration asks for (DESIGN.md "AI"): the built-in one by default, or an
 * OpenAI-compatible endpoint when `AI_PROVIDER=openai`.
 */
import type { AiConfig } from '../config.ts';
import { createBuiltinEngine, type EngineKnowledge } from './builtin/engine.ts';
import { createOpenAiEngine } from './openai/openai-engine.ts';
import type { AiEngine } from './port.ts';

/** `knowledge` is our company data, the built-in engine's lexicon; a model brings its own. */
export function createEngine(config: AiConfig, knowledge: EngineKnowledge): AiEngine {
  if (config.provider === 'openai') return createOpenAiEngine(config);
  return createBuiltinEngine(knowledge);
}
