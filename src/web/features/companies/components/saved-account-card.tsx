import { Loader2 } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { TARGET_ACCOUNT_STATUS_LABELS } from '../../../../shared/companies.ts';
import { NotesTagsFields, useNotesDraft } from '../../../components/notes-tags-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { type CompanyDetail, useSaveCompany } from '../api.ts';
import { SaveToggle } from './save-toggle.tsx';
import { StatusSelect } from './status-select.tsx';

/** My Companies on the company page: save or remove, the status, and the seller's tags and notes. */
export function SavedAccountCard({ company }: { company: CompanyDetail }) {
  const id = useId();
  const save = useSaveCompany();
  const account = company.savedAccount;
  const draft = useNotesDraft({ notes: account?.notes ?? '', tags: account?.tags ?? [] });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: company.id, change: { notes: draft.notes, tags: draft.tags } },
      {
        onSuccess: () => toast({ title: 'Saved', description: `Notes and tags for ${company.name} saved.` }),
        onError: (err) => toastFailure('Could not save the notes', err),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex flex-col gap-1.5">
              <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
                My Companies
              </h2>
              <CardDescription>
                {account
                  ? `Saved on ${formatDate(account.savedAt)}${account.updatedAt !== account.savedAt ? `, last changed ${formatDate(account.updatedAt)}` : ''}.`
                  : 'Save this company to track where it stands, with your own tags and notes.'}
              </CardDescription>
            </div>
            <SaveToggle
              company={company}
              variant="labelled"
              confirmRemoval={
                account && (account.notes || account.tags.length > 0)
                  ? `Remove ${company.name} from My Companies? Its status, tags and notes are deleted too.`
                  : undefined
              }
            />
          </div>
        </CardHeader>
        {account && (
          <CardContent className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-status`}>Status</Label>
              <StatusSelect
                id={`${id}-status`}
                value={account.status}
                disabled={save.isPending}
                className="max-w-56"
                onChange={(status) =>
                  save.mutate(
                    { id: company.id, change: { status } },
                    {
                      onSuccess: () =>
                        toast({
                          title: 'Status changed',
                          description: `${company.name}: ${TARGET_ACCOUNT_STATUS_LABELS[status]}`,
                        }),
                      onError: (err) => toastFailure('Could not change the status', err),
                    },
                  )
                }
              />
            </div>
            <form onSubmit={onSubmit} className="flex flex-col gap-5">
              <NotesTagsFields
                draft={draft}
                placeholder="What you learned, who you spoke to, what comes next"
              />
              <Button type="submit" className="self-start" disabled={!draft.dirty || save.isPending}>
                {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
                Save notes and tags
              </Button>
            </form>
          </CardContent>
        )}
      </Card>
    </section>
  );
}
