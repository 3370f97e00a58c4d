import type { Agent } from '../../../../shared/agents.ts';
import { CheckList } from './check-list.tsx';
import { MarketingImage } from './marketing-image.tsx';

/** Spec 1 §2.2: one agent of the showcase, with its first three capabilities. */
export function AgentCard({ agent }: { agent: Agent }) {
  const headingId = `agent-${agent.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-agent={agent.id}
      className="flex h-full flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-xs transition-shadow hover:shadow-md"
    >
      <div className="flex items-center gap-4">
        <MarketingImage
          name={agent.id}
          alt={`Illustration of ${agent.name}, the ${agent.title} agent`}
          width={400}
          height={400}
          className="size-16 shrink-0 rounded-2xl"
        />
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold tracking-tight">
            {agent.name}
          </h3>
          <p className="text-sm font-medium text-primary">{agent.title}</p>
        </div>
      </div>
      <p className="mt-4 text-[0.9375rem] leading-relaxed text-muted-foreground">{agent.tagline}</p>
      <CheckList
        className="mt-5 space-y-2.5 border-t pt-5 text-sm"
        aria-label={`What ${agent.name} does`}
        items={agent.capabilities.slice(0, 3)}
      />
    </article>
  );
}
