import { MessageSquareQuote } from 'lucide-react';
import type { Agent } from '../../../../shared/agents.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { AGENT_USAGE } from '../usage.ts';

/** "How to use {agent}": the steps on its page and requests it understands. */
export function AgentUsageSection({ agent }: { agent: Agent }) {
  const usage = AGENT_USAGE[agent.id];
  return (
    <SectionCard title={`How to use ${agent.name}`}>
      <div className="grid gap-6 md:grid-cols-2">
        <ol className="flex flex-col gap-3">
          {usage.steps.map((step, index) => (
            <li key={step} className="flex items-start gap-3 text-sm">
              <span
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
                aria-hidden
              >
                {index + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">For example</h3>
          <ul className="flex flex-col gap-2" data-agent-examples>
            {usage.examples.map((example) => (
              <li key={example} className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
                <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                {example}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </SectionCard>
  );
}
