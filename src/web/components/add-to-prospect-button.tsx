import { ArrowRight, Loader2, Target } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { prospectPath, useAddProspect } from '../lib/prospects.ts';
import { Button, type ButtonProps } from './ui/button.tsx';

type Props = {
  company: { id: string; name: string };
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  /** Say which company (where the page is about something else, such as a person). */
  showName?: boolean;
};

/**
 * "Add to prospects" for a company (the company page, a person's drawer): finds or creates its prospect; once
 * done, the button opens it.
 */
export function AddToProspectButton({
  company,
  variant = 'outline',
  size,
  className,
  showName = false,
}: Props) {
  const add = useAddProspect();
  if (add.data) {
    return (
      <Button asChild variant={variant} size={size} className={className}>
        <Link to={prospectPath(add.data.id)}>
          <ArrowRight aria-hidden />
          {showName ? `Open ${add.data.name}` : 'Open prospect'}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      size={size}
      className={cn(showName && 'h-auto min-h-9 py-1.5 text-left whitespace-normal', className)}
      disabled={add.isPending}
      onClick={() => add.mutate({ companyId: company.id })}
      data-add-prospect
    >
      {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Target aria-hidden />}
      {showName ? `Add ${company.name} to prospects` : 'Add to prospects'}
    </Button>
  );
}
