import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  icpSegmentInputSchema,
  icpSegmentPatchSchema,
  profileSchema,
  profileUpdateSchema,
} from '../../../shared/profile.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import {
  addSegment,
  deleteSegment,
  getProfile,
  toggleSegment,
  updateProfile,
  updateSegment,
} from './service.ts';

const profile = json(profileSchema, "The caller's profile");
const segmentParams = z.object({ id: z.uuid({ error: 'must be a UUID' }) });
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
const withSegment = { ...common, 404: error('ICP segment not found') };

const routes = {
  get: createRoute({
    method: 'get',
    path: '/api/v1/profile',
    tags: ['Profile'],
    summary: "The caller's profile: onboarding state, company and ideal customer profile",
    responses: { 200: profile, 401: common[401] },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/v1/profile',
    tags: ['Profile'],
    summary: 'Change onboarding state, company fields or the ICP summary',
    request: { body: { content: { 'application/json': { schema: profileUpdateSchema } }, required: true } },
    responses: { 200: profile, ...common },
  }),
  addSegment: createRoute({
    method: 'post',
    path: '/api/v1/profile/icp-segments',
    tags: ['Profile'],
    summary: 'Add a segment to the ideal customer profile',
    request: { body: { content: { 'application/json': { schema: icpSegmentInputSchema } }, required: true } },
    responses: { 201: profile, ...common },
  }),
  updateSegment: createRoute({
    method: 'patch',
    path: '/api/v1/profile/icp-segments/{id}',
    tags: ['Profile'],
    summary: 'Change fields of a segment (sets its updatedAt)',
    request: {
      params: segmentParams,
      body: { content: { 'application/json': { schema: icpSegmentPatchSchema } }, required: true },
    },
    responses: { 200: profile, ...withSegment },
  }),
  deleteSegment: createRoute({
    method: 'delete',
    path: '/api/v1/profile/icp-segments/{id}',
    tags: ['Profile'],
    summary: 'Remove a segment',
    request: { params: segmentParams },
    responses: { 200: profile, ...withSegment },
  }),
  toggleSegment: createRoute({
    method: 'post',
    path: '/api/v1/profile/icp-segments/{id}/toggle',
    tags: ['Profile'],
    summary: 'Switch a segment between active and inactive',
    request: { params: segmentParams },
    responses: { 200: profile, ...withSegment },
  }),
};

/** GET/PATCH /api/v1/profile and the ICP segment operations (spec 1 §3, §4, §7), always for the caller. */
export function profileRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  app.use('/api/v1/profile', requireCaller(deps));
  app.use('/api/v1/profile/*', requireCaller(deps));

  app.openapi(routes.get, async (c) => c.json(await getProfile(db, c.var.caller), 200));
  app.openapi(routes.update, async (c) =>
    c.json(await updateProfile(db, c.var.caller, c.req.valid('json')), 200),
  );
  app.openapi(routes.addSegment, async (c) =>
    c.json(await addSegment(db, c.var.caller, c.req.valid('json')), 201),
  );
  app.openapi(routes.updateSegment, async (c) =>
    c.json(await updateSegment(db, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(routes.deleteSegment, async (c) =>
    c.json(await deleteSegment(db, c.var.caller, c.req.valid('param').id), 200),
  );
  app.openapi(routes.toggleSegment, async (c) =>
    c.json(await toggleSegment(db, c.var.caller, c.req.valid('param').id), 200),
  );
  return app;
}
