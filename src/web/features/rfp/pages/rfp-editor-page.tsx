import { FileQuestion } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { RfpProject } from '../../../../shared/rfp.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useProject } from '../api.ts';
import { EditorHeader } from '../components/editor-header.tsx';
import {
  filterQuestions,
  NO_FILTERS,
  type QuestionFilters,
  QuestionList,
} from '../components/question-list.tsx';
import { QuestionPanel } from '../components/question-panel.tsx';
import { useDraftRun } from '../use-draft-run.ts';
import { useIsWide } from '../use-is-wide.ts';
import { DISCARD_QUESTION, useUnsavedGuard } from '../use-unsaved-guard.ts';

/** What the shared workflow keeps of the open RFP (spec 3 §4: RFP with rfpData suggests document generation). */
export type RfpWorkflowData = {
  projectId: string;
  title: string;
  issuer: string | null;
  deadline: string | null;
  questions: number;
};

function EditorSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4" data-skeleton="rfp-editor">
      <span className="sr-only">Loading the RFP</span>
      <div className="flex flex-col gap-3 rounded-2xl border p-6">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-2 w-full max-w-md" />
      </div>
      <div className="grid gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-2 rounded-2xl border p-4">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
        <div className="hidden flex-col gap-3 rounded-2xl border p-6 lg:flex">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-44 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      </div>
    </div>
  );
}

/** The editor of a loaded project: the list and the selected question (one at a time on a phone). */
function RfpEditor({ project }: { project: RfpProject }) {
  const isWide = useIsWide();
  const run = useDraftRun(project);
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<QuestionFilters>(NO_FILTERS);
  /** The unsaved text of one answer. */
  const [draft, setDraft] = useState<{ questionId: string; text: string } | null>(null);

  const questions = project.questions;
  const visible = filterQuestions(questions, filters);
  const asked = params.get('question');
  const selected =
    questions.find((q) => q.id === asked) ?? (isWide ? (visible[0] ?? questions[0] ?? null) : null);
  const dirtyQuestion = draft ? questions.find((q) => q.id === draft.questionId) : undefined;
  const dirty = Boolean(draft && dirtyQuestion && draft.text !== dirtyQuestion.answer);
  useUnsavedGuard(dirty);

  /** Opens a question, unless the user keeps unsaved changes to another one. */
  const select = (questionId: string | null): boolean => {
    if (questionId === selected?.id) return true;
    // Back to the question being edited (a filter had moved away from it) keeps its text.
    const leaving = dirty && draft?.questionId !== questionId;
    if (leaving && !window.confirm(DISCARD_QUESTION)) return false;
    if (draft?.questionId !== questionId) setDraft(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (questionId) next.set('question', questionId);
        else next.delete('question');
        return next;
      },
      { replace: true },
    );
    return true;
  };

  // On a phone the question takes the list's place: it opens at its heading, and going back returns to the
  // question in the list.
  const lastAsked = useRef<string | null>(null);
  useEffect(() => {
    if (isWide) return;
    if (asked) {
      const panel = document.querySelector<HTMLElement>('[data-question-panel]');
      panel?.scrollIntoView({ block: 'start' });
      panel?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
      lastAsked.current = asked;
    } else if (lastAsked.current) {
      const item = document.querySelector<HTMLElement>(`[data-question="${lastAsked.current}"]`);
      item?.scrollIntoView({ block: 'center' });
      item?.focus({ preventScroll: true });
    }
  }, [asked, isWide]);

  const showList = isWide || !selected;
  return (
    <div className="flex flex-col gap-4">
      <EditorHeader project={project} run={run} />
      {questions.length === 0 ? (
        <StatePanel icon={<FileQuestion className="size-6" aria-hidden />} title="No questions">
          <p className="text-sm text-muted-foreground">This RFP holds no questions.</p>
        </StatePanel>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
          {showList && (
            <QuestionList
              questions={questions}
              visible={visible}
              filters={filters}
              onFiltersChange={setFilters}
              selectedId={selected?.id ?? null}
              unsavedId={dirty ? (draft?.questionId ?? null) : null}
              onSelect={select}
            />
          )}
          {selected && (
            <QuestionPanel
              key={selected.id}
              project={project}
              question={selected}
              draft={draft?.questionId === selected.id ? draft.text : null}
              onDraftChange={(text) => setDraft(text === null ? null : { questionId: selected.id, text })}
              onBack={isWide ? undefined : () => select(null)}
            />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * `/rfp-editor/:id` (issue 9, Maya): one RFP's questions by section with their status, confidence, assignee and
 * comments; the selected question's answer in a Markdown editor with its sources, review statuses, comments
 * and the answer library; "Draft all" with its live progress; the exports. `onProjectOpen` tells the shared
 * workflow which RFP is open (the app passes it; the page itself knows no other feature).
 */
export function RfpEditorPage({ onProjectOpen }: { onProjectOpen?: (rfpData: RfpWorkflowData) => void }) {
  const { id = '' } = useParams();
  const project = useProject(id);
  const data = project.data;
  useDocumentTitle(data ? `${data.title} — RFP editor` : 'RFP editor');

  const opened: RfpWorkflowData | null = data
    ? {
        projectId: data.id,
        title: data.title,
        issuer: data.issuer,
        deadline: data.deadline,
        questions: data.progress.total,
      }
    : null;
  const openedKey = JSON.stringify(opened);
  // biome-ignore lint/correctness/useExhaustiveDependencies: told again only when what it keeps changes
  useEffect(() => {
    if (opened) onProjectOpen?.(opened);
  }, [openedKey, onProjectOpen]);

  let body: ReactNode;
  if (project.isError) {
    const missing = project.error instanceof ApiError && [400, 404].includes(project.error.status);
    body = missing ? (
      <>
        <h1 className="sr-only">RFP not found</h1>
        <StatePanel icon={<FileQuestion className="size-6" aria-hidden />} title="RFP not found">
          <p className="max-w-md text-sm text-muted-foreground">
            It may have been deleted, or the address is not complete.
          </p>
          <Button asChild variant="outline">
            <Link to="/automated-rfp-responses">All RFPs</Link>
          </Button>
        </StatePanel>
      </>
    ) : (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">RFP editor</h1>
        <div className="rounded-xl border p-6">
          <LoadError message="Could not load the RFP." onRetry={() => void project.refetch()} />
        </div>
      </>
    );
  } else if (!data) {
    body = (
      <>
        <h1 className="sr-only">RFP editor</h1>
        <EditorSkeleton />
      </>
    );
  } else {
    body = <RfpEditor key={data.id} project={data} />;
  }

  return <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-8">{body}</div>;
}
