import { Building2, FlaskConical, Loader2, MapPin } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { departmentLabel, seniorityLabel } from '../../../../shared/people.ts';
import { formatCredits } from '../../../../shared/pricing.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { AddToProspectButton } from '../../../components/add-to-prospect-button.tsx';
import { Fact } from '../../../components/fact.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { NotesTagsFields, useNotesDraft } from '../../../components/notes-tags-fields.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { companyPath } from '../../../lib/company-path.ts';
import { useCredits } from '../../../lib/credits.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { type Person, type SavedPerson, useSavedPerson, useSavePerson } from '../api.ts';
import { isSynthetic, personLocation, personSourceLabel, roleAt } from '../format.ts';
import { EmailFinder, PhoneFinder } from './contact-finders.tsx';
import { PersonSaveToggle } from './person-save-toggle.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-t pt-5">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function NotesForm({ person, saved }: { person: Person; saved: SavedPerson }) {
  const save = useSavePerson();
  const draft = useNotesDraft(saved);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: person.id, change: { notes: draft.notes, tags: draft.tags } },
      {
        onSuccess: () =>
          toast({ title: 'Saved', description: `Notes and tags for ${person.fullName} saved.` }),
        onError: (err) => toastFailure('Could not save the notes', err),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-xs text-muted-foreground">Saved on {formatDate(saved.savedAt)}.</p>
      <NotesTagsFields
        draft={draft}
        rows={4}
        placeholder="How you know them, what they care about, what comes next"
      />
      <Button type="submit" size="sm" className="self-start" disabled={!draft.dirty || save.isPending}>
        {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
        Save notes and tags
      </Button>
    </form>
  );
}

function MyPeopleSection({ person }: { person: Person }) {
  const saved = useSavedPerson(person.id, person.saved);
  const record = person.saved ? saved.data : undefined;
  return (
    <Section title="My People">
      <div className="flex flex-col items-start gap-3">
        {!person.saved && (
          <p className="text-sm text-muted-foreground">
            Save {person.firstName || person.fullName} to keep them in My People with your own tags and notes.
          </p>
        )}
        <PersonSaveToggle
          person={person}
          variant="labelled"
          confirmRemoval={
            record && (record.notes || record.tags.length > 0)
              ? `Remove ${person.fullName} from My People? Their tags and notes are deleted too.`
              : undefined
          }
        />
      </div>
      {person.saved &&
        (saved.isError ? (
          <LoadError message="Failed to load your notes" onRetry={() => void saved.refetch()} />
        ) : record ? (
          <NotesForm person={person} saved={record} />
        ) : (
          <div className="flex flex-col gap-2" aria-busy="true">
            <span className="sr-only">Loading your notes…</span>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ))}
    </Section>
  );
}

function ContactDetails({ person }: { person: Person }) {
  const account = useCredits();
  const seniority = seniorityLabel(person.seniority);
  const department = departmentLabel(person.department);
  const location = personLocation(person);
  return (
    <div className="flex flex-col gap-5 p-6">
      <div className="flex flex-col gap-2 pr-8">
        <SheetTitle className="text-xl leading-tight font-semibold tracking-tight">
          {person.fullName}
        </SheetTitle>
        <SheetDescription>{roleAt(person)}</SheetDescription>
        {(seniority || department || person.saved) && (
          <div className="flex flex-wrap gap-1.5">
            {seniority && <Badge variant="secondary">{seniority}</Badge>}
            {department && <Badge variant="outline">{department}</Badge>}
            {person.saved && <Badge>In My People</Badge>}
          </div>
        )}
      </div>

      {isSynthetic(person) && (
        <div
          role="note"
          className="flex gap-3 rounded-xl border border-amber-500/60 bg-amber-500/10 p-4 text-sm"
          data-synthetic-notice
        >
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="font-semibold">Synthetic sample data.</span> This person was generated for
            demonstration: the name, title, e-mail address and phone number belong to no real person. Do not
            contact them.
          </p>
        </div>
      )}

      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Fact label="Company">
          <span className="flex items-start gap-1.5">
            <Building2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="flex min-w-0 flex-col">
              <Link
                to={companyPath(person.company)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {person.company.name}
              </Link>
              {(person.company.industry || person.company.domain) && (
                <span className="text-xs text-muted-foreground">
                  {[person.company.industry, person.company.domain].filter(Boolean).join(' · ')}
                </span>
              )}
            </span>
          </span>
        </Fact>
        <Fact label="Location">
          {location ? (
            <span className="flex items-start gap-1.5">
              <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              {location}
            </span>
          ) : null}
        </Fact>
      </dl>
      <AddToProspectButton company={person.company} size="sm" className="self-start" showName />
      <AddToProject
        kind="person"
        refIds={[person.id]}
        name={person.fullName}
        size="sm"
        className="self-start"
      />

      <Section title="Contact details">
        <div className="flex flex-col gap-4">
          <EmailFinder person={person} />
          <PhoneFinder person={person} />
        </div>
        {account.data && (
          <p className="text-xs text-muted-foreground" data-credits-left>
            You have {formatCredits(account.data.remainingCredits)} credits.{' '}
            <Link to="/credits" className="font-medium text-primary underline-offset-4 hover:underline">
              Credits
            </Link>
          </p>
        )}
      </Section>

      <MyPeopleSection person={person} />

      <p className="border-t pt-4 text-xs text-muted-foreground" data-source>
        Source: {personSourceLabel(person.source)} · Licence: {person.license}
      </p>
      {!person.imported && (
        <p className="-mt-2 text-xs text-muted-foreground">
          Anyone in this data can ask to be removed: point them to the{' '}
          <Link
            to="/privacy/remove-me"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            removal page
          </Link>
          .
        </p>
      )}
    </div>
  );
}

type Props = {
  /** The person to show; the drawer is closed while it is null. */
  person: Person | null;
  onClose: () => void;
};

/** A person's contact card, as a drawer over the list they were opened from. */
export function ContactDrawer({ person, onClose }: Props) {
  return (
    <Sheet
      open={person !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <SheetContent side="right" className="w-full max-w-full overflow-y-auto sm:w-[440px] sm:max-w-[90vw]">
        {person && <ContactDetails key={person.id} person={person} />}
      </SheetContent>
    </Sheet>
  );
}
