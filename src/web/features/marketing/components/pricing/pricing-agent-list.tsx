import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';

/** The fields of a catalogue agent the list shows. */
export type PricingAgent = { id: string; name: string; title: string; tagline: string; path: string };

/** The agents every paid plan unlocks, each linking to its page. */
export function PricingAgentList({ agents }: { agents: readonly PricingAgent[] }) {
  return (
    <section aria-labelledby="agents-heading" className="w-full">
      <div className="mb-8 text-center">
        <h2 id="agents-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Meet the agents
        </h2>
        <p className="mt-3 text-muted-foreground">
          Specialised AI agents for every step of your sales motion.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-agent-list="">
        {agents.map((agent) => (
          <li key={agent.id}>
            <Link
              to={agent.path}
              className="group flex h-full flex-col rounded-2xl border bg-card p-5 text-card-foreground transition-colors hover:border-primary/60 hover:bg-accent/40"
            >
              <span className="flex items-start justify-between gap-3">
                <span className="font-semibold">{agent.name}</span>
                <ArrowUpRight
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-primary"
                  aria-hidden
                />
              </span>
              <span className="mt-0.5 text-sm font-medium text-primary">{agent.title}</span>
              <span className="mt-3 text-sm text-muted-foreground">{agent.tagline}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
