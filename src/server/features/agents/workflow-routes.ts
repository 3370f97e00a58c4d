import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  WORKFLOW_STATE_MAX_BYTES,
  WORKFLOW_TOO_LARGE,
  workflowStateSchema,
} from '../../../shared/workflow.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { deleteWorkflow, getWorkflow, saveWorkflow } from './workflow.ts';

const PATH = '/api/v1/workflow';

const workflowResponse = json(
  z
    .object({
      state: workflowStateSchema.nullable(),
      updatedAt: z.string().nullable().openapi({ description: 'When the server stored the state' }),
    })
    .openapi('Workflow'),
  "The caller's workflow state, or null when there is none or it is 24 hours old",
);

const routes = {
  get: createRoute({
    method: 'get',
    path: PATH,
    tags: ['Agents'],
    summary:
      "The caller's agent workflow (spec 3 §3 'Workflow state'): history, company and search in progress, recommendations. Null when none was saved or the last save is 24 hours old.",
    responses: { 200: workflowResponse, 401: error('User not authenticated') },
  }),
  put: createRoute({
    method: 'put',
    path: PATH,
    tags: ['Agents'],
    summary: `Replace the caller's workflow state (history at most 10 steps, each free-form payload at most 32 KB, the whole at most ${WORKFLOW_STATE_MAX_BYTES / 1024} KB as JSON).`,
    request: { body: { content: { 'application/json': { schema: workflowStateSchema } }, required: true } },
    responses: {
      200: workflowResponse,
      400: error('Invalid input'),
      401: error('User not authenticated'),
      413: error(WORKFLOW_TOO_LARGE),
    },
  }),
  delete: createRoute({
    method: 'delete',
    path: PATH,
    tags: ['Agents'],
    summary: "Forget the caller's workflow state (start over)",
    responses: {
      204: { description: 'Forgotten (also when there was none)' },
      401: error('User not authenticated'),
    },
  }),
};

/** GET, PUT and DELETE /api/v1/workflow: the signed-in caller's agent workflow, kept on the server. */
export function workflowRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  app.use(PATH, requireCaller(deps));
  // A body far beyond what the schema accepts is refused before it is read (JSON escapes may double it).
  app.use(
    PATH,
    bodyLimit({
      maxSize: WORKFLOW_STATE_MAX_BYTES * 2,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, WORKFLOW_TOO_LARGE);
      },
    }),
  );

  app.openapi(routes.get, async (c) => c.json(await getWorkflow(db, c.var.caller), 200));

  app.openapi(routes.put, async (c) =>
    c.json(await saveWorkflow(db, c.var.caller, c.req.valid('json')), 200),
  );

  app.openapi(routes.delete, async (c) => {
    await deleteWorkflow(db, c.var.caller);
    return c.body(null, 204);
  });

  return app;
}
