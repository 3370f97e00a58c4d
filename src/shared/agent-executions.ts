/**
 * The agent directory's API (issue 10 point 1): the catalogue entries of src/shared/agents.ts with their
 * images, and what the caller's own runs of each agent measured (spec 3 `agent_executions`).
 */
import { z } from 'zod';
import { AGENTS, type Agent, type AgentId } from './agents.ts';

export const AGENT_IDS = AGENTS.map((agent) => agent.id) as [AgentId, ...AgentId[]];

export const isAgentId = (value: string): value is AgentId =>
  (AGENT_IDS as readonly string[]).includes(value);

export const agentNotFound = (id: string) =>
  `No agent "${id.slice(0, 40)}". The agents are ${AGENT_IDS.join(', ')}.`;

/** A run's input summary is cut to this many characters. */
export const INPUT_SUMMARY_MAX = 200;
export const AGENT_RUNS_PAGE_SIZE = 20;

export const AGENT_RUN_STATUSES = ['succeeded', 'failed'] as const;
export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];

/** Spec 3 §3: each agent's image at /images/{agent id} in WebP and PNG. */
export const agentImages = (id: AgentId) => ({ webp: `/images/${id}.webp`, png: `/images/${id}.png` });

export const agentStatsSchema = z.object({
  runs: z.number().int(),
  runsLast30Days: z.number().int(),
  /** Median duration of the succeeded runs, in milliseconds; null before the first one. */
  medianDurationMs: z.number().int().nullable(),
  /** Share of runs that succeeded, 0 to 1; null without runs. */
  successRate: z.number().nullable(),
  creditsSpent: z.number().int(),
  lastRunAt: z.string().nullable(),
});
export type AgentStats = z.infer<typeof agentStatsSchema>;

export const NO_RUNS: AgentStats = {
  runs: 0,
  runsLast30Days: 0,
  medianDurationMs: null,
  successRate: null,
  creditsSpent: 0,
  lastRunAt: null,
};

export const agentEntrySchema = z.object({
  id: z.enum(AGENT_IDS),
  name: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  metrics: z.object({ accuracy: z.number(), analysisMinutes: z.number(), sources: z.number() }),
  capabilities: z.array(z.string()),
  technical: z.array(z.string()),
  value: z.array(z.string()),
  path: z.string(),
  images: z.object({ webp: z.string(), png: z.string() }),
  stats: agentStatsSchema,
});
export type AgentEntry = z.infer<typeof agentEntrySchema>;

export const agentExecutionSchema = z.object({
  id: z.uuid(),
  agentId: z.enum(AGENT_IDS),
  inputSummary: z.string(),
  credits: z.number().int(),
  durationMs: z.number().int(),
  status: z.enum(AGENT_RUN_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type AgentExecution = z.infer<typeof agentExecutionSchema>;

export const agentListSchema = z.object({ agents: z.array(agentEntrySchema) });
export type AgentList = z.infer<typeof agentListSchema>;

export const agentDetailSchema = z.object({
  agent: agentEntrySchema,
  runs: z.array(agentExecutionSchema),
  nextCursor: z.string().nullable(),
});
export type AgentDetail = z.infer<typeof agentDetailSchema>;

export const agentEntry = (agent: Agent, stats: AgentStats): AgentEntry => ({
  ...agent,
  capabilities: [...agent.capabilities],
  technical: [...agent.technical],
  value: [...agent.value],
  images: agentImages(agent.id),
  stats,
});
