/**
 * Activity events and outgoing webhooks (issue 10): what happened in a user's account (the events timeline at
 * `/events-results` reads it) and how a webhook receives it: a signed JSON POST. Server: src/server/features/events
 * and src/server/features/webhooks; web: src/web/features/events and the integrations page's webhooks tab.
 */
import { z } from 'zod';

/** The events a webhook can subscribe to, in the order the forms list them. */
export const EVENT_TYPES = [
  'prospect.created',
  'prospect.status_changed',
  'document.processed',
  'rfp.completed',
  'credits.low',
  'project.created',
  'project.item_added',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent by "Send test" only: never recorded on the timeline, and every webhook receives it whatever it wants. */
export const PING_EVENT = 'webhook.ping';

export const EVENT_LABELS: Readonly<Record<EventType, string>> = {
  'prospect.created': 'Prospect created',
  'prospect.status_changed': 'Prospect status changed',
  'document.processed': 'Document processed',
  'rfp.completed': 'RFP completed',
  'credits.low': 'Credits running low',
  'project.created': 'Sales project created',
  'project.item_added': 'Added to a sales project',
};

/** When each event is recorded: the forms' help text and the empty timeline say it. */
export const EVENT_DESCRIPTIONS: Readonly<Record<EventType, string>> = {
  'prospect.created': 'A prospect is added (from a company, the copilot or by hand).',
  'prospect.status_changed': "A prospect's status changes.",
  'document.processed': 'An uploaded document is indexed in the knowledge base.',
  'rfp.completed': 'Every question of an RFP is approved.',
  'credits.low': "80 % and again 100 % of the billing cycle's credits are used.",
  'project.created': 'A sales project is created.',
  'project.item_added': 'A company, person, prospect, document or RFP is added to a sales project.',
};

export const isEventType = (value: string): value is EventType =>
  (EVENT_TYPES as readonly string[]).includes(value);

/** What an event is about; the timeline links each to its page. */
export const EVENT_SUBJECT_TYPES = ['prospect', 'document', 'rfp', 'project', 'credits'] as const;
export type EventSubjectType = (typeof EVENT_SUBJECT_TYPES)[number];

/** The page of an event's subject, or null when it has none. */
export function subjectPath(subjectType: string | null, subjectId: string | null): string | null {
  if (subjectType === 'credits') return '/credits';
  if (!subjectId) return null;
  switch (subjectType) {
    case 'prospect':
      return `/prospect/${subjectId}`;
    case 'document':
      return `/enterprise-file-search?document=${subjectId}`;
    case 'rfp':
      return `/rfp-editor/${subjectId}`;
    case 'project':
      return `/sales-projects/${subjectId}`;
    default:
      return null;
  }
}

// Events ----------------------------------------------------------------------------------------------------

export const activityEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  summary: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const EVENTS_PAGE_MAX = 100;
export const EVENTS_PAGE_DEFAULT = 50;

export const eventListSchema = z.object({
  events: z.array(activityEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type EventList = z.infer<typeof eventListSchema>;

// Webhooks --------------------------------------------------------------------------------------------------

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>` (Stripe's scheme). */
export const SIGNATURE_HEADER = 'Prospector-Signature';
export const EVENT_HEADER = 'Prospector-Event';
export const DELIVERY_HEADER = 'Prospector-Delivery';
export const SECRET_PREFIX = 'whsec_';
/** A receiver should refuse a signature older than this (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The string that is signed: the timestamp, a dot, and the raw body exactly as received. */
export const signedContent = (timestamp: number, body: string) => `${timestamp}.${body}`;

/** What a webhook receives as its body. */
export type WebhookPayload = { id: string; type: string; createdAt: string; data: Record<string, unknown> };

/**
 * How a receiver checks a delivery (Node). The same recipe works in any language: HMAC-SHA256 of
 * `t + "." + body` with the secret (the whole `whsec_...` string as the key), hex, compared in constant time.
 */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// body: the raw request body (a string, before JSON.parse); header: the Prospector-Signature header
export function verify(body, header, secret, toleranceSeconds = ${SIGNATURE_TOLERANCE_SECONDS}) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!t || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}`;

/** Retries after a failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h; the sixth attempt is the last. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21_600] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
export const WEBHOOK_TIMEOUT_SECONDS = 10;
export const WEBHOOKS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const WEBHOOKS_LIMIT_REACHED = `You have ${WEBHOOKS_MAX} webhooks, the most there can be: delete one you no longer need`;
export const WEBHOOK_PRIVATE_ADDRESS =
  'The URL points to a private, loopback or link-local address; webhooks only go to public addresses (an administrator can allow private ones with WEBHOOK_ALLOW_PRIVATE=true)';
export const webhookUnresolvable = (host: string) => `The host ${host} could not be resolved`;

const url = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'A webhook needs a URL')
  .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an absolute http:// or https:// URL, e.g. https://hooks.example.com/prospector')
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return !parsed.username && !parsed.password;
    } catch {
      return true;
    }
  }, 'must not hold a user name or password');
const description = z
  .string({ error: 'must be text' })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, `must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`);
const events = z
  .array(z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` }))
  .min(1, 'Choose at least one event')
  .max(EVENT_TYPES.length)
  .transform((list) => EVENT_TYPES.filter((type) => list.includes(type)));

export const webhookCreateSchema = z
  .object({ url, description: description.default(''), events, active: z.boolean().default(true) })
  .strict();
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z
  .object({
    url: url.optional(),
    description: description.optional(),
    events: events.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventId: z.string().nullable(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  /** The start of the target's answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** When the next attempt is due (pending deliveries). */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** The secret's first characters, so a user can tell which one a receiver holds. */
  secretHint: z.string(),
  lastDelivery: webhookDeliverySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** On create and on "reveal": the webhook with its whole signing secret. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export const deliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
