import { FolderPlus, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DEFAULT_PROJECT_STATUS,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  type ProjectStatus,
} from '../../../../shared/projects.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { projectPath, useCreateProject } from '../../../lib/projects.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { ProjectStatusSelect } from './project-status-select.tsx';

/** A new project: its name (a deal or campaign), what it is for, and where it stands; then it opens. */
export function NewProjectForm() {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateProject();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [status, setStatus] = useState<ProjectStatus>(DEFAULT_PROJECT_STATUS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), description: description.trim(), status },
      {
        onSuccess: (project) => {
          toast({ title: 'Project created', description: project.name });
          navigate(projectPath(project.id));
        },
        onError: (err) => toastFailure('Could not create the project', err),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
    >
      <h2 id={`${id}-title`} className="mb-4 text-lg leading-tight font-semibold tracking-tight">
        New project
      </h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" data-new-project-form>
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={PROJECT_NAME_MAX}
              placeholder="Globex expansion, Nordics Q3 campaign…"
              required
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <ProjectStatusSelect id={`${id}-status`} value={status} onChange={setStatus} />
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-description`}>Description (optional)</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={PROJECT_DESCRIPTION_MAX}
            rows={2}
            placeholder="The deal or campaign, its goal and its people"
          />
        </div>
        <div>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <FolderPlus aria-hidden />}
            Create project
          </Button>
        </div>
      </form>
    </section>
  );
}
