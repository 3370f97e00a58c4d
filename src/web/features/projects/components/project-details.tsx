import { Check, Loader2, Pencil, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  type Project,
  type ProjectPatch,
} from '../../../../shared/projects.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useUpdateProject } from '../api.ts';
import { DeleteProjectButton } from './delete-project-button.tsx';
import { ItemCounts } from './item-counts.tsx';
import { ProjectStatusSelect } from './project-status-select.tsx';

/** The project's name, description and status, each editable; delete with a confirmation. */
export function ProjectDetails({ project }: { project: Project }) {
  const id = useId();
  const update = useUpdateProject(project.id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);

  const save = (patch: ProjectPatch, done?: () => void) =>
    update.mutate(patch, {
      onSuccess: () => {
        toast({ title: 'Project saved', description: project.name });
        done?.();
      },
      onError: (err) => toastFailure('Could not save the project', err),
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ name: name.trim(), description: description.trim() }, () => setEditing(false));
  };
  const startEditing = () => {
    setName(project.name);
    setDescription(project.description);
    setEditing(true);
  };

  return (
    <header className="flex flex-col gap-4">
      {editing ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-3" data-edit-project>
          <h1 className="sr-only">{project.name}</h1>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={PROJECT_NAME_MAX}
              required
              autoFocus
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea
              id={`${id}-description`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={PROJECT_DESCRIPTION_MAX}
              rows={3}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending || !name.trim()}>
              {update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />}
              Save
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => setEditing(false)}
              disabled={update.isPending}
            >
              <X aria-hidden />
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h1
              className="min-w-0 text-2xl font-semibold tracking-tight break-words sm:text-3xl"
              data-project-name
            >
              {project.name}
            </h1>
            <div className="flex flex-wrap gap-1">
              <Button variant="ghost" size="sm" onClick={startEditing} aria-label="Edit name and description">
                <Pencil aria-hidden />
                Edit
              </Button>
              <DeleteProjectButton project={project} />
            </div>
          </div>
          {project.description ? (
            <p
              className="text-sm break-words whitespace-pre-line text-muted-foreground"
              data-project-description
            >
              {project.description}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              No description. Edit to say what this deal or campaign is.
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-status`} className="shrink-0">
            Status
          </Label>
          <ProjectStatusSelect
            id={`${id}-status`}
            className="w-40"
            value={project.status}
            disabled={update.isPending}
            onChange={(status) => save({ status })}
          />
        </div>
        <ItemCounts counts={project.counts} />
        <span className="text-xs text-muted-foreground">Updated {formatDate(project.updatedAt)}</span>
      </div>
    </header>
  );
}
