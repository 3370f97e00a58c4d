import { Badge } from '../../../../components/ui/badge.tsx';
import { Switch } from '../../../../components/ui/switch.tsx';
import { cn } from '../../../../lib/cn.ts';

type BillingToggleProps = {
  annual: boolean;
  onAnnualChange: (annual: boolean) => void;
  /** Badge text shown on the annual setting, e.g. 'Save 17%'. */
  saving: string;
  className?: string;
};

/**
 * Monthly/Annual switch. The saving badge hangs off the right edge (absolutely placed) so the switch stays
 * centred and nothing moves when the badge appears.
 */
export function BillingToggle({ annual, onAnnualChange, saving, className }: BillingToggleProps) {
  return (
    <div className={cn('relative inline-flex items-center gap-3 text-sm font-medium', className)}>
      <span className={cn('transition-colors', annual ? 'text-muted-foreground' : 'text-foreground')}>
        Monthly
      </span>
      <Switch checked={annual} onCheckedChange={onAnnualChange} aria-label="Annual billing" />
      <span className={cn('transition-colors', annual ? 'text-foreground' : 'text-muted-foreground')}>
        Annual
      </span>
      {annual && (
        <Badge
          variant="success"
          className="absolute top-full left-1/2 mt-2 -translate-x-1/2 sm:top-auto sm:left-full sm:mt-0 sm:ml-3 sm:translate-x-0"
          data-saving-badge=""
        >
          {saving}
        </Badge>
      )}
    </div>
  );
}
