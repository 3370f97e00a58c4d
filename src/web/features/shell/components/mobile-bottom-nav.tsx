import { Bot, Briefcase, ChevronRight, Ellipsis, House, type LucideIcon, Search } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  activeMobileTab,
  MOBILE_NAV_HEIGHT_PX,
  MOBILE_TABS,
  type MobileSheet,
  type MobileTabId,
} from '../../../../shared/app-nav.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCloseOnDesktop } from '../use-media-query.ts';

const ICONS: Record<MobileTabId, LucideIcon> = {
  home: House,
  agents: Bot,
  work: Briefcase,
  search: Search,
  more: Ellipsis,
};

/** Spec 1 §9: 60 px plus the safe-area inset, so the tabs clear the home indicator on notched phones. */
export const MOBILE_NAV_HEIGHT = `calc(${MOBILE_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom))`;

const TAB =
  'flex h-full w-full flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors focus-visible:-outline-offset-2';

function BottomSheetContent({ sheet }: { sheet: MobileSheet }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <Dialog.Content
        className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl border-t bg-card text-card-foreground shadow-2xl"
        style={{ paddingBottom: 'env(safe-area-inset-bottom)' }}
      >
        <div aria-hidden className="mx-auto mt-3 h-1.5 w-10 shrink-0 rounded-full bg-muted" />
        <div className="shrink-0 px-5 pt-3 pb-4">
          <Dialog.Title className="text-lg font-semibold">{sheet.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {sheet.subtitle}
          </Dialog.Description>
        </div>
        <ul className="min-h-0 flex-1 space-y-2 overflow-y-auto px-5">
          {sheet.items.map((item) => (
            <li key={item.href}>
              <Dialog.Close asChild>
                <Link
                  to={item.href}
                  className="flex items-center gap-3 rounded-lg border bg-background px-4 py-3 transition-colors hover:bg-accent hover:text-accent-foreground"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{item.title}</span>
                    {item.subtitle && (
                      <span className="block text-sm text-muted-foreground">{item.subtitle}</span>
                    )}
                  </span>
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                </Link>
              </Dialog.Close>
            </li>
          ))}
        </ul>
        <div className="shrink-0 p-5">
          <Dialog.Close asChild>
            <Button variant="outline" className="w-full">
              Close
            </Button>
          </Dialog.Close>
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/**
 * The phone tab bar (spec 1 §2.9), hidden from 768 px up: Home navigates; the other four tabs each open
 * a bottom sheet whose items navigate and close it. Each sheet is a Radix Dialog, so Escape, outside
 * tap, focus trap, scroll lock and focus return to the tab come with it.
 */
export function MobileBottomNav() {
  const { pathname, search } = useLocation();
  const [openSheet, setOpenSheet] = useState<MobileTabId | null>(null);
  const activeTab = activeMobileTab(pathname, search);
  const closeSheet = useCallback(() => setOpenSheet(null), []);
  useCloseOnDesktop(openSheet !== null, closeSheet);

  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 text-card-foreground backdrop-blur md:hidden"
      style={{ height: MOBILE_NAV_HEIGHT, paddingBottom: 'env(safe-area-inset-bottom)' }}
    >
      <ul className="grid h-full grid-cols-5">
        {MOBILE_TABS.map((tab) => {
          const Icon = ICONS[tab.id];
          const active = tab.id === activeTab;
          const tone = active ? 'text-primary' : 'text-muted-foreground hover:text-foreground';
          const content = (
            <>
              <Icon className="size-5" strokeWidth={active ? 2.4 : 2} aria-hidden />
              <span>{tab.label}</span>
            </>
          );
          return (
            <li key={tab.id}>
              {'href' in tab ? (
                <Link to={tab.href} aria-current={active ? 'page' : undefined} className={cn(TAB, tone)}>
                  {content}
                </Link>
              ) : (
                <Dialog.Root
                  open={openSheet === tab.id}
                  onOpenChange={(open) => setOpenSheet(open ? tab.id : null)}
                >
                  <Dialog.Trigger
                    // The tab of the current section is marked as the current item of the tab bar.
                    aria-current={active ? 'true' : undefined}
                    className={cn(TAB, tone)}
                  >
                    {content}
                  </Dialog.Trigger>
                  <BottomSheetContent sheet={tab.sheet} />
                </Dialog.Root>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
