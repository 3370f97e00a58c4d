/**
 * Prospects (spec 3 §3-§4, §7): find or create one (by name, or from a company), list them with pipeline totals,
 * read one with its forecasts, momentum and activity, change its status and account fields, write and remove
 * forecasts, override deal momentum or go back to the computed one, delete it. Every change is logged as an
 * activity and deal momentum is recomputed in the same transaction (momentum.ts). The copilot's commands and
 * the HTTP routes both come here.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { COPILOT_FORECAST } from '../../../shared/copilot.ts';
import {
  ACCOUNT_HEALTHS,
  type AccountHealth,
  DEFAULT_REPORT,
  FORECAST_ORDER_ERROR,
  type Forecast,
  type ForecastScenario,
  forecastInOrder,
  isProspectStatus,
  LIFECYCLE_POSITIONS,
  type LifecyclePosition,
  type MomentumOverride,
  type MomentumTrend,
  PROSPECT_NAME_MAX,
  PROSPECT_STATUS_LABELS,
  PROSPECT_STATUSES,
  type ProspectActivityKind,
  type ProspectChange,
  type ProspectDetail,
  type ProspectList,
  type ProspectPipeline,
  type ProspectSort,
  type ProspectStatus,
  type ProspectSummary,
  type RevenuePotential,
} from '../../../shared/prospects.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  dealMomentum,
  prospectActivities,
  revenueForecasts,
  savedProspects,
  savedReports,
} from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import { recordEvent } from '../events/service.ts';
import { refreshMomentum } from './momentum.ts';

export const PROSPECT_NOT_FOUND = 'Prospect not found';
export const FORECAST_NOT_FOUND = 'Forecast not found';
export const COMPANY_NOT_FOUND = 'Company not found';
/** Activities shown with a prospect, newest first. */
export const RECENT_ACTIVITIES = 20;

type ProspectRow = typeof savedProspects.$inferSelect;

/** The caller's prospect, or 404 (another user's prospect does not exist for them). */
async function ownProspect(tx: Db, caller: Caller, id: string): Promise<ProspectRow> {
  const [prospect] = await tx
    .select()
    .from(savedProspects)
    .where(and(eq(savedProspects.id, id), eq(savedProspects.userId, caller.id)));
  if (!prospect) throw new AppError('NOT_FOUND', 404, PROSPECT_NOT_FOUND);
  return prospect;
}

/**
 * Logs what happened to a prospect and recomputes its deal momentum in the same transaction (a manual
 * override is left as it is). A touch also makes the prospect the most recently updated.
 */
async function logActivity(
  tx: Db,
  caller: Caller,
  prospectId: string,
  kind: ProspectActivityKind,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(prospectActivities).values({ userId: caller.id, prospectId, kind, detail });
  await tx.update(savedProspects).set({ updatedAt: new Date() }).where(eq(savedProspects.id, prospectId));
  await refreshMomentum(tx, caller.id, [prospectId]);
}

/**
 * For other features (documents and RFPs generated for the account): log an activity on the caller's prospect,
 * which moves its momentum.
 */
export function recordProspectActivity(
  db: Db,
  caller: Caller,
  prospectId: string,
  kind: ProspectActivityKind,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    await ownProspect(tx, caller, prospectId);
    await logActivity(tx, caller, prospectId, kind, detail);
  });
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

type CompanyFacts = {
  id: string;
  name: string;
  location: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  employees: number | null;
  size: string | null;
};

const COMPANY_FACTS = sql`select id, name, location, city, region, country, employees, size from company_master`;

/** A company the caller can see (shared, or their own import), or 404. */
async function visibleCompany(tx: Db, id: string): Promise<CompanyFacts> {
  const [company] = await queryRows<CompanyFacts>(tx, sql`${COMPANY_FACTS} where id = ${id}::uuid`);
  if (!company) throw new AppError('NOT_FOUND', 404, COMPANY_NOT_FOUND);
  return company;
}

/** The company of exactly that name (any case): the caller's own import first, then the shared data. */
async function companyNamed(tx: Db, caller: Caller, name: string): Promise<CompanyFacts | null> {
  // Two statements so that each uses its index (the name index covers the shared rows only).
  const [own] = await queryRows<CompanyFacts>(
    tx,
    sql`${COMPANY_FACTS} where owner_id = ${caller.id}::uuid and lower(name) = lower(${name}) limit 1`,
  );
  if (own) return own;
  const [shared] = await queryRows<CompanyFacts>(
    tx,
    sql`${COMPANY_FACTS} where owner_id is null and lower(name) = lower(${name}) order by id limit 1`,
  );
  return shared ?? null;
}

const NUMBER = new Intl.NumberFormat('en');

/** What the company data knows of the prospect's fields; what it does not know stays 'Unknown'. */
function factsOf(company: CompanyFacts): Partial<typeof savedProspects.$inferInsert> {
  const location =
    company.location ?? ([company.city, company.region, company.country].filter(Boolean).join(', ') || null);
  const employees =
    company.employees !== null
      ? NUMBER.format(company.employees)
      : company.size
        ? `${company.size} employees`
        : null;
  return {
    companyId: company.id,
    ...(location ? { location } : {}),
    ...(employees ? { employees } : {}),
  };
}

/**
 * The caller's prospect of that name (any case), or a new one with spec 3 §4's defaults under the default
 * report. From a company (or a name that is exactly a company's), the company is linked and its place and
 * head count fill the fields it knows.
 */
export function findOrCreateProspect(
  db: Db,
  caller: Caller,
  rawName: string | undefined,
  companyId?: string,
): Promise<{ id: string; name: string; created: boolean }> {
  return withUser(db, caller.id, async (tx) => {
    const given = companyId ? await visibleCompany(tx, companyId) : null;
    const name = (rawName ?? given?.name ?? '').trim().slice(0, PROSPECT_NAME_MAX);
    if (!name) throw new AppError('VALIDATION_ERROR', 400, 'A prospect needs a name');
    const byName = () =>
      tx
        .select({ id: savedProspects.id, name: savedProspects.name, companyId: savedProspects.companyId })
        .from(savedProspects)
        .where(and(eq(savedProspects.userId, caller.id), sql`lower(${savedProspects.name}) = lower(${name})`))
        .orderBy(desc(savedProspects.createdAt))
        .limit(1);

    const [found] = await byName();
    if (found) {
      // A prospect the copilot made from a name gets its company when the user adds it from the company.
      const company = found.companyId ? null : (given ?? (await companyNamed(tx, caller, name)));
      if (company) {
        const facts = factsOf(company);
        await tx
          .update(savedProspects)
          .set({
            companyId: company.id,
            location: sql`case when ${savedProspects.location} = 'Unknown' then ${facts.location ?? 'Unknown'} else ${savedProspects.location} end`,
            employees: sql`case when ${savedProspects.employees} = 'Unknown' then ${facts.employees ?? 'Unknown'} else ${savedProspects.employees} end`,
          })
          .where(eq(savedProspects.id, found.id));
      }
      return { id: found.id, name: found.name, created: false };
    }

    const company = given ?? (await companyNamed(tx, caller, name));
    const created = await insertProspect(tx, caller, { name, ...(company ? factsOf(company) : {}) });
    if (!created) {
      // The same name added twice at once: the second finds the first.
      const [raced] = await byName();
      if (!raced) throw new Error('the prospect could not be created');
      return { id: raced.id, name: raced.name, created: false };
    }
    return { ...created, created: true };
  });
}

type NewProspect = Omit<typeof savedProspects.$inferInsert, 'id' | 'userId' | 'reportId'> & { name: string };

/**
 * Inside the caller's transaction: a new prospect under the default report (spec 3 §4's defaults for what is
 * not given), logged as created and recorded as a `prospect.created` event; null if the caller already has a
 * prospect of that name. An import passes `batch`: the report is looked up once, and the deal momentum of all
 * its new prospects is computed once at the end (`refreshMomentum` with the ids it collects).
 */
export async function insertProspect(
  tx: Db,
  caller: Caller,
  values: NewProspect,
  batch?: { reportId?: string; created: string[] },
): Promise<{ id: string; name: string } | null> {
  const reportId = batch?.reportId ?? (await defaultReport(tx, caller));
  if (batch) batch.reportId = reportId;
  const [created] = await tx
    .insert(savedProspects)
    .values({ ...values, userId: caller.id, reportId })
    .onConflictDoNothing()
    .returning({ id: savedProspects.id, name: savedProspects.name });
  if (!created) return null;
  const companyId = values.companyId ?? null;
  if (batch) {
    await tx.insert(prospectActivities).values({
      userId: caller.id,
      prospectId: created.id,
      kind: 'created',
      detail: { name: created.name, companyId },
    });
    batch.created.push(created.id);
  } else {
    await logActivity(tx, caller, created.id, 'created', { name: created.name, companyId });
  }
  await recordEvent(tx, {
    userId: caller.id,
    type: 'prospect.created',
    subjectType: 'prospect',
    subjectId: created.id,
    summary: `${created.name} was added as a prospect`,
    data: { prospectId: created.id, name: created.name, companyId },
  });
  return created;
}

/** The company of that name the caller sees (their own import first) and what it tells of a prospect's fields. */
export async function companyFactsNamed(
  tx: Db,
  caller: Caller,
  name: string,
): Promise<Partial<typeof savedProspects.$inferInsert> | null> {
  const company = await companyNamed(tx, caller, name);
  return company ? factsOf(company) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

type SummaryRow = {
  id: string;
  name: string;
  company_id: string | null;
  company_name: string | null;
  revenue: string;
  employees: string;
  location: string;
  ceo: string;
  status: string;
  account_health: string;
  revenue_potential: string;
  lifecycle_position: string;
  report_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  conservative: number | string | null;
  realistic: number | string | null;
  optimistic: number | string | null;
  velocity_score: number | null;
  momentum_trend: string | null;
  progress_percentage: number | null;
  benchmark_comparison: string | null;
  insight: string | null;
  is_manual_override: boolean | null;
  momentum_updated_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The prospects with their company, report, the forecast standing for the whole deal (the longest timeline)
 * and their momentum. The caller's rows only: row-level security and this WHERE.
 */
const summaryFrom = (userId: string) => sql`
  from saved_prospects p
  left join company_master c on c.id = p.company_id
  left join saved_reports r on r.id = p.report_id
  left join lateral (
    select f.conservative_amount, f.realistic_amount, f.optimistic_amount from revenue_forecasts f
    where f.prospect_id = p.id order by f.timeline_days desc limit 1
  ) f on true
  left join deal_momentum m on m.prospect_id = p.id
  where p.user_id = ${userId}::uuid`;

const SUMMARY_COLUMNS = sql`p.id, p.name, c.id as company_id, c.name as company_name, p.revenue, p.employees,
  p.location, p.ceo, p.status, p.account_health, p.revenue_potential, p.lifecycle_position,
  r.name as report_name, p.created_at, p.updated_at,
  f.conservative_amount::float8 as conservative, f.realistic_amount::float8 as realistic,
  f.optimistic_amount::float8 as optimistic,
  m.velocity_score, m.momentum_trend, m.progress_percentage, m.benchmark_comparison, m.insight,
  m.is_manual_override, m.updated_at as momentum_updated_at`;

const toSummary = (row: SummaryRow): ProspectSummary => ({
  id: row.id,
  name: row.name,
  company: row.company_id && row.company_name ? { id: row.company_id, name: row.company_name } : null,
  revenue: row.revenue,
  employees: row.employees,
  location: row.location,
  ceo: row.ceo,
  status: row.status as ProspectStatus,
  accountHealth: row.account_health as AccountHealth,
  revenuePotential: row.revenue_potential as RevenuePotential,
  lifecyclePosition: row.lifecycle_position as LifecyclePosition,
  reportName: row.report_name,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  pipeline:
    row.realistic === null
      ? null
      : {
          conservative: Number(row.conservative),
          realistic: Number(row.realistic),
          optimistic: Number(row.optimistic),
        },
  momentum:
    row.velocity_score === null || row.momentum_updated_at === null
      ? null
      : {
          velocityScore: row.velocity_score,
          momentumTrend: row.momentum_trend as MomentumTrend,
          progressPercentage: row.progress_percentage ?? 0,
          benchmarkComparison: row.benchmark_comparison,
          insight: row.insight,
          isManualOverride: row.is_manual_override ?? false,
          updatedAt: iso(row.momentum_updated_at),
        },
});

const toForecast = (row: typeof revenueForecasts.$inferSelect): Forecast => ({
  id: row.id,
  timelineDays: row.timelineDays,
  conservativeAmount: row.conservativeAmount,
  realisticAmount: row.realisticAmount,
  optimisticAmount: row.optimisticAmount,
  confidencePercentage: row.confidencePercentage,
  isUserEdited: row.isUserEdited,
  methodology: row.methodology,
  editedAt: row.editedAt ? row.editedAt.toISOString() : null,
});

/** One prospect as the detail shows it, in the caller's transaction. */
async function readDetail(tx: Db, caller: Caller, id: string): Promise<ProspectDetail> {
  const [row] = await queryRows<SummaryRow>(
    tx,
    sql`select ${SUMMARY_COLUMNS} ${summaryFrom(caller.id)} and p.id = ${id}::uuid`,
  );
  if (!row) throw new AppError('NOT_FOUND', 404, PROSPECT_NOT_FOUND);
  // Spec 3 §7: the forecasts by prospect, ordered by timeline_days.
  const forecasts = await tx
    .select()
    .from(revenueForecasts)
    .where(and(eq(revenueForecasts.prospectId, id), eq(revenueForecasts.userId, caller.id)))
    .orderBy(revenueForecasts.timelineDays);
  const activities = await tx
    .select()
    .from(prospectActivities)
    .where(and(eq(prospectActivities.prospectId, id), eq(prospectActivities.userId, caller.id)))
    .orderBy(desc(prospectActivities.createdAt), desc(prospectActivities.id))
    .limit(RECENT_ACTIVITIES);
  return {
    ...toSummary(row),
    forecasts: forecasts.map(toForecast),
    activities: activities.map((a) => ({
      id: a.id,
      kind: a.kind,
      detail: (a.detail ?? {}) as Record<string, unknown>,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

/** One prospect with its forecasts, momentum (brought up to date: idle days count) and recent activity. */
export function getProspect(db: Db, caller: Caller, id: string): Promise<ProspectDetail> {
  return withUser(db, caller.id, async (tx) => {
    await ownProspect(tx, caller, id);
    await refreshMomentum(tx, caller.id, [id], { onlyIfChanged: true });
    return readDetail(tx, caller, id);
  });
}

export type ProspectQuery = {
  status?: ProspectStatus;
  accountHealth?: AccountHealth;
  lifecyclePosition?: LifecyclePosition;
  revenuePotential?: RevenuePotential;
  q?: string;
  sort: ProspectSort;
  limit: number;
  offset: number;
};

const ORDER: Record<ProspectSort, SQL> = {
  updated: sql`p.updated_at desc, p.id`,
  created: sql`p.created_at desc, p.id`,
  name: sql`lower(p.name), p.id`,
  momentum: sql`m.velocity_score desc nulls last, lower(p.name), p.id`,
  pipeline: sql`f.realistic_amount desc nulls last, lower(p.name), p.id`,
};

export type ProspectFilterQuery = Omit<ProspectQuery, 'sort' | 'limit' | 'offset'>;

/** The list's filters as conditions on `p` (saved_prospects): the search words, and the field filters. */
function prospectConditions(query: ProspectFilterQuery, options: { status?: boolean } = {}) {
  const words = query.q?.trim() ? sql` and strpos(lower(p.name), lower(${query.q.trim()})) > 0` : sql``;
  const filters = [
    query.status && options.status !== false ? sql` and p.status = ${query.status}` : sql``,
    query.accountHealth ? sql` and p.account_health = ${query.accountHealth}` : sql``,
    query.lifecyclePosition ? sql` and p.lifecycle_position = ${query.lifecyclePosition}` : sql``,
    query.revenuePotential ? sql` and p.revenue_potential = ${query.revenuePotential}` : sql``,
  ];
  return { words, filters };
}

/** Months between two "YYYY-MM" (both included) are at most this many: the longest timeline, and a margin. */
const CHART_MONTHS_MAX = 48;

function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  while (months.length < CHART_MONTHS_MAX) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    months.push(label);
    if (label >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

type BucketRow = { key: string; n: number; conservative: number; realistic: number; optimistic: number };

const bucketOf = (row: BucketRow | undefined) => ({
  count: Number(row?.n ?? 0),
  conservative: Number(row?.conservative ?? 0),
  realistic: Number(row?.realistic ?? 0),
  optimistic: Number(row?.optimistic ?? 0),
});

/**
 * The charts of Account Management over the filtered prospects: count and forecast per status (the status
 * filter left out, as for the status chips), and the forecasts by the month they are expected to close.
 */
export function getProspectPipeline(
  db: Db,
  caller: Caller,
  query: ProspectFilterQuery,
): Promise<ProspectPipeline> {
  return withUser(db, caller.id, async (tx) => {
    // The deal's forecast (the longest timeline), as in the totals, with when it was set.
    const from = sql`from saved_prospects p
      left join lateral (
        select f.conservative_amount, f.realistic_amount, f.optimistic_amount, f.timeline_days, f.edited_at
        from revenue_forecasts f where f.prospect_id = p.id order by f.timeline_days desc limit 1
      ) f on true
      where p.user_id = ${caller.id}::uuid`;
    const sums = sql`count(*)::int as n, coalesce(sum(f.conservative_amount), 0)::float8 as conservative,
      coalesce(sum(f.realistic_amount), 0)::float8 as realistic,
      coalesce(sum(f.optimistic_amount), 0)::float8 as optimistic`;
    const anyStatus = prospectConditions(query, { status: false });
    const byStatus = await queryRows<BucketRow>(
      tx,
      sql`select p.status as key, ${sums} ${from} ${anyStatus.words} ${sql.join(anyStatus.filters, sql``)}
          group by p.status`,
    );
    const all = prospectConditions(query);
    const filtered = sql`${from} ${all.words} ${sql.join(all.filters, sql``)}`;
    const close = sql`to_char(date_trunc('month', (coalesce(f.edited_at, p.created_at) at time zone 'UTC')
      + make_interval(days => f.timeline_days)), 'YYYY-MM')`;
    const byMonth = await queryRows<BucketRow>(
      tx,
      sql`select ${close} as key, ${sums} ${filtered} and f.timeline_days is not null group by 1 order by 1`,
    );
    const [unforecast] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n ${filtered} and f.timeline_days is null`,
    );
    const statusRows = new Map(byStatus.map((row) => [row.key, row]));
    const monthRows = new Map(byMonth.map((row) => [row.key, row]));
    const first = byMonth[0]?.key;
    const last = byMonth.at(-1)?.key;
    return {
      byStatus: PROSPECT_STATUSES.map((status) => ({ status, ...bucketOf(statusRows.get(status)) })),
      byCloseMonth:
        first && last
          ? monthsBetween(first, last).map((month) => ({ month, ...bucketOf(monthRows.get(month)) }))
          : [],
      withoutForecast: Number(unforecast?.n ?? 0),
    };
  });
}

const zeroCounts = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v, 0])) as Record<T, number>;

/**
 * The caller's prospects, filtered and sorted, with the pipeline totals of every match (not only the page) and
 * the counts by status, health and lifecycle of the prospects the search words match.
 */
export function listProspects(db: Db, caller: Caller, query: ProspectQuery): Promise<ProspectList> {
  return withUser(db, caller.id, async (tx) => {
    // Idle days change the momentum without any activity: bring it up to date before sorting by it.
    await refreshMomentum(tx, caller.id, 'all', { onlyIfChanged: true });
    const { words, filters } = prospectConditions(query);
    const where = sql.join([summaryFrom(caller.id), words, ...filters], sql``);
    const rows = await queryRows<SummaryRow>(
      tx,
      sql`select ${SUMMARY_COLUMNS} ${where} order by ${ORDER[query.sort]} limit ${query.limit} offset ${query.offset}`,
    );
    const [totals] = await queryRows<{
      n: number;
      conservative: number;
      realistic: number;
      optimistic: number;
    }>(
      tx,
      sql`select count(*)::int as n, coalesce(sum(f.conservative_amount), 0)::float8 as conservative,
          coalesce(sum(f.realistic_amount), 0)::float8 as realistic,
          coalesce(sum(f.optimistic_amount), 0)::float8 as optimistic ${where}`,
    );
    const grouped = await queryRows<{ dimension: string; value: string; n: number }>(
      tx,
      sql`select 'status' as dimension, status as value, count(*)::int as n
            from saved_prospects p where p.user_id = ${caller.id}::uuid ${words} group by status
          union all
          select 'accountHealth', account_health, count(*)::int
            from saved_prospects p where p.user_id = ${caller.id}::uuid ${words} group by account_health
          union all
          select 'lifecyclePosition', lifecycle_position, count(*)::int
            from saved_prospects p where p.user_id = ${caller.id}::uuid ${words} group by lifecycle_position`,
    );
    const counts = {
      status: zeroCounts(PROSPECT_STATUSES),
      accountHealth: zeroCounts(ACCOUNT_HEALTHS),
      lifecyclePosition: zeroCounts(LIFECYCLE_POSITIONS),
    };
    for (const { dimension, value, n } of grouped) {
      const bucket = counts[dimension as keyof typeof counts] as Record<string, number>;
      if (value in bucket) bucket[value] = Number(n);
    }
    return {
      prospects: rows.map(toSummary),
      total: Number(totals?.n ?? 0),
      totals: {
        conservative: Number(totals?.conservative ?? 0),
        realistic: Number(totals?.realistic ?? 0),
        optimistic: Number(totals?.optimistic ?? 0),
      },
      counts,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Changing
// ---------------------------------------------------------------------------------------------------------

const DETAIL_FIELDS = ['accountHealth', 'revenuePotential', 'lifecyclePosition'] as const;

/**
 * Changes status and account fields; what really changed is logged (a status change on its own, the other
 * fields together) and moves the momentum. Sending the values it already has changes nothing.
 */
export function changeProspect(
  db: Db,
  caller: Caller,
  id: string,
  change: ProspectChange,
): Promise<ProspectDetail> {
  return withUser(db, caller.id, async (tx) => {
    const prospect = await ownProspect(tx, caller, id);
    const statusChanged = change.status !== undefined && change.status !== prospect.status;
    const details: Record<string, { from: string; to: string }> = {};
    for (const field of DETAIL_FIELDS) {
      const to = change[field];
      if (to !== undefined && to !== prospect[field]) details[field] = { from: prospect[field], to };
    }
    if (statusChanged || Object.keys(details).length > 0) {
      await tx
        .update(savedProspects)
        .set({
          ...(statusChanged ? { status: change.status } : {}),
          ...Object.fromEntries(Object.entries(details).map(([field, { to }]) => [field, to])),
          updatedAt: new Date(),
        })
        .where(eq(savedProspects.id, id));
      if (statusChanged) {
        await logActivity(tx, caller, id, 'status_changed', { from: prospect.status, to: change.status });
        const label = (status: string) => PROSPECT_STATUS_LABELS[status as ProspectStatus] ?? status;
        await recordEvent(tx, {
          userId: caller.id,
          type: 'prospect.status_changed',
          subjectType: 'prospect',
          subjectId: id,
          summary: `${prospect.name} moved from ${label(prospect.status)} to ${label(change.status as string)}`,
          data: { prospectId: id, name: prospect.name, from: prospect.status, to: change.status },
        });
      }
      if (Object.keys(details).length > 0) await logActivity(tx, caller, id, 'details_changed', details);
    }
    return readDetail(tx, caller, id);
  });
}

/** The copilot's status command (spec 3 §7 "update status by id"). */
export function setProspectStatus(db: Db, caller: Caller, id: string, status: ProspectStatus | string) {
  if (!isProspectStatus(status)) throw new AppError('VALIDATION_ERROR', 400, `Unknown status: ${status}`);
  return changeProspect(db, caller, id, { status });
}

export type ForecastValues = {
  timelineDays: number;
  conservativeAmount: number;
  realisticAmount: number;
  optimisticAmount: number;
  confidencePercentage: number;
  methodology?: string | null;
};

/**
 * Spec 3 §7: a forecast is upserted by prospect and timeline, marked as edited by the user with the time of the
 * edit. The routes have checked the values (whole dollars, conservative ≤ realistic ≤ optimistic).
 */
export function saveForecast(
  db: Db,
  caller: Caller,
  id: string,
  values: ForecastValues,
): Promise<ProspectDetail> {
  return withUser(db, caller.id, async (tx) => {
    await ownProspect(tx, caller, id);
    const now = new Date();
    const set = {
      conservativeAmount: values.conservativeAmount,
      realisticAmount: values.realisticAmount,
      optimisticAmount: values.optimisticAmount,
      confidencePercentage: values.confidencePercentage,
      // Left out, the methodology stays as it was; null clears it.
      ...(values.methodology !== undefined ? { methodology: values.methodology || null } : {}),
      isUserEdited: true,
      editedAt: now,
    };
    await tx
      .insert(revenueForecasts)
      .values({ userId: caller.id, prospectId: id, timelineDays: values.timelineDays, ...set })
      .onConflictDoUpdate({ target: [revenueForecasts.prospectId, revenueForecasts.timelineDays], set });
    await logActivity(tx, caller, id, 'forecast_edited', {
      timelineDays: values.timelineDays,
      conservativeAmount: values.conservativeAmount,
      realisticAmount: values.realisticAmount,
      optimisticAmount: values.optimisticAmount,
      confidencePercentage: values.confidencePercentage,
    });
    return readDetail(tx, caller, id);
  });
}

/** Removes the forecast of one timeline. */
export function removeForecast(
  db: Db,
  caller: Caller,
  id: string,
  timelineDays: number,
): Promise<ProspectDetail> {
  return withUser(db, caller.id, async (tx) => {
    await ownProspect(tx, caller, id);
    const removed = await tx
      .delete(revenueForecasts)
      .where(
        and(
          eq(revenueForecasts.prospectId, id),
          eq(revenueForecasts.userId, caller.id),
          eq(revenueForecasts.timelineDays, timelineDays),
        ),
      )
      .returning({ id: revenueForecasts.id });
    if (removed.length === 0) throw new AppError('NOT_FOUND', 404, FORECAST_NOT_FOUND);
    await logActivity(tx, caller, id, 'forecast_removed', { timelineDays });
    return readDetail(tx, caller, id);
  });
}

/**
 * Spec 3 §7: the copilot's forecast update writes one scenario of the 120-day forecast (confidence 75 when new),
 * marked as edited by the user. The amounts must stay in order as the form's (forecastInOrder): a change that
 * breaks it is undone (the transaction rolls back) and refused with FORECAST_ORDER_ERROR.
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
    // Checked on the row as written, under its lock: a concurrent change cannot slip between check and write.
    if (forecast && !forecastInOrder(forecast)) {
      throw new AppError('VALIDATION_ERROR', 400, FORECAST_ORDER_ERROR, {
        conservativeAmount: forecast.conservativeAmount,
        realisticAmount: forecast.realisticAmount,
        optimisticAmount: forecast.optimisticAmount,
      });
    }
    await logActivity(tx, caller, prospect.id, 'forecast_edited', {
      timelineDays: COPILOT_FORECAST.timelineDays,
      scenario,
      amount,
    });
    return forecast;
  });
}

/** The user's own reading of the deal: kept (and shown as a manual override) until they clear it. */
export function overrideMomentum(
  db: Db,
  caller: Caller,
  id: string,
  values: MomentumOverride,
): Promise<ProspectDetail> {
  return withUser(db, caller.id, async (tx) => {
    await ownProspect(tx, caller, id);
    const now = new Date();
    const set = {
      velocityScore: values.velocityScore,
      momentumTrend: values.momentumTrend,
      progressPercentage: values.progressPercentage,
      insight: values.insight,
      isManualOverride: true,
      updatedAt: now,
    };
    await tx
      .insert(dealMomentum)
      .values({ userId: caller.id, prospectId: id, ...set })
      .onConflictDoUpdate({ target: dealMomentum.prospectId, set });
    // Logged after the override is in place, so the recomputation leaves it alone.
    await logActivity(tx, caller, id, 'momentum_overridden', {
      velocityScore: values.velocityScore,
      momentumTrend: values.momentumTrend,
      progressPercentage: values.progressPercentage,
    });
    return readDetail(tx, caller, id);
  });
}

/** Back to the computed momentum (nothing to clear is no error: the computed one is there either way). */
export function clearMomentumOverride(db: Db, caller: Caller, id: string): Promise<ProspectDetail> {
  return withUser(db, caller.id, async (tx) => {
    await ownProspect(tx, caller, id);
    const cleared = await tx
      .update(dealMomentum)
      .set({ isManualOverride: false })
      .where(
        and(
          eq(dealMomentum.prospectId, id),
          eq(dealMomentum.userId, caller.id),
          eq(dealMomentum.isManualOverride, true),
        ),
      )
      .returning({ id: dealMomentum.id });
    if (cleared.length > 0) await logActivity(tx, caller, id, 'momentum_override_cleared');
    else await refreshMomentum(tx, caller.id, [id], { onlyIfChanged: true });
    return readDetail(tx, caller, id);
  });
}

/** Deletes the prospect with its forecasts, momentum and activity. */
export function deleteProspect(db: Db, caller: Caller, id: string): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    const removed = await tx
      .delete(savedProspects)
      .where(and(eq(savedProspects.id, id), eq(savedProspects.userId, caller.id)))
      .returning({ id: savedProspects.id });
    if (removed.length === 0) throw new AppError('NOT_FOUND', 404, PROSPECT_NOT_FOUND);
  });
}
