/**
 * Deal momentum (spec 3 §3 `deal_momentum`), computed from what happened to the prospect rather than made up:
 * the touches of the last 14 days against the 14 before, the days since the last touch, the status and the
 * lifecycle position. The formula is `computeMomentum` (pure) and is written out in the README ("Prospects").
 * `refreshMomentum` reads its inputs and upserts the row, leaving a manual override alone.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  LIFECYCLE_POSITIONS,
  type LifecyclePosition,
  MOMENTUM_TREND_LABELS,
  type MomentumTrend,
  PROSPECT_STATUS_LABELS,
  type ProspectActivityKind,
  type ProspectStatus,
} from '../../../shared/prospects.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { dealMomentum } from '../../db/schema.ts';

const DAY_MS = 86_400_000;
/** The two windows compared: the last 14 days, and the 14 before them. */
export const WINDOW_DAYS = 14;

/**
 * What a touch is worth: a document or an RFP for the account says more about a live deal than a status change.
 * Setting or clearing a manual override is the user's reading of the deal, not a touch of it. Kinds we do not
 * know yet (a later feature's) count as one touch.
 */
export const TOUCH_WEIGHTS: Readonly<Record<ProspectActivityKind, number>> = {
  created: 1,
  status_changed: 1,
  details_changed: 1,
  forecast_edited: 1,
  forecast_removed: 1,
  document_generated: 2,
  rfp_linked: 3,
  momentum_overridden: 0,
  momentum_override_cleared: 0,
};
const weightOf = (kind: string) => TOUCH_WEIGHTS[kind as ProspectActivityKind] ?? 1;
/** The kinds that are no touch; kept in SQL form for the "last touch" query. */
const NOT_TOUCHES = Object.entries(TOUCH_WEIGHTS)
  .filter(([, weight]) => weight === 0)
  .map(([kind]) => kind);

/** Points per weighted touch in the last 14 days, and their cap. */
export const POINTS_PER_TOUCH = 6;
export const ACTIVITY_POINTS_MAX = 30;
/** A day without a touch costs this many points once the grace days are over, up to the cap. */
export const IDLE_GRACE_DAYS = 3;
export const IDLE_POINTS_PER_DAY = 2;
export const IDLE_POINTS_MAX = 40;
/** Stalled after this many days without a touch; slowing after this many. */
export const STALLED_AFTER_DAYS = 21;
export const SLOWING_AFTER_DAYS = 10;
/** A healthy deal sees this many weighted touches a fortnight (the benchmark). */
export const BENCHMARK_TOUCHES = 3;

/** What the status says about the deal: positive statuses lift the score, negative ones hold it down. */
export const STATUS_POINTS: Readonly<Record<ProspectStatus, number>> = {
  'champion-accounts': 15,
  'high-engagement': 15,
  'expansion-upsell': 10,
  'new-logo': 5,
  qualified: 5,
  'renewal-risk': -15,
  'at-risk': -20,
  dormant: -30,
};

/** How far along the deal is by its lifecycle position; the status moves it a little (not once won). */
export const LIFECYCLE_PROGRESS: Readonly<Record<LifecyclePosition, number>> = {
  onboarding: 10,
  discovery: 25,
  evaluation: 45,
  proposal: 60,
  negotiation: 80,
  'closed-won': 100,
};
const statusProgress = (status: ProspectStatus) =>
  status === 'dormant' ? -20 : STATUS_POINTS[status] < 0 ? -10 : STATUS_POINTS[status] >= 10 ? 5 : 0;

export type MomentumInput = {
  now: Date;
  status: ProspectStatus;
  lifecyclePosition: LifecyclePosition;
  /** The prospect's activities of the last 28 days at least (older ones are ignored). */
  activities: readonly { kind: string; createdAt: Date }[];
  /** The last activity that is a touch, however old; the prospect's creation when there is none. */
  lastTouchAt: Date;
};

export type ComputedMomentum = {
  velocityScore: number;
  momentumTrend: MomentumTrend;
  progressPercentage: number;
  benchmarkComparison: string;
  insight: string;
};

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const KIND_WORDS: Partial<Record<ProspectActivityKind, [string, string]>> = {
  created: ['prospect created', 'prospect created'],
  status_changed: ['status change', 'status changes'],
  details_changed: ['account update', 'account updates'],
  forecast_edited: ['forecast edit', 'forecast edits'],
  forecast_removed: ['forecast removed', 'forecasts removed'],
  document_generated: ['document', 'documents'],
  rfp_linked: ['RFP', 'RFPs'],
};

function lastTouchWords(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${days} days ago`;
}

/**
 * The formula (README "Prospects"):
 * - touches: each activity weighs TOUCH_WEIGHTS (a document 2, an RFP 3, anything else 1); `recent` sums the
 *   last 14 days, `previous` the 14 before;
 * - velocity = 50 + min(30, 6 × recent) + STATUS_POINTS[status] − min(40, 2 × max(0, idle days − 3)),
 *   clamped to 0-100;
 * - trend: stalled when dormant or idle 21+ days; slowing when idle 10+ days; accelerating when recent is at
 *   least previous + 2 and at least twice previous; slowing when previous is at least recent + 2; else steady;
 * - progress = LIFECYCLE_PROGRESS[position] + 5 for a positive status, − 10 for a negative one, − 20 when
 *   dormant (closed won stays 100), clamped to 0-100;
 * - benchmark: recent against a healthy deal's 3 weighted touches a fortnight.
 */
export function computeMomentum(input: MomentumInput): ComputedMomentum {
  const now = input.now.getTime();
  let recent = 0;
  let previous = 0;
  const recentKinds = new Map<string, number>();
  for (const activity of input.activities) {
    const age = now - activity.createdAt.getTime();
    const weight = weightOf(activity.kind);
    if (weight === 0) continue;
    // A timestamp a little ahead of `now` (the database's clock) is as recent as it gets.
    if (age < WINDOW_DAYS * DAY_MS) {
      recent += weight;
      recentKinds.set(activity.kind, (recentKinds.get(activity.kind) ?? 0) + 1);
    } else if (age < 2 * WINDOW_DAYS * DAY_MS) {
      previous += weight;
    }
  }
  const idleDays = Math.max(0, Math.floor((now - input.lastTouchAt.getTime()) / DAY_MS));

  const activityPoints = Math.min(ACTIVITY_POINTS_MAX, POINTS_PER_TOUCH * recent);
  const statusPoints = STATUS_POINTS[input.status];
  const idlePoints = Math.min(IDLE_POINTS_MAX, IDLE_POINTS_PER_DAY * Math.max(0, idleDays - IDLE_GRACE_DAYS));
  const velocityScore = clamp(Math.round(50 + activityPoints + statusPoints - idlePoints), 0, 100);

  let momentumTrend: MomentumTrend;
  if (input.status === 'dormant' || idleDays >= STALLED_AFTER_DAYS) momentumTrend = 'stalled';
  else if (idleDays >= SLOWING_AFTER_DAYS) momentumTrend = 'slowing';
  else if (recent >= previous + 2 && recent >= 2 * previous) momentumTrend = 'accelerating';
  else if (previous >= recent + 2) momentumTrend = 'slowing';
  else momentumTrend = 'steady';

  const progressPercentage =
    input.lifecyclePosition === 'closed-won'
      ? 100
      : clamp(LIFECYCLE_PROGRESS[input.lifecyclePosition] + statusProgress(input.status), 0, 100);

  const touches = (n: number) => plural(n, 'touch point');
  const benchmarkComparison =
    recent > BENCHMARK_TOUCHES
      ? `Ahead of a healthy deal's pace: ${touches(recent)} in 14 days against ${BENCHMARK_TOUCHES}`
      : recent === BENCHMARK_TOUCHES
        ? `On a healthy deal's pace: ${touches(recent)} in 14 days`
        : `Behind a healthy deal's pace: ${touches(recent)} in 14 days against ${BENCHMARK_TOUCHES}`;

  const breakdown = [...recentKinds]
    .map(([kind, n]) => {
      const words = KIND_WORDS[kind as ProspectActivityKind];
      return words
        ? `${n} ${n === 1 ? words[0] : words[1]}`
        : plural(n, 'other activity', 'other activities');
    })
    .join(', ');
  const sentences = [
    `${MOMENTUM_TREND_LABELS[momentumTrend]}: ${touches(recent)} in the last 14 days${breakdown ? ` (${breakdown})` : ''} against ${previous} in the 14 before.`,
    `Last touch ${lastTouchWords(idleDays)}${idlePoints > 0 ? `, which costs ${idlePoints} points` : ''}.`,
  ];
  const statusLabel = PROSPECT_STATUS_LABELS[input.status];
  if (statusPoints > 0) sentences.push(`The status ${statusLabel} adds ${statusPoints} points.`);
  if (statusPoints < 0) sentences.push(`The status ${statusLabel} takes ${-statusPoints} points off.`);
  if (!recentKinds.has('document_generated') && !recentKinds.has('rfp_linked')) {
    sentences.push('No document or RFP for this account in the last 14 days.');
  }
  return {
    velocityScore,
    momentumTrend,
    progressPercentage,
    benchmarkComparison,
    insight: sentences.join(' '),
  };
}

type InputRow = {
  id: string;
  status: string;
  lifecycle_position: string;
  created_at: Date | string;
  last_touch_at: Date | string | null;
  activities: { kind: string; createdAt: string }[] | string | null;
};

/** The prospects' momentum inputs as of `now`: status, position, the last 28 days' activities, the last touch. */
async function readInputs(tx: Db, userId: string, prospectIds: readonly string[] | 'all', now: Date) {
  const since = new Date(now.getTime() - 2 * WINDOW_DAYS * DAY_MS);
  const which =
    prospectIds === 'all'
      ? sql``
      : sql`and p.id in (${sql.join(
          prospectIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const rows = await queryRows<InputRow>(
    tx,
    sql`select p.id, p.status, p.lifecycle_position, p.created_at,
          (select max(a.created_at) from prospect_activities a
            where a.prospect_id = p.id and a.kind not in (${sql.join(
              NOT_TOUCHES.map((kind) => sql`${kind}`),
              sql`, `,
            )})) as last_touch_at,
          (select json_agg(json_build_object('kind', a.kind, 'createdAt', a.created_at))
            from prospect_activities a
            where a.prospect_id = p.id and a.created_at > ${since.toISOString()}::timestamptz) as activities
        from saved_prospects p
        left join deal_momentum m on m.prospect_id = p.id
        where p.user_id = ${userId}::uuid and coalesce(m.is_manual_override, false) = false ${which}
        order by p.id`,
  );
  return rows.map((row) => {
    const activities =
      (typeof row.activities === 'string' ? JSON.parse(row.activities) : row.activities) ?? [];
    const input: MomentumInput = {
      now,
      status: row.status as ProspectStatus,
      lifecyclePosition: (LIFECYCLE_POSITIONS as readonly string[]).includes(row.lifecycle_position)
        ? (row.lifecycle_position as LifecyclePosition)
        : 'onboarding',
      activities: (activities as { kind: string; createdAt: string }[]).map((a) => ({
        kind: a.kind,
        createdAt: new Date(a.createdAt),
      })),
      lastTouchAt: new Date(row.last_touch_at ?? row.created_at),
    };
    return { id: row.id, input };
  });
}

/**
 * Recomputes the momentum of the caller's prospects (the ones named, or all) and upserts it, in the caller's
 * transaction. A manual override is never touched: it stays until the user clears it. With `onlyIfChanged`
 * (a read bringing the idle days up to date), a row is written only when a value changed.
 */
export async function refreshMomentum(
  tx: Db,
  userId: string,
  prospectIds: readonly string[] | 'all',
  { now = new Date(), onlyIfChanged = false }: { now?: Date; onlyIfChanged?: boolean } = {},
): Promise<void> {
  if (prospectIds !== 'all' && prospectIds.length === 0) return;
  const inputs = await readInputs(tx, userId, prospectIds, now);
  if (inputs.length === 0) return;
  const values = inputs.map(({ id, input }) => ({
    userId,
    prospectId: id,
    ...computeMomentum(input),
    isManualOverride: false,
    updatedAt: now,
  }));
  // In id order (as read) and in slices, so that concurrent refreshes lock rows in the same order and a
  // statement stays within PostgreSQL's parameter limit.
  for (let at = 0; at < values.length; at += UPSERT_SLICE) {
    await upsertComputed(tx, values.slice(at, at + UPSERT_SLICE), onlyIfChanged);
  }
}

const UPSERT_SLICE = 1000;

async function upsertComputed(
  tx: Db,
  values: (typeof dealMomentum.$inferInsert)[],
  onlyIfChanged: boolean,
): Promise<void> {
  const changed = sql`(${dealMomentum.velocityScore}, ${dealMomentum.momentumTrend}, ${dealMomentum.progressPercentage},
      ${dealMomentum.benchmarkComparison}, ${dealMomentum.insight}) is distinct from
    (excluded.velocity_score, excluded.momentum_trend, excluded.progress_percentage,
      excluded.benchmark_comparison, excluded.insight)`;
  await tx
    .insert(dealMomentum)
    .values(values)
    .onConflictDoUpdate({
      target: dealMomentum.prospectId,
      set: {
        velocityScore: sql`excluded.velocity_score`,
        momentumTrend: sql`excluded.momentum_trend`,
        progressPercentage: sql`excluded.progress_percentage`,
        benchmarkComparison: sql`excluded.benchmark_comparison`,
        insight: sql`excluded.insight`,
        updatedAt: sql`excluded.updated_at`,
      },
      // An override that arrived meanwhile wins; a read writes only what changed.
      setWhere: onlyIfChanged
        ? sql`${dealMomentum.isManualOverride} = false and ${changed}`
        : sql`${dealMomentum.isManualOverride} = false`,
    });
}

/** Whether the prospect's momentum is the user's own (a manual override). */
export async function hasManualOverride(tx: Db, userId: string, prospectId: string): Promise<boolean> {
  const [row] = await tx
    .select({ isManualOverride: dealMomentum.isManualOverride })
    .from(dealMomentum)
    .where(and(eq(dealMomentum.prospectId, prospectId), eq(dealMomentum.userId, userId)));
  return row?.isManualOverride ?? false;
}
