/**
 * The agent directory over the API (issue 10 point 1): the catalogue with the caller's measured figures, and
 * one agent's recent runs page after page. Shapes: src/shared/agent-executions.ts; routes in
 * src/server/features/agents/routes.ts.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AgentDetail, AgentList } from '../../../shared/agent-executions.ts';
import type { AgentId } from '../../../shared/agents.ts';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';

const BASE = '/api/v1/agents';
export const AGENTS_KEY = ['agents'] as const;

export const getAgents = () => apiFetch<AgentList>(BASE);

export const agentsQueryOptions = () =>
  queryOptions({ queryKey: [...AGENTS_KEY, 'list'], queryFn: getAgents, select: (body) => body.agents });

/** Every agent with the caller's figures (runs, median duration, …), read again when the page is shown. */
export const useAgents = () =>
  useQuery({ ...agentsQueryOptions(), refetchOnMount: 'always', retry: notRetriedOnRefusal });

export const getAgentDetail = (id: AgentId, cursor: string | null) =>
  apiFetch<AgentDetail>(`${BASE}/${id}${cursor ? `?${new URLSearchParams({ cursor })}` : ''}`);

export const agentDetailQueryOptions = (id: AgentId) =>
  infiniteQueryOptions({
    queryKey: [...AGENTS_KEY, 'detail', id],
    queryFn: ({ pageParam }) => getAgentDetail(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** One agent: its figures (from the first page) and its runs, newest first, page after page. */
export const useAgentDetail = (id: AgentId) =>
  useInfiniteQuery({ ...agentDetailQueryOptions(id), refetchOnMount: 'always', retry: notRetriedOnRefusal });
