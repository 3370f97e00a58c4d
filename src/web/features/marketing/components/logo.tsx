import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { BRAND_NAME } from '../../../../shared/marketing.ts';
import { cn } from '../../../lib/cn.ts';

/** The brand mark (same drawing as the favicon), inline so it costs no request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-7 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path
        d="M10 23V9h7a5 5 0 0 1 0 10h-3v4z"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The logo, linking home; extra props (e.g. a Radix Slot's onClick) go to the link. */
export function Logo({ className, ...props }: Omit<ComponentProps<typeof Link>, 'to'>) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight',
        className,
      )}
      {...props}
    >
      <LogoMark />
      <span>{BRAND_NAME}</span>
    </Link>
  );
}
