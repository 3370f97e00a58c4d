import { ChevronDown } from 'lucide-react';
import { type ComponentProps, createContext, use, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

type OpenMenu = { open: string | null; setOpen: (id: string | null) => void };

const OpenMenuContext = createContext<OpenMenu>({ open: null, setOpen: () => {} });
const ItemIdContext = createContext('');

const triggerId = (item: string) => `${item}-trigger`;
const contentId = (item: string) => `${item}-content`;

/**
 * Site navigation with drop-down menus, built on the WAI-ARIA disclosure pattern: each trigger is a button
 * that shows or hides its list of links. One menu is open at a time; Escape, a click or focus outside, or
 * following a link closes it. The links are in the server markup even while hidden. (Radix NavigationMenu
 * did the same with about 8 KB more gzip JavaScript on every public page.)
 */
export function NavigationMenu({ className, children, ...props }: ComponentProps<'nav'>) {
  const [open, setOpen] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (nav.current?.contains(document.activeElement)) document.getElementById(triggerId(open))?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <OpenMenuContext value={{ open, setOpen }}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: observes link activation, which Enter also fires as a click */}
      <nav
        ref={nav}
        className={cn('relative flex items-center', className)}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(null);
        }}
        onBlur={(event) => {
          // Tabbing out of the navigation closes the open menu; a click on its padding (no new focus) does not.
          if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(null);
        }}
        {...props}
      >
        {children}
      </nav>
    </OpenMenuContext>
  );
}

export function NavigationMenuList({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex list-none items-center gap-1', className)} {...props} />;
}

export function NavigationMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return (
    <ItemIdContext value={useId()}>
      <li className={cn('relative', className)} {...props} />
    </ItemIdContext>
  );
}

export const navigationMenuTriggerStyle =
  'inline-flex h-9 items-center justify-center gap-1 rounded-md px-2.5 text-sm lg:px-3 font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:text-foreground data-[state=open]:bg-accent data-[state=open]:text-foreground';

/** Opens and closes its item's menu on click, Enter or Space; Arrow Down opens it and focuses the first link. */
export function NavigationMenuTrigger({ className, children, ...props }: ComponentProps<'button'>) {
  const item = use(ItemIdContext);
  const { open, setOpen } = use(OpenMenuContext);
  const expanded = open === item;
  return (
    <button
      type="button"
      id={triggerId(item)}
      aria-expanded={expanded}
      aria-controls={contentId(item)}
      data-state={expanded ? 'open' : 'closed'}
      className={cn(navigationMenuTriggerStyle, 'group', className)}
      onClick={() => setOpen(expanded ? null : item)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setOpen(item);
        requestAnimationFrame(() => document.getElementById(contentId(item))?.querySelector('a')?.focus());
      }}
      {...props}
    >
      {children}
      <ChevronDown
        className="size-3.5 transition-transform duration-200 group-data-[state=open]:rotate-180"
        aria-hidden
      />
    </button>
  );
}

export function NavigationMenuContent({ className, ...props }: ComponentProps<'div'>) {
  const item = use(ItemIdContext);
  const { open } = use(OpenMenuContext);
  return (
    <div
      id={contentId(item)}
      hidden={open !== item}
      className={cn(
        'absolute top-full left-0 z-50 mt-2 rounded-xl border bg-popover p-2 text-popover-foreground shadow-xl',
        className,
      )}
      {...props}
    />
  );
}
