import { Loader2 } from 'lucide-react';
import type { LibraryEntry } from '../../../../shared/answers.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useDeleteEntry } from '../api.ts';

/** "Delete this answer?": the entry and its feedback go; questions like it are answered from documents again. */
export function DeleteEntryDialog({
  entry,
  onClose,
  onDeleted,
}: {
  entry: LibraryEntry | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteEntry();
  const confirm = () => {
    if (!entry) return;
    remove.mutate(entry.id, {
      onSuccess: () => {
        toast({ title: 'Deleted from the library', description: `“${entry.question}”` });
        onClose();
        onDeleted?.();
      },
      onError: (err) => toastFailure('Could not delete the entry', err),
    });
  };
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog" data-delete-entry-dialog>
        <DialogHeader className="pr-8">
          <DialogTitle>Delete this answer?</DialogTitle>
          <DialogDescription>
            “{entry?.question}” and its feedback are deleted. Questions like it are answered from your
            documents again. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending} data-confirm-delete>
            {remove.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
