import { Tabs } from 'radix-ui';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getAgent } from '../../../../shared/agents.ts';
import { QUESTION_MAX_LENGTH } from '../../../../shared/answers.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDocumentCount, useLibrarySize, useReviews } from '../api.ts';
import { AskPanel } from '../components/ask-panel.tsx';
import { EntryDetailDialog } from '../components/entry-detail-dialog.tsx';
import { EntryFormDialog, type EntryFormTarget } from '../components/entry-form-dialog.tsx';
import { LibraryPanel } from '../components/library-panel.tsx';
import { ReviewPanel } from '../components/review-panel.tsx';
import { type AskTurn, useAskSession } from '../use-ask-session.ts';

const EMMA = getAgent('emma');

const TABS = ['ask', 'library', 'reviews'] as const;
type Tab = (typeof TABS)[number];
const parseTab = (value: string | null): Tab =>
  (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'ask';

function TabTrigger({ value, children }: { value: Tab; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className={cn(
        'inline-flex h-9 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors sm:flex-none',
        'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs',
      )}
      data-tab={value}
    >
      {children}
    </Tabs.Trigger>
  );
}

function Count({ n, label }: { n: number | undefined; label: string }) {
  if (!n) return null;
  return (
    <Badge variant="secondary" className="px-1.5 py-0 tabular-nums" data-tab-count>
      {formatNumber(n)}
      <span className="sr-only"> {label}</span>
    </Badge>
  );
}

/**
 * `/instant-sales-answers` (issue 9 point 1): Emma, the Sales Q&A agent. Ask a question and get the answer
 * library's approved answer (free) or a cited answer from the documents; keep the library (search, filters,
 * edit, review dates, feedback); answer the questions sent for review. `?q=` asks a question on arrival, and
 * the question asked stays in the address, where the workflow reads it as the search context.
 */
export function SalesAnswersPage() {
  useDocumentTitle('Sales Q&A');
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const q = params.get('q')?.trim().slice(0, QUESTION_MAX_LENGTH) ?? '';

  const { ask: askInSession, turns, asking, update, clear } = useAskSession();
  const [draft, setDraft] = useState('');
  const documents = useDocumentCount();
  const librarySize = useLibrarySize();
  const reviews = useReviews();
  const openReviews = reviews.data?.filter((review) => review.status === 'open').length;
  const [form, setForm] = useState<EntryFormTarget | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);

  const setTab = useCallback(
    (next: Tab) =>
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          if (next === 'ask') changed.delete('tab');
          else changed.set('tab', next);
          return changed;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** The question last asked or taken from the address: the address changing to it asks nothing. */
  const asked = useRef<string | null>(null);

  const ask = useCallback(
    (raw: string, replacing?: string) => {
      const question = raw.trim().slice(0, QUESTION_MAX_LENGTH);
      if (!question || asking) return Promise.resolve(false);
      asked.current = question;
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          changed.set('q', question);
          changed.delete('tab');
          return changed;
        },
        { replace: true },
      );
      return askInSession(question, replacing);
    },
    [asking, askInSession, setParams],
  );

  // A question in the address (a workflow recommendation, a shared link) is asked on arrival, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new question in the address asks
  useEffect(() => {
    if (!q || q === asked.current) return;
    asked.current = q;
    // Back on the page with the question just asked: its answer is still here.
    if (turns[0]?.question === q) return;
    void askInSession(q);
  }, [q]);

  const onClear = () => {
    clear();
    asked.current = null;
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        changed.delete('q');
        return changed;
      },
      { replace: true },
    );
  };

  // A request answered or dismissed on the review list is shown so on its answer too.
  const freshTurns = turns.map((turn) => {
    const fresh = turn.review && reviews.data?.find((review) => review.id === turn.review?.id);
    return fresh && fresh !== turn.review ? { ...turn, review: fresh } : turn;
  });

  const addToLibrary = (turn: AskTurn) => {
    const onSaved = (entry: { id: string }) => update(turn.id, { addedEntryId: entry.id });
    const review = freshTurns.find((t) => t.id === turn.id)?.review;
    setForm(
      review?.status === 'open'
        ? { mode: 'review', review, onSaved }
        : { mode: 'create', question: turn.question, onSaved },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex items-center gap-4">
        <picture className="shrink-0">
          <source srcSet="/images/emma.webp" type="image/webp" />
          <img
            src="/images/emma.png"
            alt=""
            width={56}
            height={56}
            className="size-14 rounded-2xl object-cover"
          />
        </picture>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm font-medium text-muted-foreground">
            {EMMA.name} · {EMMA.title} agent
          </p>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Sales Q&amp;A</h1>
        </div>
      </header>
      <p className="-mt-3 text-sm text-muted-foreground">
        Answers to the questions buyers ask, in seconds: your team’s approved answers first, then your
        documents, with the passages cited. What nobody has answered yet goes to the review list.
      </p>

      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(parseTab(value))}
        className="flex flex-col gap-5"
      >
        <Tabs.List
          aria-label="Sales Q&A"
          className="flex w-full gap-1 self-start rounded-xl border bg-muted p-1 sm:w-auto"
        >
          <TabTrigger value="ask">Ask</TabTrigger>
          <TabTrigger value="library">
            <span className="sm:hidden">Library</span>
            <span className="hidden sm:inline">Answer library</span>
            <Count n={librarySize.data} label="entries" />
          </TabTrigger>
          <TabTrigger value="reviews">
            <span className="sm:hidden">Reviews</span>
            <span className="hidden sm:inline">Review list</span>
            <Count n={openReviews} label="open" />
          </TabTrigger>
        </Tabs.List>

        <Tabs.Content value="ask" className="focus-visible:outline-none">
          <AskPanel
            turns={freshTurns}
            asking={asking}
            draft={draft}
            onDraftChange={setDraft}
            onAsk={ask}
            onChangeTurn={update}
            onClear={onClear}
            onOpenEntry={setDetailId}
            onAddToLibrary={addToLibrary}
            onOpenReviews={() => setTab('reviews')}
            noDocuments={documents.data === 0}
            libraryEmpty={librarySize.data === 0}
            onAddEntry={() => setForm({ mode: 'create' })}
          />
        </Tabs.Content>
        <Tabs.Content value="library" className="focus-visible:outline-none">
          <h2 className="sr-only">Answer library</h2>
          <LibraryPanel
            onAdd={() => setForm({ mode: 'create' })}
            onOpenEntry={setDetailId}
            onEditEntry={(entry) => setForm({ mode: 'edit', entry })}
          />
        </Tabs.Content>
        <Tabs.Content value="reviews" className="focus-visible:outline-none">
          <h2 className="sr-only">Review list</h2>
          <ReviewPanel onAnswer={(review) => setForm({ mode: 'review', review })} onOpenEntry={setDetailId} />
        </Tabs.Content>
      </Tabs.Root>

      <EntryFormDialog target={form} onClose={() => setForm(null)} />
      <EntryDetailDialog
        entryId={detailId}
        onClose={() => setDetailId(null)}
        onEdit={(entry) => {
          setDetailId(null);
          setForm({ mode: 'edit', entry });
        }}
      />
    </div>
  );
}
