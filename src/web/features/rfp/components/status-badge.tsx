import { Check } from 'lucide-react';
import { RFP_STATUS_LABELS, type RfpStatus } from '../../../../shared/rfp.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

/** Draft, Needs review (amber) or Approved (green). */
export function StatusBadge({ status, className }: { status: RfpStatus; className?: string }) {
  if (status === 'approved') {
    return (
      <Badge variant="success" className={className} data-status={status}>
        <Check aria-hidden />
        {RFP_STATUS_LABELS.approved}
      </Badge>
    );
  }
  return (
    <Badge
      variant={status === 'draft' ? 'secondary' : 'outline'}
      className={cn(status === 'needs_review' && 'border-amber-500/70 bg-amber-500/10', className)}
      data-status={status}
    >
      {RFP_STATUS_LABELS[status]}
    </Badge>
  );
}
