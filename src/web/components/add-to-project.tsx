import { Check, ChevronDown, FolderPlus, Loader2, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import {
  PROJECT_ITEM_LABELS,
  PROJECT_NAME_MAX,
  PROJECT_STATUS_LABELS,
  type ProjectItemKind,
  type ProjectSummary,
} from '../../shared/projects.ts';
import { projectPath, useAddToProject, useCreateProject, useProjectsHolding } from '../lib/projects.ts';
import { toast, toastFailure } from '../lib/toast.ts';
import { Button, type ButtonProps } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

type Props = {
  kind: ProjectItemKind;
  /** The records to add: one (the menu then marks the projects holding it), or a selection. */
  refIds: readonly string[];
  /** What is added, as the toast says it ("Globex Logistics", "3 companies"). */
  name: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  /** The button's text (default "Add to project"). */
  label?: string;
};

const ITEM =
  'flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * "Add to project" on every agent: a menu of the user's projects (those holding the record marked) and
 * "New project…" to create one with the record in it; a toast says where it went, with a link.
 */
export function AddToProject({
  kind,
  refIds,
  name,
  variant = 'outline',
  size,
  className,
  label = 'Add to project',
}: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const single = refIds.length === 1 ? refIds[0] : undefined;
  // Read when the menu first opens: a page with many rows does not ask for each.
  const [asked, setAsked] = useState(false);
  const projects = useProjectsHolding(kind, single, asked && refIds.length > 0);
  const add = useAddToProject();
  const busy = add.isPending;

  const addTo = (project: Pick<ProjectSummary, 'id' | 'name'>) =>
    add.mutate(
      { projectId: project.id, kind, refIds },
      {
        onSuccess: (added) => {
          const fresh = added.filter((a) => a.created).length;
          toast({
            title: fresh === 0 ? `Already in ${project.name}` : `Added to ${project.name}`,
            description:
              fresh === 0 || fresh === added.length
                ? name
                : `${fresh} added, ${added.length - fresh} already there`,
            action: { label: 'Open', href: projectPath(project.id) },
          });
        },
        onError: (err) => toastFailure('Could not add to the project', err),
      },
    );

  const shown = (projects.data ?? []).filter((p) => p.status !== 'archived' || p.containsItemId);

  return (
    <>
      <DropdownMenu.Root
        modal={false}
        open={menuOpen}
        onOpenChange={(open) => {
          setMenuOpen(open);
          if (open) setAsked(true);
        }}
      >
        <DropdownMenu.Trigger asChild>
          <Button
            variant={variant}
            size={size}
            className={className}
            disabled={busy || refIds.length === 0}
            // Says which record, where a list has a button per row; begins with the visible text.
            aria-label={`${label}: ${name}`}
            data-add-to-project={kind}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FolderPlus aria-hidden />}
            {label}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 flex max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] w-72 max-w-[calc(100vw-2rem)] flex-col overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
            data-add-to-project-menu
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
              Add {refIds.length > 1 ? name : `this ${PROJECT_ITEM_LABELS[kind].one.toLowerCase()}`} to a
              project
            </DropdownMenu.Label>
            {projects.isPending && (
              <DropdownMenu.Item className={ITEM} disabled>
                <Loader2 className="animate-spin" aria-hidden />
                Loading your projects…
              </DropdownMenu.Item>
            )}
            {projects.isError && (
              <DropdownMenu.Item className={ITEM} onSelect={() => void projects.refetch()}>
                Could not load your projects. Retry
              </DropdownMenu.Item>
            )}
            {projects.data && shown.length === 0 && (
              <p className="px-2 py-1.5 text-sm text-muted-foreground">No projects yet: create the first.</p>
            )}
            {shown.map((project) => {
              const holds = Boolean(single && project.containsItemId);
              return (
                <DropdownMenu.Item
                  key={project.id}
                  className={ITEM}
                  onSelect={() => addTo(project)}
                  data-project-option={project.name}
                  data-holds={holds || undefined}
                >
                  {holds ? (
                    <Check className="text-primary" aria-label="Holds it" />
                  ) : (
                    <span className="size-4 shrink-0" aria-hidden />
                  )}
                  <span className="min-w-0 flex-1 truncate">{project.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {holds ? 'Added' : PROJECT_STATUS_LABELS[project.status]}
                  </span>
                </DropdownMenu.Item>
              );
            })}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={ITEM} onSelect={() => setCreating(true)} data-new-project>
              <Plus aria-hidden />
              New project…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <NewProjectDialog
        open={creating}
        onOpenChange={setCreating}
        what={name}
        onCreated={(project) => {
          setCreating(false);
          addTo(project);
        }}
      />
    </>
  );
}

function NewProjectDialog({
  open,
  onOpenChange,
  what,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  what: string;
  onCreated: (project: { id: string; name: string }) => void;
}) {
  const id = useId();
  const [projectName, setProjectName] = useState('');
  const create = useCreateProject();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: projectName.trim() },
      {
        onSuccess: (project) => {
          setProjectName('');
          onCreated(project);
        },
        onError: (err) => toastFailure('Could not create the project', err),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent data-new-project-dialog>
        <DialogHeader>
          <DialogTitle>New sales project</DialogTitle>
          <DialogDescription>A deal or campaign; {what} goes into it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>Project name</Label>
            <Input
              id={`${id}-name`}
              value={projectName}
              onChange={(event) => setProjectName(event.target.value)}
              maxLength={PROJECT_NAME_MAX}
              placeholder="Globex expansion"
              required
              autoFocus
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={create.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || !projectName.trim()}>
              {create.isPending ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <FolderPlus aria-hidden />
              )}
              Create and add
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
