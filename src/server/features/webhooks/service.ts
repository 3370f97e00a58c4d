/**
 * Outgoing webhooks (issue 10): a user's targets (CRUD, the signing secret sealed with deps.secrets), the
 * deliveries an event fans out to (written in the event's own transaction), and the sending, which runs in the
 * job queue so the request that caused an event never waits for a target. A delivery is tried at once, then
 * after 1 min, 5 min, 30 min, 2 h and 6 h; each attempt's answer, duration and error are on the delivery.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DELIVERY_NOT_FOUND,
  PING_EVENT,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOKS_LIMIT_REACHED,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookPayload,
  type WebhookUpdate,
  type WebhookWithSecret,
  webhookCreateSchema,
  webhookUpdateSchema,
} from '../../../shared/events.ts';
import type { AppDeps, Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { lockFor } from '../../db/locks.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { resolveTarget, TargetRefused } from '../../http/address-guard.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueWithin, type JobQueue } from '../../jobs/queue.ts';
import { generateSecret, type SendOutcome, sendWebhook } from './send.ts';

export const DELIVER_JOB = 'webhooks.deliver';
export const SWEEP_JOB = 'webhooks.sweep';
/** How often due retries (and deliveries whose job was lost) are picked up. */
export const SWEEP_INTERVAL_SECONDS = 30;
/** A delivery being sent is not picked again for this long (longer than any attempt can take). */
const LEASE_MS = (WEBHOOK_TIMEOUT_SECONDS + 110) * 1000;
const SWEEP_BATCH = 50;
const SEND_CONCURRENCY = 5;

export type WebhookDeps = Pick<AppDeps, 'database' | 'secrets' | 'config' | 'logger' | 'version' | 'jobs'>;

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The secret's start; a secret sealed under another auth secret cannot be opened, and says so. */
function secretHint(deps: Pick<WebhookDeps, 'secrets'>, row: WebhookRow): string {
  try {
    return `${deps.secrets.open(row.secretEncrypted).slice(0, 10)}…`;
  } catch {
    return 'unreadable (the server’s AUTH_SECRET changed): delete and add the webhook again';
  }
}

function toWebhook(deps: Pick<WebhookDeps, 'secrets'>, row: WebhookRow, last: DeliveryRow | null): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    secretHint: secretHint(deps, row),
    lastDelivery: last ? toDelivery(last) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The target must resolve to public addresses (unless WEBHOOK_ALLOW_PRIVATE): 422 with the reason. */
async function checkTarget(deps: WebhookDeps, url: string): Promise<void> {
  try {
    await resolveTarget(new URL(url).hostname, deps.config.webhooks.allowPrivate);
  } catch (err) {
    if (err instanceof TargetRefused) throw new AppError('VALIDATION_ERROR', 422, err.message);
    throw err;
  }
}

async function ownWebhook(tx: Db, userId: string, id: string): Promise<WebhookRow> {
  const [row] = await tx
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 404, WEBHOOK_NOT_FOUND);
  return row;
}

async function lastDeliveries(tx: Db, userId: string): Promise<Map<string, DeliveryRow>> {
  const rows = await tx
    .selectDistinctOn([webhookDeliveries.webhookId])
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.userId, userId))
    .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt));
  return new Map(rows.map((row) => [row.webhookId, row]));
}

export function listWebhooks(deps: WebhookDeps, caller: Caller): Promise<Webhook[]> {
  return withUser(deps.database.db, caller.id, async (tx) => {
    const rows = await tx
      .select()
      .from(webhooks)
      .where(eq(webhooks.userId, caller.id))
      .orderBy(desc(webhooks.createdAt));
    const last = await lastDeliveries(tx, caller.id);
    return rows.map((row) => toWebhook(deps, row, last.get(row.id) ?? null));
  });
}

export function getWebhook(deps: WebhookDeps, caller: Caller, id: string): Promise<Webhook> {
  return withUser(deps.database.db, caller.id, async (tx) => {
    const row = await ownWebhook(tx, caller.id, id);
    const [last] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, id))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(1);
    return toWebhook(deps, row, last ?? null);
  });
}

export async function createWebhook(
  deps: WebhookDeps,
  caller: Caller,
  input: WebhookCreate,
): Promise<WebhookWithSecret> {
  const fields = webhookCreateSchema.parse(input);
  await checkTarget(deps, fields.url);
  const secret = generateSecret();
  return withUser(deps.database.db, caller.id, async (tx) => {
    // One creation at a time per user, so the count below cannot be read by two requests that both insert.
    await lockFor(tx, `webhooks:${caller.id}`);
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from webhooks where user_id = ${caller.id}::uuid`,
    );
    if ((count?.n ?? 0) >= WEBHOOKS_MAX) throw new AppError('CONFLICT', 409, WEBHOOKS_LIMIT_REACHED);
    const [row] = await tx
      .insert(webhooks)
      .values({ userId: caller.id, ...fields, secretEncrypted: deps.secrets.seal(secret) })
      .returning();
    if (!row) throw new Error('the webhook was not written');
    return { ...toWebhook(deps, row, null), secret };
  });
}

export async function updateWebhook(
  deps: WebhookDeps,
  caller: Caller,
  id: string,
  patch: WebhookUpdate,
): Promise<Webhook> {
  const fields = webhookUpdateSchema.parse(patch);
  if (fields.url !== undefined) await checkTarget(deps, fields.url);
  await withUser(deps.database.db, caller.id, async (tx) => {
    await ownWebhook(tx, caller.id, id);
    await tx
      .update(webhooks)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(webhooks.id, id));
  });
  return getWebhook(deps, caller, id);
}

export function deleteWebhook(deps: WebhookDeps, caller: Caller, id: string): Promise<void> {
  return withUser(deps.database.db, caller.id, async (tx) => {
    const deleted = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, caller.id)))
      .returning({ id: webhooks.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404, WEBHOOK_NOT_FOUND);
  });
}

/** The whole signing secret, for its owner ("Reveal"). */
export function revealSecret(deps: WebhookDeps, caller: Caller, id: string): Promise<{ secret: string }> {
  return withUser(deps.database.db, caller.id, async (tx) => {
    const row = await ownWebhook(tx, caller.id, id);
    return { secret: deps.secrets.open(row.secretEncrypted) };
  });
}

export function listDeliveries(
  deps: WebhookDeps,
  caller: Caller,
  webhookId: string,
  limit = 50,
): Promise<WebhookDelivery[]> {
  return withUser(deps.database.db, caller.id, async (tx) => {
    await ownWebhook(tx, caller.id, webhookId);
    const rows = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
    return rows.map(toDelivery);
  });
}

/** Sends a delivery written by a committed transaction now, in the job queue (never awaited by the request). */
async function sendSoon(jobs: JobQueue, userId: string, deliveryIds: string[]): Promise<void> {
  await jobs.enqueue(DELIVER_JOB, { deliveryIds }, { userId });
}

/** "Send test": a `webhook.ping` event to this webhook (active or not), delivered like any other. */
export async function sendTest(deps: WebhookDeps, caller: Caller, id: string): Promise<WebhookDelivery> {
  const delivery = await withUser(deps.database.db, caller.id, async (tx) => {
    const hook = await ownWebhook(tx, caller.id, id);
    const payload: WebhookPayload = {
      id: randomUUID(),
      type: PING_EVENT,
      createdAt: new Date().toISOString(),
      data: {
        webhookId: hook.id,
        message: 'A test event from Prospector: this webhook receives signed deliveries.',
      },
    };
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ userId: caller.id, webhookId: id, eventType: PING_EVENT, payload, nextAttemptAt: new Date() })
      .returning();
    if (!row) throw new Error('the delivery was not written');
    return row;
  });
  await sendSoon(deps.jobs, caller.id, [delivery.id]);
  return toDelivery(delivery);
}

/** Re-send: a new delivery of the same payload (same event id, so receivers can tell it is the same event). */
export async function resendDelivery(
  deps: WebhookDeps,
  caller: Caller,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const delivery = await withUser(deps.database.db, caller.id, async (tx) => {
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.userId, caller.id)));
    if (!original) throw new AppError('NOT_FOUND', 404, DELIVERY_NOT_FOUND);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        userId: caller.id,
        webhookId: original.webhookId,
        eventId: original.eventId,
        eventType: original.eventType,
        payload: original.payload,
        nextAttemptAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('the delivery was not written');
    return row;
  });
  await sendSoon(deps.jobs, caller.id, [delivery.id]);
  return toDelivery(delivery);
}

/**
 * For the events service, inside the transaction that records an event: one delivery per active webhook of the
 * user that wants this type, and the job that sends them, both committed with the event or not at all.
 */
export async function queueDeliveries(
  tx: Db,
  event: { id: string; userId: string; type: string; createdAt: Date; data: Record<string, unknown> },
): Promise<number> {
  const targets = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.userId, event.userId),
        eq(webhooks.active, true),
        sql`${webhooks.events} @> array[${event.type}]::text[]`,
      ),
    );
  if (targets.length === 0) return 0;
  const payload: WebhookPayload = {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
  };
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      targets.map((t) => ({
        userId: event.userId,
        webhookId: t.id,
        eventId: event.id,
        eventType: event.type,
        payload,
        nextAttemptAt: event.createdAt,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  await enqueueWithin(tx, DELIVER_JOB, { deliveryIds: rows.map((r) => r.id) }, { userId: event.userId });
  return rows.length;
}

// Sending ---------------------------------------------------------------------------------------------------

export type DeliverOptions = {
  /** The current time (tests move it forward instead of waiting for a retry). */
  now?: Date;
  timeoutMs?: number;
};

/** The next attempt after `attempts` failed ones, or null when that was the last. */
export function retryDelaySeconds(attempts: number): number | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  return WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1] ?? null;
}

/**
 * Takes due pending deliveries for sending (all users: a system job, on the owner connection). The lease moves
 * the next attempt ahead, so a second worker or sweep does not send the same delivery meanwhile.
 */
async function claim(db: Db, now: Date, ids: string[] | null): Promise<DeliveryRow[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const which = ids
    ? sql`id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`true`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update webhook_deliveries set next_attempt_at = ${lease.toISOString()}::timestamptz, updated_at = now()
        where id in (
          select id from webhook_deliveries
          where status = 'pending' and coalesce(next_attempt_at, created_at) <= ${now.toISOString()}::timestamptz
            and ${which}
          order by next_attempt_at limit ${SWEEP_BATCH}
          for update skip locked)
        returning id`,
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.id} in (${sql.join(
        rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    );
}

async function attempt(deps: WebhookDeps, delivery: DeliveryRow, options: DeliverOptions): Promise<void> {
  const { db } = deps.database;
  const now = options.now ?? new Date();
  const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId));
  if (!hook) return; // deleted meanwhile: its deliveries went with it
  const attempts = delivery.attempts + 1;
  const refused = (error: string): SendOutcome => ({
    ok: false,
    status: null,
    body: null,
    error,
    durationMs: 0,
  });
  let secret: string | null = null;
  try {
    secret = deps.secrets.open(hook.secretEncrypted);
  } catch {
    // Sealed under another AUTH_SECRET: nothing can be signed, now or later.
  }
  let outcome: SendOutcome;
  let final = !hook.active;
  if (!hook.active && delivery.eventType !== PING_EVENT) {
    outcome = refused('The webhook is disabled');
  } else if (secret === null) {
    outcome = refused(
      "The signing secret cannot be read (the server's AUTH_SECRET changed); add the webhook again",
    );
    final = true;
  } else {
    final = false;
    outcome = await sendWebhook({
      url: hook.url,
      secret,
      payload: delivery.payload as WebhookPayload,
      deliveryId: delivery.id,
      allowPrivate: deps.config.webhooks.allowPrivate,
      timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000,
      userAgent: `Prospector-Webhooks/${deps.version}`,
      now,
    });
  }
  const delay = outcome.ok || final ? null : retryDelaySeconds(attempts);
  const status = outcome.ok ? 'succeeded' : delay === null ? 'failed' : 'pending';
  await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts,
      responseStatus: outcome.status,
      responseBody: outcome.body,
      error: outcome.error,
      durationMs: outcome.durationMs,
      nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay * 1000),
      deliveredAt: outcome.ok ? now : null,
      updatedAt: new Date(),
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  // The host only: a URL's path or query may itself be a secret (many chat webhooks are).
  const host = URL.canParse(hook.url) ? new URL(hook.url).host : 'invalid';
  const log = { webhookId: hook.id, deliveryId: delivery.id, event: delivery.eventType, host, attempts };
  if (outcome.ok) deps.logger.info({ ...log, ms: outcome.durationMs }, 'webhook delivered');
  else {
    deps.logger.warn(
      { ...log, responseStatus: outcome.status, error: outcome.error, next: status },
      'webhook attempt failed',
    );
  }
}

/** Sends what is due: the given deliveries, or (none given) every due one, a few at a time. */
export async function deliverDue(
  deps: WebhookDeps,
  options: DeliverOptions & { ids?: string[] } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  let sent = 0;
  for (;;) {
    const batch = await claim(deps.database.db, now, options.ids ?? null);
    for (let i = 0; i < batch.length; i += SEND_CONCURRENCY) {
      await Promise.all(batch.slice(i, i + SEND_CONCURRENCY).map((d) => attempt(deps, d, options)));
    }
    sent += batch.length;
    if (options.ids || batch.length < SWEEP_BATCH) return sent;
  }
}

export function registerWebhookJobs(deps: WebhookDeps): void {
  deps.jobs.register<{ deliveryIds: string[] }>(DELIVER_JOB, async (job) => ({
    sent: await deliverDue(deps, { ids: job.payload.deliveryIds }),
  }));
  deps.jobs.register(SWEEP_JOB, async () => ({ sent: await deliverDue(deps) }));
}
