import { ChevronDown } from 'lucide-react';
import { NavigationMenu as NavigationMenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Radix NavigationMenu without a shared viewport: each item's content drops down under its own trigger.
 * Keyboard: Tab between triggers, Enter/Space/Arrow Down opens, Escape closes.
 */
export function NavigationMenu({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Root>) {
  return <NavigationMenuPrimitive.Root className={cn('relative flex items-center', className)} {...props} />;
}

export function NavigationMenuList({
  className,
  ...props
}: ComponentProps<typeof NavigationMenuPrimitive.List>) {
  return (
    <NavigationMenuPrimitive.List className={cn('flex list-none items-center gap-1', className)} {...props} />
  );
}

export function NavigationMenuItem({
  className,
  ...props
}: ComponentProps<typeof NavigationMenuPrimitive.Item>) {
  return <NavigationMenuPrimitive.Item className={cn('relative', className)} {...props} />;
}

export const navigationMenuTriggerStyle =
  'inline-flex h-9 items-center justify-center gap-1 rounded-md px-2.5 text-sm lg:px-3 font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:text-foreground data-[state=open]:bg-accent data-[state=open]:text-foreground';

/**
 * Stops Radix from opening or closing a menu on hover. With hover on, moving from one open menu to the next
 * opens it instantly and the click that follows closes it again; menus open and close on click (and keys) only.
 */
const ignoreHover = {
  onPointerMove: (event: { preventDefault(): void }) => event.preventDefault(),
  onPointerLeave: (event: { preventDefault(): void }) => event.preventDefault(),
};

export function NavigationMenuTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof NavigationMenuPrimitive.Trigger>) {
  return (
    <NavigationMenuPrimitive.Trigger
      className={cn(navigationMenuTriggerStyle, 'group', className)}
      {...ignoreHover}
      {...props}
    >
      {children}
      <ChevronDown
        className="size-3.5 transition-transform duration-200 group-data-[state=open]:rotate-180"
        aria-hidden
      />
    </NavigationMenuPrimitive.Trigger>
  );
}

export function NavigationMenuContent({
  className,
  ...props
}: ComponentProps<typeof NavigationMenuPrimitive.Content>) {
  return (
    <NavigationMenuPrimitive.Content
      className={cn(
        'absolute top-full left-0 z-50 mt-2 rounded-xl border bg-popover p-2 text-popover-foreground shadow-xl',
        className,
      )}
      {...ignoreHover}
      {...props}
    />
  );
}

export const NavigationMenuLink = NavigationMenuPrimitive.Link;
