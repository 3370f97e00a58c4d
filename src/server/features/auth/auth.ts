import { randomBytes } from 'node:crypto';
import type { Algorithm } from '@node-rs/argon2';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { sql } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts';
import type { Config, SignInProvider } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailExistingAccountOwner } from './existing-account.ts';

/** The header our HTTP layer sets to the client's address before handing a request to Better Auth. */
export const CLIENT_IP_HEADER = 'x-prospector-client-ip';

/** A reset link is good for one hour and one use (spec 1 §2.6; Better Auth deletes the token when used). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 30 ms per hash on this class of machine.
const ARGON2_OPTIONS = {
  algorithm: 2 satisfies Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/**
 * The secret that signs session cookies and tokens: AUTH_SECRET, or one generated on first start and kept
 * in the database so that restarts and other instances keep existing sessions valid.
 */
export async function loadAuthSecret(db: Db, config: Config): Promise<string> {
  if (config.auth.secret) return config.auth.secret;
  const generated = randomBytes(32).toString('base64url');
  await db.execute(
    sql`insert into app_settings (key, value) values ('auth_secret', ${generated}) on conflict (key) do nothing`,
  );
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select value from app_settings where key = 'auth_secret'`,
  );
  if (!row) throw new Error('could not store the generated auth secret');
  return row.value;
}

/** Google, Microsoft and GitHub are built into Better Auth; any other OpenID Connect issuer goes through its generic plugin. */
function socialProviders(providers: SignInProvider[]) {
  const credentials = (id: SignInProvider['id']) => {
    const provider = providers.find((p) => p.id === id);
    return provider ? { clientId: provider.clientId, clientSecret: provider.clientSecret } : null;
  };
  const google = credentials('google');
  const github = credentials('github');
  const microsoft = credentials('microsoft');
  const tenantId = providers.find((p) => p.id === 'microsoft')?.tenantId ?? 'common';
  return {
    ...(google ? { google } : {}),
    ...(github ? { github } : {}),
    ...(microsoft ? { microsoft: { ...microsoft, tenantId } } : {}),
  };
}

/** The generic OpenID Connect plugin, loaded only when an issuer is configured (it weighs some 18 MB of memory). */
async function oidcPlugins(providers: SignInProvider[]) {
  const oidc = providers.find((p) => p.id === 'oidc');
  if (!oidc?.issuer) return [];
  const { genericOAuth } = await import('better-auth/plugins/generic-oauth');
  return [
    genericOAuth({
      config: [
        {
          providerId: 'oidc',
          name: oidc.name,
          discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
        },
      ],
    }),
  ];
}

/** Better Auth: e-mail + password with argon2id, sessions in httpOnly cookies, verification and reset mails. */
export async function createAuth(options: {
  db: Db;
  config: Config;
  mailer: Mailer;
  secret: string;
  logger: Logger;
}) {
  const { db, config, mailer, secret, logger } = options;
  const plugins = await oidcPlugins(config.auth.providers);
  return betterAuth({
    // Better Auth's own messages go to our structured log (they never carry passwords or tokens).
    logger: {
      log: (level, message, ...args) =>
        logger[level]({ source: 'better-auth', detail: args.map(String) }, message),
    },
    appName: 'Prospector',
    // Links point at the address the request came to, if it is one of ours (see Config.allowedHosts).
    baseURL: { allowedHosts: config.allowedHosts, fallback: config.publicUrl, protocol: 'auto' },
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    telemetry: { enabled: false },
    // Our HTTP layer applies the abuse limits (per IP and per e-mail, shared through the database).
    rateLimit: { enabled: false },
    // Same-origin requests from wherever the browser reached us, plus the configured public address.
    trustedOrigins: (request) => {
      const origins = [config.publicUrl];
      const host = request?.headers.get('host');
      if (host && request) origins.push(`${new URL(request.url).protocol}//${host}`);
      return origins;
    },
    advanced: {
      // Secure cookies whenever users reach us over HTTPS, even through a proxy that speaks HTTP to us.
      useSecureCookies: config.publicUrl.startsWith('https:'),
      trustedProxyHeaders: config.trustProxy,
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: config.auth.requireEmailVerification,
      autoSignIn: !config.auth.requireEmailVerification,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // With verification required Better Auth answers a taken address as a new one itself; the owner is told.
      onExistingUserSignUp: ({ user }) =>
        mailExistingAccountOwner({ db, mailer, publicUrl: config.publicUrl }, user),
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: ({ user, url }) =>
        mailer.send({
          to: user.email,
          kind: 'reset-password',
          subject: 'Reset your Prospector password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone (hopefully you) asked to reset the password of your Prospector account.',
            `Choose a new password here (the link works once, for one hour): ${url}`,
            '',
            'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          ].join('\n'),
        }),
    },
    socialProviders: socialProviders(config.auth.providers),
    plugins,
    // Deleting an account needs the password again; the user's rows go with it (foreign keys cascade).
    user: { deleteUser: { enabled: true } },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, url }) =>
        mailer.send({
          to: user.email,
          kind: 'verify-email',
          subject: 'Confirm your e-mail address for Prospector',
          text: [
            `Welcome to Prospector, ${user.name}!`,
            '',
            `Confirm your e-mail address: ${url}`,
            '',
            'If you did not create an account, ignore this e-mail.',
          ].join('\n'),
        }),
    },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
