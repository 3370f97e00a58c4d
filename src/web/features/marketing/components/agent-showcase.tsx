import { AGENTS } from '../../../../shared/agents.ts';
import { AgentCard } from './agent-card.tsx';
import { SectionHeader } from './section-header.tsx';

/** The six agents of the landing page (spec 1 §2.2). */
export function AgentShowcase() {
  return (
    <section
      data-section="agents"
      aria-labelledby="agents-heading"
      className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeader
          id="agents-heading"
          eyebrow="Agents"
          title="Meet your AI sales team"
          description="Six specialists, each built for one job in your sales motion. Start with one, and hand companies and contacts from agent to agent as deals move."
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {AGENTS.map((agent) => (
            <li key={agent.id}>
              <AgentCard agent={agent} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
