import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { type CompanyOption, useCompanyPeople } from '../api.ts';
import { FieldLabel } from './field-label.tsx';

/** The contact: one of the chosen company's people. */
export function ContactSelect({
  id,
  company,
  needed,
  value,
  onChange,
}: {
  id: string;
  company: CompanyOption | null;
  needed: boolean;
  value: string;
  onChange: (contact: { id: string; name: string } | null) => void;
}) {
  const people = useCompanyPeople(company?.id ?? null);
  const hintId = `${id}-hint`;
  let hint: ReactNode = null;
  if (!company) hint = 'Choose a company first: its people are listed here.';
  else if (people.isError) {
    hint = (
      <span className="text-destructive" role="alert">
        {people.error instanceof Error ? people.error.message : 'Could not load the people.'}{' '}
        <button type="button" className="font-medium underline" onClick={() => void people.refetch()}>
          Retry
        </button>
      </span>
    );
  } else if (people.data?.length === 0) {
    hint = (
      <>
        We know nobody at {company.name} yet.{' '}
        <Link
          to={`/people-finder-master/research?company=${encodeURIComponent(company.name)}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Find people in People Finder
        </Link>
      </>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium">
        <FieldLabel name="Contact" needed={needed} />
      </label>
      {company && people.isPending ? (
        <Skeleton className="h-10 w-full" role="status" aria-label="Loading the people" />
      ) : (
        <NativeSelect
          id={id}
          value={value}
          onChange={(event) => {
            const person = people.data?.find((p) => p.id === event.target.value);
            onChange(person ? { id: person.id, name: person.fullName } : null);
          }}
          disabled={!company || !people.data?.length}
          aria-describedby={hint ? hintId : undefined}
          data-contact-select
        >
          <option value="">{company && people.data?.length ? 'No contact' : '—'}</option>
          {people.data?.map((person) => (
            <option key={person.id} value={person.id}>
              {person.title ? `${person.fullName} — ${person.title}` : person.fullName}
            </option>
          ))}
        </NativeSelect>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
