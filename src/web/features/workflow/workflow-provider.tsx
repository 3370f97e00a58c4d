/**
 * The shared agent workflow in the browser (spec 3 §4): restored at once from this browser's copy, then from
 * the server; each agent page entered is a step (the last 10 kept) and its address gives the company and the
 * search; recommendations are worked out again 500 ms after the path or the data change, and every change is
 * saved to the server 1 s after the last one.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  addressContext,
  agentForPath,
  agentLink,
  dismissStep,
  emptyWorkflowState,
  type Recommendation,
  recommendationsFor,
  recordStep,
  WORKFLOW_RECOMMENDATION_DEBOUNCE_MS,
  WORKFLOW_SAVE_DEBOUNCE_MS,
  WORKFLOW_TEMPLATES,
  type WorkflowAgentId,
  type WorkflowState,
  type WorkflowTemplateId,
} from '../../../shared/workflow.ts';
import { deleteWorkflow, getWorkflow, putWorkflow, putWorkflowOnExit } from './api.ts';
import { type Mirror, readMirror, writeMirror } from './local-mirror.ts';

export type Workflow = {
  state: WorkflowState;
  /** The agent whose page is open, or null off the agent pages. */
  agent: WorkflowAgentId | null;
  /** The server has answered (or failed to): actions may change the state. */
  ready: boolean;
  /** Remember where the user is handed (spec 3 handoffData); the link itself navigates. */
  follow: (recommendation: Recommendation) => void;
  /** Hides the next step's bar until the next step is another one. */
  dismiss: (recommendation: Recommendation) => void;
  /** Starts a template (spec 3 §4) at its first step. */
  startTemplate: (id: WorkflowTemplateId) => void;
  /** Forgets the workflow here and on the server; the page open becomes its first step. */
  startOver: () => void;
  /** The RFP being answered (spec 3 rfpData): the RFP agent then recommends document generation. */
  recordRfp: (rfpData: Record<string, unknown>) => void;
};

const WorkflowContext = createContext<Workflow | null>(null);

/** What the provider holds: the state, and whether it is the server's or a change still to be sent. */
type Held = { state: WorkflowState; source: 'server' | 'local'; savedAt: number };

const now = () => new Date().toISOString();
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function WorkflowProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const path = `${pathname}${search}`;
  const navigate = useNavigate();
  const agent = agentForPath(pathname);

  const [restored] = useState(() => readMirror(userId, Date.now()));
  const [held, setHeld] = useState<Held>(() =>
    restored
      ? { state: restored.state, source: restored.synced ? 'server' : 'local', savedAt: restored.savedAt }
      : { state: emptyWorkflowState(crypto.randomUUID()), source: 'server', savedAt: Date.now() },
  );
  /** 0 until the server has answered; each load or start-over bumps it, so the open page is taken in again. */
  const [generation, setGeneration] = useState(0);
  const ready = generation > 0;
  const latest = useRef(held);
  latest.current = held;
  /** The state waiting for its debounced save, if any. */
  const unsaved = useRef<WorkflowState | null>(null);

  const change = useCallback((update: (state: WorkflowState) => WorkflowState) => {
    setHeld((current) => {
      const next = update(current.state);
      return next === current.state ? current : { state: next, source: 'local', savedAt: Date.now() };
    });
  }, []);

  // The server's copy, unless this browser holds changes it has not sent yet (a reload within the debounce).
  useEffect(() => {
    let cancelled = false;
    getWorkflow()
      .then((answer) => {
        if (cancelled || (restored && !restored.synced)) return;
        setHeld(
          answer.state && answer.updatedAt
            ? { state: answer.state, source: 'server', savedAt: Date.parse(answer.updatedAt) }
            : // None, or 24 hours old: a new workflow (this browser's copy, if any, was forgotten elsewhere).
              { state: emptyWorkflowState(crypto.randomUUID()), source: 'server', savedAt: Date.now() },
        );
      })
      .catch((err: unknown) => console.warn('Could not load the workflow state:', err))
      .finally(() => {
        if (!cancelled) setGeneration((g) => g + 1);
      });
    return () => {
      cancelled = true;
    };
  }, [restored]);

  // Mirror every change at once; send the user's changes to the server 1 s after the last one.
  useEffect(() => {
    const mirror: Mirror = {
      userId,
      state: held.state,
      savedAt: held.savedAt,
      synced: held.source === 'server',
    };
    writeMirror(mirror);
    if (held.source !== 'local' || !ready) return;
    unsaved.current = held.state;
    const timer = setTimeout(() => {
      const sent = held.state;
      putWorkflow(sent)
        .then(() => {
          if (unsaved.current === sent) unsaved.current = null;
          if (latest.current.state === sent) writeMirror({ ...mirror, synced: true });
        })
        .catch((err: unknown) => console.warn('Could not save the workflow state:', err));
    }, WORKFLOW_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [held, ready, userId]);

  // A page closing within the debounce still sends its last change.
  useEffect(() => {
    const flush = () => {
      if (unsaved.current) void putWorkflowOnExit(unsaved.current);
      unsaved.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);

  // Entering an agent page is a step; its address names the company and the search being worked on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation re-takes the open page after a load or a start-over.
  useEffect(() => {
    if (!ready) return;
    const entered = agentForPath(path);
    if (!entered) return;
    const found = addressContext(path);
    change((state) => ({ ...recordStep(state, entered, now()), ...found }));
  }, [path, generation, ready, change]);

  // Spec 3 §4: the recommendations follow the path and the data, 500 ms after they change.
  const { companyName, searchContext, rfpData, workflowData, workflowHistory } = held.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the data fields are what the rules read.
  useEffect(() => {
    if (!ready || !agent) return;
    const timer = setTimeout(
      () =>
        change((state) => {
          const next = recommendationsFor(state, path);
          return sameJson(next, state.recommendations) ? state : { ...state, recommendations: next };
        }),
      WORKFLOW_RECOMMENDATION_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [ready, agent, path, companyName, searchContext, rfpData, workflowData, workflowHistory, change]);

  const follow = useCallback(
    (recommendation: Recommendation) =>
      change((state) => ({
        ...state,
        handoffData: {
          targetAgent: recommendation.agentId,
          contextData: recommendation.contextData,
          sourceAgent: agent,
          timestamp: now(),
        },
      })),
    [agent, change],
  );

  const dismiss = useCallback(
    (recommendation: Recommendation) => change((state) => dismissStep(state, recommendation)),
    [change],
  );

  const startTemplate = useCallback(
    (id: WorkflowTemplateId) => {
      const template = WORKFLOW_TEMPLATES[id];
      const first = template.steps[0];
      if (!first) return;
      const { state } = latest.current;
      const link = agentLink(first, {
        companyName: state.companyName,
        searchContext: state.searchContext,
        rfpData: state.rfpData,
        from: path,
      });
      const startedAt = now();
      change((current) => {
        const started = recordStep(
          {
            ...current,
            currentObjective: template.name,
            workflowData: { ...current.workflowData, template: { id, startedAt } },
            handoffData: {
              targetAgent: first,
              contextData: link.contextData,
              sourceAgent: agent,
              timestamp: startedAt,
            },
          },
          first,
          startedAt,
        );
        return { ...started, recommendations: recommendationsFor(started, link.path) };
      });
      navigate(link.path);
    },
    [agent, change, navigate, path],
  );

  const startOver = useCallback(() => {
    unsaved.current = null;
    deleteWorkflow().catch((err: unknown) => console.warn('Could not forget the workflow state:', err));
    setHeld({ state: emptyWorkflowState(crypto.randomUUID()), source: 'server', savedAt: Date.now() });
    setGeneration((g) => g + 1);
  }, []);

  const recordRfp = useCallback(
    (rfpData: Record<string, unknown>) =>
      change((state) => (sameJson(state.rfpData, rfpData) ? state : { ...state, rfpData })),
    [change],
  );

  const value = useMemo<Workflow>(
    () => ({ state: held.state, agent, ready, follow, dismiss, startTemplate, startOver, recordRfp }),
    [held.state, agent, ready, follow, dismiss, startTemplate, startOver, recordRfp],
  );
  return <WorkflowContext.Provider value={value}>{children}</WorkflowContext.Provider>;
}

export function useWorkflow(): Workflow {
  const workflow = useContext(WorkflowContext);
  if (!workflow) throw new Error('useWorkflow is used outside WorkflowProvider');
  return workflow;
}
