import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ARCHITECTURE_DISABLED,
  ARCHITECTURE_INVALID_PASSWORD,
  architectureDocumentSchema,
  architectureStatusSchema,
  architectureUnlockSchema,
} from '../../../shared/architecture.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json } from '../../http/openapi.ts';
import { clientIp, consumeRateLimit, type RateRule, tooMany } from '../../http/rate-limit.ts';
import type { OpenApiDocument } from './figures.ts';
import { requireEnabled, unlockArchitecture } from './service.ts';

/** Guessing a shared password: a person needs a few tries, a script gets 10 per quarter hour per address. */
const UNLOCK_LIMIT: RateRule = { max: 10, windowSeconds: 900 };

const tags = ['Architecture'];

const routes = {
  status: createRoute({
    method: 'get',
    path: '/api/v1/architecture',
    tags,
    summary: 'Whether the internal architecture page is enabled (ARCHITECTURE_PASSWORD is set); no content',
    responses: { 200: json(architectureStatusSchema, 'Enabled or not') },
  }),
  unlock: createRoute({
    method: 'post',
    path: '/api/v1/architecture/unlock',
    tags,
    // Public behind the shared password: its 401 is a wrong password, not a missing sign-in.
    security: [],
    summary:
      'The architecture page for the shared password: nine tabs describing this system, with figures read from it',
    request: {
      body: { content: { 'application/json': { schema: architectureUnlockSchema } }, required: true },
    },
    responses: {
      200: json(architectureDocumentSchema, 'The page content'),
      400: error('Invalid input'),
      401: error(ARCHITECTURE_INVALID_PASSWORD),
      404: error(ARCHITECTURE_DISABLED),
      429: error('Too many attempts. Please wait {n} seconds and try again.'),
    },
  }),
};

/** Public routes (spec 3 §2): the page is reached without signing in, behind one shared password. */
export function architectureRoutes(deps: AppDeps, openApi: () => OpenApiDocument) {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(routes.status, (c) => c.json({ enabled: deps.config.architecture.password !== null }, 200));

  app.openapi(routes.unlock, async (c) => {
    requireEnabled(deps.config);
    const ip = clientIp(c, deps.config.trustProxy);
    const decision = await consumeRateLimit(deps.database.db, `architecture-unlock:ip:${ip}`, UNLOCK_LIMIT);
    if (!decision.allowed) return tooMany(c, decision, 'attempts');
    const document = await unlockArchitecture(deps, openApi, c.req.valid('json').password);
    c.header('cache-control', 'no-store');
    return c.json(document, 200);
  });

  return app;
}
