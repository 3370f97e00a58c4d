import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  DELIVERY_HEADER,
  DELIVERY_NOT_FOUND,
  deliveryListSchema,
  EVENT_HEADER,
  EVENT_TYPES,
  SIGNATURE_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_PRIVATE_ADDRESS,
  WEBHOOKS_LIMIT_REACHED,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '../../../shared/events.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { error, int, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  registerWebhookJobs,
  resendDelivery,
  revealSecret,
  sendTest,
  updateWebhook,
} from './service.ts';

const tags = ['Webhooks'];
const BASE = '/api/v1/integrations/webhooks';
const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
const idParam = z.object({ id: z.uuid({ error: 'must be a webhook id (UUID)' }) });
const deliveryParam = z.object({ deliveryId: z.uuid({ error: 'must be a delivery id (UUID)' }) });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const ABOUT = `Each event is POSTed as JSON \`{id, type, createdAt, data}\` with the headers \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>\`, \`${EVENT_HEADER}\` and \`${DELIVERY_HEADER}\`. A 2xx answer within 10 s is a success; anything else (redirects included) is retried after 1 min, 5 min, 30 min, 2 h and 6 h, ${WEBHOOK_MAX_ATTEMPTS} attempts in all. Events: ${EVENT_TYPES.join(', ')}.`;

const routes = {
  list: createRoute({
    method: 'get',
    path: BASE,
    tags,
    summary: 'Your webhooks, newest first, each with its last delivery',
    responses: { 200: json(webhookListSchema, 'Webhooks'), ...common },
  }),
  create: createRoute({
    method: 'post',
    path: BASE,
    tags,
    summary: `Create a webhook; the answer holds its signing secret (whsec_...). ${ABOUT}`,
    request: body(webhookCreateSchema),
    responses: {
      201: json(webhookWithSecretSchema, 'The webhook with its secret'),
      ...common,
      409: error(WEBHOOKS_LIMIT_REACHED),
      422: error(WEBHOOK_PRIVATE_ADDRESS),
    },
  }),
  get: createRoute({
    method: 'get',
    path: `${BASE}/{id}`,
    tags,
    summary: 'A webhook',
    request: { params: idParam },
    responses: { 200: json(webhookSchema, 'The webhook'), ...common, 404: error(WEBHOOK_NOT_FOUND) },
  }),
  update: createRoute({
    method: 'patch',
    path: `${BASE}/{id}`,
    tags,
    summary: 'Change the URL, description, events or whether it is active',
    request: { params: idParam, ...body(webhookUpdateSchema) },
    responses: {
      200: json(webhookSchema, 'The webhook'),
      ...common,
      404: error(WEBHOOK_NOT_FOUND),
      422: error(WEBHOOK_PRIVATE_ADDRESS),
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: `${BASE}/{id}`,
    tags,
    summary: 'Delete a webhook and its delivery log',
    request: { params: idParam },
    responses: { 204: { description: 'Deleted' }, ...common, 404: error(WEBHOOK_NOT_FOUND) },
  }),
  secret: createRoute({
    method: 'get',
    path: `${BASE}/{id}/secret`,
    tags,
    summary: "The webhook's whole signing secret",
    request: { params: idParam },
    responses: {
      200: json(z.object({ secret: z.string() }), 'The secret'),
      ...common,
      404: error(WEBHOOK_NOT_FOUND),
    },
  }),
  test: createRoute({
    method: 'post',
    path: `${BASE}/{id}/test`,
    tags,
    summary: 'Send a webhook.ping event now (in the background; the delivery log shows the outcome)',
    request: { params: idParam },
    responses: {
      202: json(webhookDeliverySchema, 'The delivery, pending'),
      ...common,
      404: error(WEBHOOK_NOT_FOUND),
    },
  }),
  deliveries: createRoute({
    method: 'get',
    path: `${BASE}/{id}/deliveries`,
    tags,
    summary:
      "The webhook's deliveries, newest first: status, attempts, the target's status code and answer, duration, error, next attempt",
    request: { params: idParam, query: z.object({ limit: int(1, 100) }).strict() },
    responses: { 200: json(deliveryListSchema, 'Deliveries'), ...common, 404: error(WEBHOOK_NOT_FOUND) },
  }),
  resend: createRoute({
    method: 'post',
    path: `${BASE}/deliveries/{deliveryId}/resend`,
    tags,
    summary: 'Send a delivery again: a new delivery of the same event (same payload id), sent now',
    request: { params: deliveryParam },
    responses: {
      202: json(webhookDeliverySchema, 'The new delivery, pending'),
      ...common,
      404: error(DELIVERY_NOT_FOUND),
    },
  }),
};

/** Outgoing webhooks: CRUD, the secret, a test ping, the delivery log and re-sending. */
export function webhooksRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  registerWebhookJobs(deps);
  app.use(BASE, requireCaller(deps));
  app.use(`${BASE}/*`, requireCaller(deps));

  app.openapi(routes.list, async (c) => c.json({ webhooks: await listWebhooks(deps, c.var.caller) }, 200));
  app.openapi(routes.create, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await createWebhook(deps, c.var.caller, c.req.valid('json')), 201);
  });
  app.openapi(routes.get, async (c) =>
    c.json(await getWebhook(deps, c.var.caller, c.req.valid('param').id), 200),
  );
  app.openapi(routes.update, async (c) =>
    c.json(await updateWebhook(deps, c.var.caller, c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(routes.remove, async (c) => {
    await deleteWebhook(deps, c.var.caller, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(routes.secret, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await revealSecret(deps, c.var.caller, c.req.valid('param').id), 200);
  });
  app.openapi(routes.test, async (c) =>
    c.json(await sendTest(deps, c.var.caller, c.req.valid('param').id), 202),
  );
  app.openapi(routes.deliveries, async (c) => {
    const { limit } = c.req.valid('query');
    const deliveries = await listDeliveries(deps, c.var.caller, c.req.valid('param').id, limit);
    return c.json({ deliveries }, 200);
  });
  app.openapi(routes.resend, async (c) =>
    c.json(await resendDelivery(deps, c.var.caller, c.req.valid('param').deliveryId), 202),
  );
  return app;
}
