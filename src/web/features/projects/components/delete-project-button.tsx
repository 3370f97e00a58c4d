import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Project } from '../../../../shared/projects.ts';
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
import { useDeleteProject } from '../api.ts';

/** "Delete" with a confirmation: the project, its items and notes go; the records themselves stay. */
export function DeleteProjectButton({ project }: { project: Pick<Project, 'id' | 'name' | 'itemCount'> }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteProject();
  const onConfirm = () =>
    remove.mutate(project.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Project deleted', description: project.name });
        navigate('/sales-projects');
      },
      onError: (err) => toastFailure('Could not delete the project', err),
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => setOpen(true)}
        data-delete-project
      >
        <Trash2 aria-hidden />
        Delete
      </Button>
      <DialogContent data-delete-project-dialog>
        <DialogHeader>
          <DialogTitle>Delete this project?</DialogTitle>
          <DialogDescription>
            “{project.name}” and its notes are deleted for good. The {project.itemCount}{' '}
            {project.itemCount === 1 ? 'record' : 'records'} it holds (companies, documents, RFPs…) stay where
            they are.
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
            Delete project
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
