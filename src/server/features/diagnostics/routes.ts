import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { clientErrorSchema } from '../../../shared/client-errors.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error } from '../../http/openapi.ts';
import { clientIp, consumeRateLimit, type RateRule, tooMany } from '../../http/rate-limit.ts';
import { logClientError } from './service.ts';

/** A page in an error loop stops reporting (the browser caps itself too); a burst of real errors gets through. */
export const CLIENT_ERROR_LIMIT: RateRule = { max: 30, windowSeconds: 60 };

const routes = {
  report: createRoute({
    method: 'post',
    path: '/api/v1/client-errors',
    tags: ['Diagnostics'],
    summary:
      "Report an error the web app met in the browser, for the server log (spec 1 §9). Open to visitors too (errors on public pages count); limited per address; texts are scrubbed of personal data before they're logged",
    request: { body: { content: { 'application/json': { schema: clientErrorSchema } }, required: true } },
    responses: {
      204: { description: 'Logged' },
      400: error('Invalid input'),
      429: error('Too many requests. Please wait {n} seconds and try again.'),
    },
  }),
};

/** Public: the landing page and the sign-in modal fail before anyone has a session. */
export function diagnosticsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(routes.report, async (c) => {
    const report = c.req.valid('json');
    const ip = clientIp(c, deps.config.trustProxy);
    const decision = await consumeRateLimit(deps.database.db, `client-errors:ip:${ip}`, CLIENT_ERROR_LIMIT);
    if (!decision.allowed) return tooMany(c, decision, 'requests');
    logClientError(c.get('logger'), report, c.req.header('user-agent'));
    return c.body(null, 204);
  });

  return app;
}
