import { AGENTS } from '../../../../shared/agents.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAgents } from '../api.ts';
import { AgentDirectoryCard } from '../components/agent-directory-card.tsx';

/**
 * `/agents` (issue 10 point 1): the agent directory. The catalogue is shown at once; each card adds what the
 * user's own runs measured (runs, median duration), never the marketing claims.
 */
export function AgentsPage() {
  useDocumentTitle('AI Agents');
  const agents = useAgents();
  const statsOf = (id: string) =>
    agents.isError ? null : agents.data?.find((agent) => agent.id === id)?.stats;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">AI Agents</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Six agents for the work around a deal. The figures on each card are measured from your own runs: how
          often you used the agent and how long a run took. Open an agent for how to use it and its recent
          runs.
        </p>
      </header>
      {agents.isError && (
        <div className="rounded-xl border p-4">
          <LoadError message="Could not load your agent figures." onRetry={() => void agents.refetch()} />
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Agents">
        {AGENTS.map((agent) => (
          <li key={agent.id}>
            <AgentDirectoryCard agent={agent} stats={statsOf(agent.id)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
