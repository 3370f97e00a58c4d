import { sql } from 'drizzle-orm';
import { CREDIT_PACKAGES, type CreditPackageId } from '../../../shared/pricing.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { PaymentPort } from './payments.ts';
import { type AccountDefaults, getAccount, purchasePackage, rollOverAccount } from './service.ts';

export const ROLL_CYCLES_JOB = 'credits.roll-cycles';
export const AUTO_TOP_UP_JOB = 'credits.auto-top-up';

/**
 * Hourly: starts the billing cycles that ended, so that accounts nobody has read lately still reset (reads
 * and charges also do it on the spot). Automatic top-ups run as jobs too, so a charge never waits for one.
 */
export function registerCreditJobs(
  jobs: JobQueue,
  db: Db,
  payments: PaymentPort,
  logger: Logger,
  defaults: AccountDefaults,
): void {
  jobs.register(ROLL_CYCLES_JOB, async () => {
    const due = await queryRows<{ user_id: string }>(
      db,
      sql`select user_id from user_credits where billing_cycle_end <= clock_timestamp() limit 10000`,
    );
    for (const { user_id } of due) await rollOverAccount(db, user_id, defaults);
    return { rolledOver: due.length };
  });

  jobs.register<{ userId: string; email: string; key: string }>(AUTO_TOP_UP_JOB, async (job) => {
    const caller = { id: job.payload.userId, email: job.payload.email, name: '', emailVerified: true };
    const account = await getAccount(db, caller, defaults);
    const setting = account.autoTopUp;
    // Re-checked here: several charges may have asked for a top-up; only one is needed.
    if (!setting || account.remainingCredits >= setting.below) return { skipped: true };
    if (!CREDIT_PACKAGES.some((p) => p.id === setting.packageId)) return { skipped: true };
    // A provider that needs the buyer at a checkout page cannot top up on its own (the setting is refused).
    if (!payments.chargesOffSession) return { skipped: true };
    const purchase = await purchasePackage(
      db,
      caller,
      setting.packageId as CreditPackageId,
      job.payload.key,
      payments,
      defaults,
      true,
    );
    if (!('creditsAdded' in purchase)) return { skipped: true };
    logger.info({ userId: caller.id, credits: purchase.creditsAdded }, 'automatic top-up');
    return { creditsAdded: purchase.creditsAdded };
  });
}
