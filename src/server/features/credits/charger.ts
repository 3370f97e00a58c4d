import type { SQL } from 'drizzle-orm';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AUTO_TOP_UP_JOB } from './jobs.ts';
import {
  type AccountDefaults,
  type Charge,
  type ChargedRun,
  type ChargeHooks,
  type CreditAccount,
  chargeAlong,
  chargeCredits,
  checkCredits,
} from './service.ts';

/**
 * Pays for a read in the statement that makes it (Charger.along, bound to the caller, the activity and the
 * run): charged only when the read found something.
 */
export type PayForRead = <Row>(read: {
  statement: SQL;
  found: SQL;
}) => Promise<{ row: Row | undefined; charge: Charge | null }>;

/** The one way a feature spends credits (spec 2 §5): the account defaults, alerts and top-ups built in. */
export type Charger = {
  /**
   * Throws the 402 (or 404 for an unknown activity) when the caller could not pay for `quantity`; else tells
   * what it would cost and what is available.
   */
  check(caller: Caller, activity: string, quantity?: number): Promise<{ cost: number; available: number }>;
  /** With `run`, the agent run it pays for is recorded by the same statement (see ChargedRun). */
  charge(
    caller: Caller,
    activity: string,
    quantity?: number,
    description?: string,
    run?: ChargedRun,
  ): Promise<Charge>;
  /**
   * A read that pays for itself in the statement that makes it (one round trip): `statement` returns one row,
   * charged for (with `run` recorded) only when `found` holds over its columns (see chargeAlong).
   */
  along<Row>(
    caller: Caller,
    activity: string,
    read: { statement: SQL; found: SQL },
    run?: ChargedRun,
  ): Promise<{ row: Row | undefined; charge: Charge | null }>;
  /**
   * Paid work: checks first, does the work, then charges. Work that throws is not charged; `quantity` may
   * depend on the result (e.g. rows exported), and a quantity of 0 charges nothing (a search that found
   * nothing).
   */
  after<T>(
    caller: Caller,
    activity: string,
    work: () => Promise<T>,
    quantity?: (result: T) => number,
  ): Promise<{ result: T; charge: Charge | null }>;
};

/**
 * Usage alerts at 80 % and 100 % of the cycle's credits go out by mail (the app shows a banner too), and a
 * low balance with automatic top-up on queues the top-up (the job re-checks, so several requests buy once).
 */
function chargeHooks(parts: { jobs: JobQueue; mailer: Mailer; logger: Logger }): ChargeHooks {
  return {
    onLow: (caller, account) => {
      const key = `auto-top-up:${account.billingCycleStart}:${account.totalCredits}`;
      parts.jobs
        .enqueue(AUTO_TOP_UP_JOB, { userId: caller.id, email: caller.email, key }, { userId: caller.id })
        .catch((err: unknown) => parts.logger.warn({ err }, 'automatic top-up could not be queued'));
    },
    onAlert: (caller: Caller, percent: number, account: CreditAccount) => {
      const text =
        percent >= 100
          ? `You have used all ${account.totalCredits} credits of this billing cycle. Buy a credit package or upgrade your plan to keep the agents working; the cycle renews on ${account.billingCycleEnd.slice(0, 10)}.`
          : `You have used ${account.usedCredits} of your ${account.totalCredits} credits (${percent}%) this billing cycle. It renews on ${account.billingCycleEnd.slice(0, 10)}.`;
      parts.mailer
        .send({
          to: caller.email,
          kind: 'usage-alert',
          subject: `Prospector: ${percent}% of your credits used`,
          text,
        })
        .catch((err: unknown) => parts.logger.error({ err }, 'usage alert mail failed'));
    },
  };
}

export function createCharger(parts: {
  db: Db;
  defaults: AccountDefaults;
  jobs: JobQueue;
  mailer: Mailer;
  logger: Logger;
}): Charger {
  const { db, defaults } = parts;
  const hooks = chargeHooks(parts);
  const charge: Charger['charge'] = (caller, activity, quantity = 1, description, run) =>
    chargeCredits(db, caller, activity, quantity, { description, defaults, hooks, run });
  return {
    check: (caller, activity, quantity = 1) => checkCredits(db, caller, activity, quantity, defaults),
    charge,
    along: (caller, activity, read, run) => chargeAlong(db, caller, activity, read, { defaults, hooks, run }),
    async after(caller, activity, work, quantity) {
      await checkCredits(db, caller, activity, 1, defaults);
      const result = await work();
      const units = quantity ? quantity(result) : 1;
      return { result, charge: units > 0 ? await charge(caller, activity, units) : null };
    },
  };
}
