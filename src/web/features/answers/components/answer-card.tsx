import {
  ChevronDown,
  Coins,
  FileText,
  Library,
  RotateCcw,
  SearchX,
  TriangleAlert,
  Upload,
  UserRound,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import type { AskResponse, LibraryEntry } from '../../../../shared/answers.ts';
import { MODEL_UNAVAILABLE_NOTICE } from '../../../../shared/copilot.ts';
import { Markdown } from '../../../components/markdown.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { nextReviewDate, plural } from '../format.ts';
import { plainAnswer } from '../plain-text.ts';
import type { AskTurn } from '../use-ask-session.ts';
import { AnswerFeedback } from './answer-feedback.tsx';
import { AnswerSources } from './answer-sources.tsx';
import { CopyAnswerButton } from './copy-answer-button.tsx';
import { CategoryBadge, ReviewDueBadge } from './entry-badges.tsx';
import { SaveToLibraryButton } from './save-to-library-button.tsx';
import { UnansweredActions } from './unanswered-actions.tsx';

type Props = {
  turn: AskTurn;
  expanded: boolean;
  onToggle: () => void;
  onChange: (change: Partial<AskTurn>) => void;
  onRetry: () => void;
  onOpenEntry: (id: string) => void;
  onAddToLibrary: () => void;
  onOpenReviews: () => void;
  /** Asks the question again as a new one (after its answer was added to the library). */
  onAskAgain: () => void;
  /** The knowledge base has no documents: an unanswered question says where to add them. */
  noDocuments: boolean;
};

const TIME = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });

function LibraryOrigin({
  entry,
  match,
  onOpen,
}: {
  entry: LibraryEntry;
  match: number | null;
  onOpen: () => void;
}) {
  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-primary/20 bg-primary/5 p-3"
      data-answer-origin="library"
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Library className="size-4 text-primary" aria-hidden />
        From your answer library
      </p>
      <p className="text-sm break-words text-muted-foreground">
        The approved answer to “{entry.question}”
        {match !== null && match < 1 ? ` (${Math.round(match * 100)}% match)` : ''}.
      </p>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted-foreground">
        <li className="flex items-center gap-1">
          <UserRound className="size-3.5" aria-hidden />
          <span className="sr-only">Owner: </span>
          <span data-entry-owner>{entry.owner}</span>
        </li>
        <li>
          <span className="sr-only">Category: </span>
          <CategoryBadge category={entry.category} />
        </li>
        <li data-entry-reviewed>Last reviewed {formatDate(entry.lastReviewedAt)}</li>
        <li>
          {entry.reviewDue ? (
            <ReviewDueBadge />
          ) : (
            <span>Next review by {nextReviewDate(entry.lastReviewedAt)}</span>
          )}
        </li>
      </ul>
      <Button variant="link" size="sm" className="h-auto self-start p-0" onClick={onOpen} data-open-entry>
        Open in the library
      </Button>
    </div>
  );
}

function creditsText(response: AskResponse): string {
  if (response.creditsCharged > 0) return `${plural(response.creditsCharged, 'credit', 'credits')} used`;
  if (response.fromLibrary) return 'Free: a library answer';
  return 'Free: nothing was charged';
}

function AskingState() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-2" data-answer-loading>
      <span className="text-sm text-muted-foreground">Looking in your answer library and documents…</span>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function FailedState({ error, onRetry }: { error: NonNullable<AskTurn['error']>; onRetry: () => void }) {
  const noCredits = error.status === 402;
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-3"
      data-answer-error
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        {noCredits ? (
          <Coins className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        ) : (
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        )}
        <span data-answer-error-message>{error.message}</span>
      </p>
      {noCredits && (
        <p className="text-sm text-muted-foreground">
          Answers from your documents cost credits; answers from your library stay free.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {noCredits && (
          <Button asChild size="sm">
            <Link to="/credits">Get more credits</Link>
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden />
          Retry
        </Button>
      </div>
    </div>
  );
}

/** One question and its answer: where it came from, its sources, copy, thumbs, and what it cost. */
export function AnswerCard({
  turn,
  expanded,
  onToggle,
  onChange,
  onRetry,
  onOpenEntry,
  onAddToLibrary,
  onOpenReviews,
  onAskAgain,
  noDocuments,
}: Props) {
  const id = useId();
  const [picked, setPicked] = useState<{ ref: number; at: number } | null>(null);
  const response = turn.response;
  const origin =
    turn.status !== 'done' || !response
      ? turn.status
      : response.fromLibrary
        ? 'library'
        : response.answered
          ? 'documents'
          : 'unknown';

  let body: ReactNode = null;
  if (turn.status === 'asking') body = <AskingState />;
  else if (turn.status === 'failed' && turn.error)
    body = <FailedState error={turn.error} onRetry={onRetry} />;
  else if (response && !response.answered) {
    body = (
      <div className="flex flex-col gap-3">
        <p className="flex items-start gap-2 text-sm" data-answer-text>
          <SearchX className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            <span className="font-medium">Emma doesn’t know yet.</span> Nothing in your answer library or your
            documents answers this closely enough, so she won’t guess. Nothing was charged.
          </span>
        </p>
        {noDocuments && (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            <Upload className="size-4" aria-hidden />
            Your knowledge base has no documents yet.
            <Link
              to="/sales-knowledge-agent"
              className="font-medium text-primary underline underline-offset-4"
            >
              Upload documents
            </Link>
          </p>
        )}
        <UnansweredActions
          question={turn.question}
          review={turn.review}
          addedEntryId={turn.addedEntryId}
          onReviewSent={(review) => onChange({ review })}
          onAddToLibrary={onAddToLibrary}
          onOpenReviews={onOpenReviews}
          onAskAgain={onAskAgain}
        />
      </div>
    );
  } else if (response) {
    const entry = response.fromLibrary ? response.libraryEntry : null;
    body = (
      <div className="flex flex-col gap-4">
        {entry ? (
          <LibraryOrigin entry={entry} match={response.match} onOpen={() => onOpenEntry(entry.id)} />
        ) : (
          <p className="flex items-center gap-2 text-sm font-semibold" data-answer-origin="documents">
            <FileText className="size-4 text-primary" aria-hidden />
            From your documents
            <span className="font-normal text-muted-foreground">
              · {plural(response.sources.length, 'source', 'sources')}
            </span>
          </p>
        )}
        <Markdown
          text={response.answer}
          className="text-[0.95rem]"
          onCitation={entry ? undefined : (ref) => setPicked({ ref, at: Date.now() })}
        />
        {response.modelUnavailable && (
          <p className="text-xs text-muted-foreground" data-model-unavailable>
            {MODEL_UNAVAILABLE_NOTICE}
          </p>
        )}
        {!entry && response.sources.length > 0 && (
          <AnswerSources sources={response.sources} question={turn.question} picked={picked} />
        )}
        <div className="flex flex-col gap-3 border-t pt-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-3">
            <CopyAnswerButton answer={response.answer} />
            {!entry && (
              <SaveToLibraryButton
                question={turn.question}
                answer={response.answer}
                category={response.category}
                savedEntryId={turn.addedEntryId}
                onSaved={(addedEntryId) => onChange({ addedEntryId })}
                onOpenEntry={onOpenEntry}
              />
            )}
            <AnswerFeedback
              question={turn.question}
              answer={response.answer}
              entryId={entry?.id ?? null}
              owner={entry?.owner ?? null}
              vote={turn.vote}
              onVoted={(vote) => onChange({ vote })}
            />
          </div>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-credits-charged>
            <Coins className="size-3.5" aria-hidden />
            {creditsText(response)}
          </p>
        </div>
      </div>
    );
  }

  return (
    <article
      aria-labelledby={`${id}-question`}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5',
        turn.status === 'failed' && 'border-destructive/40',
      )}
      data-answer-turn
      data-answer-status={origin}
    >
      <header className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h3 id={`${id}-question`} className="font-semibold break-words" data-answer-question>
            {turn.question}
          </h3>
          <p className="text-xs text-muted-foreground">
            Asked at {TIME.format(new Date(turn.askedAt))}
            {!expanded && response ? ` · ${originLabel(response)}` : ''}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-2 size-9 shrink-0"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={`${id}-body`}
          aria-label={expanded ? 'Hide the answer' : 'Show the answer'}
        >
          <ChevronDown className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden />
        </Button>
      </header>
      <div id={`${id}-body`} hidden={!expanded}>
        {body}
      </div>
      {!expanded && response?.answered && (
        <p className="line-clamp-2 text-sm text-muted-foreground">{plainAnswer(response.answer)}</p>
      )}
    </article>
  );
}

function originLabel(response: AskResponse): string {
  if (!response.answered) return 'Not answered';
  return response.fromLibrary ? 'From your answer library' : 'From your documents';
}
