import { BookPlus, Eraser, Lightbulb, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import type { AskTurn } from '../use-ask-session.ts';
import { AnswerCard } from './answer-card.tsx';
import { AskBox } from './ask-box.tsx';

/** Questions a seller can try at once (the demo library answers the first ones). */
const EXAMPLES = [
  'How often are access reviews performed?',
  'Is customer data encrypted at rest?',
  'Do you have an incident response plan?',
  'How are backups tested?',
] as const;

type Props = {
  turns: AskTurn[];
  asking: boolean;
  draft: string;
  onDraftChange: (value: string) => void;
  onAsk: (question: string, replacing?: string) => Promise<boolean>;
  onChangeTurn: (id: string, change: Partial<AskTurn>) => void;
  onClear: () => void;
  onOpenEntry: (id: string) => void;
  onAddToLibrary: (turn: AskTurn) => void;
  onOpenReviews: () => void;
  /** The user has no documents. */
  noDocuments: boolean;
  /** The answer library has no entry yet. */
  libraryEmpty: boolean;
  onAddEntry: () => void;
};

function NoDocumentsNotice() {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border bg-muted/40 px-4 py-3 text-sm sm:flex-row sm:items-center"
      data-no-documents
    >
      <Upload className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
      <p className="min-w-0 flex-1">
        Your knowledge base has no documents yet, so only your answer library can answer. Upload your
        policies, product sheets and past RFPs, and Emma answers from them with citations.
      </p>
      <Button asChild variant="outline" size="sm">
        <Link to="/sales-knowledge-agent">Upload documents</Link>
      </Button>
    </div>
  );
}

/** What a screen reader hears about the newest question. */
function announcement(turn: AskTurn | undefined): string {
  if (!turn) return '';
  if (turn.status === 'asking') return 'Looking for the answer…';
  if (turn.status === 'failed') return `No answer: ${turn.error?.message ?? 'the question failed'}`;
  if (!turn.response?.answered) return 'Emma does not know the answer yet.';
  return turn.response.fromLibrary
    ? 'Answer ready, from your answer library.'
    : 'Answer ready, from your documents.';
}

/** Ask: the question box, then this session's answers, newest first (older ones folded). */
export function AskPanel({
  turns,
  asking,
  draft,
  onDraftChange,
  onAsk,
  onChangeTurn,
  onClear,
  onOpenEntry,
  onAddToLibrary,
  onOpenReviews,
  noDocuments,
  libraryEmpty,
  onAddEntry,
}: Props) {
  const id = useId();
  // The newest answer is open; the user opens or folds any of them.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const newest = turns[0]?.id;
  const isExpanded = (turn: AskTurn) => toggled[turn.id] ?? turn.id === newest;

  return (
    <div className="flex flex-col gap-5">
      <AskBox value={draft} onChange={onDraftChange} onAsk={(question) => onAsk(question)} asking={asking} />
      {noDocuments && <NoDocumentsNotice />}
      {turns.length === 0 ? (
        <section
          aria-labelledby={`${id}-examples`}
          className="flex flex-col gap-3 rounded-2xl border border-dashed p-5"
          data-ask-empty
        >
          <h2 id={`${id}-examples`} className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-5 text-primary" aria-hidden />
            Try a question buyers ask
          </h2>
          <p className="text-sm text-muted-foreground">
            Each answer says where it comes from: an approved answer from your library, or the passages of
            your documents it cites. Copy it into your e-mail, rate it, or send what Emma cannot answer for
            review.
          </p>
          <ul className="flex flex-wrap gap-2">
            {EXAMPLES.map((example) => (
              <li key={example}>
                <Button
                  variant="outline"
                  size="sm"
                  className="h-auto min-h-9 text-left whitespace-normal"
                  onClick={() => void onAsk(example)}
                  disabled={asking}
                >
                  {example}
                </Button>
              </li>
            ))}
          </ul>
          {libraryEmpty && (
            <div className="flex flex-col gap-2 border-t pt-3 text-sm sm:flex-row sm:items-center">
              <BookPlus className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
              <p className="min-w-0 flex-1 text-muted-foreground">
                Your answer library is empty. Add the answers your team has approved, and Emma gives them word
                for word, free, whenever someone asks the same thing.
              </p>
              <Button variant="outline" size="sm" className="self-start sm:self-auto" onClick={onAddEntry}>
                Add an answer
              </Button>
            </div>
          )}
        </section>
      ) : (
        <section aria-labelledby={`${id}-answers`} className="flex flex-col gap-3" data-answers>
          <div className="flex items-center justify-between gap-2">
            <h2 id={`${id}-answers`} className="text-lg font-semibold tracking-tight">
              This session’s answers
            </h2>
            <Button variant="ghost" size="sm" onClick={onClear} disabled={asking}>
              <Eraser aria-hidden />
              Clear
            </Button>
          </div>
          <p className="sr-only" role="status">
            {announcement(turns[0])}
          </p>
          <ol className="flex flex-col gap-3">
            {turns.map((turn) => (
              <li key={turn.id}>
                <AnswerCard
                  turn={turn}
                  expanded={isExpanded(turn)}
                  onToggle={() => setToggled((current) => ({ ...current, [turn.id]: !isExpanded(turn) }))}
                  onChange={(change) => onChangeTurn(turn.id, change)}
                  onRetry={() => void onAsk(turn.question, turn.id)}
                  onOpenEntry={onOpenEntry}
                  onAddToLibrary={() => onAddToLibrary(turn)}
                  onOpenReviews={onOpenReviews}
                  onAskAgain={() => void onAsk(turn.question)}
                  noDocuments={noDocuments}
                />
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
