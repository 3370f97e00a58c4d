import { CircleAlert, Coins, X } from 'lucide-react';
import { Link } from 'react-router';
import type { RfpDraftResult } from '../../../../shared/rfp.ts';
import { JobProgress } from '../../../components/job-progress.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { plural } from '../format.ts';
import type { DraftRun } from '../use-draft-run.ts';

const answered = (result: RfpDraftResult) => result.fromLibrary + result.fromKnowledge;

/** What the run found: answers drafted, or that nothing in the library or documents answers the questions. */
function draftSummary(result: RfpDraftResult): string {
  if (result.drafted === 0) return 'Nothing was drafted.';
  const found = answered(result);
  if (found === 0) {
    return 'Your library and documents answer none of these questions yet: add documents to the knowledge base or answers to the library, then draft again.';
  }
  const left =
    result.unanswered > 0 ? `; ${plural(result.unanswered, 'question')} left for you to answer` : '';
  return `Drafted ${plural(found, 'answer')}${left}.`;
}

/** "Draft all" under way (its progress, question by question) or done (what it drafted, from where, at what cost). */
export function DraftStatus({ run }: { run: DraftRun }) {
  const { job } = run;
  if (run.running) {
    const progress = job?.progress ?? 0;
    const message =
      job?.message ??
      (run.questions !== null ? `0 of ${run.questions} questions drafted` : 'Waiting to start…');
    return (
      <div className="rounded-xl border bg-background p-3" aria-live="polite" data-draft-progress={progress}>
        <JobProgress label="Drafting progress" progress={progress} message={message} />
      </div>
    );
  }
  if (!job) return null;

  const dismiss = (
    <Button
      variant="ghost"
      size="icon"
      className="-mt-1 -mr-1 size-8 shrink-0"
      aria-label="Dismiss"
      onClick={run.dismiss}
    >
      <X aria-hidden />
    </Button>
  );

  if (job.status === 'failed') {
    return (
      <div
        role="alert"
        className="flex items-start gap-2 rounded-xl border border-destructive/50 bg-destructive/5 p-3"
        data-draft-result="failed"
      >
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <p className="flex-1 text-sm">
          <span className="font-medium">Drafting failed.</span> {job.error ?? 'Please try again.'} The answers
          drafted before it stopped are kept.
        </p>
        {dismiss}
      </div>
    );
  }

  const result = job.result;
  if (!result) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-xl border bg-background p-3"
      data-draft-result={result.stopped ? 'stopped' : 'done'}
      data-draft-progress={job.progress}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <JobProgress label="Drafting progress" progress={job.progress} message={job.message} />
        <p className="text-sm">
          <span className="font-medium">{draftSummary(result)}</span>{' '}
          {answered(result) > 0 && 'Check the drafts, then approve them.'}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" data-draft-counts>
          {(
            [
              ['From your library', result.fromLibrary, 'fromLibrary'],
              ['From your documents', result.fromKnowledge, 'fromKnowledge'],
              ['Left for review', result.unanswered, 'unanswered'],
              ['Credits charged', result.creditsCharged, 'creditsCharged'],
            ] as const
          ).map(([label, value, key]) => (
            <div key={key} className="flex flex-col" data-draft-count={key}>
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{formatNumber(value)}</dd>
            </div>
          ))}
        </dl>
        {result.stopped && (
          <p
            className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-destructive"
            data-draft-stopped
          >
            <Coins className="size-4 shrink-0" aria-hidden />
            Drafting stopped: {result.stopped}
            <Link to="/credits" className="font-medium text-primary underline-offset-4 hover:underline">
              Get more credits
            </Link>
          </p>
        )}
      </div>
      {dismiss}
    </div>
  );
}
