import { Loader2, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { TARGET_ACCOUNT_STATUS_LABELS } from '../../../../shared/companies.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { type CompanyDetail, useSaveCompany } from '../api.ts';
import { formatDate } from '../format.ts';
import { SaveToggle } from './save-toggle.tsx';
import { StatusSelect } from './status-select.tsx';

/** The API's limits (src/server/features/companies/routes.ts savedChange). */
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;
const MAX_NOTES = 5000;

/** My Companies on the company page: save or remove, the status, and the seller's tags and notes. */
export function SavedAccountCard({ company }: { company: CompanyDetail }) {
  const id = useId();
  const save = useSaveCompany();
  const account = company.savedAccount;
  const [notes, setNotes] = useState(account?.notes ?? '');
  const [tags, setTags] = useState<string[]>(account?.tags ?? []);
  const [tagText, setTagText] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);

  // After a save (or a change elsewhere) the form shows what the server holds.
  const stored = JSON.stringify({ notes: account?.notes ?? '', tags: account?.tags ?? [] });
  useEffect(() => {
    const { notes: savedNotes, tags: savedTags } = JSON.parse(stored) as { notes: string; tags: string[] };
    setNotes(savedNotes);
    setTags(savedTags);
  }, [stored]);
  const dirty = JSON.stringify({ notes, tags }) !== stored;

  const addTag = () => {
    const tag = tagText.trim();
    if (!tag) return;
    if (tag.length > MAX_TAG_LENGTH) return setTagError(`A tag can be at most ${MAX_TAG_LENGTH} characters.`);
    if (tags.length >= MAX_TAGS) return setTagError(`At most ${MAX_TAGS} tags.`);
    setTagError(null);
    if (!tags.some((t) => t.toLowerCase() === tag.toLowerCase())) setTags([...tags, tag]);
    setTagText('');
  };
  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTag();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: company.id, change: { notes, tags } },
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
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-tag`}>Tags</Label>
                {tags.length > 0 && (
                  <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                    {tags.map((tag) => (
                      <li
                        key={tag}
                        className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium"
                      >
                        {tag}
                        <button
                          type="button"
                          className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
                          aria-label={`Remove tag ${tag}`}
                          onClick={() => setTags(tags.filter((t) => t !== tag))}
                        >
                          <X className="size-3" aria-hidden />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="flex gap-2">
                  <Input
                    id={`${id}-tag`}
                    value={tagText}
                    onChange={(event) => setTagText(event.target.value)}
                    onKeyDown={onTagKey}
                    placeholder="Add a tag and press Enter"
                    maxLength={MAX_TAG_LENGTH + 10}
                    aria-invalid={tagError ? true : undefined}
                    aria-describedby={tagError ? `${id}-tag-error` : undefined}
                  />
                  <Button type="button" variant="outline" onClick={addTag} disabled={!tagText.trim()}>
                    Add
                  </Button>
                </div>
                {tagError && (
                  <p id={`${id}-tag-error`} className="text-sm text-destructive">
                    {tagError}
                  </p>
                )}
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-notes`}>Notes</Label>
                <Textarea
                  id={`${id}-notes`}
                  value={notes}
                  onChange={(event) => setNotes(event.target.value)}
                  maxLength={MAX_NOTES}
                  rows={5}
                  placeholder="What you learned, who you spoke to, what comes next"
                />
                <p className="text-xs text-muted-foreground">
                  {notes.length.toLocaleString('en')} / {MAX_NOTES.toLocaleString('en')}
                </p>
              </div>
              <Button type="submit" className="self-start" disabled={!dirty || save.isPending}>
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
