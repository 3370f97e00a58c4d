import { SaveToggleButton } from '../../../components/save-toggle-button.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { type Person, useSavePerson, useUnsavePerson } from '../api.ts';

type Props = {
  person: Pick<Person, 'id' | 'fullName' | 'saved'>;
  variant?: 'icon' | 'labelled';
  /** Asked before removing someone whose notes and tags would be lost with them. */
  confirmRemoval?: string;
  className?: string;
};

/** Adds a person to My People or takes them out. */
export function PersonSaveToggle({ person, variant = 'icon', confirmRemoval, className }: Props) {
  const save = useSavePerson();
  const unsave = useUnsavePerson();
  const onToggle = () => {
    if (person.saved) {
      if (confirmRemoval && !window.confirm(confirmRemoval)) return;
      unsave.mutate(person.id, {
        onSuccess: () => toast({ title: 'Removed from My People', description: person.fullName }),
        onError: (err) => toastFailure('Could not remove the person', err),
      });
    } else {
      save.mutate(
        { id: person.id },
        {
          onSuccess: () => toast({ title: 'Saved to My People', description: person.fullName }),
          onError: (err) => toastFailure('Could not save the person', err),
        },
      );
    }
  };
  return (
    <SaveToggleButton
      name={person.fullName}
      list="My People"
      saved={person.saved}
      busy={save.isPending || unsave.isPending}
      onToggle={onToggle}
      variant={variant}
      className={className}
    />
  );
}
