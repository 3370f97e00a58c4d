import { FileSearch, Loader2, Search, SearchX, Upload, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DOCUMENT_FORMATS } from '../../../../shared/knowledge.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { PassageLinkState } from '../../../lib/passage-link.ts';
import { useAddressState } from '../../../lib/use-address-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { documentFileHref, useDocument, useKnowledgeStats, usePassageSearch } from '../api.ts';
import { EntityPicker } from '../components/entity-picker.tsx';
import { PassageCard, type PassageView } from '../components/passage-card.tsx';
import { type FileSearchState, hasFilters, parseFileSearch, writeFileSearch } from '../search-params.ts';

/** The largest page the search serves. */
const SEARCH_MAX = 100;

/** One entry per format label (".md" and ".markdown" are both Markdown). */
const TYPE_OPTIONS = Object.entries(DOCUMENT_FORMATS).filter(
  ([, format], index, all) => all.findIndex(([, other]) => other.label === format.label) === index,
);

function Filters({
  state,
  onChange,
}: {
  state: FileSearchState;
  onChange: (change: Partial<FileSearchState>) => void;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[10rem_10rem_10rem_minmax(0,1fr)]">
      <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <NativeSelect
          id={`${id}-type`}
          value={state.type ?? ''}
          onChange={(event) => onChange({ type: event.target.value || undefined, passage: undefined })}
          data-filter="type"
        >
          <option value="">Any type</option>
          {TYPE_OPTIONS.map(([extension, format]) => (
            <option key={extension} value={extension}>
              {format.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>Added from</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={state.from ?? ''}
          max={state.to}
          onChange={(event) => onChange({ from: event.target.value || undefined, passage: undefined })}
          data-filter="from"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>Added until</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={state.to ?? ''}
          min={state.from}
          onChange={(event) => onChange({ to: event.target.value || undefined, passage: undefined })}
          data-filter="to"
        />
      </div>
      {state.entity ? (
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <span className="text-sm font-medium">Mentions</span>
          <div className="flex h-10 items-center gap-2 rounded-md border px-3 text-sm">
            <span className="min-w-0 flex-1 truncate" data-filter="entity">
              {state.entityName ?? 'The chosen entity'}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="-mr-2 size-8"
              onClick={() => onChange({ entity: undefined, entityName: undefined, passage: undefined })}
              aria-label="Remove the entity filter"
            >
              <X aria-hidden />
            </Button>
          </div>
        </div>
      ) : (
        <EntityPicker
          label="Mentions"
          showLabel
          placeholder="Any entity"
          className="col-span-2 sm:col-span-1"
          onPick={(entity) => onChange({ entity: entity.id, entityName: entity.name, passage: undefined })}
        />
      )}
    </div>
  );
}

function ResultsSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Searching your documents</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-36 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/**
 * `/enterprise-file-search`: every passage of the user's documents that matches, with the matches marked,
 * filtered by type, date added and the entity mentioned; each passage says where it is (section, page) and
 * downloads its original. Opened at a passage (a chat source, the graph's evidence), it narrows to that
 * document and picks the passage out.
 */
export function FileSearchPage() {
  useDocumentTitle('Enterprise file search');
  const id = useId();
  const [state, setState] = useAddressState(parseFileSearch, writeFileSearch);
  const opened = (useLocation().state as PassageLinkState | null)?.passage ?? null;
  const [words, setWords] = useState(state.q);
  useEffect(() => setWords(state.q), [state.q]);

  const stats = useKnowledgeStats();
  const document = useDocument(state.document ?? null);
  // Words are needed: the filters narrow what they find.
  const searching = state.q.trim().length > 0;
  const search = usePassageSearch(
    {
      q: state.q,
      type: state.type,
      from: state.from,
      to: state.to,
      entity: state.entity,
      // Narrowed to one document (the server does not filter by document): a bigger page holds more of it.
      limit: state.document ? SEARCH_MAX : undefined,
    },
    searching,
  );
  const pages = search.data?.pages ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setState({ q: words.trim(), passage: undefined });
  };

  const found = pages
    .flatMap((page) => page.passages)
    .filter((passage) => !state.document || passage.documentId === state.document);
  const matchedAllWords = pages[0]?.matchedAllWords ?? true;
  // The cited passage is shown even when the words of the search do not find it again.
  const citedMissing =
    opened && opened.documentId === state.document && !found.some((p) => p.chunkId === opened.chunkId);
  const cited: PassageView | null =
    citedMissing && opened
      ? {
          chunkId: opened.chunkId,
          documentId: opened.documentId,
          title: opened.title,
          filename: opened.filename,
          section: opened.section,
          page: opened.page,
          highlighted: opened.text,
        }
      : null;
  const noDocuments = stats.data?.totalDocuments === 0;

  let results: ReactNode;
  if (noDocuments) {
    results = (
      <StatePanel icon={<Upload className="size-6" aria-hidden />} title="No documents to search yet">
        <p className="max-w-md text-sm text-muted-foreground">
          Upload your documents in the Knowledge agent; every passage becomes searchable here.
        </p>
        <Button asChild>
          <Link to="/sales-knowledge-agent">Upload documents</Link>
        </Button>
      </StatePanel>
    );
  } else if (!searching && !cited) {
    results = (
      <StatePanel icon={<FileSearch className="size-6" aria-hidden />} title="Search every passage">
        <p className="max-w-md text-sm text-muted-foreground">
          Type the words you are looking for. The passages that contain them are shown with the matches
          marked, and each opens its document.
        </p>
      </StatePanel>
    );
  } else if (search.isError && !cited) {
    results = (
      <div className="rounded-2xl border p-6">
        <LoadError
          message={search.error instanceof Error ? search.error.message : 'The search failed.'}
          onRetry={() => void search.refetch()}
        />
      </div>
    );
  } else if (searching && search.isPending && !cited) {
    results = <ResultsSkeleton />;
  } else if (found.length === 0 && !cited) {
    results = (
      <StatePanel icon={<SearchX className="size-6" aria-hidden />} title="No passage matches">
        <p className="max-w-md text-sm text-muted-foreground">
          {hasFilters(state) || state.document
            ? 'Try other words, or remove a filter.'
            : 'Try other words, or fewer of them.'}
        </p>
      </StatePanel>
    );
  } else {
    results = (
      <div className="flex flex-col gap-3" aria-busy={search.isFetching || undefined}>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-result-count>
          {matchedAllWords
            ? `${formatNumber(found.length)} ${found.length === 1 ? 'passage' : 'passages'}${search.hasNextPage ? ', best first' : ''}`
            : 'No passage holds every word: these hold some of them.'}
        </p>
        <ol className="flex flex-col gap-3" aria-label="Passages found">
          {cited && (
            <li>
              <PassageCard passage={cited} picked note="The passage you opened" />
            </li>
          )}
          {found.map((passage) => (
            <li key={passage.chunkId}>
              <PassageCard
                passage={passage}
                picked={passage.chunkId === state.passage}
                onNarrow={
                  state.document
                    ? undefined
                    : () => setState({ document: passage.documentId, passage: passage.chunkId })
                }
              />
            </li>
          ))}
        </ol>
        {search.hasNextPage && (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => void search.fetchNextPage()}
            disabled={search.isFetchingNextPage}
          >
            {search.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
            Show more passages
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Enterprise file search</h1>
        <p className="text-sm text-muted-foreground">
          Find the passage you need in everything you uploaded, and open the document where it is.
        </p>
      </header>

      <search className="block">
        <form onSubmit={onSubmit} className="flex gap-2">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search your documents
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={`${id}-q`}
              type="search"
              placeholder="Words or a phrase, e.g. multi-factor authentication"
              className="pl-9"
              value={words}
              onChange={(event) => setWords(event.target.value)}
              data-file-search
            />
          </div>
          <Button type="submit">Search</Button>
        </form>
      </search>

      <Filters state={state} onChange={setState} />

      {state.document && (
        <div
          className="flex flex-col gap-2 rounded-xl border bg-muted/40 px-4 py-3 text-sm sm:flex-row sm:items-center"
          data-narrowed-document
        >
          <p className="min-w-0 flex-1 break-words">
            Passages from{' '}
            <span className="font-medium">{document.data?.title ?? opened?.title ?? 'one document'}</span>
            {document.isError && <span className="text-muted-foreground"> (no longer available)</span>}
          </p>
          <div className="flex flex-wrap gap-1">
            {document.data && (
              <Button asChild variant="outline" size="sm">
                <a href={documentFileHref(state.document)} download>
                  Download
                </a>
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setState({ document: undefined, passage: undefined })}
            >
              Search all documents
            </Button>
          </div>
        </div>
      )}

      <section aria-label="Results">{results}</section>
    </div>
  );
}
