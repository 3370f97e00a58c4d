/**
 * The agent workflow over the API (routes in src/server/features/agents/workflow-routes.ts): the caller's state,
 * read once when the signed-in app opens and written back as it changes.
 */
import type { WorkflowResponse, WorkflowState } from '../../../shared/workflow.ts';
import { apiFetch } from '../../lib/api.ts';

const PATH = '/api/v1/workflow';

export const getWorkflow = () => apiFetch<WorkflowResponse>(PATH);

export const putWorkflow = (state: WorkflowState) =>
  apiFetch<WorkflowResponse>(PATH, { method: 'PUT', body: state });

export const deleteWorkflow = () => apiFetch<void>(PATH, { method: 'DELETE' });

/** A save that outlives the page (it is closing): the browser sends it even as the page goes away. */
export const putWorkflowOnExit = (state: WorkflowState) =>
  fetch(PATH, {
    method: 'PUT',
    credentials: 'include',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(state),
  }).catch((err: unknown) => console.warn('Could not save the workflow on leaving:', err));
