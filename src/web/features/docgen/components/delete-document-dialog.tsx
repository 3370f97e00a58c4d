import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
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
import { useDeleteDocument } from '../api.ts';

/** "Delete" with a confirmation: a generated document cannot be brought back (generating again costs). */
export function DeleteDocumentButton({
  document,
  onDeleted,
  size = 'sm',
}: {
  document: { id: string; title: string };
  onDeleted?: () => void;
  size?: 'sm' | 'default';
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteDocument();
  const onConfirm = () =>
    remove.mutate(document.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Document deleted', description: document.title });
        onDeleted?.();
      },
      onError: (err) => toastFailure('Could not delete the document', err),
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button
        type="button"
        variant="ghost"
        size={size}
        className="text-destructive hover:text-destructive"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${document.title}`}
        data-delete-document
      >
        <Trash2 aria-hidden />
        Delete
      </Button>
      <DialogContent data-delete-dialog>
        <DialogHeader>
          <DialogTitle>Delete this document?</DialogTitle>
          <DialogDescription>
            “{document.title}” and its edits are deleted for good. Generating it again costs credits.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={remove.isPending}>
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
            Delete document
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
