import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { ArchitectureDocument, ArchitectureTabId } from '../../../../shared/architecture.ts';
import { cn } from '../../../lib/cn.ts';
import { ArchitectureBlock } from './architecture-block.tsx';

/**
 * The nine tabs (spec 3 §2). Radix gives the tablist/tab/tabpanel roles and the arrow, Home and End keys;
 * the list wraps on a phone so every tab stays in view.
 */
export function ArchitectureTabs({ document }: { document: ArchitectureDocument }) {
  const [active, setActive] = useState<ArchitectureTabId>('overview');
  return (
    <Tabs.Root
      value={active}
      onValueChange={(value) => setActive(value as ArchitectureTabId)}
      className="flex flex-col gap-6"
    >
      <Tabs.List
        aria-label="Architecture documentation"
        className="flex flex-wrap gap-1 rounded-xl border bg-muted p-1"
      >
        {document.tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.id}
            value={tab.id}
            className={cn(
              'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
              'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs',
            )}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {document.tabs.map((tab) => (
        <Tabs.Content
          key={tab.id}
          value={tab.id}
          className="flex min-w-0 flex-col gap-8 focus-visible:outline-none"
          data-architecture-panel={tab.id}
        >
          <div className="flex flex-col gap-1">
            <h2 className="text-xl font-semibold tracking-tight">{tab.label}</h2>
            <p className="text-sm text-muted-foreground">{tab.summary}</p>
          </div>
          {tab.sections.map((section) => (
            <section key={section.heading} className="flex min-w-0 flex-col gap-3">
              <h3 className="text-base font-semibold">{section.heading}</h3>
              {section.blocks.map((block, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a section never reorder
                <ArchitectureBlock key={i} block={block} />
              ))}
            </section>
          ))}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
