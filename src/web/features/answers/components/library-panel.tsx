import { BookPlus, Library, Loader2, Plus, Search, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { ANSWER_CATEGORIES, type AnswerCategory, type LibraryEntry } from '../../../../shared/answers.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLibrary } from '../api.ts';
import { categoryLabel, plural } from '../format.ts';
import { DeleteEntryDialog } from './delete-entry-dialog.tsx';
import { LibraryEntryItem } from './library-entry-item.tsx';

/** How long typing pauses before the library is searched. */
const SEARCH_DEBOUNCE_MS = 300;
/** Tags shown before "All tags". */
const TAGS_SHOWN = 12;

function Chip({
  pressed,
  onClick,
  label,
  count,
  data,
}: {
  pressed: boolean;
  onClick: () => void;
  label: string;
  count: number;
  data?: Record<string, string>;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'bg-background text-foreground hover:bg-accent hover:text-accent-foreground',
      )}
      {...data}
    >
      {label}
      <span className={cn('tabular-nums', pressed ? 'opacity-90' : 'text-muted-foreground')}>
        {formatNumber(count)}
      </span>
    </button>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3" data-library-loading>
      <span className="sr-only">Loading your answer library</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-36 w-full rounded-xl" />
      ))}
    </div>
  );
}

type Props = {
  onAdd: () => void;
  onOpenEntry: (id: string) => void;
  onEditEntry: (entry: LibraryEntry) => void;
};

/** The answer library: search, category and tag filters with counts, and the entries. */
export function LibraryPanel({ onAdd, onOpenEntry, onEditEntry }: Props) {
  const id = useId();
  const [words, setWords] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<AnswerCategory | undefined>();
  const [tag, setTag] = useState<string | undefined>();
  const [allTags, setAllTags] = useState(false);
  const [deleting, setDeleting] = useState<LibraryEntry | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(words.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [words]);

  const library = useLibrary({ q, category, tag });
  const pages = library.data?.pages ?? [];
  const first = pages[0];
  const entries = pages.flatMap((page) => page.entries);
  const counts = first?.categories ?? {};
  const everything = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const filtered = Boolean(q || category || tag);
  const tags = first?.tags ?? [];
  const shownTags = allTags ? tags : tags.slice(0, TAGS_SHOWN);

  const clear = () => {
    setWords('');
    setQ('');
    setCategory(undefined);
    setTag(undefined);
  };

  let list: ReactNode;
  if (library.isError && !first) {
    list = (
      <div className="rounded-xl border p-6">
        <LoadError
          message={
            library.error instanceof Error ? library.error.message : 'The library could not be loaded.'
          }
          onRetry={() => void library.refetch()}
        />
      </div>
    );
  } else if (!first) {
    list = <ListSkeleton />;
  } else if (everything === 0) {
    list = (
      <StatePanel icon={<Library className="size-6" aria-hidden />} title="Your answer library is empty">
        <p className="max-w-lg text-sm text-muted-foreground" data-library-empty>
          The library holds your approved answers to the questions buyers ask again and again: pricing,
          security, integrations, objections. Emma gives a library answer first, free and word for word,
          whenever someone asks the same thing in other words; everything else she answers from your
          documents.
        </p>
        <Button onClick={onAdd}>
          <BookPlus aria-hidden />
          Add the first answer
        </Button>
      </StatePanel>
    );
  } else if (entries.length === 0) {
    list = (
      <StatePanel icon={<SearchX className="size-6" aria-hidden />} title="No entry matches">
        <p className="max-w-md text-sm text-muted-foreground">
          Try other words, or clear the filters. If the library lacks this answer, add it.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={clear}>
            Clear the filters
          </Button>
          <Button onClick={onAdd}>
            <Plus aria-hidden />
            Add an answer
          </Button>
        </div>
      </StatePanel>
    );
  } else {
    list = (
      <div className="flex flex-col gap-3" aria-busy={library.isFetching || undefined}>
        {library.isError && (
          <LoadError
            className="rounded-xl border p-4"
            message={
              library.error instanceof Error ? library.error.message : 'The library could not be loaded.'
            }
            onRetry={() => void library.refetch()}
          />
        )}
        <p className="text-sm text-muted-foreground" aria-live="polite" data-library-count>
          {filtered
            ? `${plural(first.total, 'entry matches', 'entries match')}`
            : `${plural(first.total, 'entry', 'entries')}, most recently changed first`}
        </p>
        <ol className="flex flex-col gap-3" aria-label="Library entries">
          {entries.map((entry) => (
            <li key={entry.id}>
              <LibraryEntryItem
                entry={entry}
                onOpen={() => onOpenEntry(entry.id)}
                onEdit={() => onEditEntry(entry)}
                onDelete={() => setDeleting(entry)}
              />
            </li>
          ))}
        </ol>
        {library.hasNextPage && (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => void library.fetchNextPage()}
            disabled={library.isFetchingNextPage}
          >
            {library.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
            Show more entries
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <search className="relative block flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search the library
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-q`}
            type="search"
            placeholder="Search questions and answers"
            className="pl-9"
            value={words}
            onChange={(event) => setWords(event.target.value)}
            maxLength={200}
            data-library-search
          />
        </search>
        <Button onClick={onAdd} data-add-entry>
          <Plus aria-hidden />
          Add an answer
        </Button>
      </div>

      {everything > 0 && (
        <div className="flex flex-col gap-2">
          <fieldset className="flex flex-wrap gap-1.5" data-category-filter>
            <legend className="sr-only">Category</legend>
            <Chip pressed={!category} onClick={() => setCategory(undefined)} label="All" count={everything} />
            {ANSWER_CATEGORIES.filter((c) => (counts[c] ?? 0) > 0).map((c) => (
              <Chip
                key={c}
                pressed={category === c}
                onClick={() => setCategory(category === c ? undefined : c)}
                label={categoryLabel(c)}
                count={counts[c] ?? 0}
                data={{ 'data-category-chip': c }}
              />
            ))}
          </fieldset>
          {tags.length > 0 && (
            <fieldset className="flex flex-wrap items-center gap-1.5" data-tag-filter>
              <legend className="sr-only">Tag</legend>
              {shownTags.map(({ tag: name, count }) => (
                <Chip
                  key={name}
                  pressed={tag === name}
                  onClick={() => setTag(tag === name ? undefined : name)}
                  label={`#${name}`}
                  count={count}
                  data={{ 'data-tag-chip': name }}
                />
              ))}
              {tags.length > TAGS_SHOWN && (
                <Button
                  variant="link"
                  size="sm"
                  className="h-8 px-1"
                  onClick={() => setAllTags((all) => !all)}
                >
                  {allTags ? 'Fewer tags' : `All ${tags.length} tags`}
                </Button>
              )}
            </fieldset>
          )}
        </div>
      )}

      <section aria-label="Library entries found">{list}</section>
      <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
