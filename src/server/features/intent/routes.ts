import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { INTENT_SIGNAL_KINDS, INTENT_SORTS, intentListSchema } from '../../../shared/buyer-intent.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json, many } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { listBuyerIntent } from './service.ts';

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;
const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const listQuery = z
  .object({
    minScore: whole(0, 100).default(0),
    /** Repeated (`kind=prospect&kind=rfp`) or comma-separated: companies holding any of these signals. */
    kind: many(200)
      .transform((values) =>
        values
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(INTENT_SIGNAL_KINDS, { error: oneOf(INTENT_SIGNAL_KINDS) }))),
    sort: z.enum(INTENT_SORTS, { error: oneOf(INTENT_SORTS) }).default('score'),
    limit: whole(1, 100).default(25),
    offset: whole(0, 100_000).default(0),
  })
  // An unknown parameter is a mistake (a typo in a filter name), not something to ignore silently.
  .strict();

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/v1/buyer-intent',
    tags: ['Buyer intent'],
    summary:
      "The companies the caller's own signals point to (mentions in their documents, prospects, My Companies, people, generated documents, RFPs, events, agent runs), scored 0-100 with the fit against their ICP, each with its signals, evidence and reason. No third-party intent data. Filter by minimum score and signal kind; sort by score, most recent signal or name.",
    request: { query: listQuery },
    responses: {
      200: json(intentListSchema.openapi('BuyerIntentList'), 'Ranked companies'),
      400: error('Invalid input'),
      401: error('User not authenticated'),
    },
  }),
};

export function buyerIntentRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  app.use('/api/v1/buyer-intent', requireCaller(deps));

  app.openapi(routes.list, async (c) => {
    const { minScore, kind, sort, limit, offset } = c.req.valid('query');
    return c.json(
      await listBuyerIntent(db, c.var.caller, { minScore, kinds: kind, sort, limit, offset }),
      200,
    );
  });
  return app;
}
