import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  aiProviderInputSchema,
  aiProviderSettingsSchema,
  aiProviderTestInputSchema,
  aiProviderTestResultSchema,
} from '../../../shared/ai-provider.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json } from '../../http/openapi.ts';
import { consumeRateLimit, tooMany } from '../../http/rate-limit.ts';
import { requireCaller } from '../../http/session.ts';
import { getAiProvider, removeAiProvider, saveAiProvider, testAiProvider } from './ai-provider.ts';

const PATH = '/api/v1/integrations/ai-provider';
const tags = ['Integrations'];
const common = { 401: error('User not authenticated') };
/** Each test makes the server call an address the user chose: a few a minute are enough to set one up. */
const TEST_RULE = { max: 20, windowSeconds: 60 };

const routes = {
  get: createRoute({
    method: 'get',
    path: PATH,
    tags,
    summary: "The caller's own AI provider (the key is never returned: only its last four characters)",
    responses: { 200: json(aiProviderSettingsSchema, 'The settings'), ...common },
  }),
  save: createRoute({
    method: 'put',
    path: PATH,
    tags,
    summary:
      "Save an OpenAI-compatible provider (base URL, model, key) for the caller's requests and jobs; an empty key keeps the saved one for the same address. Private and loopback addresses need AI_PROVIDER_ALLOW_PRIVATE=true",
    request: { body: { content: { 'application/json': { schema: aiProviderInputSchema } }, required: true } },
    responses: {
      200: json(aiProviderSettingsSchema, 'The saved settings'),
      400: error('Invalid input'),
      ...common,
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: PATH,
    tags,
    summary: "Remove the caller's provider: back to the instance's engine",
    responses: { 204: { description: 'Removed' }, ...common },
  }),
  test: createRoute({
    method: 'post',
    path: `${PATH}/test`,
    tags,
    summary:
      "Test connection: a one-token completion with the model (the given values, or the saved ones). The outcome says ok, unreachable, bad_key, unknown_model or error, with the provider's message",
    request: {
      body: { content: { 'application/json': { schema: aiProviderTestInputSchema } }, required: false },
    },
    responses: {
      200: json(aiProviderTestResultSchema, 'What the provider answered'),
      400: error('Invalid input'),
      429: error('Too many requests'),
      ...common,
    },
  }),
};

/** Integrations > AI provider: a user's own OpenAI-compatible model. */
export function aiProviderRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use(PATH, requireCaller(deps));
  app.use(`${PATH}/*`, requireCaller(deps));

  app.openapi(routes.get, async (c) => c.json(await getAiProvider(deps, c.var.caller), 200));

  app.openapi(routes.save, async (c) =>
    c.json(await saveAiProvider(deps, c.var.caller, c.req.valid('json')), 200),
  );

  app.openapi(routes.remove, async (c) => {
    await removeAiProvider(deps, c.var.caller);
    return c.body(null, 204);
  });

  app.openapi(routes.test, async (c) => {
    const decision = await consumeRateLimit(
      deps.database.db,
      `ai-provider-test:${c.var.caller.id}`,
      TEST_RULE,
    );
    if (!decision.allowed) return tooMany(c, decision, 'requests');
    const input = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : {};
    return c.json(await testAiProvider(deps, c.var.caller, input), 200);
  });

  return app;
}
