import { Link } from 'react-router';
import { CTA_START_FREE, type NavItem } from '../../../../shared/marketing.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from '../../../components/ui/sheet.tsx';
import { type AuthMode, openAuthModal } from '../../../lib/auth-modal.ts';
import { logOut, useSession } from '../../../lib/session.ts';
import { Logo } from './logo.tsx';
import { NavItemLink } from './nav-item-link.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export type NavMenu = { title: string; items: readonly NavItem[] };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menus: readonly NavMenu[];
  /** The menu button, which gets focus back when the drawer closes. */
  returnFocusTo: { current: HTMLElement | null };
};

/** The mobile drawer itself; loaded on first use so the Dialog code stays out of the first page load. */
export function MobileNavSheet({ open, onOpenChange, menus, returnFocusTo }: Props) {
  const { user } = useSession({ checkAlways: false });
  const startAuth = (mode: AuthMode) => {
    onOpenChange(false);
    openAuthModal(mode);
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <div className="flex h-16 shrink-0 items-center border-b px-5">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
          <SheetClose asChild>
            <Logo />
          </SheetClose>
        </div>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
          {menus.map((menu) => (
            <div key={menu.title} className="mb-5">
              <p className="px-2 pb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {menu.title}
              </p>
              <ul>
                {menu.items.map((item) => (
                  <li key={item.href}>
                    {item.disabled ? (
                      <NavItemLink item={item} className="block rounded-md px-2 py-2 text-sm" />
                    ) : (
                      <SheetClose asChild>
                        <NavItemLink
                          item={item}
                          className="block rounded-md px-2 py-2 text-sm hover:bg-accent"
                        />
                      </SheetClose>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <SheetClose asChild>
            <Link
              to="/enhanced-pricing"
              className="block rounded-md px-2 py-2 text-sm font-medium hover:bg-accent"
            >
              Pricing
            </Link>
          </SheetClose>
        </nav>
        <div className="flex shrink-0 flex-col gap-2 border-t p-4">
          <div className="mb-1 flex items-center justify-between">
            <span className="text-sm text-muted-foreground">Theme</span>
            <ThemeToggle />
          </div>
          {user ? (
            <>
              <Button
                variant="outline"
                onClick={() => {
                  onOpenChange(false);
                  void logOut();
                }}
              >
                Logout
              </Button>
              <Button asChild>
                <Link to="/app" onClick={() => onOpenChange(false)}>
                  Open app
                </Link>
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => startAuth('login')}>
                Login
              </Button>
              <Button onClick={() => startAuth('signup')}>{CTA_START_FREE}</Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
