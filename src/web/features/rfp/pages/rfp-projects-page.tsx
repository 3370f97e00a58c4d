import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NewRfpForm } from '../components/new-rfp-form.tsx';
import { ProjectList } from '../components/project-list.tsx';

/**
 * `/automated-rfp-responses` (issue 9, Maya): a new RFP from a questionnaire (uploaded, pasted or a sample RFQ)
 * and the list of RFP projects with their deadline, progress and any drafting under way.
 */
export function RfpProjectsPage() {
  useDocumentTitle('RFP responses');
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">RFP responses</h1>
        <p className="text-sm text-muted-foreground">
          Turn an RFP or security questionnaire into drafted answers from your answer library and documents,
          each with its sources and a confidence; then review, approve and export.
        </p>
      </header>
      <NewRfpForm />
      <ProjectList />
    </div>
  );
}
