import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, gt } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../../context.ts';
import { users, verifications } from '../../db/schema.ts';
import { errorBody } from '../../http/errors.ts';
import { clientIp, consumeRateLimit, type RateRule, tooMany } from '../../http/rate-limit.ts';
import { CLIENT_IP_HEADER, hashPassword } from './auth.ts';
import { answerWithoutSession, isExistingUserError, mailExistingAccountOwner } from './existing-account.ts';
import { weakPasswordReasons } from './password-policy.ts';
import { consumeSignInAttempt, recordSignIn, rememberAddress } from './sign-in-limits.ts';

type Limit = { scope: 'ip' | 'email' | 'mail-ip'; rule: RateRule };

const HOUR = 3600;
// Anchors: Supabase Auth sends at most 30 e-mails per hour per IP and one reset mail per address per 60 s.
const MAILS_PER_IP: Limit = { scope: 'mail-ip', rule: { max: 30, windowSeconds: HOUR } };
const ONE_MAIL_PER_MINUTE: Limit = { scope: 'email', rule: { max: 1, windowSeconds: 60 } };

/** Abuse limits per Better Auth endpoint (POST), checked before the request reaches it (sign-in: sign-in-limits.ts). */
const LIMITS: Record<string, Limit[]> = {
  // Every sign-up sends a confirmation mail, so the mail limit is the sign-up limit.
  '/api/auth/sign-up/email': [MAILS_PER_IP],
  '/api/auth/request-password-reset': [ONE_MAIL_PER_MINUTE, MAILS_PER_IP],
  '/api/auth/send-verification-email': [ONE_MAIL_PER_MINUTE, MAILS_PER_IP],
  '/api/auth/reset-password': [{ scope: 'ip', rule: { max: 30, windowSeconds: 300 } }],
  '/api/auth/change-password': [{ scope: 'ip', rule: { max: 30, windowSeconds: 300 } }],
};

const SIGN_IN_PATH = '/api/auth/sign-in/email';
const SIGN_UP_PATH = '/api/auth/sign-up/email';
const RESET_PATH = '/api/auth/reset-password';
const ACCOUNT_WIDE_HINT =
  'Many wrong passwords were tried on this account from other addresses: sign in from a device you used before, or reset your password from this one.';

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

/**
 * A sign-up whose address is taken, answered as a new address without a session would be, with a notice to
 * the owner. The password is hashed as for a new account, so the time taken differs less (no insert is made).
 */
async function answerExistingAccount(deps: AppDeps, body: Record<string, unknown>) {
  const email = String(body.email).trim().toLowerCase();
  await hashPassword(String(body.password));
  const [owner] = await deps.database.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.email, email));
  if (owner) {
    await mailExistingAccountOwner(
      { db: deps.database.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
      owner,
    );
  }
  return answerWithoutSession({ email, name: String(body.name ?? ''), image: body.image });
}

/** The user a live password-reset token belongs to, or null. */
async function userOfResetToken(deps: AppDeps, token: string): Promise<string | null> {
  const [row] = await deps.database.db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())),
    )
    .limit(1);
  return row?.userId ?? null;
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
    return c.json({ valid: (await userOfResetToken(deps, token)) !== null }, 200);
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
    let signInEmail: string | null = null;
    let body: Record<string, unknown> = {};
    if (c.req.method === 'POST') {
      body = await jsonBody(c.req.raw);
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : null;
      // A password refused here costs nothing and sends no mail, so it is checked before the abuse limits.
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
      if (c.req.path === SIGN_IN_PATH) {
        signInEmail = email;
        const refusal = await consumeSignInAttempt(deps.database.db, ip, email);
        if (refusal) {
          return tooMany(c, refusal, 'attempts', refusal.accountWide ? ACCOUNT_WIDE_HINT : undefined);
        }
      }
      for (const { scope, rule } of LIMITS[c.req.path] ?? []) {
        const subject = scope === 'email' ? email : ip;
        if (!subject) continue;
        const bucket = scope === 'mail-ip' ? 'mail' : c.req.path;
        const decision = await consumeRateLimit(deps.database.db, `${bucket}:${scope}:${subject}`, rule);
        if (!decision.allowed) return tooMany(c, decision, 'attempts');
      }
    }
    // Whose reset link this is, read before Better Auth uses it up (the link is deleted once used).
    const resettingUserId =
      c.req.path === RESET_PATH && typeof body.token === 'string'
        ? await userOfResetToken(deps, body.token)
        : null;
    // Better Auth reads the client address from this header only; drop any copy the client sent.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    const response = await deps.auth.handler(new Request(c.req.raw, { headers }));
    // Resetting through the mailed link proves the mailbox: the address may sign in even while the account is
    // held back for guesses from elsewhere (what the sign-in refusal tells the owner to do).
    if (resettingUserId && response.ok) await rememberAddress(deps.database.db, ip, resettingUserId);
    if (c.req.path === SIGN_UP_PATH && response.status === 422) {
      const refusal = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { code?: unknown };
      if (isExistingUserError(refusal.code)) return c.json(await answerExistingAccount(deps, body), 200);
    }
    if (signInEmail && response.ok) {
      const { user } = (await response.clone().json()) as { user?: { id?: string } };
      if (user?.id) await recordSignIn(deps.database.db, ip, signInEmail, user.id);
    }
    // Anything posted here may end or change sessions (sign-out, revocations, password, account deletion).
    if (c.req.method === 'POST' || c.req.path === '/api/auth/verify-email') deps.sessions.clear();
    return response;
  });

  return app;
}
