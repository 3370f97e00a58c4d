import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { isServerPath, type NavItem } from '../../../../shared/marketing.ts';
import { cn } from '../../../lib/cn.ts';

type Props = Omit<ComponentProps<'a'>, 'href' | 'children'> & { item: NavItem; children?: ReactNode };

/**
 * A navigation item as a router link, a plain link (paths the server answers, like the API docs) or,
 * when disabled, dimmed text that cannot be clicked or focused.
 */
export function NavItemLink({ item, children, className, ...props }: Props) {
  const content = children ?? item.title;
  if (item.disabled) {
    return (
      <span
        aria-disabled="true"
        data-disabled=""
        title="Coming soon"
        className={cn('cursor-not-allowed opacity-60', className)}
      >
        {content}
        <span className="sr-only"> (coming soon)</span>
      </span>
    );
  }
  if (isServerPath(item.href)) {
    return (
      <a href={item.href} className={className} {...props}>
        {content}
      </a>
    );
  }
  return (
    <Link to={item.href} className={className} {...props}>
      {content}
    </Link>
  );
}
