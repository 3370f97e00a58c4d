import { Bookmark, BookmarkCheck, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { type Company, useSaveCompany, useUnsaveCompany } from '../api.ts';

type Props = {
  company: Pick<Company, 'id' | 'name' | 'saved'>;
  /** An icon button (table rows, cards) or a labelled one (the company page). */
  variant?: 'icon' | 'labelled';
  /** Asked before removing a company whose notes and tags would be lost with it. */
  confirmRemoval?: string;
  className?: string;
};

/** Adds a company to My Companies or takes it out; the pressed state says which it is. */
export function SaveToggle({ company, variant = 'icon', confirmRemoval, className }: Props) {
  const save = useSaveCompany();
  const unsave = useUnsaveCompany();
  const busy = save.isPending || unsave.isPending;
  const onClick = () => {
    if (company.saved) {
      if (confirmRemoval && !window.confirm(confirmRemoval)) return;
      unsave.mutate(company.id, {
        onSuccess: () => toast({ title: 'Removed from My Companies', description: company.name }),
        onError: (err) => toastFailure('Could not remove the company', err),
      });
    } else {
      save.mutate(
        { id: company.id },
        {
          onSuccess: () => toast({ title: 'Saved to My Companies', description: company.name }),
          onError: (err) => toastFailure('Could not save the company', err),
        },
      );
    }
  };
  const Icon = busy ? Loader2 : company.saved ? BookmarkCheck : Bookmark;
  const icon = <Icon className={cn(busy && 'animate-spin', company.saved && 'text-primary')} aria-hidden />;

  if (variant === 'labelled') {
    return (
      <Button
        variant={company.saved ? 'secondary' : 'default'}
        onClick={onClick}
        disabled={busy}
        aria-pressed={company.saved}
        className={className}
      >
        {icon}
        {company.saved ? 'Saved to My Companies' : 'Save to My Companies'}
      </Button>
    );
  }
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      disabled={busy}
      aria-pressed={company.saved}
      aria-label={`Save ${company.name} to My Companies`}
      title={company.saved ? 'Saved to My Companies (click to remove)' : 'Save to My Companies'}
      className={cn('size-9', className)}
    >
      {icon}
    </Button>
  );
}
