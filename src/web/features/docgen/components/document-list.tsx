import { FileText, FileX2, Mail } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { type DocumentSummary, useDocuments } from '../api.ts';
import { isEmailTemplate, plural, templateName } from '../format.ts';
import { DeleteDocumentButton } from './delete-document-dialog.tsx';

const SHOWN_FIRST = 10;

export function MissingBadge({ count }: { count: number }) {
  return count === 0 ? (
    <Badge variant="success" data-missing-count="0">
      Complete
    </Badge>
  ) : (
    <Badge
      variant="outline"
      className="border-amber-500/70 bg-amber-500/10 text-foreground"
      data-missing-count={count}
    >
      {count} missing
    </Badge>
  );
}

function DocumentRow({
  document,
  href,
  onDeleted,
}: {
  document: DocumentSummary;
  href: string;
  onDeleted: () => void;
}) {
  const Icon = isEmailTemplate(document.template) ? Mail : FileText;
  return (
    <li
      className="flex flex-col gap-2 border-b py-3 last:border-0 sm:flex-row sm:items-center"
      data-generated-document={document.id}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Link
            to={href}
            className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline"
            data-document-title
          >
            {document.title}
          </Link>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <span>{templateName(document.template)}</span>
            <span aria-hidden>·</span>
            <span>{document.companyName ?? 'No company'}</span>
            <span aria-hidden>·</span>
            <span>
              {document.updatedAt !== document.createdAt ? 'edited ' : ''}
              <time dateTime={document.updatedAt}>{formatDate(document.updatedAt)}</time>
            </span>
            <MissingBadge count={document.missing.length} />
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-1 pl-8 sm:pl-0">
        <Button asChild variant="outline" size="sm">
          <Link to={href} aria-label={`Open ${document.title}`}>
            Open
          </Link>
        </Button>
        <DeleteDocumentButton document={document} onDeleted={onDeleted} />
      </div>
    </li>
  );
}

/** "Your documents": every generated document, most recently changed first, each opening its preview. */
export function DocumentList({ hrefFor }: { hrefFor: (id: string) => string }) {
  const id = useId();
  const documents = useDocuments();
  const [showAll, setShowAll] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The row (and the button that was focused) is gone: focus goes back to the list.
  const onDeleted = () => headingRef.current?.focus();

  let body: ReactNode;
  if (documents.isError) {
    body = (
      <LoadError
        message={
          documents.error instanceof Error ? documents.error.message : 'Could not load your documents.'
        }
        onRetry={() => void documents.refetch()}
      />
    );
  } else if (!documents.data) {
    body = (
      <div role="status" aria-busy="true" className="flex flex-col gap-3" data-documents-loading>
        <span className="sr-only">Loading your documents…</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-start gap-3">
            <Skeleton className="size-5" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (documents.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center" data-documents-empty>
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <FileX2 className="size-6" aria-hidden />
        </span>
        <p className="font-medium">No documents yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Choose a template and who it is for, then Generate: every document is saved here to open, edit and
          export again.
        </p>
      </div>
    );
  } else {
    const shown = showAll ? documents.data : documents.data.slice(0, SHOWN_FIRST);
    body = (
      <>
        <ul className="flex flex-col" aria-labelledby={id} data-documents>
          {shown.map((document) => (
            <DocumentRow
              key={document.id}
              document={document}
              href={hrefFor(document.id)}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
        {documents.data.length > shown.length && (
          <Button variant="ghost" size="sm" className="self-start" onClick={() => setShowAll(true)}>
            Show all {documents.data.length}
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3" id="your-documents">
      <h2
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg leading-tight font-semibold tracking-tight outline-none"
      >
        Your documents
        {documents.data && documents.data.length > 0 && (
          <span className="text-sm font-normal text-muted-foreground">
            ({plural(documents.data.length, 'document')})
          </span>
        )}
      </h2>
      <div className="flex flex-col gap-2 rounded-2xl border bg-card px-4 py-2 shadow-xs">{body}</div>
    </section>
  );
}
