import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs `work` in a transaction as the application role with `app.user_id` set to the caller, so row-level
 * security policies limit every statement to the caller's rows even if a query forgets its WHERE.
 */
export function withUser<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: the caller for the policies, and `role` (as SET LOCAL ROLE) so that they apply.
    await tx.execute(
      sql`select set_config('app.user_id', ${userId}, true), set_config('role', 'prospector_app', true)`,
    );
    return work(tx as unknown as Db);
  });
}
