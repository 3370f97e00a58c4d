import { FolderKanban } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectStatus,
  type ProjectSummary,
} from '../../../../shared/projects.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { projectPath } from '../../../lib/projects.ts';
import { useProjects } from '../api.ts';
import { ItemCounts } from './item-counts.tsx';
import { ProjectStatusBadge } from './project-status-badge.tsx';

function ProjectRow({ project }: { project: ProjectSummary }) {
  return (
    <li
      className="flex flex-col gap-2 border-b py-4 first:pt-0 last:border-0 last:pb-0"
      data-project-row={project.id}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Link
          to={projectPath(project.id)}
          className="min-w-0 font-medium break-words hover:underline focus-visible:underline"
          data-project-link
        >
          {project.name}
        </Link>
        <ProjectStatusBadge status={project.status} />
      </div>
      {project.description && (
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">{project.description}</p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ItemCounts counts={project.counts} />
        <span className="text-xs text-muted-foreground">
          {project.noteCount > 0 && `${project.noteCount} ${project.noteCount === 1 ? 'note' : 'notes'} · `}
          Updated {formatDate(project.updatedAt)}
        </span>
      </div>
    </li>
  );
}

/** The user's projects, most recently changed first, filtered by status. */
export function ProjectList({
  status,
  onStatusChange,
}: {
  status: ProjectStatus | undefined;
  onStatusChange: (status: ProjectStatus | undefined) => void;
}) {
  const id = useId();
  const projects = useProjects(status);

  let body: ReactNode;
  if (projects.isError) {
    body = <LoadError message="Could not load your projects." onRetry={() => void projects.refetch()} />;
  } else if (!projects.data) {
    body = (
      <div role="status" aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Loading your projects</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    );
  } else if (projects.data.length === 0) {
    body = (
      <StatePanel
        icon={<FolderKanban className="size-6" aria-hidden />}
        title={status ? `No ${PROJECT_STATUS_LABELS[status].toLowerCase()} projects` : 'No projects yet'}
      >
        <p className="max-w-md text-sm text-muted-foreground" data-projects-empty>
          {status
            ? 'Choose another status, or all of them.'
            : 'Create one above, or use “Add to project” on a company, person, prospect, document, RFP or generated document.'}
        </p>
      </StatePanel>
    );
  } else {
    body = (
      <ul aria-label="Projects" data-project-list>
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
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
          Your projects
          {projects.data && projects.data.length > 0 && (
            <span className="ml-2 text-sm font-normal text-muted-foreground">{projects.data.length}</span>
          )}
        </h2>
        <NativeSelect
          aria-label="Filter by status"
          className="w-full sm:w-48"
          value={status ?? ''}
          onChange={(event) => onStatusChange((event.target.value || undefined) as ProjectStatus | undefined)}
          data-status-filter
        >
          <option value="">All statuses</option>
          {PROJECT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {PROJECT_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {body}
    </section>
  );
}
