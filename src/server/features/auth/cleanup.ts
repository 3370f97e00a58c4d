import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deleteExpiredRateLimits } from '../../http/rate-limit.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { deleteStaleSignInAddresses } from './sign-in-limits.ts';

export const AUTH_CLEANUP_JOB = 'auth.cleanup';

/** The longest abuse-limit window (one hour); older counters can no longer limit anything. */
const LONGEST_WINDOW_SECONDS = 3600;

/**
 * Hourly: drops expired sessions and tokens, finished abuse-limit windows and sign-in addresses no longer
 * known, so these tables stay small.
 */
export function registerAuthCleanup(jobs: JobQueue, db: Db): void {
  jobs.register(AUTH_CLEANUP_JOB, async () => {
    const sessions = await db.execute(sql`delete from sessions where expires_at < now()`);
    const tokens = await db.execute(sql`delete from verifications where expires_at < now()`);
    await deleteExpiredRateLimits(db, LONGEST_WINDOW_SECONDS);
    await deleteStaleSignInAddresses(db);
    const count = (result: unknown) => (result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
    return { sessions: count(sessions), tokens: count(tokens) };
  });
}
