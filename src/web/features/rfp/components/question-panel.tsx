import {
  ArrowLeft,
  BookMarked,
  Check,
  CircleHelp,
  FileText,
  Library,
  Loader2,
  PenLine,
  RefreshCw,
  RotateCcw,
  Save,
  TriangleAlert,
  Undo2,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { VERDICT_LABELS } from '../../../../shared/knowledge.ts';
import type { RfpProject, RfpQuestion, RfpStatus } from '../../../../shared/rfp.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { toastCreditFailure, useActivityPrice } from '../../../lib/credits.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { type QuestionPatch, useRegenerateQuestion, useSaveToLibrary, useUpdateQuestion } from '../api.ts';
import { originLabel, sectionPath } from '../format.ts';
import { AnswerEditor } from './answer-editor.tsx';
import { AssigneeField } from './assignee-field.tsx';
import { CommentThread } from './comment-thread.tsx';
import { ConfidenceLabel } from './confidence-label.tsx';
import { SourceList } from './source-list.tsx';
import { StatusBadge } from './status-badge.tsx';

const ORIGIN_ICONS: Record<NonNullable<RfpQuestion['answerOrigin']> | 'none', ReactNode> = {
  library: <BookMarked className="size-3.5 shrink-0" aria-hidden />,
  knowledge: <FileText className="size-3.5 shrink-0" aria-hidden />,
  manual: <PenLine className="size-3.5 shrink-0" aria-hidden />,
  none: <CircleHelp className="size-3.5 shrink-0" aria-hidden />,
};

/** The status changes offered from each status. */
const NEXT_STATUSES: Record<RfpStatus, RfpStatus[]> = {
  draft: ['approved', 'needs_review'],
  needs_review: ['approved', 'draft'],
  approved: ['needs_review', 'draft'],
};

const STATUS_ACTIONS: Record<RfpStatus, { label: string; icon: ReactNode; done: string }> = {
  approved: { label: 'Approve', icon: <Check aria-hidden />, done: 'Answer approved' },
  needs_review: { label: 'Needs review', icon: <TriangleAlert aria-hidden />, done: 'Marked for review' },
  draft: { label: 'Back to draft', icon: <Undo2 aria-hidden />, done: 'Back to draft' },
};

const messageOf = (err: unknown) =>
  err instanceof ApiError && err.message !== 'Unexpected error.'
    ? err.message
    : 'Something went wrong. Please try again.';

/**
 * The selected question: its answer in the Markdown editor with save, regenerate and the review statuses,
 * where the answer came from and how sure the draft is, its sources, assignee, comments and the library.
 */
export function QuestionPanel({
  project,
  question,
  draft,
  onDraftChange,
  onBack,
}: {
  project: RfpProject;
  question: RfpQuestion;
  /** The unsaved text of the answer, or null when there is none. */
  draft: string | null;
  onDraftChange: (text: string | null) => void;
  /** On a phone: back to the list of questions. */
  onBack?: () => void;
}) {
  const id = useId();
  const update = useUpdateQuestion(project.id);
  const regenerate = useRegenerateQuestion(project.id);
  const library = useSaveToLibrary(project.id);
  const price = useActivityPrice('rfp_answer');
  const [problem, setProblem] = useState<string | null>(null);
  const [pickedRef, setPickedRef] = useState<number | null>(null);

  const text = draft ?? question.answer;
  const dirty = draft !== null && draft !== question.answer;
  const busy = update.isPending || regenerate.isPending;
  const assignees = [
    ...new Set(project.questions.map((q) => q.assignee).filter((name): name is string => Boolean(name))),
  ].sort((a, b) => a.localeCompare(b));

  const patch = (change: QuestionPatch, done: string, failed: string) => {
    setProblem(null);
    update.mutate(
      { questionId: question.id, patch: change },
      {
        onSuccess: () => {
          if (change.answer !== undefined) onDraftChange(null);
          toast({ title: done });
        },
        onError: (err) => {
          setProblem(messageOf(err));
          toastFailure(failed, err);
        },
      },
    );
  };

  const save = () => {
    if (!dirty || busy) return;
    patch({ answer: text }, 'Answer saved', 'Could not save the answer');
  };

  // Changing the status keeps the text on screen: an edited answer is saved with it.
  const setStatus = (status: RfpStatus) =>
    patch(
      dirty ? { status, answer: text } : { status },
      STATUS_ACTIONS[status].done,
      'Could not change the status',
    );

  const onRegenerate = () => {
    const edited = dirty || question.answerOrigin === 'manual';
    if (edited && !window.confirm('Replace the answer you edited with a new draft? Your text will be lost.'))
      return;
    setProblem(null);
    regenerate.mutate(question.id, {
      onSuccess: ({ question: drafted, creditsCharged }) => {
        onDraftChange(null);
        toast({
          title: drafted.answer ? 'New draft ready' : 'Nothing answers this question yet',
          description: [
            originLabel(drafted),
            creditsCharged > 0 ? `${creditsCharged} credits` : 'no credits used',
          ].join(' · '),
        });
      },
      onError: (err) => {
        setProblem(messageOf(err));
        if (!toastCreditFailure(err, 'RFP answer')) toastFailure('Could not draft the answer again', err);
      },
    });
  };

  const onSaveToLibrary = () =>
    library.mutate(question.id, {
      onSuccess: ({ created }) =>
        toast({
          title: created ? 'Saved to your answer library' : 'Already in your answer library',
          description: created ? 'The next RFP that asks this is answered from it, free.' : undefined,
        }),
      onError: (err) => toastFailure('Could not save to the library', err),
    });

  const origin = question.answerOrigin ?? 'none';
  const ordinal = project.questions.findIndex((q) => q.id === question.id) + 1;

  return (
    <section
      aria-labelledby={`${id}-question`}
      className="flex min-w-0 scroll-mt-20 flex-col gap-5 rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
      data-question-panel={question.id}
    >
      {onBack && (
        <Button variant="ghost" size="sm" className="-mt-1 -ml-2 self-start" onClick={onBack}>
          <ArrowLeft aria-hidden />
          All questions
        </Button>
      )}
      <div className="flex flex-col gap-2">
        <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <span>
            Question {ordinal} of {project.questions.length}
          </span>
          {question.ref && (
            <span className="font-mono break-all" data-question-ref>
              {question.ref}
            </span>
          )}
          {question.section && <span className="break-words">{sectionPath(question.section)}</span>}
        </p>
        <h2
          id={`${id}-question`}
          className="text-lg leading-snug font-semibold break-words"
          data-question-text
        >
          {question.text}
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <StatusBadge status={question.status} />
          {/* A draft's confidence: an answer written by hand has none. */}
          {origin !== 'manual' && <ConfidenceLabel confidence={question.confidence} />}
          {question.verdict && (
            <Badge
              variant={question.verdict === 'not_stated' ? 'outline' : 'secondary'}
              data-verdict={question.verdict}
            >
              {VERDICT_LABELS[question.verdict]}
            </Badge>
          )}
          <span
            className="inline-flex items-center gap-1 text-xs text-muted-foreground"
            data-answer-origin={origin}
          >
            {ORIGIN_ICONS[origin]}
            {originLabel(question)}
          </span>
        </div>
        {/* Why this confidence (an empty draft's origin line already says nothing answers it). */}
        {origin !== 'manual' && question.answer && question.confidenceReason && (
          <p className="text-xs text-muted-foreground" data-confidence-reason>
            {question.confidenceReason}
          </p>
        )}
      </div>

      <AnswerEditor
        value={text}
        onChange={(value) => onDraftChange(value === question.answer ? null : value)}
        onSave={save}
        onCitation={setPickedRef}
        disabled={regenerate.isPending}
        describedBy={dirty ? `${id}-unsaved` : undefined}
      />

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={save} disabled={!dirty || busy} data-save-answer>
            {update.isPending && update.variables?.patch.answer !== undefined ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <Save aria-hidden />
            )}
            Save answer
          </Button>
          {dirty && (
            <Button variant="ghost" onClick={() => onDraftChange(null)} disabled={busy}>
              <RotateCcw aria-hidden />
              Discard changes
            </Button>
          )}
          <Button
            variant="outline"
            onClick={onRegenerate}
            disabled={busy}
            title={`Draft it again: free from your answer library, ${price} credits from your documents`}
            data-regenerate
          >
            <RefreshCw className={regenerate.isPending ? 'animate-spin' : undefined} aria-hidden />
            {regenerate.isPending ? 'Drafting…' : 'Regenerate'}
          </Button>
          {dirty && (
            <span id={`${id}-unsaved`} className="text-sm text-amber-700 dark:text-amber-400" data-unsaved>
              Unsaved changes
            </span>
          )}
        </div>
        <fieldset className="flex flex-wrap items-center gap-2 rounded-xl border bg-muted/30 p-2">
          <legend className="sr-only">Review status</legend>
          <span className="px-1 text-sm text-muted-foreground" aria-hidden>
            Review:
          </span>
          {NEXT_STATUSES[question.status].map((status) => (
            <Button
              key={status}
              size="sm"
              variant={status === 'approved' ? 'default' : 'outline'}
              onClick={() => setStatus(status)}
              disabled={busy}
              data-set-status={status}
            >
              {STATUS_ACTIONS[status].icon}
              {STATUS_ACTIONS[status].label}
            </Button>
          ))}
        </fieldset>
        {problem && (
          <p role="alert" className="text-sm break-words text-destructive" data-question-problem>
            {problem}
          </p>
        )}
      </div>

      <SourceList
        sources={question.sources}
        question={question.text}
        pickedRef={pickedRef}
        emptyText={
          question.answerOrigin === 'library'
            ? 'This answer comes from your answer library, which keeps no document sources.'
            : 'No sources: a draft from your documents cites the passages it was taken from here.'
        }
      />

      <div className="flex flex-col gap-4">
        <AssigneeField
          assignee={question.assignee}
          suggestions={assignees}
          busy={update.isPending}
          onAssign={(assignee) =>
            patch(
              { assignee },
              assignee ? `Assigned to ${assignee}` : 'Unassigned',
              'Could not change the assignee',
            )
          }
        />
        <div className="flex flex-col gap-1.5" data-library>
          <span className="flex items-center gap-1.5 text-sm leading-none font-medium">
            <Library className="size-4" aria-hidden />
            Answer library
          </span>
          {question.libraryEntryId ? (
            <p className="flex min-h-10 items-center gap-1.5 text-sm text-success" data-in-library>
              <Check className="size-4 shrink-0" aria-hidden />
              {question.answerOrigin === 'library'
                ? 'Already in your answer library'
                : 'Saved to your answer library'}
            </p>
          ) : (
            <div className="flex flex-col gap-1">
              <Button
                variant="outline"
                className="self-start"
                onClick={onSaveToLibrary}
                disabled={question.status !== 'approved' || library.isPending || dirty}
                data-save-library
              >
                {library.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <BookMarked aria-hidden />
                )}
                Save to library
              </Button>
              {question.status !== 'approved' && (
                <p className="text-xs text-muted-foreground">
                  Approve the answer to save it for the next RFP.
                </p>
              )}
            </div>
          )}
        </div>
      </div>

      <CommentThread projectId={project.id} questionId={question.id} />
    </section>
  );
}
