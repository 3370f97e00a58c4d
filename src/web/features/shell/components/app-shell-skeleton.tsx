import { APP_NAV_OUTLINE } from '../../../../shared/app-nav-outline.ts';
import { BRAND_NAME } from '../../../../shared/marketing.ts';
import { LoadingSkeleton } from '../../../components/ui/skeleton.tsx';

/**
 * The signed-in frame before the session and the profile are known: the sidebar with its groups (as AppSidebar
 * lays it out, not yet interactive) and a page skeleton. Rendered into the HTML the server sends for the app's
 * addresses (scripts/build.ts), so a slow network shows the shell at once instead of a blank page, and again by
 * the app while it asks who is signed in. No router, no hooks: it renders the same with and without JavaScript.
 */
export function AppShellSkeleton() {
  return (
    <div className="flex min-h-dvh bg-background text-foreground" data-app-shell-skeleton>
      <div aria-hidden className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-card md:flex">
        <div className="flex h-16 shrink-0 items-center gap-2 border-b pl-4 text-lg font-semibold tracking-tight">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7 shrink-0" />
          {BRAND_NAME}
        </div>
        <div className="flex-1 overflow-hidden px-2 py-3">
          {APP_NAV_OUTLINE.map((group, index) => (
            <div key={group.label ?? 'main'} className={index > 0 ? 'mt-4' : undefined}>
              {group.label && (
                <p className="px-3 pb-1 text-[11px] font-semibold tracking-wider text-muted-foreground">
                  {group.label}
                </p>
              )}
              <div className="space-y-0.5">
                {group.items.map((item) => (
                  <p
                    key={item.id}
                    className="flex items-center gap-2.5 px-3 py-1.5 text-sm text-muted-foreground"
                  >
                    <span className="size-4 shrink-0 rounded bg-muted" />
                    {item.title}
                  </p>
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div
          aria-hidden
          className="flex h-14 shrink-0 items-center gap-2 border-b bg-card px-4 font-semibold tracking-tight md:hidden"
        >
          <img src="/favicon.svg" alt="" width={24} height={24} className="size-6" />
          {BRAND_NAME}
        </div>
        <LoadingSkeleton variant="dashboard" />
      </div>
    </div>
  );
}
