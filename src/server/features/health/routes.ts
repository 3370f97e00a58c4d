import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AiHealth } from '../../ai/fallback-engine.ts';
import { AI_PROVIDERS } from '../../config.ts';
import type { AppDeps, AppEnv } from '../../context.ts';

const checksSchema = z.object({
  database: z.enum(['ok', 'restarting', 'unavailable']).openapi({
    description:
      'restarting: the embedded database thread stopped answering and is being replaced (PGLITE_STALL_SECONDS)',
  }),
  data: z.enum(['loading', 'ready', 'failed']).openapi({
    description: "The shared company and people data (loading on a new server's first start)",
  }),
  ai: z.enum(['ok', 'unavailable', 'builtin']).openapi({
    description:
      "The instance's AI model, as its last calls found it (no call is made for this check): ok (it answered, or " +
      'was not called yet), unavailable (its last call failed: the built-in engine answers meanwhile, and ' +
      'status is degraded), builtin (no model is configured: the built-in engine answers)',
  }),
});

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    ai: z.enum(AI_PROVIDERS),
    version: z.string(),
    live: z.literal(true),
    ready: z.boolean(),
    checks: checksSchema,
  })
  .openapi('Health');

const liveSchema = z.object({ live: z.literal(true) }).openapi('Liveness');

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['System'],
  summary: 'Health of this server: its database, its data, its AI model and its configuration',
  responses: {
    200: json(
      healthSchema,
      'The server and its database answer (ready says whether the data is in too; status is degraded while the AI model is unavailable)',
    ),
    503: json(healthSchema, 'The database does not answer, or is being restarted'),
  },
});

const liveRoute = createRoute({
  method: 'get',
  path: '/api/health/live',
  tags: ['System'],
  summary: 'Liveness: the process answers (restart it when this fails)',
  responses: { 200: json(liveSchema, 'The process answers') },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/api/health/ready',
  tags: ['System'],
  summary: 'Readiness: send traffic here (the database answers and the shared data is loaded)',
  responses: {
    200: json(healthSchema, 'Ready'),
    503: json(healthSchema, 'Not ready: the database is restarting or unavailable, or the data is loading'),
  },
});

/** A PostgreSQL ping is cached this long, so load balancers polling health cost the database nothing. */
const PING_TTL_MS = 1000;
/** Health answers within 2 s whatever the database does: a ping slower than this counts as no answer. */
const PING_TIMEOUT_MS = 1500;

/** `ai` is the instance's AI model state (the circuit breaker of ../../ai/fallback-engine.ts). */
export function healthRoutes({ database, config, version, dataLoad }: AppDeps, ai: () => AiHealth) {
  let lastPing = { at: 0, ok: true };
  let inFlight: Promise<boolean> | null = null;
  const ping = () => {
    inFlight ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      database.db.execute(sql`select 1`).then(
        () => resolve(true),
        () => resolve(false),
      );
      // The timer must not keep a closing server's process alive.
      timer.unref();
    }).then((ok) => {
      lastPing = { at: Date.now(), ok };
      inFlight = null;
      return ok;
    });
    return inFlight;
  };

  const report = async () => {
    let databaseCheck: z.infer<typeof checksSchema>['database'];
    // The embedded database has one connection: a ping would wait behind the statement in progress (an
    // upload's indexing, a draft) and call a busy database down. Its thread has a watchdog of its own, which
    // replaces it when it stops answering (PGLITE_STALL_SECONDS): health reports what the watchdog sees.
    if (database.thread) databaseCheck = database.thread.available ? 'ok' : 'restarting';
    else {
      const ok = Date.now() - lastPing.at < PING_TTL_MS ? lastPing.ok : await ping();
      databaseCheck = ok ? 'ok' : 'unavailable';
    }
    const data = dataLoad.overall;
    const answers = databaseCheck === 'ok';
    // A model that is down leaves the app answering with the built-in engine: degraded, still served.
    const aiCheck = ai();
    return {
      body: {
        status: answers && aiCheck !== 'unavailable' ? 'ok' : 'degraded',
        database: database.mode,
        ai: config.ai.provider,
        version,
        live: true,
        ready: answers && data === 'ready',
        checks: { database: databaseCheck, data, ai: aiCheck },
      } as const,
      answers,
    };
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(healthRoute, async (c) => {
      const { body, answers } = await report();
      return answers ? c.json(body, 200) : c.json(body, 503);
    })
    .openapi(liveRoute, (c) => c.json({ live: true } as const, 200))
    .openapi(readyRoute, async (c) => {
      const { body } = await report();
      return body.ready ? c.json(body, 200) : c.json(body, 503);
    });
}
