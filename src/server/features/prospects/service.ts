/**
 * Prospects (spec 3 §3-§4, §7): find or create one by name, change its status, write a forecast scenario.
 * Every change is logged as an activity (the input of deal momentum). Called by the copilot's commands.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { COPILOT_FORECAST } from '../../../shared/copilot.ts';
import {
  DEFAULT_REPORT,
  type ForecastScenario,
  isProspectStatus,
  type ProspectStatus,
} from '../../../shared/prospects.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { prospectActivities, revenueForecasts, savedProspects, savedReports } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';

export const PROSPECT_NOT_FOUND = 'Prospect not found';

const NAME_MAX = 200;

/** The caller's prospect, or 404 (another user's prospect does not exist for them). */
async function ownProspect(tx: Db, caller: Caller, id: string) {
  const [prospect] = await tx
    .select()
    .from(savedProspects)
    .where(and(eq(savedProspects.id, id), eq(savedProspects.userId, caller.id)));
  if (!prospect) throw new AppError('NOT_FOUND', 404, PROSPECT_NOT_FOUND);
  return prospect;
}

/** Spec 3 §7: the default report, made on first need. */
async function defaultReport(tx: Db, caller: Caller): Promise<string> {
  const [report] = await tx
    .insert(savedReports)
    .values({ userId: caller.id, ...DEFAULT_REPORT })
    .onConflictDoUpdate({
      target: [savedReports.userId, savedReports.name],
      set: { name: DEFAULT_REPORT.name },
    })
    .returning({ id: savedReports.id });
  if (!report) throw new Error('the default report could not be made');
  return report.id;
}

/** The caller's prospect of that name (any case), or a new one with spec 3 §4's defaults. */
export function findOrCreateProspect(
  db: Db,
  caller: Caller,
  rawName: string,
  companyId?: string,
): Promise<{ id: string; name: string; created: boolean }> {
  const name = rawName.trim().slice(0, NAME_MAX);
  if (!name) throw new AppError('VALIDATION_ERROR', 400, 'A prospect needs a name');
  return withUser(db, caller.id, async (tx) => {
    const [found] = await tx
      .select({ id: savedProspects.id, name: savedProspects.name })
      .from(savedProspects)
      .where(and(eq(savedProspects.userId, caller.id), sql`lower(${savedProspects.name}) = lower(${name})`))
      .orderBy(desc(savedProspects.createdAt))
      .limit(1);
    if (found) return { ...found, created: false };
    const reportId = await defaultReport(tx, caller);
    const [created] = await tx
      .insert(savedProspects)
      .values({ userId: caller.id, reportId, name, companyId: companyId ?? null })
      .returning({ id: savedProspects.id, name: savedProspects.name });
    if (!created) throw new Error('the prospect could not be created');
    await tx
      .insert(prospectActivities)
      .values({ userId: caller.id, prospectId: created.id, kind: 'created', detail: { name } });
    return { ...created, created: true };
  });
}

export function setProspectStatus(db: Db, caller: Caller, id: string, status: ProspectStatus | string) {
  if (!isProspectStatus(status)) throw new AppError('VALIDATION_ERROR', 400, `Unknown status: ${status}`);
  return withUser(db, caller.id, async (tx) => {
    const prospect = await ownProspect(tx, caller, id);
    await tx
      .update(savedProspects)
      .set({ status, updatedAt: new Date() })
      .where(eq(savedProspects.id, prospect.id));
    await tx.insert(prospectActivities).values({
      userId: caller.id,
      prospectId: prospect.id,
      kind: 'status_changed',
      detail: { from: prospect.status, to: status },
    });
    return { ...prospect, status };
  });
}

/**
 * Spec 3 §7: the copilot's forecast update writes one scenario of the 120-day forecast (confidence 75 when new),
 * marked as edited by the user.
 */
export function updateForecastScenario(
  db: Db,
  caller: Caller,
  id: string,
  scenario: ForecastScenario,
  amount: number,
) {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new AppError('VALIDATION_ERROR', 400, 'An amount is a whole number of dollars, 0 or more');
  }
  const key = `${scenario}Amount` as const;
  return withUser(db, caller.id, async (tx) => {
    const prospect = await ownProspect(tx, caller, id);
    const now = new Date();
    const [forecast] = await tx
      .insert(revenueForecasts)
      .values({
        userId: caller.id,
        prospectId: prospect.id,
        timelineDays: COPILOT_FORECAST.timelineDays,
        confidencePercentage: COPILOT_FORECAST.confidencePercentage,
        [key]: amount,
        isUserEdited: true,
        editedAt: now,
      })
      .onConflictDoUpdate({
        target: [revenueForecasts.prospectId, revenueForecasts.timelineDays],
        set: { [key]: amount, isUserEdited: true, editedAt: now },
      })
      .returning();
    await tx.insert(prospectActivities).values({
      userId: caller.id,
      prospectId: prospect.id,
      kind: 'forecast_edited',
      detail: { scenario, amount },
    });
    return forecast;
  });
}
