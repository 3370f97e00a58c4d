import { ChevronDown } from 'lucide-react';
import { type ComponentProps, createContext, use, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

type OpenItem = { open: string | null; setOpen: (value: string | null) => void };

const OpenItemContext = createContext<OpenItem>({ open: null, setOpen: () => {} });
const ItemContext = createContext({ value: '', id: '' });

/**
 * The WAI-ARIA accordion: one item open at a time, and the open one closes again on a second click.
 * Answers stay in the server markup while closed, so they are searchable and readable without JavaScript.
 */
export function Accordion({ className, ...props }: ComponentProps<'div'>) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <OpenItemContext value={{ open, setOpen }}>
      <div className={className} {...props} />
    </OpenItemContext>
  );
}

export function AccordionItem({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  return (
    <ItemContext value={{ value, id: useId() }}>
      <div className={cn('border-b last:border-b-0', className)} {...props} />
    </ItemContext>
  );
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<'button'>) {
  const { value, id } = use(ItemContext);
  const { open, setOpen } = use(OpenItemContext);
  const expanded = open === value;
  return (
    <h3 className="flex">
      <button
        type="button"
        id={`${id}-trigger`}
        aria-expanded={expanded}
        aria-controls={`${id}-content`}
        data-state={expanded ? 'open' : 'closed'}
        onClick={() => setOpen(expanded ? null : value)}
        className={cn(
          'flex flex-1 cursor-pointer items-center justify-between gap-4 rounded-sm py-4 text-left text-sm font-medium transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&[data-state=open]>svg]:rotate-180',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          className="size-4 shrink-0 text-muted-foreground transition-transform duration-200"
          aria-hidden
        />
      </button>
    </h3>
  );
}

/** A section labelled by its trigger is a region, as the accordion pattern asks. */
export function AccordionContent({ className, children, ...props }: ComponentProps<'section'>) {
  const { value, id } = use(ItemContext);
  const { open } = use(OpenItemContext);
  return (
    <section
      id={`${id}-content`}
      aria-labelledby={`${id}-trigger`}
      hidden={open !== value}
      className="overflow-hidden text-sm"
      {...props}
    >
      <div className={cn('pb-4 text-muted-foreground', className)}>{children}</div>
    </section>
  );
}
