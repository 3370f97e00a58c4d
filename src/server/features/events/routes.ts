import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  EVENT_SUBJECT_TYPES,
  EVENT_TYPES,
  EVENTS_PAGE_MAX,
  eventListSchema,
} from '../../../shared/events.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, int, json, many } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { listEvents } from './service.ts';

const tags = ['Events'];

const query = z
  .object({
    type: many(60)
      .pipe(z.array(z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` })))
      .openapi({ type: 'array', items: { type: 'string', enum: [...EVENT_TYPES] } }),
    subjectType: z
      .enum(EVENT_SUBJECT_TYPES, { error: `must be one of ${EVENT_SUBJECT_TYPES.join(', ')}` })
      .optional(),
    subjectId: z.uuid({ error: 'must be an id (UUID)' }).optional(),
    cursor: z.string().max(200).optional(),
    limit: int(1, EVENTS_PAGE_MAX),
  })
  .strict();

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/v1/events',
    tags,
    summary: `What happened in your account, newest first: ${EVENT_TYPES.join(', ')}. Filter by \`type\` (repeatable) and by subject (\`subjectType\`, \`subjectId\`); \`nextCursor\` gives the next page.`,
    request: { query },
    responses: {
      200: json(eventListSchema, 'A page of events'),
      400: error('Invalid input'),
      401: error('User not authenticated'),
    },
  }),
};

/** The events timeline. */
export function eventsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/v1/events', requireCaller(deps));
  app.openapi(routes.list, async (c) => {
    const q = c.req.valid('query');
    const page = await listEvents(deps.database.db, c.var.caller, {
      types: q.type,
      subjectType: q.subjectType,
      subjectId: q.subjectId,
      cursor: q.cursor,
      limit: q.limit,
    });
    return c.json(page, 200);
  });
  return app;
}
