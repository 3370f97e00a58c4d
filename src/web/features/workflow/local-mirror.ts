/**
 * The browser's copy of the workflow under `agent_workflow_state` (spec 3 §3), so a reload shows it at once,
 * before the server answers. It names its user (another account on this browser starts afresh) and whether
 * the server has it yet. Storage failures are logged and ignored (spec 3 §8).
 */
import {
  isWorkflowExpired,
  WORKFLOW_STORAGE_KEY,
  type WorkflowState,
  workflowStateSchema,
} from '../../../shared/workflow.ts';

export type Mirror = {
  userId: string;
  state: WorkflowState;
  /** When the state last changed (ms); spec 3 §4: restored only while under 24 hours old. */
  savedAt: number;
  /** False while a change is still to be sent to the server. */
  synced: boolean;
};

export function readMirror(userId: string, now: number): Mirror | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(WORKFLOW_STORAGE_KEY);
  } catch (err) {
    console.warn('Could not read the workflow state:', err);
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Mirror>;
    const state = workflowStateSchema.safeParse(parsed.state);
    if (parsed.userId !== userId || !state.success || typeof parsed.savedAt !== 'number') return null;
    if (isWorkflowExpired(parsed.savedAt, now)) return null;
    return { userId, state: state.data, savedAt: parsed.savedAt, synced: parsed.synced === true };
  } catch (err) {
    console.warn('Ignoring an unreadable workflow state:', err);
    return null;
  }
}

export function writeMirror(mirror: Mirror): void {
  try {
    localStorage.setItem(WORKFLOW_STORAGE_KEY, JSON.stringify(mirror));
  } catch (err) {
    console.warn('Could not store the workflow state:', err);
  }
}
