/**
 * Agent runs (spec 3 `agent_executions`): every real run of an agent is recorded once it is over, and the
 * agent directory reads the caller's own runs back as measured figures (runs, median duration, success rate,
 * credits). Recording never changes the run: it happens after it, outside its transactions, and a failure to
 * record is logged, not surfaced.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  AGENT_IDS,
  type AgentExecution,
  type AgentRunStatus,
  type AgentStats,
  INPUT_SUMMARY_MAX,
  NO_RUNS,
} from '../../../shared/agent-executions.ts';
import type { AgentId } from '../../../shared/agents.ts';
import type { AppDeps } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { decodeCursor, keysetPage, type SortSpec } from '../../db/keyset.ts';
import { agentExecutions } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';

export type AgentRun<T> = {
  agentId: AgentId;
  /** What the run was asked; a function when the words are known only afterwards (a document's title). */
  input: string | ((result: T | undefined) => string | Promise<string>);
  /** Credits the run charged; 0 when left out. */
  credits?: (result: T) => number;
  /** Why a run that returned did not do its work (a fallback answer, drafting stopped for credits), or null. */
  failure?: (result: T) => string | null;
  /** Only a failure is recorded here: the run goes on in a job, which records its own outcome. */
  onlyIfFailed?: boolean;
  /** The run was recorded with its charge (one statement: Charger.charge's `run`), so not again here. */
  recordedWithCharge?: (result: T) => boolean;
};

type RecorderDeps = Pick<AppDeps, 'database' | 'logger'>;

/** Whitespace folded, cut to INPUT_SUMMARY_MAX characters. */
export function summarize(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= INPUT_SUMMARY_MAX) return flat || '(empty)';
  return `${flat.slice(0, INPUT_SUMMARY_MAX - 1).trimEnd()}…`;
}

/** What a failed run tells its user: our own errors' messages; anything else without internals. */
const errorText = (err: unknown) =>
  err instanceof AppError ? err.message : 'The run stopped with an unexpected error';

/**
 * Runs `work` as one run of an agent by `userId` (none when `run` is null) and records it afterwards: its
 * input, credits, duration and status. A run that throws is recorded as failed with no credits, then rethrown.
 */
export async function recordAgentRun<T>(
  deps: RecorderDeps,
  userId: string,
  run: AgentRun<T> | null,
  work: () => Promise<T>,
): Promise<T> {
  if (!run) return work();
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await saveRun(deps, userId, run, undefined, {
      durationMs: performance.now() - started,
      credits: 0,
      status: 'failed',
      error: errorText(err),
    });
    throw err;
  }
  if (run.onlyIfFailed || run.recordedWithCharge?.(result)) return result;
  const durationMs = performance.now() - started;
  let credits = 0;
  let failure: string | null = null;
  try {
    credits = run.credits?.(result) ?? 0;
    failure = run.failure?.(result) ?? null;
  } catch (err) {
    deps.logger.warn({ err, agentId: run.agentId }, 'could not read the outcome of an agent run');
  }
  await saveRun(deps, userId, run, result, {
    durationMs,
    credits,
    status: failure ? 'failed' : 'succeeded',
    error: failure,
  });
  return result;
}

async function saveRun<T>(
  deps: RecorderDeps,
  userId: string,
  run: AgentRun<T>,
  result: T | undefined,
  outcome: { durationMs: number; credits: number; status: AgentRunStatus; error: string | null },
): Promise<void> {
  try {
    const input = typeof run.input === 'string' ? run.input : await run.input(result);
    // One statement on the connection's own role (a round trip, where a user-scoped transaction takes three):
    // the row's owner is the signed-in caller the server names, never a value from the request.
    await deps.database.db.insert(agentExecutions).values({
      userId,
      agentId: run.agentId,
      inputSummary: summarize(input),
      credits: Math.max(0, Math.round(outcome.credits)),
      durationMs: Math.max(0, Math.round(outcome.durationMs)),
      status: outcome.status,
      error: outcome.error?.slice(0, 1000) ?? null,
    });
  } catch (err) {
    deps.logger.error({ err, agentId: run.agentId }, 'an agent run could not be recorded');
  }
}

// Reading ---------------------------------------------------------------------------------------------------

type StatsRow = {
  agent_id: string;
  runs: number;
  runs_30d: number;
  median_ms: number | null;
  success_rate: number | null;
  credits: number;
  last_run_at: string | null;
};

/** The caller's figures per agent, computed in SQL (the median over the succeeded runs). */
export async function agentStats(
  db: Db,
  userId: string,
  agentId?: AgentId,
): Promise<Map<AgentId, AgentStats>> {
  const rows = await withUser(db, userId, (tx) =>
    queryRows<StatsRow>(
      tx,
      sql`select agent_id,
            count(*)::int as runs,
            (count(*) filter (where created_at > now() - interval '30 days'))::int as runs_30d,
            (percentile_cont(0.5) within group (order by duration_ms) filter (where status = 'succeeded'))::float8 as median_ms,
            avg(case when status = 'succeeded' then 1.0 else 0.0 end)::float8 as success_rate,
            coalesce(sum(credits), 0)::int as credits,
            to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_run_at
          from ${agentExecutions}
          where user_id = ${userId} ${agentId ? sql`and agent_id = ${agentId}` : sql``}
          group by agent_id`,
    ),
  );
  const stats = new Map<AgentId, AgentStats>();
  for (const row of rows) {
    if (!(AGENT_IDS as readonly string[]).includes(row.agent_id)) continue;
    stats.set(row.agent_id as AgentId, {
      runs: Number(row.runs),
      runsLast30Days: Number(row.runs_30d),
      medianDurationMs: row.median_ms === null ? null : Math.round(Number(row.median_ms)),
      successRate: row.success_rate === null ? null : Math.round(Number(row.success_rate) * 1000) / 1000,
      creditsSpent: Number(row.credits),
      lastRunAt: row.last_run_at,
    });
  }
  return stats;
}

export const statsOf = (stats: Map<AgentId, AgentStats>, id: AgentId) => stats.get(id) ?? NO_RUNS;

// Newest first; the cursor holds the creation time to the microsecond as text, compared as a timestamp.
const RECENT: SortSpec = {
  value: sql`${agentExecutions.createdAt}`,
  id: sql`${agentExecutions.id}`,
  type: 'text',
  descending: true,
  nullable: false,
};
const RECENT_SORT = 'recent';
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

type RunRow = {
  id: string;
  agent_id: AgentId;
  input_summary: string;
  credits: number;
  duration_ms: number;
  status: AgentRunStatus;
  error: string | null;
  created_at: string;
  sortValue: string;
};

/** The caller's runs of one agent, newest first, a keyset page at a time. */
export async function agentRuns(
  db: Db,
  userId: string,
  agentId: AgentId,
  page: { limit: number; cursor?: string },
): Promise<{ runs: AgentExecution[]; nextCursor: string | null }> {
  const cursor = page.cursor ? decodeCursor(page.cursor, RECENT_SORT, RECENT) : null;
  if (cursor && !ISO_MICROS.test(String(cursor.value))) {
    throw new AppError('VALIDATION_ERROR', 400, 'Invalid cursor: start the search again');
  }
  const rows = await withUser(db, userId, (tx) =>
    queryRows<RunRow>(
      tx,
      sql`select id, agent_id, input_summary, credits, duration_ms, status, error,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "sortValue"
          from ${agentExecutions}
          where ${and(eq(agentExecutions.userId, userId), eq(agentExecutions.agentId, agentId))}
            ${cursor ? sql`and (created_at, id) < (${cursor.value}::timestamptz, ${cursor.id}::uuid)` : sql``}
          order by created_at desc, id desc
          limit ${page.limit + 1}`,
    ),
  );
  const { rows: pageRows, nextCursor } = keysetPage(rows, page.limit, RECENT_SORT);
  return {
    runs: pageRows.map((row) => ({
      id: row.id,
      agentId: row.agent_id,
      inputSummary: row.input_summary,
      credits: Number(row.credits),
      durationMs: Number(row.duration_ms),
      status: row.status,
      error: row.error,
      createdAt: row.created_at,
    })),
    nextCursor,
  };
}

/** A search's words and filters as an input summary: `"logistics" · industry: Software · country: Germany`. */
export function searchSummary(
  q: string | undefined,
  filters: Record<string, string | number | boolean | readonly string[] | undefined>,
): string {
  const parts = q?.trim() ? [`"${q.trim()}"`] : [];
  for (const [label, value] of Object.entries(filters)) {
    if (value === undefined || value === false || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${label}: ${value.join(', ')}`);
    } else parts.push(value === true ? label : `${label}: ${value}`);
  }
  return parts.join(' · ');
}
