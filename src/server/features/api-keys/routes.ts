import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  API_KEY_LIMIT_REACHED,
  API_KEY_NOT_FOUND,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeySchema,
} from '../../../shared/api-keys.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

const PATH = '/api/v1/integrations/api-keys';
const tags = ['API keys'];
const common = {
  401: error('User not authenticated'),
  403: error('API keys cannot manage API keys: sign in to the app'),
};

const routes = {
  list: createRoute({
    method: 'get',
    path: PATH,
    tags,
    summary: 'Your API keys, newest first, revoked ones included (the key itself is never shown again)',
    responses: { 200: json(apiKeyListSchema.openapi('ApiKeyList'), 'Keys'), ...common },
  }),
  create: createRoute({
    method: 'post',
    path: PATH,
    tags,
    summary:
      'Create a key with a name and scopes. The answer holds the whole key, once: only its hash is stored.',
    request: {
      body: { content: { 'application/json': { schema: apiKeyCreateSchema } }, required: true },
    },
    responses: {
      201: json(apiKeyCreatedSchema.openapi('ApiKeyCreated'), 'The key, with `key` shown this once'),
      400: error('Invalid input (empty name, unknown scope)'),
      ...common,
      409: error(API_KEY_LIMIT_REACHED),
    },
  }),
  revoke: createRoute({
    method: 'delete',
    path: `${PATH}/{id}`,
    tags,
    summary: 'Revoke a key: requests with it fail from now on. The key stays in the list, marked revoked.',
    request: { params: z.object({ id: z.uuid({ error: 'must be an API key id (UUID)' }) }) },
    responses: {
      200: json(apiKeySchema.openapi('ApiKey'), 'The revoked key'),
      400: error('Invalid input'),
      ...common,
      404: error(API_KEY_NOT_FOUND),
    },
  }),
};

/** Managing API keys needs a browser session: `requireCaller` refuses API keys on these paths (no scope covers them). */
export function apiKeysRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  app.use(PATH, requireCaller(deps));
  app.use(`${PATH}/*`, requireCaller(deps));

  app.openapi(routes.list, async (c) => c.json({ keys: await listApiKeys(db, c.var.caller) }, 200));
  app.openapi(routes.create, async (c) =>
    c.json(await createApiKey(db, c.var.caller, c.req.valid('json')), 201),
  );
  app.openapi(routes.revoke, async (c) =>
    c.json(await revokeApiKey(db, c.var.caller, c.req.valid('param').id), 200),
  );
  return app;
}
