import {
  Bot,
  Briefcase,
  Building,
  Building2,
  CalendarDays,
  ChartNoAxesCombined,
  ClipboardCheck,
  Coins,
  FileSearch,
  FileText,
  FolderKanban,
  House,
  LogOut,
  type LucideIcon,
  MessageSquareText,
  Moon,
  Network,
  PanelLeftClose,
  PanelLeftOpen,
  Plug,
  Radar,
  Sun,
  UserCog,
  UserSearch,
  UserStar,
  Users,
} from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { type ReactElement, type RefObject, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import {
  APP_NAV_GROUPS,
  type AppNavItemId,
  activeNavItemId,
  sidebarUserName,
} from '../../../../shared/app-nav.ts';
import { BRAND_NAME } from '../../../../shared/marketing.ts';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTheme } from '../../../lib/theme.ts';
import { updateSidebarState, useSidebarState } from '../sidebar-store.ts';

export type ShellUser = { email: string; name?: string | null };

const ICONS: Record<AppNavItemId, LucideIcon> = {
  home: House,
  workspace: Briefcase,
  'company-finder': Building2,
  'people-finder': UserSearch,
  'sales-qa': MessageSquareText,
  rfp: ClipboardCheck,
  document: FileText,
  'sales-projects': FolderKanban,
  'my-companies': Building,
  'my-people': Users,
  'knowledge-graph': Network,
  'enterprise-search': FileSearch,
  'account-management': ChartNoAxesCombined,
  'key-people': UserStar,
  'buyer-intent': Radar,
  events: CalendarDays,
  'all-agents': Bot,
  integrations: Plug,
  profile: UserCog,
};

const ROW = 'flex w-full items-center gap-2.5 rounded-md text-sm transition-colors';
const ROW_IDLE = 'text-muted-foreground hover:bg-accent hover:text-accent-foreground';

/** In the narrow rail the labels are hidden, so each control shows its name beside it on hover and focus. */
function RailTooltip({
  label,
  enabled,
  children,
}: {
  label: string;
  enabled: boolean;
  children: ReactElement;
}) {
  if (!enabled) return children;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={8}
          className="z-50 rounded-md border bg-popover px-2.5 py-1.5 text-xs font-medium text-popover-foreground shadow-md"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

type ContentProps = {
  user: ShellUser;
  onLogout: () => void;
  /** The narrow icon rail (desktop only). */
  collapsed: boolean;
  /** Present on desktop, where the sidebar can switch between wide and narrow. */
  onToggleCollapsed?: () => void;
  /** A nav entry was chosen; null for the footer's Credits link, which is no nav entry. */
  onNavigate: (id: AppNavItemId | null) => void;
};

function SidebarContent({ user, onLogout, collapsed, onToggleCollapsed, onNavigate }: ContentProps) {
  const { pathname, search } = useLocation();
  const { theme, toggleTheme } = useTheme();
  const { userPreferences } = useSidebarState();
  const activeId = activeNavItemId(pathname, search);
  const headingId = useId();
  const name = sidebarUserName(user.email);
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  const themeLabel = `Switch to ${nextTheme} theme`;
  const pad = userPreferences.compactMode ? 'py-1' : 'py-1.5';
  const rowPad = collapsed ? `justify-center px-0 ${pad}` : `px-3 ${pad}`;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center border-b',
          collapsed ? 'justify-center px-2' : 'justify-between gap-2 pr-3 pl-4',
        )}
      >
        {!collapsed && (
          <Link
            to="/app"
            onClick={() => onNavigate('home')}
            className="inline-flex min-w-0 items-center gap-2 rounded-md text-lg font-semibold tracking-tight"
          >
            {/* The favicon is the brand mark; the browser already has it cached. */}
            <img src="/favicon.svg" alt="" width={28} height={28} className="size-7 shrink-0" />
            <span className="truncate">{BRAND_NAME}</span>
          </Link>
        )}
        {onToggleCollapsed && (
          <RailTooltip label="Expand sidebar" enabled={collapsed}>
            <button
              type="button"
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
            >
              {collapsed ? (
                <PanelLeftOpen className="size-5" aria-hidden />
              ) : (
                <PanelLeftClose className="size-5" aria-hidden />
              )}
            </button>
          </RailTooltip>
        )}
      </div>

      <nav aria-label="Sidebar" className="flex-1 overflow-y-auto px-2 py-3">
        {APP_NAV_GROUPS.map((group, index) => {
          const groupHeadingId = `${headingId}-${index}`;
          return (
            <div
              key={group.label ?? 'main'}
              className={cn(index > 0 && (collapsed ? 'mt-3 border-t pt-3' : 'mt-4'))}
            >
              {group.label && (
                <h2
                  id={groupHeadingId}
                  className={cn(
                    'px-3 pb-1 text-[11px] font-semibold tracking-wider text-muted-foreground',
                    collapsed && 'sr-only',
                  )}
                >
                  {group.label}
                </h2>
              )}
              <ul className="space-y-0.5" aria-labelledby={group.label ? groupHeadingId : undefined}>
                {group.items.map((item) => {
                  const Icon = ICONS[item.id];
                  const active = item.id === activeId;
                  return (
                    <li key={item.id}>
                      <RailTooltip label={item.title} enabled={collapsed}>
                        <Link
                          to={item.href}
                          onClick={() => onNavigate(item.id)}
                          aria-current={active ? 'page' : undefined}
                          aria-label={collapsed ? item.title : undefined}
                          // A native hint with the entry's description, when the user wants descriptions.
                          title={
                            !collapsed && userPreferences.showDescriptions ? item.description : undefined
                          }
                          className={cn(
                            ROW,
                            rowPad,
                            active ? 'bg-accent font-medium text-accent-foreground' : ROW_IDLE,
                          )}
                        >
                          <Icon
                            className={cn('size-[18px] shrink-0', active && 'text-primary')}
                            aria-hidden
                          />
                          {!collapsed && <span className="min-w-0">{item.title}</span>}
                        </Link>
                      </RailTooltip>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </nav>

      <div className="shrink-0 space-y-1 border-t px-2 py-3">
        <div className={cn('flex gap-2', collapsed ? 'flex-col items-center' : 'items-center pl-3')}>
          <RailTooltip label={name} enabled={collapsed}>
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground uppercase"
            >
              {name.charAt(0)}
            </span>
          </RailTooltip>
          <div className={cn('min-w-0 flex-1', collapsed && 'sr-only')}>
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="truncate text-xs text-muted-foreground" title={user.email}>
              {user.email}
            </p>
          </div>
          <RailTooltip label={themeLabel} enabled>
            <button
              type="button"
              onClick={() => {
                toggleTheme();
                updateSidebarState({ userPreferences: { theme: nextTheme } });
              }}
              aria-label={themeLabel}
              className={cn(ROW, ROW_IDLE, 'size-9 shrink-0 justify-center')}
            >
              {nextTheme === 'dark' ? (
                <Moon className="size-[18px]" aria-hidden />
              ) : (
                <Sun className="size-[18px]" aria-hidden />
              )}
            </button>
          </RailTooltip>
        </div>
        <RailTooltip label="Credits" enabled={collapsed}>
          <Link
            to="/credits"
            onClick={() => onNavigate(null)}
            aria-current={pathname === '/credits' ? 'page' : undefined}
            aria-label={collapsed ? 'Credits' : undefined}
            className={cn(
              ROW,
              rowPad,
              pathname === '/credits' ? 'bg-accent font-medium text-accent-foreground' : ROW_IDLE,
            )}
          >
            <Coins
              className={cn('size-[18px] shrink-0', pathname === '/credits' && 'text-primary')}
              aria-hidden
            />
            {!collapsed && <span>Credits</span>}
          </Link>
        </RailTooltip>
        <RailTooltip label="Logout" enabled={collapsed}>
          <button
            type="button"
            onClick={onLogout}
            aria-label={collapsed ? 'Logout' : undefined}
            className={cn(ROW, rowPad, ROW_IDLE)}
          >
            <LogOut className="size-[18px] shrink-0" aria-hidden />
            {!collapsed && <span>Logout</span>}
          </button>
        </RailTooltip>
      </div>
    </div>
  );
}

export type AppSidebarProps = {
  user: ShellUser;
  onLogout: () => void;
  /** The drawer used under 768 px. */
  drawerOpen: boolean;
  onDrawerOpenChange: (open: boolean) => void;
  /** Gets focus back when the drawer closes (the menu button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * The signed-in sidebar (spec 1 §2.8): a fixed column on desktop, wide (w-64) or a narrow icon rail (w-14),
 * and under 768 px a slide-in drawer (370 px, at most 85vw) that closes on outside click or Escape and
 * locks page scrolling while open (Radix Dialog does all three).
 */
export function AppSidebar({
  user,
  onLogout,
  drawerOpen,
  onDrawerOpenChange,
  returnFocusTo,
}: AppSidebarProps) {
  const { isOpen, isCollapsed } = useSidebarState();
  const drawerRef = useRef<HTMLDivElement>(null);

  const remember = (id: AppNavItemId | null) => updateSidebarState({ activeItem: id });
  // Spec 1 §2.8: opening the Workspace closes the sidebar, giving the research table the whole width
  // (the top bar's "Open sidebar" brings it back).
  const rememberOnDesktop = (id: AppNavItemId | null) =>
    updateSidebarState(id === 'workspace' ? { activeItem: id, isOpen: false } : { activeItem: id });

  return (
    <Tooltip.Provider delayDuration={200}>
      {isOpen && (
        // A plain box, not <aside>: its content is the app's main navigation, not complementary content.
        <div
          data-sidebar="desktop"
          className={cn(
            'sticky top-0 hidden h-dvh shrink-0 border-r bg-card text-card-foreground transition-[width] duration-200 md:block',
            isCollapsed ? 'w-14' : 'w-64',
          )}
        >
          <SidebarContent
            user={user}
            onLogout={onLogout}
            collapsed={isCollapsed}
            onToggleCollapsed={() => updateSidebarState({ isCollapsed: !isCollapsed })}
            onNavigate={rememberOnDesktop}
          />
        </div>
      )}
      <Sheet open={drawerOpen} onOpenChange={onDrawerOpenChange}>
        <SheetContent
          side="left"
          ref={drawerRef}
          className="bg-card text-card-foreground"
          onOpenAutoFocus={(event) => {
            // Radix would focus the first button (the theme control, popping its tooltip); start on the current entry.
            event.preventDefault();
            const nav = drawerRef.current?.querySelector('nav');
            nav?.querySelector<HTMLElement>('a[aria-current="page"]')?.focus() ??
              nav?.querySelector('a')?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current?.isConnected) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <SheetTitle className="sr-only">Sidebar</SheetTitle>
          <SheetDescription className="sr-only">App navigation and account</SheetDescription>
          <SidebarContent
            user={user}
            onLogout={() => {
              onDrawerOpenChange(false);
              onLogout();
            }}
            collapsed={false}
            onNavigate={(id) => {
              remember(id);
              // Spec 1 §2.8: choosing Workspace closes the drawer; so does every other entry, as on any phone menu.
              onDrawerOpenChange(false);
            }}
          />
        </SheetContent>
      </Sheet>
    </Tooltip.Provider>
  );
}
