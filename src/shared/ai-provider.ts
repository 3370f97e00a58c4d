/**
 * A user's own AI provider (issue 10, `/integrations?ai-llms=true`): any OpenAI-compatible endpoint, its model
 * and a key kept encrypted on the server and never sent back. The request and response shapes, and the
 * presets the settings offer.
 */
import { z } from 'zod';

export const AI_PROVIDER_PRESETS = [
  {
    id: 'openai',
    label: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    needsKey: true,
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'openai/gpt-4o-mini',
    needsKey: true,
  },
  {
    id: 'ollama',
    label: 'Ollama (local)',
    baseUrl: 'http://localhost:11434/v1',
    model: 'llama3.1',
    needsKey: false,
  },
  {
    id: 'lmstudio',
    label: 'LM Studio (local)',
    baseUrl: 'http://localhost:1234/v1',
    model: 'local-model',
    needsKey: false,
  },
] as const;

export const AI_KEY_MAX_LENGTH = 500;

const baseUrl = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(500, 'must be at most 500 characters')
  .url({ error: 'must be an absolute http(s) URL, e.g. https://api.openai.com/v1' })
  .transform((url) => url.replace(/\/+$/, ''));
const model = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');
const apiKey = z
  .string({ error: 'must be text' })
  .trim()
  .max(AI_KEY_MAX_LENGTH, `must be at most ${AI_KEY_MAX_LENGTH} characters`)
  .regex(/^\S*$/, 'must not contain spaces');

/** `PUT`: an empty or missing key keeps the saved one (for the same address); `clearKey` removes it. */
export const aiProviderInputSchema = z
  .object({
    baseUrl,
    model,
    apiKey: apiKey.optional(),
    clearKey: z.boolean().optional(),
  })
  .strict();
export type AiProviderInput = z.input<typeof aiProviderInputSchema>;

/** `POST .../test`: unsaved values to try, or nothing to test the saved settings. */
export const aiProviderTestInputSchema = z
  .object({ baseUrl: baseUrl.optional(), model: model.optional(), apiKey: apiKey.optional() })
  .strict();
export type AiProviderTestInput = z.input<typeof aiProviderTestInputSchema>;

export const aiProviderSettingsSchema = z.object({
  /** The user saved a provider: their requests and jobs use it. */
  configured: z.boolean(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  /** "…abcd" when a key is saved (the key itself never leaves the server), else null. */
  keyHint: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The instance's engine, used when the user has none: 'builtin' (offline, no key) or 'openai'. */
  instanceEngine: z.enum(['builtin', 'openai']),
  /** Private and loopback addresses are allowed (AI_PROVIDER_ALLOW_PRIVATE=true): a local model can be used. */
  privateAllowed: z.boolean(),
});
export type AiProviderSettings = z.infer<typeof aiProviderSettingsSchema>;

export const AI_TEST_OUTCOMES = ['ok', 'unreachable', 'bad_key', 'unknown_model', 'error'] as const;

export const aiProviderTestResultSchema = z.object({
  ok: z.boolean(),
  outcome: z.enum(AI_TEST_OUTCOMES),
  /** What happened, in plain words (the provider's own error message included). */
  message: z.string(),
  model: z.string(),
  ms: z.number().int(),
});
export type AiProviderTestResult = z.infer<typeof aiProviderTestResultSchema>;

/** The hint shown for a saved key: its last four characters. */
export const keyHintOf = (key: string) => `…${key.slice(-4)}`;
