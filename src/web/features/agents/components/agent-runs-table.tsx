import type { AgentExecution } from '../../../../shared/agent-executions.ts';
import type { Agent } from '../../../../shared/agents.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { formatDuration, formatWhen, plural } from '../format.ts';

function RunStatus({ run }: { run: AgentExecution }) {
  return run.status === 'succeeded' ? (
    <Badge variant="success" className="self-start">
      Succeeded
    </Badge>
  ) : (
    <div className="flex flex-col items-start gap-1">
      <Badge variant="destructive">Failed</Badge>
      {run.error && (
        <span className="text-xs break-words text-muted-foreground" data-run-error>
          {run.error}
        </span>
      )}
    </div>
  );
}

/** On a phone: one card per run, nothing to scroll sideways. */
function RunCards({ agent, runs }: { agent: Agent; runs: readonly AgentExecution[] }) {
  return (
    <ul className="flex flex-col gap-3 sm:hidden" aria-label={`Recent runs of ${agent.name}`}>
      {runs.map((run) => (
        <li
          key={run.id}
          className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-sm"
          data-agent-run-card={run.id}
        >
          <p className="font-medium break-words">{run.inputSummary}</p>
          <p className="text-muted-foreground">
            {agent.name} · {plural(run.credits, 'credit')} · {formatDuration(run.durationMs)} ·{' '}
            <time dateTime={run.createdAt}>{formatWhen(run.createdAt)}</time>
          </p>
          <RunStatus run={run} />
        </li>
      ))}
    </ul>
  );
}

/** The user's runs of one agent, newest first (a table; cards on a phone); a failed run shows why it failed. */
export function AgentRunsTable({ agent, runs }: { agent: Agent; runs: readonly AgentExecution[] }) {
  return (
    <>
      <RunCards agent={agent} runs={runs} />
      <RunsTable agent={agent} runs={runs} />
    </>
  );
}

function RunsTable({ agent, runs }: { agent: Agent; runs: readonly AgentExecution[] }) {
  return (
    <Table
      scrollLabel={`Recent runs of ${agent.name}`}
      containerClassName="hidden rounded-xl border sm:block"
    >
      <TableHeader>
        <TableRow>
          <TableHead>Agent</TableHead>
          <TableHead>Input</TableHead>
          <TableHead className="text-right">Credits</TableHead>
          <TableHead className="text-right">Duration</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>When</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {runs.map((run) => (
          <TableRow key={run.id} data-agent-run={run.id} data-status={run.status}>
            <TableCell className="whitespace-nowrap">{agent.name}</TableCell>
            <TableCell className="min-w-56 break-words" data-run-input>
              {run.inputSummary}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(run.credits)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatDuration(run.durationMs)}
            </TableCell>
            <TableCell className="min-w-32">
              <RunStatus run={run} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <time dateTime={run.createdAt}>{formatWhen(run.createdAt)}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
