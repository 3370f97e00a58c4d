import { BookmarkCheck, BookmarkPlus, Loader2 } from 'lucide-react';
import type { AnswerCategory } from '../../../../shared/answers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useCreateEntry } from '../api.ts';
import { withoutCitations } from '../plain-text.ts';

type Props = {
  question: string;
  /** The answer from documents, in Markdown with its citation markers. */
  answer: string;
  category: AnswerCategory;
  /** The entry this answer became, once saved. */
  savedEntryId: string | null;
  onSaved: (entryId: string) => void;
  onOpenEntry: (entryId: string) => void;
};

/**
 * Keeps an answer from documents as an approved library entry (the RFP agent drafts from the library too),
 * without its citation markers: the library keeps no sources. Disabled while saving, and the server returns
 * the same entry for the same question and answer, so a double click never makes two.
 */
export function SaveToLibraryButton({
  question,
  answer,
  category,
  savedEntryId,
  onSaved,
  onOpenEntry,
}: Props) {
  const create = useCreateEntry();
  if (savedEntryId) {
    return (
      <Button variant="outline" size="sm" onClick={() => onOpenEntry(savedEntryId)} data-saved-to-library>
        <BookmarkCheck aria-hidden className="text-success" />
        Saved · Open in the library
      </Button>
    );
  }
  const save = () => {
    if (create.isPending) return;
    create.mutate(
      { question, answer: withoutCitations(answer), category },
      {
        onSuccess: (entry) => {
          onSaved(entry.id);
          toast({
            title: 'Saved to the library',
            description:
              'Emma answers this question from your library from now on, and the RFP agent drafts with it.',
          });
        },
        onError: (err) => toastFailure('Could not save to the library', err),
      },
    );
  };
  return (
    <Button variant="outline" size="sm" onClick={save} disabled={create.isPending} data-save-to-library>
      {create.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <BookmarkPlus aria-hidden />}
      {create.isPending ? 'Saving…' : 'Save to library'}
    </Button>
  );
}
