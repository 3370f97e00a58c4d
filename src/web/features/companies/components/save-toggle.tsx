import { SaveToggleButton } from '../../../components/save-toggle-button.tsx';
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

/** Adds a company to My Companies or takes it out. */
export function SaveToggle({ company, variant = 'icon', confirmRemoval, className }: Props) {
  const save = useSaveCompany();
  const unsave = useUnsaveCompany();
  const onToggle = () => {
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
  return (
    <SaveToggleButton
      name={company.name}
      list="My Companies"
      saved={company.saved}
      busy={save.isPending || unsave.isPending}
      onToggle={onToggle}
      variant={variant}
      className={className}
    />
  );
}
