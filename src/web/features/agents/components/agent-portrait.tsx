import type { Agent } from '../../../../shared/agents.ts';
import { cn } from '../../../lib/cn.ts';

/** The agent's image (spec 3 §3: /images/{agent id} in WebP, PNG as the fallback); decorative beside its name. */
export function AgentPortrait({ agent, className }: { agent: Agent; className?: string }) {
  return (
    <picture className="shrink-0">
      <source srcSet={`/images/${agent.id}.webp`} type="image/webp" />
      <img
        src={`/images/${agent.id}.png`}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        className={cn('size-16 rounded-2xl bg-muted object-cover', className)}
      />
    </picture>
  );
}
