/**
 * The knowledge chat (issue 8 point 3; spec 3 §7 graph-query-engine, §8 fallbacks): the caller's passages that
 * answer the question, then the AI engine's answer from them with a citation marker after every statement, and
 * the cited passages as `sources`. Nothing relevant enough: an honest "I don't know", cited nothing and charged
 * nothing. Retrieval or the engine failing: spec 3 §8's fallback for the kind of failure, free. Otherwise one
 * `knowledge_chat` credit.
 */
import {
  KNOWLEDGE_CHAT_FALLBACKS,
  KNOWLEDGE_CHAT_NO_ANSWER,
  type KnowledgeChatResponse,
  type KnowledgeSource,
} from '../../../shared/knowledge.ts';
import { normalizeCitations } from '../../ai/citations.ts';
import { answeredByFallback } from '../../ai/fallback-engine.ts';
import type { AiEngine, ChatTurn } from '../../ai/port.ts';
import type { AppDeps, Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { REQUEST_CANCELLED } from '../copilot/service.ts';
import { type Retrieval, type RetrievedPassage, retrievePassages } from './retrieval.ts';

export const KNOWLEDGE_CHAT_ACTIVITY = 'knowledge_chat';
/** Passages the engine answers from, each of another document (the sources show five documents at most). */
const ANSWER_PASSAGES = 5;
const SNIPPET_CHARS = 280;

/**
 * `support`: how much of the question the answer's leading sentence holds, when the engine measured it (an RFP
 * draft's confidence is computed from it); not part of the chat's response.
 */
export type KnowledgeAnswer = Omit<KnowledgeChatResponse, 'creditsCharged' | 'fallback'> & {
  support?: number;
};

type Stage = 'retrieval' | 'engine';
type FallbackKind = Exclude<keyof typeof KNOWLEDGE_CHAT_FALLBACKS, 'support'>;

/** A failure of one stage of the chat, kept with its stage so the fallback can say what went wrong. */
class ChatStageError extends Error {
  override name = 'ChatStageError';
  constructor(
    readonly stage: Stage,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** "and for contractors?": a short question that leans on the one before it. */
const FOLLOW_UP =
  /^(and|but|also|what about|how about)\b|\b(it|its|that|this|they|them|those|these|there|he|she|his|her)\b/i;

function isFollowUp(query: string): boolean {
  return query.split(/\s+/).length <= 8 && FOLLOW_UP.test(query);
}

/** A passage's opening, cut at a word: what the sources list shows of it. */
export function snippetOf(text: string, length = SNIPPET_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  return `${flat.slice(0, length).replace(/\s+\S*$/, '')}…`;
}

/** What the chat found for a question: the retrieval, and the question it answers. */
export type FoundPassages = Retrieval & { question: string };

/**
 * The passages for the question; a short follow-up with nothing of its own is read with the question before
 * (`question`: what was looked for, which the answer must answer).
 */
export async function findPassages(
  db: Db,
  userId: string,
  query: string,
  history: readonly ChatTurn[],
): Promise<FoundPassages> {
  const found = await retrievePassages(db, userId, query, { limit: ANSWER_PASSAGES, perDocument: 1 });
  const previous = history.filter((turn) => turn.role === 'user').at(-1)?.content;
  if (found.passages.length > 0 || !previous || !isFollowUp(query)) return { ...found, question: query };
  const question = `${previous} ${query}`;
  return {
    ...(await retrievePassages(db, userId, question, { limit: ANSWER_PASSAGES, perDocument: 1 })),
    question,
  };
}

const source = (passage: RetrievedPassage, ref: number): KnowledgeSource => ({
  ref,
  documentId: passage.documentId,
  chunkId: passage.chunkId,
  title: passage.title,
  filename: passage.filename,
  section: passage.section,
  page: passage.page,
  snippet: snippetOf(passage.text),
  entity: passage.entity,
  score: passage.relevance,
});

/**
 * The answer from the caller's documents, without charging: the chat charges it, and the evaluation reads it.
 * `beforeEngine` runs when there are passages to answer from, before the engine is asked (the chat checks
 * the caller's credits there). Throws a `ChatStageError` naming the stage that failed.
 */
export async function answerFromKnowledge(
  db: Db,
  engine: AiEngine,
  userId: string,
  input: { query: string; history: readonly ChatTurn[]; signal?: AbortSignal },
  beforeEngine?: () => Promise<void>,
): Promise<KnowledgeAnswer> {
  const { query, history } = input;
  let found: FoundPassages;
  try {
    found = await findPassages(db, userId, query, history);
  } catch (err) {
    throw new ChatStageError('retrieval', err);
  }
  return answerFromPassages(engine, found, input, beforeEngine);
}

/** The answer from passages already found (answerFromKnowledge's second half). */
export async function answerFromPassages(
  engine: AiEngine,
  found: FoundPassages,
  input: { history: readonly ChatTurn[]; signal?: AbortSignal },
  beforeEngine?: () => Promise<void>,
): Promise<KnowledgeAnswer> {
  const { history, signal } = input;
  if (found.totalPassages === 0) {
    return { response: KNOWLEDGE_CHAT_NO_ANSWER.noDocuments, sources: [], answered: false, verdict: null };
  }
  const notFound = {
    response: KNOWLEDGE_CHAT_NO_ANSWER.notFound,
    sources: [],
    answered: false,
    verdict: null,
  };
  if (found.passages.length === 0) return notFound;

  await beforeEngine?.();
  const passages = found.passages.map((passage, index) => ({
    ref: index + 1,
    title: passage.title,
    section: passage.section,
    page: passage.page,
    text: passage.text,
  }));
  let answer: Awaited<ReturnType<AiEngine['answer']>>;
  try {
    answer = await engine.answer(found.question, passages, history, { signal, weights: found.weights });
  } catch (err) {
    throw new ChatStageError('engine', err);
  }
  // The model failed and the built-in engine answered: the chat says so.
  const fromFallback = answeredByFallback(answer) ? { modelUnavailable: true } : {};
  if (!answer.answered) return { ...notFound, ...fromFallback };
  // The sources are the passages the answer cites, numbered in the order it first cites them.
  const cited = normalizeCitations(answer.text, found.passages.length, { renumber: true });
  if (cited.refs.length === 0 || !cited.text) return { ...notFound, ...fromFallback };
  const sources = cited.refs.flatMap((ref, index) => {
    const passage = found.passages[ref - 1];
    return passage ? [source(passage, index + 1)] : [];
  });
  const measured = answer.support === undefined ? {} : { support: answer.support };
  return {
    response: cited.text,
    sources,
    answered: true,
    verdict: answer.verdict,
    ...fromFallback,
    ...measured,
  };
}

/**
 * Which of spec 3 §8's fallbacks a failure gets. The spec's client read the error's words; the server knows more:
 * a database that refuses (row-level security, a missing grant) is a permission issue, the model or its endpoint
 * failing is the AI service (unreachable: the network), and anything else in retrieval is the knowledge base.
 */
export function fallbackKind(stage: Stage, err: unknown): FallbackKind {
  const text = describeChain(err);
  if (/\b42501\b|row-level security|permission denied|violates .*policy/i.test(text)) return 'permission';
  if (/\bjwt\b|not authenticated|session (has )?expired/i.test(text)) return 'auth';
  if (stage === 'retrieval') return 'default';
  const unreachable =
    /fetch failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|socket hang up|Cannot connect/i;
  return unreachable.test(text) ? 'network' : 'ai';
}

/** An error's code, name and message, and its causes' (the query builder wraps the driver's error). */
function describeChain(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(`${typeof code === 'string' ? code : ''} ${current.name} ${current.message}`);
    current = current.cause;
  }
  return parts.join(' | ');
}

export const fallbackText = (kind: FallbackKind) =>
  `${KNOWLEDGE_CHAT_FALLBACKS[kind]} ${KNOWLEDGE_CHAT_FALLBACKS.support}`;

/**
 * `POST /api/v1/knowledge/chat`: the answer, charged one `knowledge_chat` credit when it answered. A model's
 * call costs the operator money, so a caller who cannot pay is refused (402) before it; the built-in answer is
 * charged after, and not shown when the charge is refused.
 */
export async function askKnowledge(
  deps: Pick<AppDeps, 'credits' | 'database'>,
  engine: AiEngine,
  caller: Caller,
  input: { query: string; history: readonly ChatTurn[]; signal?: AbortSignal },
  logger: Logger,
): Promise<KnowledgeChatResponse> {
  let answer: KnowledgeAnswer;
  try {
    answer = await answerFromKnowledge(deps.database.db, engine, caller.id, input, async () => {
      if (engine.provider !== 'builtin') await deps.credits.check(caller, KNOWLEDGE_CHAT_ACTIVITY);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (input.signal?.aborted) {
      logger.info({ provider: engine.provider }, 'knowledge chat cancelled by the client');
      throw new AppError('BAD_REQUEST', 400, REQUEST_CANCELLED);
    }
    const stage = err instanceof ChatStageError ? err.stage : 'retrieval';
    const cause = err instanceof ChatStageError ? err.cause : err;
    const kind = fallbackKind(stage, cause);
    logger.warn(
      { err: cause, stage, kind, provider: engine.provider },
      'knowledge chat failed; answering with the fallback',
    );
    return {
      response: fallbackText(kind),
      sources: [],
      answered: false,
      verdict: null,
      fallback: true,
      creditsCharged: 0,
    };
  }
  const { support: _support, ...shown } = answer;
  if (!shown.answered) return { ...shown, fallback: false, creditsCharged: 0 };
  const charge = await deps.credits.charge(caller, KNOWLEDGE_CHAT_ACTIVITY);
  return { ...shown, fallback: false, creditsCharged: charge.creditsCharged };
}
