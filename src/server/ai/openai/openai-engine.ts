/**
 * The `openai` AI engine (DESIGN.md "AI"): any OpenAI-compatible chat-completions endpoint (OpenAI, Azure,
 * Ollama, vLLM, LM Studio) through the Vercel AI SDK. The analysis is asked for as structured output in one
 * streamed call, so the reply in it can be shown as it is written, and the whole answer is checked against the
 * shared schema; whatever goes wrong (an HTTP error, silence, output that is not a valid analysis, a cancelled
 * request) rejects with an `AiEngineError` saying why, and the fallback engine (../fallback-engine.ts) answers
 * with the built-in one. A knowledge answer is structured output too ({verdict, answer, citations}); one that
 * cites a passage it was not given, cites nothing or cannot be read is replaced by the built-in answer.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  generateText,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  parsePartialJson,
  RetryError,
  streamText,
} from 'ai';
import { z } from 'zod';
import { analysisSchema } from '../../../shared/copilot.ts';
import { MISSING_PATTERN } from '../../../shared/docgen.ts';
import { leadingVerdict, VERDICT_LABELS, VERDICTS, type Verdict } from '../../../shared/knowledge.ts';
import { composeAnswer } from '../builtin/answer.ts';
import { normalizeCitations } from '../citations.ts';
import type { AiEngine, EngineAnswer } from '../port.ts';
import {
  analysisInstructions,
  answerInstructions,
  answerMessages,
  chatMessages,
  documentInstructions,
  documentMessages,
} from './prompt.ts';

export type OpenAiEngineOptions = {
  baseUrl: string;
  /** Sent as a bearer token; null for servers that need none (Ollama). Never logged or put in an error. */
  apiKey: string | null;
  model: string;
  /** How long the model may stay silent: before it starts writing, and between two pieces (default 20 s). */
  timeoutMs?: number;
  /** Retries of a failed call (429, 5xx) within that time (default 1). */
  maxRetries?: number;
};

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The model's answer: the reply text and the analysis, as one object. The reply comes first, so a model that
 * writes the fields in the schema's order starts with what the chat shows while the rest is written.
 */
const modelAnswerSchema = z.object({
  responseText: z.string().trim().min(1, 'the reply must not be empty'),
  ...analysisSchema.shape,
});

/**
 * A knowledge answer as the model writes it: the verdict first (it decides how the answer starts), the answer
 * with its markers, and the passages it cites. Checked against the passages given before it is used.
 */
const modelKnowledgeAnswerSchema = z.object({
  verdict: z.enum(VERDICTS).nullable(),
  answer: z.string(),
  citations: z.array(z.number().int()),
});
type ModelKnowledgeAnswer = z.infer<typeof modelKnowledgeAnswerSchema>;

/**
 * What went wrong: the caller cancelled, the model stayed silent, the endpoint could not be reached or
 * answered an HTTP error, or its answer was not valid. Only the first says nobody is waiting for an answer;
 * only the last says the endpoint itself works.
 */
export type AiFailure = 'cancelled' | 'timeout' | 'unreachable' | 'http' | 'invalid';

/** Why the engine failed, in one line a log can hold: no key, no prompt, no stack of SDK internals. */
export class AiEngineError extends Error {
  override name = 'AiEngineError';
  constructor(
    message: string,
    readonly reason: AiFailure,
  ) {
    super(message);
  }
}

export function createOpenAiEngine(options: OpenAiEngineOptions): AiEngine {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? 1;
  const provider = createOpenAICompatible({
    name: 'openai',
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? undefined,
    // Sends the schema as `response_format: json_schema`, which OpenAI, Ollama, vLLM and LM Studio all accept.
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(options.model);
  // OpenAI's strict mode refuses schemas with optional fields (our entities); the answer is validated anyway.
  const providerOptions = { openaiCompatible: { strictJsonSchema: false } };

  /** Explains a failure without the key (an endpoint may echo it back in its error body). */
  const failure = (err: unknown, deadline: AbortSignal, caller?: AbortSignal): AiEngineError => {
    if (caller?.aborted) return new AiEngineError('The request to the model was cancelled', 'cancelled');
    if (deadline.aborted) {
      return new AiEngineError(`The model did not answer within ${timeoutMs / 1000} s`, 'timeout');
    }
    const cause = RetryError.isInstance(err) ? err.lastError : err;
    let message: string;
    let reason: AiFailure;
    if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
      message = `The model endpoint answered HTTP ${cause.statusCode}: ${excerpt(cause.responseBody ?? cause.message)}`;
      reason = 'http';
    } else if (NoObjectGeneratedError.isInstance(cause)) {
      message = `The model's answer is not a valid analysis: ${excerpt(whyInvalid(cause))}`;
      reason = 'invalid';
    } else {
      message = `The model endpoint failed: ${excerpt(describe(cause))}`;
      reason = 'unreachable';
    }
    return new AiEngineError(
      options.apiKey ? message.replaceAll(options.apiKey, '[redacted]') : message,
      reason,
    );
  };

  return {
    provider: 'openai',

    async analyze(query, context, { signal, onReplyText } = {}) {
      // One call: the analysis comes as a stream of JSON, and the reply in it is shown as it grows. The deadline
      // is for silence, not length: it starts again whenever the model writes.
      const silence = new AbortController();
      let timer = setTimeout(() => silence.abort(), timeoutMs);
      const result = streamText({
        model,
        system: analysisInstructions(context),
        messages: chatMessages(query, context),
        output: Output.object({ schema: modelAnswerSchema, name: 'query_analysis' }),
        providerOptions,
        maxRetries,
        abortSignal: signal ? AbortSignal.any([signal, silence.signal]) : silence.signal,
        // Errors reach the loop below; the SDK would otherwise print them to the console.
        onError: () => {},
      });
      let written = '';
      let shown = '';
      try {
        for await (const part of result.fullStream) {
          if (part.type === 'error') throw part.error;
          if (part.type === 'abort') throw new AiEngineError('aborted', 'cancelled');
          // Anything the model sends (text, or a reasoning model's thoughts) is a sign of life.
          clearTimeout(timer);
          timer = setTimeout(() => silence.abort(), timeoutMs);
          if (part.type !== 'text-delta') continue;
          written += part.text;
          if (onReplyText) {
            const reply = await replySoFar(written);
            if (reply && reply !== shown) {
              shown = reply;
              onReplyText(reply);
            }
          }
        }
        // The whole answer, checked against the schema: invalid output rejects here.
        const { responseText, ...analysis } = await result.output;
        return { analysis, responseText };
      } catch (err) {
        throw failure(err, silence.signal, signal);
      } finally {
        clearTimeout(timer);
      }
    },

    async answer(question, passages, history, { signal, weights } = {}) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      let written: ModelKnowledgeAnswer | null;
      try {
        const result = await generateText({
          model,
          system: answerInstructions(),
          messages: answerMessages(question, passages, history),
          output: Output.object({ schema: modelKnowledgeAnswerSchema, name: 'knowledge_answer' }),
          providerOptions,
          maxRetries,
          abortSignal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal,
        });
        written = result.output;
      } catch (err) {
        // An answer that is not the object asked for is the model's, not the endpoint's failure.
        if (NoObjectGeneratedError.isInstance(err) || NoOutputGeneratedError.isInstance(err)) written = null;
        else throw failure(err, deadline.signal, signal);
      } finally {
        clearTimeout(timer);
      }
      // An answer must say where it comes from, and only from the passages given: one that cites nothing, or a
      // passage that does not exist, is replaced by the built-in answer from the same passages.
      return (
        (written && checkedAnswer(written, passages.length)) ?? composeAnswer(question, passages, weights)
      );
    },

    async writeDocument(request, { signal } = {}) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      let written: string;
      try {
        const result = await generateText({
          model,
          system: documentInstructions(),
          messages: documentMessages(request),
          maxRetries,
          abortSignal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal,
        });
        written = result.text.trim().replace(/^```(?:markdown|md)?\n([\s\S]*)\n```$/, '$1');
      } catch (err) {
        throw failure(err, deadline.signal, signal);
      } finally {
        clearTimeout(timer);
      }
      // A rewrite that lost a "[Missing: ...]" mark may have filled it with something invented, and one that
      // cites nothing while the draft did has left its facts' sources behind: the draft is kept instead.
      const marks = request.draft.match(MISSING_PATTERN) ?? [];
      const keptMarks = marks.every((mark) => written.includes(mark));
      const draftCites = normalizeCitations(request.draft, request.facts.length).refs.length > 0;
      const cited = normalizeCitations(written, request.facts.length);
      if (!written || !keptMarks || (draftCites && cited.refs.length === 0)) {
        return { markdown: request.draft, rewritten: false };
      }
      return { markdown: cited.text, rewritten: true };
    },
  };
}

/**
 * The model's knowledge answer as the port's, or null when it must be rejected: a citation (in `citations` or
 * a marker in the text) naming a passage it was not given, an answer that cites nothing, or a text that starts
 * with another verdict than the one given. The text leads with the verdict's label, as the built-in one does.
 */
function checkedAnswer(written: ModelKnowledgeAnswer, count: number): EngineAnswer | null {
  const { verdict } = written;
  const known = (ref: number) => ref >= 1 && ref <= count;
  const marked = normalizeCitations(written.answer, Number.POSITIVE_INFINITY).refs;
  if (!marked.every(known) || !written.citations.every(known)) return null;
  let body = written.answer.trim();
  const lead = leadingVerdict(body);
  if (verdict && lead) {
    if (lead.verdict !== verdict) return null;
    body = lead.rest;
  }
  const cited = normalizeCitations(body, count);
  const text = verdict ? withVerdict(verdict, cited.text) : cited.text;
  // The passages do not decide it: nothing to cite, and the chat says it does not know.
  if (verdict === 'not_stated') return { text, answered: false, extractive: false, verdict };
  if (cited.refs.length === 0) return null;
  return { text, answered: true, extractive: false, verdict };
}

/** "Yes. Customer data is encrypted at rest [1]." */
function withVerdict(verdict: Verdict, text: string): string {
  const label = `${VERDICT_LABELS[verdict]}.`;
  return text ? `${label} ${text.charAt(0).toUpperCase()}${text.slice(1)}` : label;
}

/** The reply in an answer still being written (`{"responseText": "Looking for fin`), or null before it starts. */
async function replySoFar(json: string): Promise<string | null> {
  const { value } = await parsePartialJson(json);
  const reply =
    value && typeof value === 'object' ? (value as { responseText?: unknown }).responseText : null;
  return typeof reply === 'string' ? reply.trimStart() : null;
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What was wrong with the answer: the schema's complaints (not the answer itself), or why it was not JSON. */
function whyInvalid(err: NoObjectGeneratedError): string {
  const validation = err.cause instanceof Error ? err.cause.cause : undefined;
  if (validation instanceof z.ZodError) {
    return validation.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || 'the answer'}: ${issue.message}`)
      .join('; ');
  }
  return describe(err.cause ?? err);
}

/** A long body or message cut to what a log line should hold. */
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}...` : flat;
};
