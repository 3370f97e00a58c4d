/**
 * The caller's agent workflow (spec 3 §3-§4), one row per user in `agent_workflow_state`: read back only while
 * it is under 24 hours old, replaced whole on each save, removed to start over. Row-level security scopes
 * every statement to the caller; the WHERE says the same.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { WORKFLOW_EXPIRY_MS, type WorkflowResponse, type WorkflowState } from '../../../shared/workflow.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { agentWorkflowState } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';

const NONE: WorkflowResponse = { state: null, updatedAt: null };

/** The age limit in the database's own clock, the one that wrote updated_at. */
const fresh = gt(
  agentWorkflowState.updatedAt,
  sql`now() - make_interval(secs => ${WORKFLOW_EXPIRY_MS / 1000})`,
);

export function getWorkflow(db: Db, caller: Caller): Promise<WorkflowResponse> {
  return withUser(db, caller.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(agentWorkflowState)
      .where(and(eq(agentWorkflowState.userId, caller.id), fresh));
    if (!row) return NONE;
    return { state: row.state as WorkflowState, updatedAt: row.updatedAt.toISOString() };
  });
}

export function saveWorkflow(db: Db, caller: Caller, state: WorkflowState): Promise<WorkflowResponse> {
  return withUser(db, caller.id, async (tx) => {
    const [row] = await tx
      .insert(agentWorkflowState)
      .values({ userId: caller.id, state, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: agentWorkflowState.userId,
        set: { state, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error('the workflow state was not stored');
    return { state: row.state as WorkflowState, updatedAt: row.updatedAt.toISOString() };
  });
}

export function deleteWorkflow(db: Db, caller: Caller): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    await tx.delete(agentWorkflowState).where(eq(agentWorkflowState.userId, caller.id));
  });
}
