/**
 * A user's own AI provider (issue 10): an OpenAI-compatible base URL, a model and a key sealed with the secret
 * box, in `user_integrations` (kind 'ai_provider'). The key never leaves the server; the settings answer "a key
 * is set, ending …abcd". Saved, it becomes the engine of the user's requests and jobs (src/server/ai/user-engines.ts).
 * The base URL is the user's and the server fetches it: private and loopback addresses are refused unless
 * the operator allowed them (AI_PROVIDER_ALLOW_PRIVATE), so nobody can make the server call its own network.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AiProviderSettings,
  type AiProviderTestResult,
  aiProviderInputSchema,
  type aiProviderTestInputSchema,
  keyHintOf,
} from '../../../shared/ai-provider.ts';
import { createOpenAiEngine } from '../../ai/openai/openai-engine.ts';
import type { AiEngine } from '../../ai/port.ts';
import { OPENAI_DEFAULT_BASE_URL } from '../../config.ts';
import type { AppDeps, Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { userIntegrations } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import { checkOutboundUrl } from '../../http/outbound-url.ts';

type Deps = Pick<AppDeps, 'database' | 'secrets' | 'config' | 'logger'> & {
  aiEngines: Pick<AppDeps['aiEngines'], 'forget'>;
};
type Saved = { baseUrl: string; model: string };
type Row = typeof userIntegrations.$inferSelect;

const KIND = 'ai_provider';
/** How long "test connection" waits for the provider. */
export const TEST_TIMEOUT_MS = 10_000;

const urlPolicy = (deps: Pick<Deps, 'config'>) => ({
  allowPrivate: deps.config.aiProviderAllowPrivate,
  allowVariable: 'AI_PROVIDER_ALLOW_PRIVATE',
  label: 'The base URL',
});

async function savedRow(tx: Db, userId: string): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(userIntegrations)
    .where(and(eq(userIntegrations.userId, userId), eq(userIntegrations.kind, KIND)));
  return row ?? null;
}

const savedConfig = (row: Row): Saved => row.config as Saved;
const originOf = (url: string) => new URL(url).origin;

function settingsOf(deps: Deps, row: Row | null): AiProviderSettings {
  const common = {
    instanceEngine: deps.config.ai.provider,
    privateAllowed: deps.config.aiProviderAllowPrivate,
  };
  if (!row) {
    return { configured: false, baseUrl: null, model: null, keyHint: null, updatedAt: null, ...common };
  }
  const { baseUrl, model } = savedConfig(row);
  return {
    configured: true,
    baseUrl,
    model,
    keyHint: row.secretEncrypted ? keyHintOf(deps.secrets.open(row.secretEncrypted)) : null,
    updatedAt: row.updatedAt.toISOString(),
    ...common,
  };
}

export function getAiProvider(deps: Deps, caller: Caller): Promise<AiProviderSettings> {
  return withUser(deps.database.db, caller.id, async (tx) => settingsOf(deps, await savedRow(tx, caller.id)));
}

/** OpenAI's own API refuses every request without a key: saying so now beats a failing copilot later. */
function requireKeyForOpenAi(baseUrl: string, key: string | null) {
  if (!key && originOf(baseUrl) === originOf(OPENAI_DEFAULT_BASE_URL)) {
    throw new AppError('VALIDATION_ERROR', 400, "OpenAI's API needs a key: enter your API key");
  }
}

/**
 * Saves the settings. An empty key keeps the saved one, but only for the same address: a key is never sent to
 * a host it was not given for.
 */
export async function saveAiProvider(
  deps: Deps,
  caller: Caller,
  input: z.input<typeof aiProviderInputSchema>,
): Promise<AiProviderSettings> {
  const { baseUrl, model, apiKey, clearKey } = aiProviderInputSchema.parse(input);
  await checkOutboundUrl(baseUrl, urlPolicy(deps));
  const db = deps.database.db;
  const settings = await withUser(db, caller.id, async (tx) => {
    const row = await savedRow(tx, caller.id);
    let sealed: string | null = null;
    if (apiKey) sealed = deps.secrets.seal(apiKey);
    else if (row?.secretEncrypted && !clearKey && originOf(savedConfig(row).baseUrl) === originOf(baseUrl)) {
      sealed = row.secretEncrypted;
    }
    requireKeyForOpenAi(baseUrl, sealed);
    const config: Saved = { baseUrl, model };
    const [saved] = await tx
      .insert(userIntegrations)
      .values({ userId: caller.id, kind: KIND, config, secretEncrypted: sealed })
      .onConflictDoUpdate({
        target: [userIntegrations.userId, userIntegrations.kind],
        set: { config, secretEncrypted: sealed, updatedAt: new Date() },
      })
      .returning();
    return settingsOf(deps, saved ?? null);
  });
  deps.aiEngines.forget(caller.id);
  return settings;
}

/** Removes the user's provider: their requests go back to the instance's engine. */
export async function removeAiProvider(deps: Deps, caller: Caller): Promise<void> {
  await withUser(deps.database.db, caller.id, (tx) =>
    tx
      .delete(userIntegrations)
      .where(and(eq(userIntegrations.userId, caller.id), eq(userIntegrations.kind, KIND))),
  );
  deps.aiEngines.forget(caller.id);
}

/** The engine of the user's saved provider, or null (none saved, or its address is no longer allowed). */
export async function loadUserEngine(
  deps: Omit<Deps, 'aiEngines'>,
  userId: string,
): Promise<AiEngine | null> {
  const row = await withUser(deps.database.db, userId, (tx) => savedRow(tx, userId));
  if (!row) return null;
  const { baseUrl, model } = savedConfig(row);
  // Checked again: the name may resolve elsewhere now, or the operator took the allowance back.
  try {
    await checkOutboundUrl(baseUrl, urlPolicy(deps));
  } catch (err) {
    deps.logger.warn(
      { userId, reason: (err as Error).message },
      "a user's AI provider is refused; using the instance's",
    );
    return null;
  }
  const apiKey = row.secretEncrypted ? deps.secrets.open(row.secretEncrypted) : null;
  return createOpenAiEngine({ baseUrl, model, apiKey });
}

/**
 * "Test connection": a one-token completion with the model, so the address, the key and the model are all
 * tried. Unsaved values are tried as given (an empty key takes the saved one for the same address). The
 * provider's failure is the result, not an error of this request: only bad input answers 400.
 */
export async function testAiProvider(
  deps: Deps,
  caller: Caller,
  input: z.infer<typeof aiProviderTestInputSchema>,
): Promise<AiProviderTestResult> {
  const row = await withUser(deps.database.db, caller.id, (tx) => savedRow(tx, caller.id));
  const saved = row ? savedConfig(row) : null;
  const baseUrl = input.baseUrl ?? saved?.baseUrl;
  const model = input.model ?? saved?.model;
  if (!baseUrl || !model) {
    throw new AppError('VALIDATION_ERROR', 400, 'Nothing to test: enter a base URL and a model');
  }
  let key = input.apiKey || null;
  if (!key && row?.secretEncrypted && saved && originOf(saved.baseUrl) === originOf(baseUrl)) {
    key = deps.secrets.open(row.secretEncrypted);
  }
  await checkOutboundUrl(baseUrl, urlPolicy(deps));
  return tryCompletion(baseUrl, model, key);
}

/** The provider's own words from an OpenAI-style error body (`{error: {message}}`), or the body itself. */
function providerMessage(body: string): string {
  let text = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const found =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message ?? body);
    text = String(found);
  } catch {}
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}...` : flat || 'no message';
}

async function tryCompletion(
  baseUrl: string,
  model: string,
  key: string | null,
): Promise<AiProviderTestResult> {
  const started = performance.now();
  const url = `${baseUrl}/chat/completions`;
  const result = (ok: boolean, outcome: AiProviderTestResult['outcome'], message: string) => ({
    ok,
    outcome,
    // An endpoint may echo the key back in its error: it never reaches the browser.
    message: key ? message.replaceAll(key, '[redacted]') : message,
    model,
    ms: Math.round(performance.now() - started),
  });
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Say OK.' }], max_tokens: 1 }),
      // A redirect could lead anywhere, a private address included: it is reported, not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (err as Error).name === 'TimeoutError'
        ? `it did not answer within ${TEST_TIMEOUT_MS / 1000} s`
        : (cause?.code ?? cause?.message ?? (err as Error).message);
    return result(false, 'unreachable', `Could not reach ${baseUrl}: ${why}`);
  }
  const body = await response.text().catch(() => '');
  const status = response.status;
  if (response.ok) return result(true, 'ok', `Connected: ${model} answered at ${baseUrl}`);
  if (status >= 300 && status < 400) {
    return result(
      false,
      'error',
      `The address redirects (HTTP ${status}) to ${response.headers.get('location') ?? 'another address'}: enter the final address`,
    );
  }
  const said = providerMessage(body);
  if (status === 401 || status === 403) {
    return result(false, 'bad_key', `The provider refused the key (HTTP ${status}): ${said}`);
  }
  if ((status === 404 || status === 400) && /model/i.test(said)) {
    return result(
      false,
      'unknown_model',
      `The provider does not know the model "${model}" (HTTP ${status}): ${said}`,
    );
  }
  if (status === 404) {
    return result(
      false,
      'error',
      `Nothing answers at ${url} (HTTP 404): check the base URL (it usually ends in /v1)`,
    );
  }
  return result(false, 'error', `The provider answered HTTP ${status}: ${said}`);
}
