/**
 * The `openai` AI engine (DESIGN.md "AI"): any OpenAI-compatible chat-completions endpoint (OpenAI, Azure,
 * Ollama, vLLM, LM Studio) through the Vercel AI SDK. The analysis is asked for as structured output in one
 * streamed call, so the reply in it can be shown as it is written, and the whole answer is checked against the
 * shared schema; whatever goes wrong (an HTTP error, silence, output that is not a valid analysis, a cancelled
 * request) rejects, so the copilot answers spec 3 §8's fallback and charges nothing.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  generateText,
  NoObjectGeneratedError,
  Output,
  parsePartialJson,
  RetryError,
  streamText,
} from 'ai';
import { z } from 'zod';
import { analysisSchema } from '../../../shared/copilot.ts';
import { MISSING_PATTERN } from '../../../shared/docgen.ts';
import { composeExtractiveAnswer } from '../builtin/answer.ts';
import { normalizeCitations } from '../citations.ts';
import type { AiEngine } from '../port.ts';
import {
  analysisInstructions,
  answerInstructions,
  answerMessages,
  chatMessages,
  documentInstructions,
  documentMessages,
  NO_ANSWER,
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

/** Why the engine failed, in one line a log can hold: no key, no prompt, no stack of SDK internals. */
export class AiEngineError extends Error {
  override name = 'AiEngineError';
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
  const failure = (err: unknown, deadline: AbortSignal, caller?: AbortSignal): Error => {
    if (caller?.aborted) return new AiEngineError('The request to the model was cancelled');
    if (deadline.aborted) return new AiEngineError(`The model did not answer within ${timeoutMs / 1000} s`);
    const cause = RetryError.isInstance(err) ? err.lastError : err;
    let message: string;
    if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
      message = `The model endpoint answered HTTP ${cause.statusCode}: ${excerpt(cause.responseBody ?? cause.message)}`;
    } else if (NoObjectGeneratedError.isInstance(cause)) {
      message = `The model's answer is not a valid analysis: ${excerpt(whyInvalid(cause))}`;
    } else {
      message = `The model endpoint failed: ${excerpt(describe(cause))}`;
    }
    return new AiEngineError(options.apiKey ? message.replaceAll(options.apiKey, '[redacted]') : message);
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
          if (part.type === 'abort') throw new AiEngineError('aborted');
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

    async answer(question, passages, history, { signal } = {}) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      let written: string;
      try {
        const result = await generateText({
          model,
          system: answerInstructions(),
          messages: answerMessages(question, passages, history),
          maxRetries,
          abortSignal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal,
        });
        written = result.text.trim();
      } catch (err) {
        throw failure(err, deadline.signal, signal);
      } finally {
        clearTimeout(timer);
      }
      // The model read the passages and found no answer in them: the chat says it does not know.
      if (written.startsWith(NO_ANSWER)) {
        return { text: '', answered: false, extractive: false, verdict: null };
      }
      // An answer must say where it comes from: one that cites no passage (or only passages that do not exist)
      // is replaced by the extractive answer from the same passages.
      const cited = normalizeCitations(written, passages.length);
      if (cited.refs.length === 0) {
        return {
          text: composeExtractiveAnswer(question, passages),
          answered: true,
          extractive: true,
          verdict: null,
        };
      }
      return { text: cited.text, answered: true, extractive: false, verdict: null };
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
