import { UserRound, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

/** Who answers the question: a name in free text ("Dana (Security)"), with the project's other names offered. */
export function AssigneeField({
  assignee,
  suggestions,
  onAssign,
  busy,
}: {
  assignee: string | null;
  suggestions: string[];
  onAssign: (assignee: string | null) => void;
  busy: boolean;
}) {
  const id = useId();
  const [value, setValue] = useState(assignee ?? '');
  useEffect(() => setValue(assignee ?? ''), [assignee]);
  const changed = value.trim() !== (assignee ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) onAssign(value.trim() || null);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" data-assignee>
      <Label htmlFor={`${id}-assignee`} className="flex items-center gap-1.5">
        <UserRound className="size-4" aria-hidden />
        Assignee
      </Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-assignee`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={100}
          placeholder="A name, e.g. Dana (Security)"
          list={`${id}-names`}
          autoComplete="off"
          data-assignee-input
        />
        <datalist id={`${id}-names`}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Button type="submit" variant="outline" disabled={!changed || busy}>
          Assign
        </Button>
        {assignee && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="shrink-0"
            aria-label={`Unassign ${assignee}`}
            title="Unassign"
            disabled={busy}
            onClick={() => onAssign(null)}
          >
            <X aria-hidden />
          </Button>
        )}
      </div>
    </form>
  );
}
