import { Check } from 'lucide-react';
import type { Agent } from '../../../../shared/agents.ts';
import { SectionCard } from '../../../components/section-card.tsx';

function CheckItems({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-sm">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The catalogue's technical and value lists, side by side on a wide screen. */
export function AgentListsSection({ agent }: { agent: Agent }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <SectionCard title="How it works">
        <CheckItems items={agent.technical} />
      </SectionCard>
      <SectionCard title="Why it matters">
        <CheckItems items={agent.value} />
      </SectionCard>
    </div>
  );
}
