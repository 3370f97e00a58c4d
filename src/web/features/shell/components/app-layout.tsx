import { Menu } from 'lucide-react';
import { type CSSProperties, type ReactNode, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BRAND_NAME } from '../../../../shared/marketing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useIsDesktop } from '../../../lib/use-is-desktop.ts';
import { updateSidebarState, useSidebarState } from '../sidebar-store.ts';
import { useCloseOnDesktop } from '../use-media-query.ts';
import { AppSidebar, type ShellUser } from './app-sidebar.tsx';
import { MOBILE_NAV_HEIGHT, MobileBottomNav } from './mobile-bottom-nav.tsx';

export type AppLayoutProps = {
  user: ShellUser;
  onLogout: () => void;
  children: ReactNode;
};

/**
 * The signed-in frame (spec 1 §2.8–2.10): sidebar, a top bar with the menu button on phones, the page,
 * and the phone tab bar.
 */
export function AppLayout({ user, onLogout, children }: AppLayoutProps) {
  const { isOpen } = useSidebarState();
  const isDesktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useCloseOnDesktop(drawerOpen, closeDrawer);

  // On desktop the menu button only appears when the sidebar has been closed, and reopens it.
  const openMenu = () => (isDesktop ? updateSidebarState({ isOpen: true }) : setDrawerOpen(true));

  return (
    <div className="flex min-h-dvh bg-background text-foreground">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <AppSidebar
        user={user}
        onLogout={onLogout}
        drawerOpen={drawerOpen}
        onDrawerOpenChange={setDrawerOpen}
        returnFocusTo={menuButtonRef}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          className={cn(
            'sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-card/95 px-2 text-card-foreground backdrop-blur',
            isOpen && 'md:hidden',
          )}
        >
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            aria-label="Open sidebar"
            aria-haspopup={isDesktop ? undefined : 'dialog'}
            aria-expanded={isDesktop ? undefined : drawerOpen}
            onClick={openMenu}
          >
            <Menu aria-hidden />
          </Button>
          <Link to="/app" className="inline-flex items-center gap-2 rounded-md font-semibold tracking-tight">
            <img src="/favicon.svg" alt="" width={24} height={24} className="size-6" />
            {BRAND_NAME}
          </Link>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="flex-1 pb-(--mobile-nav-height) focus:outline-none md:pb-0"
          style={{ '--mobile-nav-height': MOBILE_NAV_HEIGHT } as CSSProperties}
        >
          {children}
        </main>
      </div>
      <MobileBottomNav />
    </div>
  );
}
