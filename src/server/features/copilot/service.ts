/**
 * The copilot (spec 3 §3, §7, §8): a free-text request analysed by the AI engine, its filter suggestions
 * validated against the company data, and the hand-off to the agent that serves it. Charged as `ai_query`,
 * never when the engine failed and the fallback answered. A model that fails is answered for by the built-in
 * engine (../../ai/fallback-engine.ts): that analysis says so (`modelUnavailable`) and is charged as its own is.
 */
import { sql } from 'drizzle-orm';
import { type AnalyzeResponse, type EngineAnalysis, FALLBACK_ANALYSIS } from '../../../shared/copilot.ts';
import { validateFilters } from '../../../shared/filter-validator.ts';
import type { AiEngine, AnalyzeContext } from '../../ai/port.ts';
import type { AppDeps, Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Vocabulary } from '../companies/vocabulary.ts';
import { type HandoffOptions, handoffFor } from './handoff.ts';

/** The names the engine recognises as companies: the real companies we hold (not the synthetic millions). */
export async function knownCompanyNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from company_master where owner_id is null and source <> 'synthetic'`,
  );
  return rows.map((row) => row.name);
}

export type AnalyzeInput = {
  query: string;
  context: AnalyzeContext;
  handoff: HandoffOptions;
  /** The request's signal: a client that goes away cancels the model's call, and nothing is charged. */
  signal?: AbortSignal;
  /** The reply written so far, while a model writes it (the chat shows it as it comes). */
  onReplyText?: (textSoFar: string) => void;
};

export const REQUEST_CANCELLED = 'The request was cancelled before the answer was ready';

/**
 * The engine's analysis, or spec 3 §8's fallback when it fails (logged, never charged). A request the client
 * cancelled gets neither: nobody is there to read it, so nothing is charged or stored.
 */
async function analyzeOrFallback(
  engine: AiEngine,
  input: AnalyzeInput,
  logger: Logger,
): Promise<EngineAnalysis & { fallback: boolean }> {
  const { signal, onReplyText } = input;
  try {
    return {
      ...(await engine.analyze(input.query, input.context, { signal, onReplyText })),
      fallback: false,
    };
  } catch (err) {
    if (signal?.aborted) {
      logger.info({ provider: engine.provider }, 'copilot analysis cancelled by the client');
      throw new AppError('BAD_REQUEST', 400, REQUEST_CANCELLED);
    }
    logger.warn({ err, provider: engine.provider }, 'copilot analysis failed; answering with the fallback');
    return { ...FALLBACK_ANALYSIS, fallback: true };
  }
}

/**
 * The analysis with its validated filters and hand-off, not charged yet: whoever stores or returns it charges
 * after that succeeded (`creditsCharged` is 0 here), so a request that fails takes no credit.
 */
export async function prepareAnalysis(
  engine: AiEngine,
  vocabulary: Vocabulary,
  caller: Caller,
  input: AnalyzeInput,
  logger: Logger,
): Promise<AnalyzeResponse> {
  const answer = await analyzeOrFallback(engine, input, logger);
  const filterValidation = validateFilters(
    answer.analysis.filterSuggestions,
    await vocabulary.forCaller(caller),
  );
  const { analysis, responseText, fallback, modelUnavailable } = answer;
  return {
    analysis,
    response: { text: responseText },
    filterValidation,
    handoff: handoffFor(analysis, filterValidation.validFilters, input.query, input.handoff),
    fallback,
    ...(modelUnavailable && { modelUnavailable: true }),
    creditsCharged: 0,
  };
}

export async function analyzeRequest(
  deps: Pick<AppDeps, 'credits'>,
  engine: AiEngine,
  vocabulary: Vocabulary,
  caller: Caller,
  input: AnalyzeInput,
  logger: Logger,
): Promise<AnalyzeResponse> {
  // A model's call costs the operator money: a caller who cannot pay is refused before it. The built-in
  // analysis costs less than that check, so it is charged after without one (the charge itself refuses with
  // 402, and the analysis is then not returned).
  if (engine.provider !== 'builtin') await deps.credits.check(caller, 'ai_query');
  const answer = await prepareAnalysis(engine, vocabulary, caller, input, logger);
  const charge = answer.fallback ? null : await deps.credits.charge(caller, 'ai_query');
  return { ...answer, creditsCharged: charge?.creditsCharged ?? 0 };
}
