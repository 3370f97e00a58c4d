import { ArrowRight, Building2, CheckCircle2, ClipboardList, FileText, Loader2, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { RfpProjectSummary } from '../../../../shared/rfp.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { isDrafting, useDeleteProject, useProjects } from '../api.ts';
import { FORMAT_LABELS } from '../format.ts';
import { DeadlineText } from './deadline-text.tsx';
import { ProgressSummary } from './progress-summary.tsx';

function ProjectRow({ project }: { project: RfpProjectSummary }) {
  const remove = useDeleteProject();
  const drafting = isDrafting(project);
  const completed = project.completedAt !== null;
  const href = `/rfp-editor/${project.id}`;

  const onDelete = () => {
    if (
      !window.confirm(
        `Delete “${project.title}” with its ${project.progress.total} questions and their answers?`,
      )
    ) {
      return;
    }
    remove.mutate(project.id, {
      onSuccess: () => toast({ title: 'RFP deleted', description: project.title }),
      onError: (err) => toastFailure('Could not delete the RFP', err),
    });
  };

  return (
    <li
      className="flex flex-col gap-3 border-b py-4 first:pt-0 last:border-0 last:pb-0"
      data-rfp-project={project.id}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Link
            to={href}
            className="min-w-0 font-medium break-words hover:underline focus-visible:underline"
            data-rfp-project-title
          >
            {project.title}
          </Link>
          {completed && (
            <Badge variant="success" data-rfp-completed>
              <CheckCircle2 aria-hidden />
              Completed
            </Badge>
          )}
          {drafting && (
            <Badge variant="secondary" data-rfp-drafting>
              <Loader2 className="animate-spin" aria-hidden />
              Drafting {project.draftJob?.progress ?? 0}%
            </Badge>
          )}
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {project.issuer && (
            <span className="inline-flex items-center gap-1" data-rfp-project-issuer>
              <Building2 className="size-3.5 shrink-0" aria-hidden />
              {project.issuer}
            </span>
          )}
          <span className="inline-flex min-w-0 items-center gap-1">
            <FileText className="size-3.5 shrink-0" aria-hidden />
            <span className="break-all">
              {FORMAT_LABELS[project.sourceFormat]}
              {project.sourceFilename && ` · ${project.sourceFilename}`}
            </span>
          </span>
          <DeadlineText deadline={project.deadline} completed={completed} />
        </p>
      </div>
      <ProgressSummary progress={project.progress} label={`Progress of ${project.title}`} />
      <div className="-ml-3 flex flex-wrap gap-1">
        <Button asChild variant="ghost" size="sm">
          <Link to={href} aria-label={`Open ${project.title}`}>
            <ArrowRight aria-hidden />
            Open
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          disabled={remove.isPending}
          className="text-destructive hover:text-destructive"
          aria-label={`Delete ${project.title}`}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
        <AddToProject kind="rfp" refIds={[project.id]} name={project.title} variant="ghost" size="sm" />
      </div>
    </li>
  );
}

/** The user's RFP projects, most recently changed first, with their progress and any drafting under way. */
export function ProjectList() {
  const id = useId();
  const projects = useProjects();

  let body: ReactNode;
  if (projects.isError) {
    body = <LoadError message="Could not load your RFPs." onRetry={() => void projects.refetch()} />;
  } else if (!projects.data) {
    body = (
      <div role="status" aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Loading your RFPs</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-2 w-full" />
          </div>
        ))}
      </div>
    );
  } else if (projects.data.length === 0) {
    body = (
      <StatePanel icon={<ClipboardList className="size-6" aria-hidden />} title="No RFPs yet">
        <p className="max-w-md text-sm text-muted-foreground" data-rfp-empty>
          Upload a questionnaire or paste its text above, or try a sample RFQ. Maya drafts every answer from
          your answer library and documents, with their sources.
        </p>
      </StatePanel>
    );
  } else {
    body = (
      <ul aria-label="RFPs" data-rfp-list>
        {projects.data.map((project) => (
          <ProjectRow key={project.id} project={project} />
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
          Your RFPs
        </h2>
        {projects.data && projects.data.length > 0 && (
          <span className="text-sm text-muted-foreground">
            {projects.data.length} {projects.data.length === 1 ? 'project' : 'projects'}
          </span>
        )}
      </div>
      {body}
    </section>
  );
}
