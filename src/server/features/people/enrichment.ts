/**
 * Bulk enrichment (issue 6 §3): the e-mail and phone finders over a selection of people, as a job with
 * progress. Each address or number found is charged as the single finders charge it, once per person; what
 * was found before is free, and nothing found costs nothing. When the credits run out the job stops there and
 * says so: what it found up to then is kept and paid, nothing beyond.
 */
import type { EnrichmentResult } from '../../../shared/people.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Charger } from '../credits/charger.ts';
import { type Finding, keepFindings, type Lookup, lookUp } from './finders.ts';

export const ENRICH_JOB = 'people.enrich';
/** The most people one enrichment takes: a selection of the people table, as an export's limit. */
export const ENRICH_MAX_PEOPLE = 10_000;
/** People looked up, paid and kept together: one round of queries per batch. */
const BATCH = 250;

export type EnrichmentPayload = { caller: Caller; ids: string[]; lookup: Lookup };

const isShortOfCredits = (err: unknown) => err instanceof AppError && err.status === 402;

/** How many of `wanted` the caller can pay for now (0 when the activity costs more than what is left). */
async function affordable(credits: Charger, caller: Caller, activity: string, wanted: number) {
  if (wanted === 0) return 0;
  try {
    await credits.check(caller, activity, wanted);
    return wanted;
  } catch (err) {
    if (!isShortOfCredits(err)) throw err;
  }
  try {
    const { cost, available } = await credits.check(caller, activity, 1);
    return Math.min(wanted, Math.floor(available / Math.max(cost, 1)));
  } catch (err) {
    if (isShortOfCredits(err)) return 0;
    throw err;
  }
}

/**
 * Leaves in `findings` only the new finds of `kind` that are paid for (the first `paid` of them, in the
 * selection's order) and adds the people whose find was left out to `unpaid`.
 */
function keepPaid(
  findings: Map<string, Finding>,
  order: readonly string[],
  kind: 'email' | 'phone',
  paid: number,
  unpaid: Set<string>,
) {
  let kept = 0;
  for (const id of order) {
    const finding = findings.get(id);
    const found = finding?.[kind];
    if (!finding || !found || found.paidBefore) continue;
    if (kept < paid) kept++;
    else {
      findings.set(id, { ...finding, [kind]: null });
      unpaid.add(id);
    }
  }
}

const newFinds = (findings: Map<string, Finding>, kind: 'email' | 'phone') =>
  [...findings.values()].filter((f) => f[kind] && !f[kind].paidBefore).length;

const FINDERS = [
  { kind: 'email', activity: 'email_finder', label: 'E-mail addresses found' },
  { kind: 'phone', activity: 'phone_finder', label: 'Phone numbers found' },
] as const;

export function registerEnrichmentJob(jobs: JobQueue, db: Db, credits: Charger): void {
  jobs.register<EnrichmentPayload>(
    ENRICH_JOB,
    async (job, ctx) => {
      const { caller, ids, lookup } = job.payload;
      const result: EnrichmentResult = {
        requested: ids.length,
        processed: 0,
        emailsFound: 0,
        phonesFound: 0,
        notFound: 0,
        creditsCharged: 0,
        stopped: null,
        found: [],
      };
      for (let start = 0; start < ids.length && !result.stopped; start += BATCH) {
        ctx.signal.throwIfAborted();
        const batch = ids.slice(start, start + BATCH);
        const findings = await lookUp(db, caller, batch, lookup);
        const unpaid = new Set<string>();
        const paid = { email: 0, phone: 0 };
        for (const { kind, activity } of FINDERS) {
          paid[kind] = await affordable(credits, caller, activity, newFinds(findings, kind));
          keepPaid(findings, batch, kind, paid[kind], unpaid);
        }
        // Kept before it is charged: should a charge fail (another request spent the credits meanwhile), the
        // user keeps what they were shown rather than paying for something they cannot see. Only what this job
        // kept is charged: a find another job or request kept at the same moment is theirs to pay, once.
        const kept = await keepFindings(db, caller, findings);
        for (const { kind, activity, label } of FINDERS) {
          const units = kept[kind].size;
          if (units === 0) continue;
          const charge = await credits.charge(caller, activity, units, `${label} (bulk): ${units}`);
          result.creditsCharged += charge.creditsCharged;
        }

        // With credits short, the people count up to the first one whose find could not be paid for.
        const cut = batch.findIndex((id) => unpaid.has(id));
        const done = cut === -1 ? batch : batch.slice(0, cut);
        for (const id of done) {
          const finding = findings.get(id);
          if (finding?.email) result.emailsFound++;
          if (finding?.phone) result.phonesFound++;
          if (!finding?.email && !finding?.phone) result.notFound++;
          else
            result.found.push({
              id,
              email: finding.email?.email ?? null,
              emailStatus: finding.email?.status ?? null,
              emailConfidence: finding.email?.confidence ?? null,
              phone: finding.phone?.phone ?? null,
            });
        }
        result.processed += done.length;
        if (cut !== -1)
          result.stopped = `Insufficient credits: stopped after ${result.processed} of ${ids.length} people. Buy credits and run it again; what was found is not charged twice.`;
        await ctx.progress(
          (100 * (start + batch.length)) / ids.length,
          `Looked at ${start + batch.length} of ${ids.length} people`,
        );
      }
      return result;
    },
    // A second attempt would look up again; what the first kept is not charged twice, but one is enough.
    { maxAttempts: 1 },
  );
}
