import type { RowSelectionState } from '@tanstack/react-table';
import { Link } from 'react-router';
import { seniorityLabel } from '../../../../shared/people.ts';
import { toggleRow } from '../../../components/data-table.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { companyPath } from '../../../lib/company-path.ts';
import type { Person } from '../api.ts';
import { isSynthetic, peopleCount, personLocation } from '../format.ts';
import { PersonSaveToggle } from './person-save-toggle.tsx';

type Props = {
  rows: Person[];
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  onOpen: (person: Person) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  caption: string;
};

/** The people found, on a phone: one card per person, the same selection, save and drawer as the table. */
export function PeopleCards({
  rows,
  selection,
  onSelectionChange,
  onOpen,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  caption,
}: Props) {
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label={caption} data-person-cards>
        {rows.map((person) => {
          const seniority = seniorityLabel(person.seniority);
          const location = personLocation(person);
          return (
            <li
              key={person.id}
              className="flex items-start gap-3 rounded-xl border bg-card p-4"
              data-person-row={person.fullName}
            >
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-primary"
                aria-label={`Select ${person.fullName}`}
                checked={selection[person.id] === true}
                onChange={(event) => onSelectionChange(toggleRow(selection, person.id, event.target.checked))}
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <button
                  type="button"
                  onClick={() => onOpen(person)}
                  className="truncate text-left font-medium underline-offset-4 hover:underline"
                  aria-haspopup="dialog"
                >
                  {person.fullName}
                </button>
                {person.title && <p className="text-sm">{person.title}</p>}
                <p className="text-sm text-muted-foreground">
                  <Link to={companyPath(person.company)} className="underline-offset-4 hover:underline">
                    {person.company.name}
                  </Link>
                  {location && ` · ${location}`}
                </p>
                {(seniority || isSynthetic(person) || person.email) && (
                  <div className="flex flex-wrap gap-1.5">
                    {seniority && <Badge variant="secondary">{seniority}</Badge>}
                    {person.email && <Badge variant="outline">E-mail found</Badge>}
                    {isSynthetic(person) && <Badge variant="outline">Sample data</Badge>}
                  </div>
                )}
              </div>
              <PersonSaveToggle person={person} className="-mt-1 -mr-2" />
            </li>
          );
        })}
      </ul>
      <LoadMore
        shown={peopleCount(rows.length)}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        stacked
      />
    </div>
  );
}
