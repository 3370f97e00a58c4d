import { useSearchParams } from 'react-router';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../../shared/projects.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NewProjectForm } from '../components/new-project-form.tsx';
import { ProjectList } from '../components/project-list.tsx';

const isStatus = (value: string | null): value is ProjectStatus =>
  (PROJECT_STATUSES as readonly (string | null)[]).includes(value);

/**
 * `/sales-projects` (issue 10): the user's sales projects (a deal or campaign each) with their status, what
 * they hold per kind and when they changed; a new one; a status filter kept in the address (`?status=won`).
 */
export function SalesProjectsPage() {
  useDocumentTitle('My Sales Projects');
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isStatus(requested) ? requested : undefined;
  const onStatusChange = (next: ProjectStatus | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('status', next);
      else updated.delete('status');
      return updated;
    });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">My Sales Projects</h1>
        <p className="text-sm text-muted-foreground">
          Group the companies, people, prospects, documents, RFPs and generated documents of a deal or
          campaign, with its status and notes. Every agent has “Add to project”.
        </p>
      </header>
      <NewProjectForm />
      <ProjectList status={status} onStatusChange={onStatusChange} />
    </div>
  );
}
