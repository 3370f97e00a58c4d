import { Download, FileText, Loader2, RefreshCw, Search, SearchX, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import {
  type KnowledgeDocument,
  PROCESSING_STAGE_LABELS,
  type ProcessingStage,
  RECENT_DOCUMENTS,
} from '../../../../shared/knowledge.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import {
  documentFileHref,
  isProcessing,
  useDeleteDocument,
  useDocuments,
  useReprocessDocument,
} from '../api.ts';
import { formatBytes, formatLabel } from '../format.ts';

const SEARCH_DELAY_MS = 300;

function DocumentStatus({ document }: { document: KnowledgeDocument }) {
  if (document.status === 'indexed') {
    return (
      <Badge variant="success" data-document-status="indexed">
        {PROCESSING_STAGE_LABELS.indexed}
      </Badge>
    );
  }
  if (document.status === 'failed') {
    return (
      <Badge variant="destructive" data-document-status="failed">
        {PROCESSING_STAGE_LABELS.failed}
      </Badge>
    );
  }
  const stage = (document.stage in PROCESSING_STAGE_LABELS ? document.stage : 'queued') as ProcessingStage;
  return (
    <Badge variant="secondary" data-document-status={document.status}>
      <Loader2 className="animate-spin" aria-hidden />
      {PROCESSING_STAGE_LABELS[stage]}
      {document.status === 'processing' && ` ${document.progress}%`}
    </Badge>
  );
}

function DocumentRow({ document }: { document: KnowledgeDocument }) {
  const remove = useDeleteDocument();
  const reprocess = useReprocessDocument();
  const busy = remove.isPending || reprocess.isPending;

  const onDelete = () => {
    if (
      !window.confirm(
        `Delete ${document.title}? Its passages, and what the graph learned only from it, go too.`,
      )
    ) {
      return;
    }
    remove.mutate(document.id, {
      onSuccess: () => toast({ title: 'Document deleted', description: document.title }),
      onError: (err) => toastFailure('Could not delete the document', err),
    });
  };
  const onReprocess = () =>
    reprocess.mutate(document.id, {
      onSuccess: () => toast({ title: 'Processing again', description: document.title }),
      onError: (err) => toastFailure('Could not process the document again', err),
    });

  return (
    <li className="flex flex-col gap-2 border-b py-3 last:border-0" data-document={document.id}>
      <div className="flex min-w-0 items-start gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="min-w-0 font-medium break-words" data-document-title>
              {document.title}
            </span>
            <DocumentStatus document={document} />
          </div>
          <p className="text-xs break-words text-muted-foreground">
            {document.filename} · {formatLabel(document.filename, document.mimeType)} ·{' '}
            {formatBytes(document.sizeBytes)} · added {formatDate(document.createdAt)}
            {document.status === 'indexed' &&
              ` · ${formatNumber(document.chunkCount)} ${document.chunkCount === 1 ? 'passage' : 'passages'}`}
          </p>
          {document.status === 'failed' && document.error && (
            <p className="text-sm break-words text-destructive" data-document-error>
              {document.error}
            </p>
          )}
        </div>
      </div>
      {/* Under the title, so a long title keeps the width of the card. */}
      <div className="-ml-3 flex flex-wrap gap-1 pl-8">
        <Button variant="ghost" size="sm" asChild>
          <a href={documentFileHref(document.id)} download aria-label={`Download ${document.title}`}>
            <Download aria-hidden />
            Download
          </a>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onReprocess}
          disabled={busy || isProcessing(document)}
          aria-label={`Re-process ${document.title}`}
        >
          <RefreshCw className={reprocess.isPending ? 'animate-spin' : undefined} aria-hidden />
          Re-process
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          disabled={busy}
          className="text-destructive hover:text-destructive"
          aria-label={`Delete ${document.title}`}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
        <AddToProject
          kind="document"
          refIds={[document.id]}
          name={document.title}
          variant="ghost"
          size="sm"
        />
      </div>
    </li>
  );
}

/** Spec 3: the document list, searched by title (case-insensitive substring), the 20 most recent first. */
export function DocumentList() {
  const id = useId();
  const [words, setWords] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(words.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [words]);
  const documents = useDocuments(q);

  let body: ReactNode;
  if (documents.isError) {
    body = <LoadError message="Could not load your documents." onRetry={() => void documents.refetch()} />;
  } else if (!documents.data) {
    body = (
      <div role="status" aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading your documents</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  } else if (documents.data.length === 0) {
    body = (
      <div
        className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground"
        data-documents-empty
      >
        {q ? <SearchX className="size-6" aria-hidden /> : <FileText className="size-6" aria-hidden />}
        {q ? `No document title contains “${q}”.` : 'No documents yet. Upload some above to start.'}
      </div>
    );
  } else {
    body = (
      <ul
        aria-label="Documents"
        className="-mr-2 max-h-[36rem] overflow-y-auto pr-2"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        data-document-list
      >
        {documents.data.map((document) => (
          <DocumentRow key={document.id} document={document} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-col gap-1.5">
            <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
              Documents
            </h2>
            <CardDescription>
              The {RECENT_DOCUMENTS} most recent, or those whose title matches.
            </CardDescription>
          </div>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search documents by title"
              placeholder="Search by title"
              className="pl-9"
              value={words}
              onChange={(event) => setWords(event.target.value)}
              data-document-search
            />
          </div>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </section>
  );
}
