import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, gt } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../../context.ts';
import { verifications } from '../../db/schema.ts';
import { errorBody } from '../../http/errors.ts';
import { clientIp, consumeRateLimit, type RateRule, tooMany } from '../../http/rate-limit.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { weakPasswordReasons } from './password-policy.ts';

type Limit = { scope: 'ip' | 'email' | 'mail-ip'; rule: RateRule };

const HOUR = 3600;
// Anchors: Supabase Auth sends at most 30 e-mails per hour per IP and one reset mail per address per 60 s.
const MAILS_PER_IP: Limit = { scope: 'mail-ip', rule: { max: 30, windowSeconds: HOUR } };
const ONE_MAIL_PER_MINUTE: Limit = { scope: 'email', rule: { max: 1, windowSeconds: 60 } };

/** Abuse limits per Better Auth endpoint (POST), checked before the request reaches it. */
const LIMITS: Record<string, Limit[]> = {
  '/api/auth/sign-in/email': [
    { scope: 'ip', rule: { max: 30, windowSeconds: 300 } },
    { scope: 'email', rule: { max: 10, windowSeconds: 900 } },
  ],
  // Every sign-up sends a confirmation mail, so the mail limit is the sign-up limit.
  '/api/auth/sign-up/email': [MAILS_PER_IP],
  '/api/auth/request-password-reset': [ONE_MAIL_PER_MINUTE, MAILS_PER_IP],
  '/api/auth/send-verification-email': [ONE_MAIL_PER_MINUTE, MAILS_PER_IP],
  '/api/auth/reset-password': [{ scope: 'ip', rule: { max: 30, windowSeconds: 300 } }],
  '/api/auth/change-password': [{ scope: 'ip', rule: { max: 30, windowSeconds: 300 } }],
};

/** Endpoints that set a password, and the body field that carries it. */
const PASSWORD_FIELD: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const resetTokenRoute = createRoute({
  method: 'get',
  path: '/api/v1/auth/reset-tokens/{token}',
  tags: ['auth'],
  summary: 'Whether a password-reset link is still valid (not used, not expired)',
  request: { params: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: {
      description: 'The validity of the token',
      content: { 'application/json': { schema: z.object({ valid: z.boolean() }) } },
    },
  },
});

const providersRoute = createRoute({
  method: 'get',
  path: '/api/v1/auth/providers',
  tags: ['auth'],
  summary:
    'The social and single sign-on providers this server offers (start one with POST /api/auth/sign-in/social)',
  responses: {
    200: {
      description: 'Configured providers, in the order the sign-in dialog shows them',
      content: {
        'application/json': {
          schema: z.object({
            providers: z.array(
              z.object({ id: z.enum(['google', 'microsoft', 'github', 'oidc']), name: z.string() }),
            ),
          }),
        },
      },
    },
  },
});

/**
 * Better Auth under /api/auth/* (sign-up, sign-in, sign-out, sessions, password reset, e-mail verification),
 * behind our abuse limits and password policy.
 */
export function authRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(providersRoute, (c) =>
    c.json({ providers: deps.config.auth.providers.map(({ id, name }) => ({ id, name })) }, 200),
  );

  app.openapi(resetTokenRoute, async (c) => {
    const { token } = c.req.valid('param');
    const [row] = await deps.database.db
      .select({ id: verifications.id })
      .from(verifications)
      .where(
        and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())),
      )
      .limit(1);
    return c.json({ valid: row !== undefined }, 200);
  });

  // The most frequent auth call, through the session cache (Better Auth's HTTP handler also builds its whole
  // router for every request, which alone caps session checks at a few hundred per second).
  app.get('/api/auth/get-session', async (c) => {
    const { answer, setCookies } = await deps.sessions.get(c.req.raw.headers);
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
    c.header('cache-control', 'no-store');
    return c.json(answer);
  });

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const ip = clientIp(c, deps.config.trustProxy);
    if (c.req.method === 'POST') {
      const body = await jsonBody(c.req.raw);
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : null;
      for (const { scope, rule } of LIMITS[c.req.path] ?? []) {
        const subject = scope === 'email' ? email : ip;
        if (!subject) continue;
        const bucket = scope === 'mail-ip' ? 'mail' : c.req.path;
        const decision = await consumeRateLimit(deps.database.db, `${bucket}:${scope}:${subject}`, rule);
        if (!decision.allowed) return tooMany(c, decision, 'attempts');
      }
      const field = PASSWORD_FIELD[c.req.path];
      const password = field ? body[field] : undefined;
      if (typeof password === 'string') {
        const reasons = weakPasswordReasons(password, {
          email: email ?? undefined,
          name: typeof body.name === 'string' ? body.name : undefined,
        });
        if (reasons.length > 0) {
          return c.json(
            errorBody('weak_password', `Password is too weak. ${reasons.join(' ')}`, { reasons }),
            422,
          );
        }
      }
    }
    // Better Auth reads the client address from this header only; drop any copy the client sent.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    const response = await deps.auth.handler(new Request(c.req.raw, { headers }));
    // Anything posted here may end or change sessions (sign-out, revocations, password, account deletion).
    if (c.req.method === 'POST' || c.req.path === '/api/auth/verify-email') deps.sessions.clear();
    return response;
  });

  return app;
}
