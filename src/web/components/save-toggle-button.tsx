import { Bookmark, BookmarkCheck, Loader2 } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

type Props = {
  /** The record's name, for the icon button's label ('Save Stripe to My Companies'). */
  name: string;
  /** The list it is saved to: 'My Companies', 'My People'. */
  list: string;
  saved: boolean;
  busy: boolean;
  onToggle: () => void;
  /** An icon button (table rows, cards) or a labelled one (a page, a drawer). */
  variant?: 'icon' | 'labelled';
  className?: string;
};

/** Adds a record to one of the user's lists or takes it out; the pressed state says which it is. */
export function SaveToggleButton({ name, list, saved, busy, onToggle, variant = 'icon', className }: Props) {
  const Icon = busy ? Loader2 : saved ? BookmarkCheck : Bookmark;
  const icon = <Icon className={cn(busy && 'animate-spin', saved && 'text-primary')} aria-hidden />;

  if (variant === 'labelled') {
    return (
      <Button
        variant={saved ? 'secondary' : 'default'}
        onClick={onToggle}
        disabled={busy}
        aria-pressed={saved}
        className={className}
      >
        {icon}
        {saved ? `Saved to ${list}` : `Save to ${list}`}
      </Button>
    );
  }
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={(event) => {
        // A row or card that opens on click must not open too.
        event.stopPropagation();
        onToggle();
      }}
      disabled={busy}
      aria-pressed={saved}
      aria-label={`Save ${name} to ${list}`}
      title={saved ? `Saved to ${list} (click to remove)` : `Save to ${list}`}
      className={cn('size-9', className)}
    >
      {icon}
    </Button>
  );
}
