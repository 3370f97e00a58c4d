import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { error, json } from '../../http/openapi.ts';
import { clientIp, consumeRateLimit, type RateRule, tooMany } from '../../http/rate-limit.ts';
import { confirmRemoval, REMOVAL_LINK_INVALID, REMOVAL_REQUESTED, requestRemoval } from './privacy.ts';

const HOUR = 3600;
/** A request sends a mail: few per address (a person asks once) and per network (no mail bombing). */
const LIMITS: { scope: 'ip' | 'email'; rule: RateRule }[] = [
  { scope: 'ip', rule: { max: 10, windowSeconds: HOUR } },
  { scope: 'email', rule: { max: 3, windowSeconds: 24 * HOUR } },
];

const requestBody = z
  .object({
    email: z
      .string({ error: 'must be an e-mail address' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'must be an e-mail address' }).max(254, 'must be at most 254 characters')),
    name: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    company: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .optional()
      .openapi({ description: 'The company name or domain, to find someone we hold no address for' }),
  })
  .strict();

const message = z.object({ message: z.string() });

const routes = {
  request: createRoute({
    method: 'post',
    path: '/api/v1/privacy/removal-requests',
    tags: ['Privacy'],
    summary:
      'Ask for your data to be removed from the people users can search. A confirmation link goes to the address; the answer is the same whether or not we hold data about it.',
    request: { body: { content: { 'application/json': { schema: requestBody } }, required: true } },
    responses: {
      202: json(message, 'Requested'),
      400: error('Invalid input'),
      429: error('Too many requests. Please wait {n} seconds and try again.'),
    },
  }),
  confirm: createRoute({
    method: 'post',
    path: '/api/v1/privacy/removal-requests/confirm',
    tags: ['Privacy'],
    summary: 'Confirm a removal with the token of its link: the person is removed and stays removed',
    request: {
      body: {
        content: { 'application/json': { schema: z.object({ token: z.string().min(1).max(200) }).strict() } },
        required: true,
      },
    },
    responses: {
      200: json(message.extend({ removedPeople: z.number().int() }), 'Removed'),
      400: error(REMOVAL_LINK_INVALID),
    },
  }),
};

/** Public routes (no session): the person asking is usually not a user. */
export function privacyRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;

  app.openapi(routes.request, async (c) => {
    const body = c.req.valid('json');
    const subjects = { ip: clientIp(c, deps.config.trustProxy), email: body.email };
    for (const { scope, rule } of LIMITS) {
      const decision = await consumeRateLimit(db, `privacy-removal:${scope}:${subjects[scope]}`, rule);
      if (!decision.allowed) return tooMany(c, decision, 'requests');
    }
    await requestRemoval(db, deps.mailer, deps.config.publicUrl, body);
    return c.json({ message: REMOVAL_REQUESTED }, 202);
  });

  app.openapi(routes.confirm, async (c) => {
    const removed = await confirmRemoval(db, c.req.valid('json').token);
    if (removed === null) throw new AppError('BAD_REQUEST', 400, REMOVAL_LINK_INVALID);
    return c.json(
      {
        message:
          'Done. Your data is removed from the people Prospector users can search, and it stays removed.',
        removedPeople: removed,
      },
      200,
    );
  });

  return app;
}
