import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  AGENT_RUNS_PAGE_SIZE,
  agentDetailSchema,
  agentEntry,
  agentListSchema,
  agentNotFound,
  isAgentId,
} from '../../../shared/agent-executions.ts';
import { AGENTS, getAgent } from '../../../shared/agents.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import { agentRuns, agentStats, statsOf } from './executions.ts';

const tags = ['Agents'];

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/v1/agents',
    tags,
    summary:
      "The agent catalogue, each agent with the caller's measured figures: runs, runs in the last 30 days, median duration of the succeeded runs, success rate, credits spent, last run",
    responses: {
      200: json(agentListSchema.openapi('AgentList'), 'The agents'),
      401: error('User not authenticated'),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/agents/{agentId}',
    tags,
    summary: "One agent with the caller's figures and recent runs, newest first (keyset pages)",
    request: {
      params: z.object({ agentId: z.string().max(100) }),
      query: z
        .object({
          limit: z.coerce
            .number({ error: 'must be a whole number' })
            .int('must be a whole number')
            .min(1, 'must be at least 1')
            .max(100, 'must be at most 100')
            .default(AGENT_RUNS_PAGE_SIZE),
          cursor: z.string().max(1000).optional(),
        })
        .strict(),
    },
    responses: {
      200: json(agentDetailSchema.openapi('AgentDetail'), 'The agent and its runs'),
      400: error('Invalid input'),
      401: error('User not authenticated'),
      404: error('No agent with this id'),
    },
  }),
};

/** GET /api/v1/agents and /api/v1/agents/{agentId}: the agent directory with the caller's own figures. */
export function agentsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  app.use('/api/v1/agents', requireCaller(deps));
  app.use('/api/v1/agents/*', requireCaller(deps));

  app.openapi(routes.list, async (c) => {
    const stats = await agentStats(db, c.var.caller.id);
    return c.json({ agents: AGENTS.map((agent) => agentEntry(agent, statsOf(stats, agent.id))) }, 200);
  });

  app.openapi(routes.get, async (c) => {
    const { agentId } = c.req.valid('param');
    if (!isAgentId(agentId)) throw new AppError('NOT_FOUND', 404, agentNotFound(agentId));
    const { limit, cursor } = c.req.valid('query');
    const stats = await agentStats(db, c.var.caller.id, agentId);
    const page = await agentRuns(db, c.var.caller.id, agentId, { limit, cursor });
    return c.json({ agent: agentEntry(getAgent(agentId), statsOf(stats, agentId)), ...page }, 200);
  });

  return app;
}
