import { seniorityLabel } from '../../../../shared/people.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatPhone } from '../../../lib/phone.ts';
import type { Person } from '../api.ts';
import { isSynthetic, personLocation } from '../format.ts';
import { PersonSaveToggle } from './person-save-toggle.tsx';

/** One person in a company's list (Key people, the company page): name and rank, title and place, save. */
export function KeyPersonRow({ person, onOpen }: { person: Person; onOpen: (person: Person) => void }) {
  const seniority = seniorityLabel(person.seniority);
  const location = personLocation(person);
  return (
    <li className="flex items-center gap-3 py-3" data-person-row={person.fullName}>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => onOpen(person)}
            className="truncate text-left font-medium underline-offset-4 hover:underline"
            aria-haspopup="dialog"
          >
            {person.fullName}
          </button>
          {seniority && <Badge variant="secondary">{seniority}</Badge>}
          {isSynthetic(person) && <Badge variant="outline">Sample data</Badge>}
        </span>
        <span className="line-clamp-2 text-sm text-muted-foreground">
          {[person.title, location].filter(Boolean).join(' · ')}
        </span>
        {(person.email || person.phone) && (
          <span className="truncate text-xs">
            {[
              person.email && `${person.email}${person.emailStatus === 'guessed' ? ' (guessed)' : ''}`,
              person.phone && formatPhone(person.phone).text,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      </div>
      <PersonSaveToggle person={person} className="shrink-0" />
    </li>
  );
}
