import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { AppDeps, AppEnv } from '../../context.ts';
import { errorBody, errorResponseSchema } from '../../http/errors.ts';
import { requireCaller } from '../../http/session.ts';
import { isTerminal, type JobView } from '../../jobs/queue.ts';

export const jobSchema = z
  .object({
    id: z.uuid(),
    type: z.string().openapi({ example: 'knowledge.ingest' }),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    progress: z.number().int().min(0).max(100),
    message: z.string().nullable().openapi({ description: 'What the job is doing now' }),
    result: z.unknown().openapi({ description: 'What the job produced, once succeeded' }),
    error: z.string().nullable().openapi({ description: 'Why the last attempt failed' }),
    attempts: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    userId: z.uuid().nullable(),
  })
  .openapi('Job');

const paramsSchema = z.object({
  id: z
    .uuid({ error: 'must be a UUID' })
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b7e6f0e-1c1d-4c3e-9a57-3f0f4f1e2a10' }),
});

const notFound = {
  description: 'No job with this id',
  content: { 'application/json': { schema: errorResponseSchema } },
};
const invalidId = {
  description: 'The id is not a UUID',
  content: { 'application/json': { schema: errorResponseSchema } },
};
// Declared so that the OpenAPI document names the caller a job needs (see api-keys/openapi.ts).
const unauthenticated = {
  description: 'User not authenticated',
  content: { 'application/json': { schema: errorResponseSchema } },
};

const getJobRoute = createRoute({
  method: 'get',
  path: '/api/v1/jobs/{id}',
  tags: ['Jobs'],
  summary: 'State and progress of a long-running job',
  request: { params: paramsSchema },
  responses: {
    200: { description: 'The job', content: { 'application/json': { schema: jobSchema } } },
    400: invalidId,
    401: unauthenticated,
    404: notFound,
  },
});

const jobEventsRoute = createRoute({
  method: 'get',
  path: '/api/v1/jobs/{id}/events',
  tags: ['Jobs'],
  summary: 'Server-sent events with the progress of a job',
  description:
    'Sends the current state at once as event `progress` (data: a Job as JSON), then each change, and closes ' +
    'after the job succeeded or failed.',
  request: { params: paramsSchema },
  responses: {
    200: {
      description: 'An event stream of `progress` events',
      content: {
        'text/event-stream': {
          schema: z.string().openapi({ example: 'event: progress\ndata: {"id":"…"}\n\n' }),
        },
      },
    },
    400: invalidId,
    401: unauthenticated,
    404: notFound,
  },
});

/** Changes made by another server instance reach this stream only through the database. */
const POLL_MS = 1000;
/** A comment line now and then keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
const NOT_FOUND_MESSAGE = 'Job not found';

export function jobsRoutes(deps: AppDeps) {
  const { jobs } = deps;
  // A job is visible to the user who started it only; to anyone else it does not exist.
  const ownJob = async (id: string, callerId: string) => {
    const job = await jobs.get(id);
    return job && job.userId === callerId ? job : null;
  };
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/v1/jobs/*', requireCaller(deps));
  return app
    .openapi(getJobRoute, async (c) => {
      const job = await ownJob(c.req.valid('param').id, c.var.caller.id);
      if (!job) return c.json(errorBody('NOT_FOUND', NOT_FOUND_MESSAGE), 404);
      return c.json(job, 200);
    })
    .openapi(jobEventsRoute, async (c) => {
      const { id } = c.req.valid('param');
      const initial = await ownJob(id, c.var.caller.id);
      if (!initial) return c.json(errorBody('NOT_FOUND', NOT_FOUND_MESSAGE), 404);
      const logger = c.get('logger');

      return streamSSE(
        c,
        async (stream) => {
          const pending: JobView[] = [];
          let wakeUp: (() => void) | null = null;
          const unsubscribe = jobs.subscribe(id, (job) => {
            pending.push(job);
            wakeUp?.();
          });
          stream.onAbort(() => wakeUp?.());

          // An object, not `let`s: TypeScript does not see the writes made inside send().
          const state: { last: JobView | null; lastWriteAt: number } = {
            last: null,
            lastWriteAt: Date.now(),
          };
          const send = async (job: JobView) => {
            const { last } = state;
            // Pushed events and polled rows can arrive out of order: never step back to an older state.
            if (last && (job.updatedAt < last.updatedAt || JSON.stringify(job) === JSON.stringify(last)))
              return;
            state.last = job;
            state.lastWriteAt = Date.now();
            await stream.writeSSE({ event: 'progress', data: JSON.stringify(job) });
          };
          const waitForChange = () =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(done, POLL_MS);
              wakeUp = done;
              function done() {
                clearTimeout(timer);
                wakeUp = null;
                resolve();
              }
            });

          try {
            await send(initial);
            while (!stream.aborted && !(state.last && isTerminal(state.last.status))) {
              if (pending.length === 0) await waitForChange();
              if (stream.aborted) break;
              if (pending.length > 0) {
                for (const job of pending.splice(0)) await send(job);
              } else {
                const job = await jobs.get(id);
                if (!job) break;
                await send(job);
              }
              if (Date.now() - state.lastWriteAt >= KEEPALIVE_MS) {
                state.lastWriteAt = Date.now();
                await stream.write(': keep-alive\n\n');
              }
            }
          } finally {
            unsubscribe();
          }
        },
        async (err) => {
          logger.error({ err, jobId: id }, 'job event stream failed');
        },
      );
    });
}
