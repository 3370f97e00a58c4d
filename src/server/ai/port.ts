/**
 * The AI port (DESIGN.md "AI"): what the features ask of an AI engine. Two adapters implement it: `builtin`
 * (offline, deterministic; the default) and `openai` (any OpenAI-compatible endpoint). Both are held to the
 * same contract tests; the features never know which one answers.
 */
import type { EngineAnalysis } from '../../shared/copilot.ts';
import type { Verdict } from '../../shared/knowledge.ts';

/** What the copilot knows besides the query: the page the user is on and the chat so far. */
export type AnalyzeContext = {
  /** The app path the user asked from ("/people-finder-master"). */
  path?: string;
  /** The last messages of the chat, oldest first (spec 3 §9: at most 10). */
  history?: ChatTurn[];
  /** Today, for resolving "next Friday" and "this quarter" (tests fix it). */
  today?: Date;
};

export type ChatTurn = { role: 'user' | 'assistant'; content: string };

/** How the caller follows an analysis while it runs. */
export type AnalyzeOptions = {
  /** Cancels the work (the client went away): the engine stops and rejects. */
  signal?: AbortSignal;
  /**
   * The reply text written so far, called each time it grows while a model writes it, so the chat can show it
   * as it comes. An engine that answers at once (the built-in one) never calls it. The text shown last may
   * differ from the final `responseText` (trimmed, or replaced by the fallback when the answer is invalid).
   */
  onReplyText?: (textSoFar: string) => void;
};

/** A passage the knowledge chat found for a question, numbered as the answer cites it ("[1]"). */
export type AnswerPassage = {
  ref: number;
  title: string;
  section: string | null;
  page: number | null;
  text: string;
};

/**
 * How an answer is asked for: `weights` are what each word of the question weighs among all of the caller's
 * passages (by its PostgreSQL english lexeme, "penetr" for "penetration": rarer words weigh more), which the
 * built-in engine reads to tell a sentence about the question from one that only shares its common words.
 */
export type AnswerOptions = { signal?: AbortSignal; weights?: QuestionWeights };
export type QuestionWeights = Readonly<Record<string, number>>;

/**
 * An answer written from passages: `text` cites them with markers ("[1]"). `answered` is false when the engine
 * read the passages and found that they do not answer the question (the chat then says it does not know);
 * `extractive` is true when the text is the extractive composer's (the built-in engine, or a model's answer
 * that cited nothing and was replaced by it).
 */
export type EngineAnswer = {
  text: string;
  answered: boolean;
  extractive: boolean;
  /** A closed question's verdict, which `text` leads with ("Yes. ..."); null for an open question. */
  verdict: Verdict | null;
  /**
   * How much of the question the sentence the answer leads with holds, 0..1 (its words weighted by rarity), when
   * the engine measures it (the built-in one does); the draft's confidence is computed from it.
   */
  support?: number;
  /** The model failed and the built-in engine answered instead (fallback-engine.ts): the UI says so. */
  modelUnavailable?: true;
};

/**
 * A sales document to write (issue 9): `draft` is the built-in engine's filled template (Markdown, facts cited
 * with [n] markers of `facts`, unknowns marked "[Missing: ...]").
 */
export type DocumentRequest = {
  template: string;
  draft: string;
  facts: readonly AnswerPassage[];
};

/** The finished document (Markdown) and whether a model rewrote the draft. */
export type WrittenDocument = { markdown: string; rewritten: boolean };

export type AiEngine = {
  readonly provider: 'builtin' | 'openai';
  /**
   * Spec 3 §3: the analysis of a free-text sales request and the reply to show. Rejects when the engine fails
   * or is cancelled (the caller answers with spec 3 §8's fallback and charges nothing); the analysis is always
   * schema-valid.
   */
  analyze(query: string, context: AnalyzeContext, options?: AnalyzeOptions): Promise<EngineAnalysis>;
  /**
   * The knowledge chat (issue 8): an answer to `question` from `passages` only (at least one), each statement
   * followed by the marker of the passage it came from; `history` is the chat so far (at most 10 messages).
   * Rejects when the engine fails or is cancelled (the caller answers spec 3 §8's fallback, free).
   */
  answer(
    question: string,
    passages: readonly AnswerPassage[],
    history: readonly ChatTurn[],
    options?: AnswerOptions,
  ): Promise<EngineAnswer>;
  /**
   * A sales document from its draft: the built-in engine keeps the draft as it is; a model writes it as prose
   * grounded only in the facts, keeping the citation markers and every "[Missing: ...]" mark. Rejects when the
   * engine fails (the caller keeps the draft).
   */
  writeDocument(request: DocumentRequest, options?: { signal?: AbortSignal }): Promise<WrittenDocument>;
};
