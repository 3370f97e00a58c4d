import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ACCOUNT_HEALTHS,
  addedProspectSchema,
  FORECAST_TIMELINE_MAX_DAYS,
  forecastInputSchema,
  LIFECYCLE_POSITIONS,
  momentumOverrideSchema,
  PROSPECT_SORTS,
  PROSPECT_STATUSES,
  prospectChangeSchema,
  prospectCreateSchema,
  prospectDetailSchema,
  prospectListSchema,
  prospectPipelineSchema,
  REVENUE_POTENTIALS,
} from '../../../shared/prospects.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { prospectExportRoutes } from './export-routes.ts';
import { prospectImportRoutes } from './import-routes.ts';
import {
  COMPANY_NOT_FOUND,
  changeProspect,
  clearMomentumOverride,
  deleteProspect,
  FORECAST_NOT_FOUND,
  findOrCreateProspect,
  getProspect,
  getProspectPipeline,
  listProspects,
  overrideMomentum,
  PROSPECT_NOT_FOUND,
  removeForecast,
  saveForecast,
} from './service.ts';

const oneOf = (values: readonly string[]) => ({ error: `must be one of ${values.join(', ')}` });

const listQuery = z
  .object({
    status: z.enum(PROSPECT_STATUSES, oneOf(PROSPECT_STATUSES)).optional(),
    accountHealth: z.enum(ACCOUNT_HEALTHS, oneOf(ACCOUNT_HEALTHS)).optional(),
    lifecyclePosition: z.enum(LIFECYCLE_POSITIONS, oneOf(LIFECYCLE_POSITIONS)).optional(),
    revenuePotential: z.enum(REVENUE_POTENTIALS, oneOf(REVENUE_POTENTIALS)).optional(),
    q: z.string().max(200, 'must be at most 200 characters').optional(),
    sort: z.enum(PROSPECT_SORTS, oneOf(PROSPECT_SORTS)).default('updated'),
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(50),
    offset: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(100_000, 'must be at most 100000')
      .default(0),
  })
  // An unknown parameter is a mistake (a typo in a filter name), not something to ignore silently.
  .strict();

/** The list's filters without its order and page: the charts are over every match. */
const pipelineQuery = listQuery.omit({ sort: true, limit: true, offset: true });

const prospectId = z.object({ id: z.uuid({ error: 'must be a prospect id (UUID)' }) });
const forecastParams = prospectId.extend({
  timelineDays: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(FORECAST_TIMELINE_MAX_DAYS, `must be at most ${FORECAST_TIMELINE_MAX_DAYS} days`),
});

const detail = prospectDetailSchema.openapi('Prospect');
const added = addedProspectSchema.openapi('AddedProspect');
const body = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
const withProspect = { ...common, 404: error(PROSPECT_NOT_FOUND) };

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/v1/prospects',
    tags: ['Prospects'],
    summary:
      "The caller's prospects, filtered by status, account health, lifecycle position, revenue potential and name, sorted, with the pipeline totals per scenario of every match and the counts by status, health and lifecycle",
    request: { query: listQuery },
    responses: { 200: json(prospectListSchema.openapi('ProspectList'), 'Prospects'), ...common },
  }),
  pipeline: createRoute({
    method: 'get',
    path: '/api/v1/prospects/pipeline',
    tags: ['Prospects'],
    summary:
      "The Account Management charts over the caller's prospects (same filters as the list): count and forecast per status (whatever the status filter), and the forecasts by the month they are expected to close (the longest timeline's days after the forecast was set)",
    request: { query: pipelineQuery },
    responses: { 200: json(prospectPipelineSchema.openapi('ProspectPipeline'), 'The charts'), ...common },
  }),
  create: createRoute({
    method: 'post',
    path: '/api/v1/prospects',
    tags: ['Prospects'],
    summary:
      "Find the caller's prospect of that name, or create it with spec 3 §4's defaults; from a company, its place and head count fill what the company data knows",
    request: { body: body(prospectCreateSchema) },
    responses: {
      201: json(added, 'Created'),
      200: json(added, 'It was a prospect already'),
      ...common,
      404: error(COMPANY_NOT_FOUND),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/prospects/{id}',
    tags: ['Prospects'],
    summary:
      'One prospect with its forecasts (by timeline), its deal momentum (computed, or the manual override) and its recent activity',
    request: { params: prospectId },
    responses: { 200: json(detail, 'The prospect'), ...withProspect },
  }),
  change: createRoute({
    method: 'patch',
    path: '/api/v1/prospects/{id}',
    tags: ['Prospects'],
    summary: 'Change the status, account health, revenue potential or lifecycle position',
    request: { params: prospectId, body: body(prospectChangeSchema) },
    responses: { 200: json(detail, 'The prospect as it now is'), ...withProspect },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/v1/prospects/{id}',
    tags: ['Prospects'],
    summary: 'Delete a prospect with its forecasts, momentum and activity',
    request: { params: prospectId },
    responses: { 204: { description: 'Deleted' }, ...withProspect },
  }),
  saveForecast: createRoute({
    method: 'put',
    path: '/api/v1/prospects/{id}/forecasts',
    tags: ['Prospects'],
    summary:
      'Write the three-scenario forecast of one timeline (120 days and 75 % confidence unless given), marked as edited by the user now; conservative ≤ realistic ≤ optimistic',
    request: { params: prospectId, body: body(forecastInputSchema) },
    responses: { 200: json(detail, 'The prospect as it now is'), ...withProspect },
  }),
  removeForecast: createRoute({
    method: 'delete',
    path: '/api/v1/prospects/{id}/forecasts/{timelineDays}',
    tags: ['Prospects'],
    summary: 'Remove the forecast of one timeline',
    request: { params: forecastParams },
    responses: {
      200: json(detail, 'The prospect as it now is'),
      ...common,
      404: error(`${PROSPECT_NOT_FOUND} / ${FORECAST_NOT_FOUND}`),
    },
  }),
  overrideMomentum: createRoute({
    method: 'put',
    path: '/api/v1/prospects/{id}/momentum',
    tags: ['Prospects'],
    summary:
      'Override the computed deal momentum with your own (velocity score, trend, progress, insight); kept until cleared',
    request: { params: prospectId, body: body(momentumOverrideSchema) },
    responses: { 200: json(detail, 'The prospect as it now is'), ...withProspect },
  }),
  clearOverride: createRoute({
    method: 'delete',
    path: '/api/v1/prospects/{id}/momentum/override',
    tags: ['Prospects'],
    summary: 'Clear a manual momentum override: the computed momentum applies again',
    request: { params: prospectId },
    responses: { 200: json(detail, 'The prospect as it now is'), ...withProspect },
  }),
};

export function prospectsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  app.use('/api/v1/prospects', requireCaller(deps));
  app.use('/api/v1/prospects/*', requireCaller(deps));
  // Before `/{id}`, which would take "export.csv" for an id.
  app.route('/', prospectExportRoutes(deps));
  app.route('/', prospectImportRoutes(deps));

  app.openapi(routes.list, async (c) =>
    c.json(await listProspects(db, c.var.caller, c.req.valid('query')), 200),
  );

  // Before `/{id}`, which would take "pipeline" for an id.
  app.openapi(routes.pipeline, async (c) =>
    c.json(await getProspectPipeline(db, c.var.caller, c.req.valid('query')), 200),
  );

  app.openapi(routes.create, async (c) => {
    const { name, companyId } = c.req.valid('json');
    const { caller } = c.var;
    const prospect = await findOrCreateProspect(db, caller, name, companyId);
    const found = { ...(await getProspect(db, caller, prospect.id)), created: prospect.created };
    return prospect.created ? c.json(found, 201) : c.json(found, 200);
  });

  app.openapi(routes.get, async (c) =>
    c.json(await getProspect(db, c.var.caller, c.req.valid('param').id), 200),
  );

  app.openapi(routes.change, async (c) =>
    c.json(await changeProspect(db, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(routes.remove, async (c) => {
    await deleteProspect(db, c.var.caller, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.saveForecast, async (c) =>
    c.json(await saveForecast(db, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(routes.removeForecast, async (c) => {
    const { id, timelineDays } = c.req.valid('param');
    return c.json(await removeForecast(db, c.var.caller, id, timelineDays), 200);
  });

  app.openapi(routes.overrideMomentum, async (c) =>
    c.json(await overrideMomentum(db, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(routes.clearOverride, async (c) =>
    c.json(await clearMomentumOverride(db, c.var.caller, c.req.valid('param').id), 200),
  );

  return app;
}
