import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isUuid } from '../../../../shared/uuid.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useProject } from '../api.ts';
import { ProjectDetails } from '../components/project-details.tsx';
import { ProjectItems } from '../components/project-items.tsx';
import { ProjectNotes } from '../components/project-notes.tsx';

function NotFound() {
  return (
    <StatePanel icon={<SearchX className="size-6" aria-hidden />} title="Project not found">
      <p className="max-w-md text-sm text-muted-foreground" data-project-not-found>
        It was deleted, or the link is not one of your projects.
      </p>
      <Button asChild variant="outline">
        <Link to="/sales-projects">Your projects</Link>
      </Button>
    </StatePanel>
  );
}

function ProjectSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Loading the project</span>
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/**
 * `/sales-projects/{projectId}` (issue 10): a deal or campaign with its name, description and status (each
 * editable), what it holds grouped by kind (each opening in its agent, removable), and its notes.
 */
export function SalesProjectPage() {
  const { projectId = '' } = useParams();
  const valid = isUuid(projectId);
  const project = useProject(projectId, valid);
  const missing = !valid || (project.error instanceof ApiError && project.error.status === 404);
  useDocumentTitle(missing ? 'Project not found' : (project.data?.name ?? 'Sales Project'));

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-8">
      <Link
        to="/sales-projects"
        className="inline-flex items-center gap-1.5 self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        My Sales Projects
      </Link>
      {missing ? (
        <>
          <h1 className="sr-only">Project not found</h1>
          <NotFound />
        </>
      ) : project.isError ? (
        <LoadError message="Could not load the project." onRetry={() => void project.refetch()} />
      ) : !project.data ? (
        <ProjectSkeleton />
      ) : (
        <>
          <ProjectDetails key={project.data.id} project={project.data} />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <ProjectItems project={project.data} />
            <ProjectNotes projectId={project.data.id} />
          </div>
        </>
      )}
    </div>
  );
}
