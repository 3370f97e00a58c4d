import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Takes a transaction-scoped advisory lock named `key` (e.g. `api-keys:<user id>`): transactions taking the same
 * key run one after the other until commit or rollback. For "at most N" rules, lock before the count and the
 * insert so that concurrent requests cannot all count the same N - 1.
 */
export async function lockFor(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
