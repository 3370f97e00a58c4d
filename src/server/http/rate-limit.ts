import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { type Db, queryRows } from '../db/client.ts';
import { errorBody } from './errors.ts';

/** At most `max` requests per `windowSeconds` (fixed window) for one key. */
export type RateRule = { max: number; windowSeconds: number };

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one request against `key` and says whether it is within `rule`. One upsert, so concurrent requests
 * and several server instances share the count without a read-then-write race.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateRule,
  now: number = Date.now(),
): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const [row] = await queryRows<{ count: number; window_start: string | number }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${now - windowMs} then ${now}
                              else rate_limits.window_start end
        returning count, window_start`,
  );
  const count = Number(row?.count ?? 1);
  const windowStart = Number(row?.window_start ?? now);
  return {
    allowed: count <= rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Forgets windows that ended (run periodically; a key that comes back simply starts a new window). */
export async function deleteExpiredRateLimits(db: Db, olderThanSeconds: number, now = Date.now()) {
  await db.execute(sql`delete from rate_limits where window_start < ${now - olderThanSeconds * 1000}`);
}

/** The caller's address: the proxy's X-Forwarded-For when we sit behind one (TRUST_PROXY), else the socket's. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // not served by @hono/node-server (tests call app.request directly)
  }
}

/**
 * The 429 answer to a request over its limit, with Retry-After ('Too many attempts. Please wait 30 seconds...'),
 * and what else the user can do, when there is something (`hint`).
 */
export function tooMany(c: Context, decision: RateDecision, what: 'attempts' | 'requests', hint?: string) {
  c.header('Retry-After', String(decision.retryAfterSeconds));
  const wait = `Too many ${what}. Please wait ${decision.retryAfterSeconds} seconds and try again.`;
  return c.json(errorBody('RATE_LIMITED', hint ? `${wait} ${hint}` : wait), 429);
}
