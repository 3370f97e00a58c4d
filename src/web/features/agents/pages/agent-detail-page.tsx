import { ArrowLeft, ArrowRight, Bot, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isAgentId } from '../../../../shared/agent-executions.ts';
import { type Agent, getAgent } from '../../../../shared/agents.ts';
import { AgentHeader, AgentOverview } from '../../../components/agent-intro.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { StatePanel, TableSkeleton } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAgentDetail } from '../api.ts';
import { AgentListsSection } from '../components/agent-lists-section.tsx';
import { AgentRunsTable } from '../components/agent-runs-table.tsx';
import { AgentUsageSection } from '../components/agent-usage-section.tsx';
import { MeasuredFigures } from '../components/measured-figures.tsx';
import { plural } from '../format.ts';

function LaunchButton({ agent }: { agent: Agent }) {
  return (
    <Button asChild>
      <Link to={agent.path} aria-label={`Launch ${agent.name}, ${agent.title}`}>
        Launch
        <ArrowRight aria-hidden />
      </Link>
    </Button>
  );
}

const backLink = (
  <Link
    to="/agents"
    className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
  >
    <ArrowLeft className="size-4" aria-hidden />
    All agents
  </Link>
);

/** The figures and the recent runs: what the user's own runs of this agent measured. */
function AgentActivity({ agent }: { agent: Agent }) {
  const detail = useAgentDetail(agent.id);
  const first = detail.data?.pages[0];
  const runs = detail.data?.pages.flatMap((page) => page.runs) ?? [];

  let body: ReactNode;
  if (detail.isError && !first) {
    body = (
      <div className="rounded-xl border p-6">
        <LoadError message="Could not load your runs." onRetry={() => void detail.refetch()} />
      </div>
    );
  } else if (!first) {
    body = (
      <>
        <Skeleton className="h-20 w-full" aria-hidden />
        <TableSkeleton label="Loading your runs" />
      </>
    );
  } else {
    body = (
      <>
        <MeasuredFigures stats={first.agent.stats} />
        {runs.length === 0 ? (
          <StatePanel icon={<History className="size-6" aria-hidden />} title="No runs yet">
            <p className="max-w-md text-sm text-muted-foreground">
              Each time you use {agent.name}, the run appears here with what you asked, the credits it cost
              and how long it took.
            </p>
            <LaunchButton agent={agent} />
          </StatePanel>
        ) : (
          <>
            <AgentRunsTable agent={agent} runs={runs} />
            <LoadMore
              shown={plural(runs.length, 'run')}
              hasNextPage={detail.hasNextPage}
              isFetchingNextPage={detail.isFetchingNextPage}
              fetchNextPage={() => void detail.fetchNextPage()}
            />
          </>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="agent-runs-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="agent-runs-heading" className="text-lg font-semibold tracking-tight">
          Your recent runs
        </h2>
        <p className="text-sm text-muted-foreground">
          Measured from your own runs; failed runs count, with the reason they failed.
        </p>
      </div>
      {body}
    </section>
  );
}

/**
 * `/agents/{agentId}` (issue 10 point 1): what the agent does and how to use it (from the catalogue), the
 * user's measured figures and recent runs, and a button that starts it. An unknown id says so.
 */
export function AgentDetailPage() {
  const { agentId = '' } = useParams();
  const agent = isAgentId(agentId) ? getAgent(agentId) : null;
  useDocumentTitle(agent ? `${agent.name} · ${agent.title}` : 'Agent not found');

  if (!agent) {
    return (
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
        {backLink}
        <h1 className="sr-only">Agent not found</h1>
        <StatePanel icon={<Bot className="size-6" aria-hidden />} title="Agent not found">
          <p className="max-w-md text-sm text-muted-foreground">
            There is no agent at this address. The directory lists every agent.
          </p>
          <Button asChild variant="outline">
            <Link to="/agents">All agents</Link>
          </Button>
        </StatePanel>
      </div>
    );
  }

  return (
    <div
      className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-6 sm:px-8 sm:py-8"
      data-agent={agent.id}
    >
      <div className="flex flex-col gap-4">
        {backLink}
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <AgentHeader agent={agent} />
          <div className="shrink-0">
            <LaunchButton agent={agent} />
          </div>
        </div>
      </div>
      <AgentActivity agent={agent} />
      <AgentOverview agent={agent} />
      <AgentUsageSection agent={agent} />
      <AgentListsSection agent={agent} />
    </div>
  );
}
