/**
 * The shared agent workflow (spec 3 §3 "Workflow state", §4 "Workflow", §9): which agent the user has been
 * using, the company and search they are working on, and what to do next. Kept on the server per user and
 * mirrored in the browser under `agent_workflow_state`; the rules that suggest the next agent are pure, so
 * both sides and the tests read the same ones.
 */
import { z } from 'zod';
import { getAgent } from './agents.ts';
import { parseCompanyContext } from './company-context.ts';
import { type APP_PATHS, matches } from './routes.ts';
import { isUuid } from './uuid.ts';

/** Spec 3 §3: the browser's copy of the state. */
export const WORKFLOW_STORAGE_KEY = 'agent_workflow_state';
/** Spec 3 §4, §9: a saved state older than this is not restored. */
export const WORKFLOW_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Spec 3 §9: changes are saved this long after the last one. */
export const WORKFLOW_SAVE_DEBOUNCE_MS = 1000;
/** Spec 3 §9: recommendations are regenerated this long after the path or the data changed. */
export const WORKFLOW_RECOMMENDATION_DEBOUNCE_MS = 500;
/** Spec 3 §9: the history keeps the last 10 steps. */
export const WORKFLOW_HISTORY_MAX = 10;
/** Ours: a free-form payload (rfpData, workflowData, contextData) as JSON, and the whole state. */
export const WORKFLOW_PAYLOAD_MAX_BYTES = 32 * 1024;
export const WORKFLOW_STATE_MAX_BYTES = 64 * 1024;
export const WORKFLOW_TOO_LARGE = `The workflow state must be at most ${WORKFLOW_STATE_MAX_BYTES / 1024} KB as JSON`;
const RECOMMENDATIONS_MAX = 10;

/** The catalogue's six agents and the copilot (its chat is an agent page of the workflow too). */
export const WORKFLOW_AGENT_IDS = ['alex', 'jim', 'emma', 'maya', 'david', 'sofia', 'copilot'] as const;
export type WorkflowAgentId = (typeof WORKFLOW_AGENT_IDS)[number];

type AppPath = (typeof APP_PATHS)[number];

/** Each agent's pages (route patterns): entering one of them is a step of the workflow. */
export const WORKFLOW_AGENT_PAGES: Readonly<Record<WorkflowAgentId, readonly AppPath[]>> = {
  alex: [
    '/sales-account-development',
    '/sales-account-development/research',
    '/sales-account-development/:companyName',
    '/account-prospect/:companyName',
  ],
  jim: ['/people-finder-master', '/people-finder-master/research', '/key-people'],
  emma: ['/instant-sales-answers'],
  maya: ['/automated-rfp-responses', '/rfp-editor/:id'],
  david: ['/sales-document-generation', '/intelligent-sales-document-generation'],
  sofia: ['/enterprise-file-search'],
  copilot: ['/chat'],
};

/** The name the workflow shows for an agent: the catalogue's title ("People Finder"), or "Copilot". */
export function workflowAgentName(id: WorkflowAgentId): string {
  return id === 'copilot' ? 'Copilot' : getAgent(id).title;
}

/** The catalogue's persona ("Jim"), or null for the copilot. */
export function workflowAgentPersona(id: WorkflowAgentId): string | null {
  return id === 'copilot' ? null : getAgent(id).name;
}

const pathnameOf = (path: string) => {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
};

/** The agent whose page this is ("/people-finder-master/research?title=cto" is Jim's), or null. */
export function agentForPath(path: string): WorkflowAgentId | null {
  const pathname = pathnameOf(path);
  for (const id of WORKFLOW_AGENT_IDS) {
    if (WORKFLOW_AGENT_PAGES[id].some((pattern) => matches(pattern, pathname))) return id;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// The state (spec 3 §3), bounded: the server stores what the browser sends, so nothing in it is unlimited.

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** Same-site app paths only: a recommendation's path is navigated to and must never lead off the product. */
const appPath = text(2000).refine(
  (path) => path.startsWith('/') && !path.startsWith('//'),
  'must be a path of this app',
);

/** UTF-8 bytes of a value as JSON. */
export const jsonBytes = (value: unknown): number =>
  new TextEncoder().encode(JSON.stringify(value) ?? '').length;

const payload = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => jsonBytes(value) <= WORKFLOW_PAYLOAD_MAX_BYTES,
    `must be at most ${WORKFLOW_PAYLOAD_MAX_BYTES / 1024} KB as JSON`,
  );

const timestamp = z.iso.datetime({ error: 'must be an ISO 8601 date-time' });
const agentId = z.enum(WORKFLOW_AGENT_IDS, { error: `must be one of ${WORKFLOW_AGENT_IDS.join(', ')}` });

export const workflowStepSchema = z.object({ agentId, timestamp }).strict();
export type WorkflowStep = z.infer<typeof workflowStepSchema>;

export const PRIORITIES = ['high', 'medium'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const recommendationSchema = z
  .object({
    agentId,
    agentName: text(100),
    reason: text(500),
    priority: z.enum(PRIORITIES),
    /** Where following it leads, with the context in the address (company, search). */
    path: appPath,
    contextData: payload,
  })
  .strict();
export type Recommendation = z.infer<typeof recommendationSchema>;

export const handoffDataSchema = z
  .object({
    targetAgent: agentId,
    contextData: payload,
    sourceAgent: agentId.nullable(),
    timestamp,
  })
  .strict();
export type HandoffData = z.infer<typeof handoffDataSchema>;

export const workflowStateSchema = z
  .object({
    workflowId: z.uuid({ error: 'must be a UUID' }),
    currentObjective: text(200).nullable(),
    lastAgent: agentId.nullable(),
    companyName: text(300).nullable(),
    rfpData: payload.nullable(),
    searchContext: text(500).nullable(),
    workflowData: payload,
    workflowHistory: z
      .array(workflowStepSchema)
      .max(WORKFLOW_HISTORY_MAX, `must have at most ${WORKFLOW_HISTORY_MAX} steps`),
    recommendations: z
      .array(recommendationSchema)
      .max(RECOMMENDATIONS_MAX, `must have at most ${RECOMMENDATIONS_MAX} recommendations`),
    handoffData: handoffDataSchema.nullable(),
  })
  .strict()
  .refine((state) => jsonBytes(state) <= WORKFLOW_STATE_MAX_BYTES, WORKFLOW_TOO_LARGE);
export type WorkflowState = z.infer<typeof workflowStateSchema>;

/** `GET`/`PUT /api/v1/workflow` answer this; `state` is null when there is none or it is older than 24 h. */
export type WorkflowResponse = { state: WorkflowState | null; updatedAt: string | null };

export function emptyWorkflowState(workflowId: string): WorkflowState {
  return {
    workflowId,
    currentObjective: null,
    lastAgent: null,
    companyName: null,
    rfpData: null,
    searchContext: null,
    workflowData: {},
    workflowHistory: [],
    recommendations: [],
    handoffData: null,
  };
}

/** Spec 3 §4: a state saved at `savedAt` is restored only while it is under 24 hours old. */
export function isWorkflowExpired(savedAt: number, now: number): boolean {
  return now - savedAt >= WORKFLOW_EXPIRY_MS;
}

/**
 * The user entered an agent's page. The same agent again (research table, then a company) moves that step's
 * time forward rather than repeating it; the history keeps the last 10 steps (spec 3 §4).
 */
export function recordStep(state: WorkflowState, agent: WorkflowAgentId, at: string): WorkflowState {
  const history = state.workflowHistory;
  const last = history[history.length - 1];
  const next =
    last?.agentId === agent
      ? [...history.slice(0, -1), { agentId: agent, timestamp: at }]
      : [...history, { agentId: agent, timestamp: at }];
  return { ...state, lastAgent: agent, workflowHistory: next.slice(-WORKFLOW_HISTORY_MAX) };
}

/** What an agent page's address says about the work: the company (page, company context, people filter) and the search. */
export function addressContext(path: string): { companyName?: string; searchContext?: string } {
  const agent = agentForPath(path);
  if (!agent) return {};
  const pathname = pathnameOf(path);
  const query = path.includes('?') ? path.slice(path.indexOf('?')) : '';
  const params = new URLSearchParams(query.split('#')[0]);
  const found: { companyName?: string; searchContext?: string } = {};

  const segment = pathname.match(/^\/(?:sales-account-development|account-prospect)\/([^/]+)$/)?.[1];
  if (segment && segment !== 'research') {
    try {
      const name = decodeURIComponent(segment).trim();
      // A company whose name cannot be a path segment is addressed by its id, which is no name to show.
      if (name && !isUuid(name)) found.companyName = name;
    } catch {
      // A malformed escape is no company name.
    }
  }
  if (!found.companyName) {
    try {
      const first = parseCompanyContext(query)?.companies[0]?.name.trim();
      if (first) found.companyName = first;
    } catch {
      // Spec 1 §5: a companies parameter that does not parse is only logged (by the company context).
    }
  }
  if (!found.companyName && agent === 'jim') {
    const company = params.get('company')?.trim();
    if (company) found.companyName = company;
  }
  const q = params.get('q')?.trim();
  if (q) found.searchContext = q;
  if (found.companyName) found.companyName = found.companyName.slice(0, 300);
  if (found.searchContext) found.searchContext = found.searchContext.slice(0, 500);
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// Recommendations (spec 3 §4).

/** What the next agent is handed: the company, the search, the RFP. */
export type WorkflowContext = {
  companyName: string | null;
  searchContext: string | null;
  rfpData: Record<string, unknown> | null;
  /** The page the user is on, for the receiving page's way back. */
  from?: string;
};

const withQuery = (path: string, params: [string, string][]) => {
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
};

/** The company context of spec 3 §3 in the address, as the copilot's hand-off writes it. */
const companyContextParams = (name: string, from?: string): [string, string][] => [
  ['companies', JSON.stringify([{ name }])],
  ['source', 'workflow'],
  ...(from?.startsWith('/') && !from.startsWith('//') ? [['returnRoute', from] as [string, string]] : []),
];

/** Where an agent opens with the context: each page reads it from the address in its own words. */
export function agentLink(
  agent: WorkflowAgentId,
  context: WorkflowContext,
): { path: string; contextData: Record<string, unknown> } {
  const { companyName: company, searchContext: search } = context;
  switch (agent) {
    case 'alex': {
      if (!company) return { path: getAgent('alex').path, contextData: {} };
      // The company page is addressed by name unless the name cannot be one path segment.
      const byName = !company.includes('/') && company.toLowerCase() !== 'research';
      return {
        path: byName
          ? `/sales-account-development/${encodeURIComponent(company)}`
          : withQuery('/sales-account-development/research', [['q', company]]),
        contextData: { companyName: company },
      };
    }
    case 'jim':
      return company
        ? {
            path: withQuery('/people-finder-master/research', [['company', company]]),
            contextData: { companyName: company },
          }
        : { path: getAgent('jim').path, contextData: {} };
    case 'maya':
    case 'david': {
      const contextData: Record<string, unknown> = {
        ...(company ? { companyName: company } : {}),
        ...(context.rfpData ? { rfpData: context.rfpData } : {}),
      };
      return {
        path: withQuery(getAgent(agent).path, company ? companyContextParams(company, context.from) : []),
        contextData,
      };
    }
    case 'emma':
    case 'sofia':
      return search
        ? {
            path: withQuery(getAgent(agent).path, [['q', search]]),
            contextData: { searchContext: search },
          }
        : { path: getAgent(agent).path, contextData: {} };
    case 'copilot':
      return { path: '/chat', contextData: {} };
  }
}

/** Why go to an agent, in a line, with the company or search when there is one. */
function reasonFor(agent: WorkflowAgentId, context: WorkflowContext): string {
  const { companyName: company, searchContext: search } = context;
  switch (agent) {
    case 'alex':
      return company
        ? `Research ${company}: firmographics, fit with your ICP and similar companies.`
        : 'Start with prospect research: find the companies that match your ideal customer profile.';
    case 'jim':
      return company
        ? `Find the decision-makers at ${company} and how to reach them.`
        : 'Find the decision-makers at your target accounts and how to reach them.';
    case 'maya':
      return company
        ? `Answer ${company}'s RFP or security questionnaire from your answer library.`
        : 'Draft answers to an RFP or security questionnaire from your answer library.';
    case 'david':
      if (context.rfpData) {
        return company
          ? `Turn the RFP answers into a proposal for ${company}.`
          : 'Turn the RFP answers into a proposal.';
      }
      return company
        ? `Write an account plan, proposal or one-pager for ${company}.`
        : 'Write an account plan, proposal or one-pager.';
    case 'emma':
      return search
        ? `Get an instant, cited answer about "${search}".`
        : 'Get instant, cited answers to sales questions.';
    case 'sofia':
      return search
        ? `Search your files for "${search}", down to the passage.`
        : 'Search every file your team has uploaded, down to the passage.';
    case 'copilot':
      return 'Ask the copilot what to do next.';
  }
}

/** Recommendations for agents in order: the first is high priority, the rest medium (spec 3 §4). */
function recommend(agents: readonly WorkflowAgentId[], context: WorkflowContext): Recommendation[] {
  return agents.map((agent, i) => ({
    agentId: agent,
    agentName: workflowAgentName(agent),
    reason: reasonFor(agent, context).slice(0, 500),
    priority: i === 0 ? 'high' : 'medium',
    ...agentLink(agent, context),
  }));
}

export const WORKFLOW_TEMPLATE_IDS = [
  'full-prospect-analysis',
  'quick-research',
  'document-workflow',
] as const;
export type WorkflowTemplateId = (typeof WORKFLOW_TEMPLATE_IDS)[number];

/** Spec 3 §4 templates: their steps in order. */
export const WORKFLOW_TEMPLATES: Readonly<
  Record<WorkflowTemplateId, { name: string; description: string; steps: readonly WorkflowAgentId[] }>
> = {
  'full-prospect-analysis': {
    name: 'Full prospect analysis',
    description: 'Research the account, answer its RFP, then write the documents.',
    steps: ['alex', 'maya', 'david'],
  },
  'quick-research': {
    name: 'Quick research',
    description: 'Search your files, then get instant answers.',
    steps: ['sofia', 'emma'],
  },
  'document-workflow': {
    name: 'Document workflow',
    description: 'Answer an RFP, then generate the documents.',
    steps: ['maya', 'david'],
  },
};

const NO_CONTEXT: WorkflowContext = { companyName: null, searchContext: null, rfpData: null };

/** A template's steps as recommendations: the first high priority, the rest medium (spec 3 §4). */
export function templateSteps(
  templateId: WorkflowTemplateId,
  context: WorkflowContext = NO_CONTEXT,
): Recommendation[] {
  return recommend(WORKFLOW_TEMPLATES[templateId].steps, context);
}

const activeTemplateSchema = z.object({ id: z.enum(WORKFLOW_TEMPLATE_IDS), startedAt: timestamp });
export type ActiveTemplate = z.infer<typeof activeTemplateSchema>;

/** The template the user started, kept in workflowData (spec 3 leaves its shape open). */
export function activeTemplate(state: WorkflowState): ActiveTemplate | null {
  const parsed = activeTemplateSchema.safeParse(state.workflowData.template);
  return parsed.success ? parsed.data : null;
}

/** The template's steps not yet taken since it was started, in order. */
export function remainingTemplateSteps(state: WorkflowState, current: WorkflowAgentId | null = null) {
  const template = activeTemplate(state);
  if (!template) return [];
  const started = Date.parse(template.startedAt);
  const taken = new Set(
    state.workflowHistory.filter((s) => Date.parse(s.timestamp) >= started).map((s) => s.agentId),
  );
  return WORKFLOW_TEMPLATES[template.id].steps.filter((agent) => agent !== current && !taken.has(agent));
}

/**
 * The next step the user dismissed (kept in workflowData, whose shape spec 3 leaves open): its bar stays hidden
 * until the next step is another one.
 */
export const DISMISSED_STEP = 'dismissedStep';
const stepKey = (recommendation: Pick<Recommendation, 'agentId' | 'path'>) =>
  `${recommendation.agentId} ${recommendation.path}`;

export function dismissStep(state: WorkflowState, recommendation: Recommendation): WorkflowState {
  return { ...state, workflowData: { ...state.workflowData, [DISMISSED_STEP]: stepKey(recommendation) } };
}

export function isDismissed(state: WorkflowState, recommendation: Recommendation): boolean {
  return state.workflowData[DISMISSED_STEP] === stepKey(recommendation);
}

/**
 * Spec 3 §4: what to do next from this page. A started template leads through its remaining steps; otherwise
 * account development with a company suggests People Finder, RFP responses and document generation; People
 * Finder with a company suggests account development and RFP; RFP with rfpData suggests document generation;
 * file search with a search context suggests instant answers; anything else suggests prospect research.
 */
export function recommendationsFor(state: WorkflowState, path: string): Recommendation[] {
  const agent = agentForPath(path);
  // The company and the search are the open page's, as its address says (a hand-off writes them there): a
  // company the user has since moved away from is not what the next step is about ("Research Microsoft" stayed
  // on Sales Q&A and on a fintech search). The RFP being answered is the workflow's.
  const here = addressContext(path);
  const context: WorkflowContext = {
    companyName: here.companyName ?? null,
    searchContext: here.searchContext ?? null,
    rfpData: state.rfpData,
    from: path,
  };
  const remaining = remainingTemplateSteps(state, agent);
  if (remaining.length > 0) return recommend(remaining, context);
  if (agent === 'alex' && context.companyName) return recommend(['jim', 'maya', 'david'], context);
  if (agent === 'jim' && context.companyName) return recommend(['alex', 'maya'], context);
  if (agent === 'maya' && state.rfpData) return recommend(['david'], context);
  if (agent === 'sofia' && context.searchContext) return recommend(['emma'], context);
  const research = recommend(['alex'], context);
  if (agent !== 'alex') return research;
  // Already in prospect research, the step is to pick a company: its page has the next agents.
  return research.map((r) => ({ ...r, reason: PICK_A_COMPANY, path: '/sales-account-development/research' }));
}

export const PICK_A_COMPANY =
  'Start with prospect research: open a company from your research to see who to contact and what to prepare.';
