import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

export type LoadingVariant = 'auth' | 'dashboard' | 'table' | 'form' | 'minimal';

/** The loading skeleton variants of spec 1 §2.10, shown while a page's code or data loads. */
export function LoadingSkeleton({ variant = 'minimal' }: { variant?: LoadingVariant }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-skeleton={variant} className="w-full">
      <span className="sr-only">Loading…</span>
      {variant === 'minimal' && (
        <div className="flex min-h-[50vh] items-center justify-center">
          <div className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary" />
        </div>
      )}
      {variant === 'auth' && (
        <div className="mx-auto mt-24 max-w-sm space-y-4 p-6">
          <Skeleton className="mx-auto h-8 w-40" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
      {variant === 'dashboard' && (
        <div className="space-y-6 p-6">
          <Skeleton className="h-8 w-64" />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
          <Skeleton className="h-72 w-full" />
        </div>
      )}
      {variant === 'table' && (
        <div className="space-y-3 p-6">
          <Skeleton className="h-10 w-full max-w-md" />
          {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      )}
      {variant === 'form' && (
        <div className="max-w-xl space-y-5 p-6">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
          <Skeleton className="h-10 w-32" />
        </div>
      )}
    </div>
  );
}
