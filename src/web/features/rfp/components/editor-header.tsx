import { ArrowLeft, Building2, CheckCircle2, FileText, Loader2, Pencil, Sparkles } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { RFP_TITLE_MAX, type RfpProject } from '../../../../shared/rfp.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toastCreditFailure, useActivityPrice } from '../../../lib/credits.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useUpdateProject } from '../api.ts';
import { FORMAT_LABELS } from '../format.ts';
import type { DraftRun } from '../use-draft-run.ts';
import { DeadlineText } from './deadline-text.tsx';
import { DraftStatus } from './draft-status.tsx';
import { ExportMenu } from './export-menu.tsx';
import { ProgressSummary } from './progress-summary.tsx';

/** Title, issuer and deadline, edited in place. */
function DetailsForm({ project, onDone }: { project: RfpProject; onDone: () => void }) {
  const id = useId();
  const update = useUpdateProject(project.id);
  const [title, setTitle] = useState(project.title);
  const [issuer, setIssuer] = useState(project.issuer ?? '');
  const [deadline, setDeadline] = useState(project.deadline ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { title: title.trim(), issuer: issuer.trim() || null, deadline: deadline || null },
      {
        onSuccess: () => {
          toast({ title: 'RFP details saved' });
          onDone();
        },
        onError: (err) => toastFailure('Could not save the details', err),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      className="flex flex-col gap-3"
      data-rfp-details-form
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={RFP_TITLE_MAX}
          required
          autoFocus
          className="text-lg font-semibold"
          data-rfp-title-input
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-issuer`}>Issuer</Label>
          <Input
            id={`${id}-issuer`}
            value={issuer}
            onChange={(event) => setIssuer(event.target.value)}
            maxLength={200}
            placeholder="The prospect or company"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-deadline`}>Deadline</Label>
          <Input
            id={`${id}-deadline`}
            type="date"
            value={deadline}
            onChange={(event) => setDeadline(event.target.value)}
          />
        </div>
      </div>
      {update.error && (
        <p role="alert" className="text-sm text-destructive">
          {update.error.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending || !title.trim()}>
          {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Save
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The editor's head: the RFP's title (the page's h1, editable in place with the issuer and the deadline), its
 * progress, "Draft all" with its live progress and report, and the exports.
 */
export function EditorHeader({ project, run }: { project: RfpProject; run: DraftRun }) {
  const [editing, setEditing] = useState(false);
  const price = useActivityPrice('rfp_answer');
  const completed = project.completedAt !== null;

  const draftAll = () => {
    // Drafting again replaces the drafts not approved and not written by hand, and charges for them again.
    const draftable = project.questions.filter((q) => q.status !== 'approved' && q.answerOrigin !== 'manual');
    const redrafted = draftable.filter((q) => q.draftedAt !== null).length;
    if (
      redrafted > 0 &&
      !window.confirm(
        `Draft all ${draftable.length} questions that are not approved or written by you again? ${redrafted} of them already have a draft, which the new one replaces. Up to ${draftable.length * price} credits.`,
      )
    ) {
      return;
    }
    run.start.mutate(undefined, {
      onError: (err) => {
        if (!toastCreditFailure(err, 'Drafting RFP answers')) toastFailure('Could not start drafting', err);
      },
    });
  };

  return (
    <header className="flex flex-col gap-4 rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6">
      <Link
        to="/automated-rfp-responses"
        className="inline-flex items-center gap-1.5 self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        RFP responses
      </Link>
      {editing ? (
        <>
          <h1 className="sr-only">{project.title}</h1>
          <DetailsForm project={project} onDone={() => setEditing(false)} />
        </>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex items-start gap-2">
            <h1
              className="min-w-0 text-2xl leading-tight font-semibold tracking-tight break-words sm:text-3xl"
              data-rfp-heading
            >
              {project.title}
            </h1>
            <Button
              variant="ghost"
              size="icon"
              className="mt-0.5 size-8 shrink-0"
              aria-label="Edit the title, issuer and deadline"
              title="Edit details"
              onClick={() => setEditing(true)}
              data-edit-details
            >
              <Pencil aria-hidden />
            </Button>
          </div>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Building2 className="size-3.5 shrink-0" aria-hidden />
              {project.issuer ?? 'No issuer'}
            </span>
            <DeadlineText deadline={project.deadline} completed={completed} />
            <span className="inline-flex min-w-0 items-center gap-1">
              <FileText className="size-3.5 shrink-0" aria-hidden />
              <span className="break-all" data-rfp-source>
                {FORMAT_LABELS[project.sourceFormat]}
                {project.sourceFilename && ` · ${project.sourceFilename}`}
              </span>
            </span>
            {completed && (
              <Badge variant="success">
                <CheckCircle2 aria-hidden />
                Completed
              </Badge>
            )}
          </p>
        </div>
      )}

      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <ProgressSummary
          progress={project.progress}
          label="Approved answers"
          className="w-full lg:max-w-md"
        />
        <div className="flex flex-col gap-1.5 lg:items-end">
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={draftAll}
              disabled={run.running || run.start.isPending || completed}
              title={completed ? 'Every answer is approved: nothing to draft' : undefined}
              data-draft-all
            >
              {run.running || run.start.isPending ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <Sparkles aria-hidden />
              )}
              {run.running ? 'Drafting…' : 'Draft all'}
            </Button>
            <ExportMenu project={project} />
            <AddToProject kind="rfp" refIds={[project.id]} name={project.title} />
          </div>
          <p className="text-xs text-muted-foreground">
            {completed
              ? 'Every answer is approved.'
              : `Library answers are free; ${price} credits per answer from your documents.`}
          </p>
        </div>
      </div>
      <DraftStatus run={run} />
    </header>
  );
}
