import { useEffect, useId, useState } from 'react';
import { TagInput } from './tag-input.tsx';
import { Label } from './ui/label.tsx';
import { Textarea } from './ui/textarea.tsx';

/**
 * The API's limits for a saved record's notes and tags (My Companies and My People alike: the savedChange
 * schemas of src/server/features/companies/routes.ts and people/routes.ts).
 */
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;
const MAX_NOTES = 5000;

export type NotesAndTags = { notes: string; tags: string[] };

/** The user's edits of a record's notes and tags; after a save (or a change elsewhere) what the server holds. */
export function useNotesDraft(stored: NotesAndTags) {
  const saved = JSON.stringify({ notes: stored.notes, tags: stored.tags });
  const [notes, setNotes] = useState(stored.notes);
  const [tags, setTags] = useState<string[]>(stored.tags);
  useEffect(() => {
    const next = JSON.parse(saved) as NotesAndTags;
    setNotes(next.notes);
    setTags(next.tags);
  }, [saved]);
  return { notes, setNotes, tags, setTags, dirty: JSON.stringify({ notes, tags }) !== saved };
}

type Props = {
  draft: ReturnType<typeof useNotesDraft>;
  placeholder: string;
  rows?: number;
};

/** The Tags and Notes fields of a saved record's form. */
export function NotesTagsFields({ draft, placeholder, rows = 5 }: Props) {
  const id = useId();
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-tag`}>Tags</Label>
        <TagInput
          id={`${id}-tag`}
          tags={draft.tags}
          onChange={draft.setTags}
          maxTags={MAX_TAGS}
          maxTagLength={MAX_TAG_LENGTH}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-notes`}>Notes</Label>
        <Textarea
          id={`${id}-notes`}
          value={draft.notes}
          onChange={(event) => draft.setNotes(event.target.value)}
          maxLength={MAX_NOTES}
          rows={rows}
          placeholder={placeholder}
        />
        <p className="text-xs text-muted-foreground">
          {draft.notes.length.toLocaleString('en')} / {MAX_NOTES.toLocaleString('en')}
        </p>
      </div>
    </>
  );
}
