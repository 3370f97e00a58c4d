import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import type { AuthClient } from './auth.ts';

/** Leaves a signed-in user exactly `remaining` credits of this cycle (their account is made first if need be). */
export async function leaveCredits(database: Database, client: AuthClient, remaining = 0): Promise<void> {
  const userId = (await client.session())?.user.id;
  if (!userId) throw new Error('leaveCredits needs a signed-in client');
  await client.request('GET', '/api/v1/credits');
  await database.db.execute(
    sql`update user_credits set used_credits = total_credits - ${remaining} where user_id = ${userId}`,
  );
}
