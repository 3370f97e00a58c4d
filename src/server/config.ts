import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_UPLOAD_MAX_MB } from '../shared/knowledge.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const AI_PROVIDERS = ['builtin', 'openai'] as const;
/** OpenAI's own API: the default base URL, and the one host that cannot be used without a key. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || isPostgresUrl(value), {
      message:
        'must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@localhost:5432/prospector',
    }),
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  PGLITE_STALL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(30),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  PUBLIC_URL: z
    .url({ error: 'must be an absolute http(s) URL, e.g. https://prospector.example.com' })
    .optional(),
  AI_PROVIDER: z
    .enum(AI_PROVIDERS, { error: `must be one of ${AI_PROVIDERS.join(', ')}` })
    .default('builtin'),
  OPENAI_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an absolute http(s) URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1',
    })
    .default(OPENAI_DEFAULT_BASE_URL),
  OPENAI_API_KEY: z.string().trim().min(1, 'must not be blank').optional(),
  AI_MODEL: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(200, 'must be at most 200 characters')
    .default(DEFAULT_AI_MODEL),
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')
    .optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), {
      message: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
    }),
  MAIL_FROM: z.string().min(3).default('Prospector <no-reply@prospector.local>'),
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT_ID: z.string().min(1).default('common'),
  OIDC_ISSUER: z
    .url({ error: 'must be the issuer URL of an OpenID Connect provider, e.g. https://sso.example.com' })
    .optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).default('Single sign-on'),
  DEFAULT_PLAN: z.string().min(1).max(40).default('unlimited'),
  DEFAULT_CREDITS: z.coerce
    .number({ error: 'must be a whole number of credits' })
    .int('must be a whole number of credits')
    .min(0, 'must not be negative')
    .max(1_000_000_000, 'must be at most 1,000,000,000')
    .default(500_000),
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_...)")
    .optional(),
  STRIPE_API_URL: z
    .url({ error: 'must be an absolute http(s) URL of a Stripe-compatible API, e.g. http://localhost:12111' })
    .optional(),
  UPLOAD_MAX_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1')
    .max(1024, 'must be at most 1024')
    .default(DEFAULT_UPLOAD_MAX_MB),
  KNOWLEDGE_DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  AI_PROVIDER_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  ARCHITECTURE_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(200, 'must be at most 200 characters')
    .optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .max(200, 'must be at most 200 characters')
    .optional(),
});

/**
 * Variables that only work together: a sign-in provider is on when its client id and secret (and issuer, for
 * OIDC) are all set; Stripe needs its webhook secret, or no payment could ever grant credits.
 */
const PAIRED_VARIABLES = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
  ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
  ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
] as const;

export type SignInProvider = {
  id: 'google' | 'microsoft' | 'github' | 'oidc';
  /** The button says "Continue with {name}". */
  name: string;
  clientId: string;
  clientSecret: string;
  /** Microsoft only: the Entra ID tenant ('common' lets any work or personal account in). */
  tenantId?: string;
  /** OIDC only: the issuer whose discovery document describes the endpoints. */
  issuer?: string;
};

function aiConfig(e: z.infer<typeof envSchema>): AiConfig {
  if (e.AI_PROVIDER === 'builtin') return { provider: 'builtin' };
  const baseUrl = e.OPENAI_BASE_URL.replace(/\/+$/, '');
  // OpenAI's own API refuses every request without a key; local servers (Ollama, vLLM) need none.
  if (!e.OPENAI_API_KEY && new URL(baseUrl).hostname === new URL(OPENAI_DEFAULT_BASE_URL).hostname) {
    throw new ConfigError(
      `Invalid configuration: OPENAI_API_KEY must be set when OPENAI_BASE_URL is OpenAI's (${OPENAI_DEFAULT_BASE_URL})`,
    );
  }
  return { provider: 'openai', baseUrl, apiKey: e.OPENAI_API_KEY ?? null, model: e.AI_MODEL };
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** How credit packages are paid for: the demo (no payment) unless a Stripe key is configured. */
export type PaymentsConfig =
  | { provider: 'demo' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl: string | null };

/**
 * The AI engine: the built-in one, or any OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM, LM Studio).
 * The key is a secret: never logged, never sent anywhere but `baseUrl`.
 */
export type AiConfig =
  | { provider: 'builtin' }
  | { provider: 'openai'; baseUrl: string; apiKey: string | null; model: string };

/** `stallMs`: how long the embedded database's thread may stay silent with statements waiting (pglite-thread.ts). */
export type DatabaseConfig =
  | { mode: 'pglite'; dataDir: string; stallMs: number }
  | { mode: 'postgres'; url: string; preparedStatements: boolean };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string;
  /**
   * Hosts the server accepts as its own address when it builds links (reset and verification mails): the
   * PUBLIC_URL host when set, else any port on localhost. Never the raw Host header: that would let anyone
   * send reset links pointing at their own site.
   */
  allowedHosts: string[];
  ai: AiConfig;
  auth: {
    /** Unset: generated once and kept in the database, so every instance and restart agrees. */
    secret: string | null;
    requireEmailVerification: boolean;
    providers: SignInProvider[];
  };
  mail: { smtpUrl: string | null; from: string };
  /** The credit account a user gets on first use (spec 2 §4). */
  credits: { defaultAccount: { planType: string; totalCredits: number } };
  payments: PaymentsConfig;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For and the scheme from X-Forwarded-Proto. */
  trustProxy: boolean;
  /** The largest knowledge-base file taken, in MB (a request may carry 4 times this in all). */
  uploadMaxMb: number;
  /** Load the demo knowledge library on a user's first use of the knowledge base (off by default in tests). */
  knowledgeDemo: boolean;
  /** Users may point their own AI provider at private or loopback addresses (a local model); off: SSRF guard. */
  aiProviderAllowPrivate: boolean;
  /** Outgoing webhooks: private, loopback and link-local targets are refused unless allowed (SSRF). */
  webhooks: { allowPrivate: boolean };
  /** The shared password of the internal architecture page (spec 3 §2); null: the page is disabled. */
  architecture: { password: string | null };
  /** The bearer token /metrics asks for; null: /metrics is open (scrapers on a private network). */
  metricsToken: string | null;
};

/** A configuration error names the variable so start-up can say which one is wrong in one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  for (const group of PAIRED_VARIABLES) {
    const set = group.filter((name) => e[name]);
    const missing = group.find((name) => !e[name]);
    if (set.length > 0 && missing) {
      throw new ConfigError(
        `Invalid configuration: ${missing} must be set together with ${set.join(' and ')}`,
      );
    }
  }
  const ai = aiConfig(e);
  const providers: SignInProvider[] = [];
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      name: 'Google',
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    });
  }
  if (e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET) {
    providers.push({
      id: 'microsoft',
      name: 'Microsoft',
      clientId: e.MICROSOFT_CLIENT_ID,
      clientSecret: e.MICROSOFT_CLIENT_SECRET,
      tenantId: e.MICROSOFT_TENANT_ID,
    });
  }
  if (e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET) {
    providers.push({
      id: 'github',
      name: 'GitHub',
      clientId: e.GITHUB_CLIENT_ID,
      clientSecret: e.GITHUB_CLIENT_SECRET,
    });
  }
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
    providers.push({
      id: 'oidc',
      name: e.OIDC_NAME,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
    });
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { mode: 'postgres', url: e.DATABASE_URL, preparedStatements: e.DATABASE_PREPARED_STATEMENTS }
      : { mode: 'pglite', dataDir, stallMs: e.PGLITE_STALL_SECONDS * 1000 },
    dataDir,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    allowedHosts: e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).host] : ['localhost:*', '127.0.0.1:*', '[::1]:*'],
    ai,
    auth: {
      secret: e.AUTH_SECRET ?? null,
      requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
      providers,
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    credits: { defaultAccount: { planType: e.DEFAULT_PLAN, totalCredits: e.DEFAULT_CREDITS } },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : { provider: 'demo' },
    trustProxy: e.TRUST_PROXY,
    uploadMaxMb: e.UPLOAD_MAX_MB,
    knowledgeDemo: e.KNOWLEDGE_DEMO ? e.KNOWLEDGE_DEMO === 'true' : e.NODE_ENV !== 'test',
    aiProviderAllowPrivate: e.AI_PROVIDER_ALLOW_PRIVATE,
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE },
    architecture: { password: e.ARCHITECTURE_PASSWORD ?? null },
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}
