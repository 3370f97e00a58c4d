import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { AgentStats } from '../../../../shared/agent-executions.ts';
import type { Agent } from '../../../../shared/agents.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { AgentPortrait } from './agent-portrait.tsx';
import { FiguresLine } from './measured-figures.tsx';

/**
 * One agent of the in-app directory: who it is, what it is for and what the user's own runs measured (not
 * the marketing figures), with its detail page and a way to start it.
 */
export function AgentDirectoryCard({
  agent,
  stats,
}: {
  agent: Agent;
  /** Undefined while loading, null when the figures could not be loaded. */
  stats: AgentStats | null | undefined;
}) {
  const headingId = `agent-${agent.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      data-agent={agent.id}
      className="flex h-full flex-col gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-xs"
    >
      <div className="flex items-center gap-4">
        <AgentPortrait agent={agent} />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            <Link to={`/agents/${agent.id}`} className="underline-offset-4 hover:underline">
              {agent.name}
            </Link>
          </h2>
          <p className="text-sm font-medium text-primary">{agent.title}</p>
        </div>
      </div>
      <p className="text-sm leading-relaxed text-muted-foreground">{agent.tagline}</p>
      <div className="mt-auto flex flex-col gap-4 border-t pt-4">
        {stats ? (
          <FiguresLine stats={stats} />
        ) : stats === null ? (
          <p className="text-sm text-muted-foreground">Figures unavailable</p>
        ) : (
          <Skeleton className="h-5 w-40" aria-hidden data-agent-figures="loading" />
        )}
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={agent.path} aria-label={`Launch ${agent.name}, ${agent.title}`}>
              Launch
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/agents/${agent.id}`} aria-label={`${agent.name}: details and runs`}>
              Details and runs
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
