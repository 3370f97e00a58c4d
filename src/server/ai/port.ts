/**
 * The AI port (DESIGN.md "AI"): what the features ask of an AI engine. Two adapters implement it: `builtin`
 * (offline, deterministic; the default) and `openai` (any OpenAI-compatible endpoint). Both are held to the
 * same contract tests; the features never know which one answers.
 */
import type { EngineAnalysis } from '../../shared/copilot.ts';

/** What the copilot knows besides the query: the page the user is on and the chat so far. */
export type AnalyzeContext = {
  /** The app path the user asked from ("/people-finder-master"). */
  path?: string;
  /** The last messages of the chat, oldest first (spec 3 §9: at most 10). */
  history?: { role: 'user' | 'assistant'; content: string }[];
  /** Today, for resolving "next Friday" and "this quarter" (tests fix it). */
  today?: Date;
};

export type AiEngine = {
  readonly provider: 'builtin' | 'openai';
  /**
   * Spec 3 §3: the analysis of a free-text sales request and the reply to show. Rejects when the engine fails
   * (the caller answers with spec 3 §8's fallback and charges nothing); the analysis is always schema-valid.
   */
  analyze(query: string, context: AnalyzeContext, signal?: AbortSignal): Promise<EngineAnalysis>;
  /**
   * The reply text as it is written, in pieces (the chat shows it as it comes). The built-in engine yields
   * its whole reply at once.
   */
  streamReply?(query: string, context: AnalyzeContext, signal?: AbortSignal): AsyncIterable<string>;
};
