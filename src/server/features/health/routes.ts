import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { AI_PROVIDERS } from '../../config.ts';
import type { AppDeps, AppEnv } from '../../context.ts';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    ai: z.enum(AI_PROVIDERS),
    version: z.string(),
  })
  .openapi('Health');

const route = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['System'],
  summary: 'Liveness and configuration of this server',
  responses: {
    200: {
      description: 'The server and its database answer',
      content: { 'application/json': { schema: healthSchema } },
    },
    503: {
      description: 'The database does not answer',
      content: { 'application/json': { schema: healthSchema } },
    },
  },
});

/** A database ping is cached this long, so load balancers polling /api/health cost the database nothing. */
const PING_TTL_MS = 1000;

export function healthRoutes({ database, config, version }: AppDeps) {
  let lastPing = { at: 0, ok: true };
  const databaseAnswers = async () => {
    if (Date.now() - lastPing.at < PING_TTL_MS) return lastPing.ok;
    const ok = await database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    lastPing = { at: Date.now(), ok };
    return ok;
  };

  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const ok = await databaseAnswers();
    const body = {
      status: ok ? 'ok' : 'degraded',
      database: database.mode,
      ai: config.ai.provider,
      version,
    } as const;
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
}
