import { Link } from 'react-router';
import {
  AGENT_NAV,
  CTA_START_FREE,
  type NavItem,
  PRODUCT_NAV,
  RESOURCES_NAV,
} from '../../../../shared/marketing.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuList,
  NavigationMenuTrigger,
  navigationMenuTriggerStyle,
} from '../../../components/ui/navigation-menu.tsx';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { cn } from '../../../lib/cn.ts';
import { logOut, useSession } from '../../../lib/session.ts';
import { Logo } from './logo.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { NavItemLink } from './nav-item-link.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const MENUS: readonly { title: string; items: readonly NavItem[]; wide?: boolean }[] = [
  { title: 'Product', items: PRODUCT_NAV },
  { title: 'Agents', items: AGENT_NAV, wide: true },
  { title: 'Resources', items: RESOURCES_NAV },
];

function MenuEntry({ item }: { item: NavItem }) {
  const body = (
    <>
      <span className="block text-sm font-medium text-foreground">{item.title}</span>
      <span className="mt-1 block text-[0.8125rem] leading-snug text-muted-foreground">
        {item.description}
      </span>
    </>
  );
  const className = 'block rounded-lg px-3 py-2.5 transition-colors';
  if (item.disabled) {
    return (
      <NavItemLink item={item} className={className}>
        {body}
      </NavItemLink>
    );
  }
  return (
    <NavItemLink item={item} className={cn(className, 'hover:bg-accent focus-visible:bg-accent')}>
      {body}
    </NavItemLink>
  );
}

/** Public header (spec 1 §2.4): menus, Pricing, theme toggle and the sign-in calls to action. */
export function PublicHeader() {
  const { user } = useSession({ checkAlways: false });
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-8 lg:px-8">
        <Logo />

        <NavigationMenu aria-label="Main" className="hidden md:flex">
          <NavigationMenuList className="gap-0 lg:gap-1">
            {MENUS.map((menu) => (
              <NavigationMenuItem key={menu.title}>
                <NavigationMenuTrigger>{menu.title}</NavigationMenuTrigger>
                <NavigationMenuContent>
                  <ul className={cn('grid gap-0.5', menu.wide ? 'w-[36rem] grid-cols-2' : 'w-80')}>
                    {menu.items.map((item) => (
                      <li key={item.href}>
                        <MenuEntry item={item} />
                      </li>
                    ))}
                  </ul>
                </NavigationMenuContent>
              </NavigationMenuItem>
            ))}
            <NavigationMenuItem>
              <Link to="/enhanced-pricing" className={navigationMenuTriggerStyle}>
                Pricing
              </Link>
            </NavigationMenuItem>
          </NavigationMenuList>
        </NavigationMenu>

        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          <ThemeToggle />
          {user ? (
            <>
              <Button variant="ghost" className="hidden px-3 md:inline-flex" onClick={() => void logOut()}>
                Logout
              </Button>
              <Button className="hidden md:inline-flex" asChild>
                <Link to="/app">Open app</Link>
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="ghost"
                className="hidden px-3 md:inline-flex"
                onClick={() => openAuthModal('login')}
              >
                Login
              </Button>
              <Button className="hidden md:inline-flex" onClick={() => openAuthModal('signup')}>
                <span className="lg:hidden">Sign up</span>
                <span className="hidden lg:inline">{CTA_START_FREE}</span>
              </Button>
            </>
          )}
          <MobileNav menus={MENUS} />
        </div>
      </div>
    </header>
  );
}
