import { Check } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { Agent } from '../../shared/agents.ts';
import { cn } from '../lib/cn.ts';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card.tsx';

/** An agent's start page heading: its portrait, name and role, and its tagline as the page's h1. */
export function AgentHeader({ agent }: { agent: Agent }) {
  return (
    <header className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <picture>
        <source srcSet={`/images/${agent.id}.webp`} type="image/webp" />
        <img
          src={`/images/${agent.id}.png`}
          alt=""
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-2xl object-cover"
        />
      </picture>
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-sm font-medium text-muted-foreground">
          {agent.name} · {agent.title}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{agent.tagline}</h1>
      </div>
    </header>
  );
}

/** "What {agent} does": the catalogue's description and capabilities; `highlighted` scrolls to it and marks it. */
export function AgentOverview({ agent, highlighted = false }: { agent: Agent; highlighted?: boolean }) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'start' });
  }, [highlighted]);
  return (
    <section
      ref={ref}
      id="overview"
      aria-labelledby={id}
      className={cn('scroll-mt-4 rounded-2xl', highlighted && 'ring-2 ring-primary/40')}
    >
      <Card>
        <CardHeader>
          <h2 id={id} className="text-lg leading-tight font-semibold">
            What {agent.name} does
          </h2>
          <CardDescription>{agent.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {agent.capabilities.map((capability) => (
              <li key={capability} className="flex items-start gap-2 text-sm">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                {capability}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
