import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { dismissToast, TOAST_DURATION_MS, useToasts } from '../../lib/toast.ts';

/**
 * Radix Toast gives the spec's behaviour: pause on hover/focus/window blur, swipe right past 50 px to
 * dismiss, Escape to close and F8 to focus the toast area.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notification"
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          data-toast=""
          duration={t.duration ?? TOAST_DURATION_MS}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg transition-all data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-background text-foreground',
          )}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="text-sm">{t.description}</Toast.Description>}
          </div>
          {t.action && (
            <Toast.Action altText={`${t.action.label}: ${t.title}`} asChild>
              <Link
                to={t.action.href}
                className="shrink-0 self-center rounded-md border border-current/30 px-3 py-1.5 text-sm font-medium hover:bg-current/10"
              >
                {t.action.label}
              </Link>
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]" />
    </Toast.Provider>
  );
}
