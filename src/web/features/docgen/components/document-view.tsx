import { ArrowLeft, FileX2, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { GeneratedDocument } from '../../../../shared/docgen.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useDocument, useUpdateDocument } from '../api.ts';
import { isEmailTemplate, KIND_LABELS, plural, templateName } from '../format.ts';
import { markRange } from '../missing-hints.ts';
import { DeleteDocumentButton } from './delete-document-dialog.tsx';
import { DocumentEditor, type Draft } from './document-editor.tsx';
import { MissingBadge } from './document-list.tsx';
import { DocumentSources } from './document-sources.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { MissingList } from './missing-list.tsx';

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="-ml-3 self-start"
      onClick={onBack}
      aria-label="Back to the templates and your documents"
      data-back
    >
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
}

function ViewSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4" data-document-loading>
      <span className="sr-only">Loading the document…</span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-5 w-1/3" />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-[28rem] rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}

/** Puts the caret on a mark of the text and scrolls the box to it, so the user types over it. */
function selectMark(area: HTMLTextAreaElement, range: [number, number]) {
  area.focus();
  area.setSelectionRange(range[0], range[1]);
  const linesBefore = area.value.slice(0, range[0]).split('\n').length - 1;
  const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 20;
  area.scrollTop = Math.max(0, linesBefore * lineHeight - area.clientHeight / 3);
}

function Loaded({ document, onBack }: { document: GeneratedDocument; onBack: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [pendingMark, setPendingMark] = useState<string | null>(null);
  const [pickedRef, setPickedRef] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = useUpdateDocument(document.id);

  // A document opened (or generated) is announced by moving to its title.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!draft || pendingMark === null || !textareaRef.current) return;
    const range = markRange(draft.markdown, pendingMark);
    if (range) selectMark(textareaRef.current, range);
    setPendingMark(null);
  }, [draft, pendingMark]);

  const edit = () => {
    setSaveError(null);
    setDraft({ title: document.title, markdown: document.markdown });
  };
  const fillIn = (what: string) => {
    if (!draft) edit();
    setPendingMark(what);
  };
  const cancel = () => {
    setDraft(null);
    setSaveError(null);
  };
  const save = () => {
    if (!draft) return;
    const patch = {
      ...(draft.title.trim() !== document.title ? { title: draft.title.trim() } : {}),
      ...(draft.markdown !== document.markdown ? { markdown: draft.markdown } : {}),
    };
    if (Object.keys(patch).length === 0) {
      cancel();
      return;
    }
    setSaveError(null);
    update.mutate(patch, {
      onSuccess: (saved) => {
        setDraft(null);
        toast({
          title: 'Document saved',
          description:
            saved.missing.length === 0
              ? 'Nothing is missing any more.'
              : `${plural(saved.missing.length, 'thing')} still missing.`,
        });
        headingRef.current?.focus();
      },
      onError: (err) => {
        setSaveError(err instanceof Error ? err.message : 'Unexpected error.');
        toastFailure('Could not save the document', err);
      },
    });
  };

  const kind = isEmailTemplate(document.template) ? 'email' : 'document';
  return (
    <article
      className="flex flex-col gap-4"
      aria-labelledby="docgen-document-title"
      data-document-view={document.id}
    >
      <BackButton onBack={onBack} />
      <header className="flex flex-col gap-3">
        <h2
          id="docgen-document-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight break-words outline-none sm:text-2xl"
          data-document-heading
        >
          {document.title}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="secondary">{templateName(document.template)}</Badge>
          <Badge variant="outline" className="font-normal">
            {KIND_LABELS[kind]}
          </Badge>
          {document.companyName && <span data-document-company>{document.companyName}</span>}
          <span aria-hidden>·</span>
          <span>
            Generated <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
            {document.updatedAt !== document.createdAt && (
              <>
                , edited <time dateTime={document.updatedAt}>{formatDate(document.updatedAt)}</time>
              </>
            )}
          </span>
          <MissingBadge count={document.missing.length} />
        </div>
        {!draft && (
          <div className="flex flex-wrap items-center gap-2" data-document-toolbar>
            <Button type="button" size="sm" variant="outline" onClick={edit} data-edit-document>
              <Pencil aria-hidden />
              Edit
            </Button>
            <ExportButtons document={document} />
            <AddToProject kind="generated_document" refIds={[document.id]} name={document.title} size="sm" />
            <DeleteDocumentButton document={document} onDeleted={onBack} />
          </div>
        )}
      </header>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="min-w-0 p-5 sm:p-8 lg:p-10">
          {draft ? (
            <DocumentEditor
              draft={draft}
              onChange={setDraft}
              onSave={save}
              onCancel={cancel}
              saving={update.isPending}
              error={saveError}
              textareaRef={textareaRef}
            />
          ) : (
            <div data-document-preview>
              <Markdown
                text={document.markdown}
                onCitation={setPickedRef}
                // An e-mail keeps its line breaks (the signature), as the copied text does.
                className={cn(
                  'mx-auto max-w-3xl text-[0.95rem]',
                  kind === 'email' && '[&_p]:whitespace-pre-line',
                )}
              />
            </div>
          )}
        </Card>
        <aside
          aria-label="Missing and sources"
          className="flex min-w-0 flex-col gap-6 rounded-2xl border bg-card p-4 shadow-xs lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto"
        >
          <MissingList document={document} onFillIn={fillIn} />
          <DocumentSources sources={document.sources} pickedRef={pickedRef} />
        </aside>
      </div>
    </article>
  );
}

/** One generated document: the preview (or the editor), what it lacks, its sources, exports and deletion. */
export function DocumentView({ id, onBack }: { id: string; onBack: () => void }) {
  const document = useDocument(id);
  if (document.data) return <Loaded key={document.data.id} document={document.data} onBack={onBack} />;
  if (document.isError) {
    const notFound = document.error instanceof ApiError && document.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <BackButton onBack={onBack} />
        {notFound ? (
          <StatePanel icon={<FileX2 className="size-6" aria-hidden />} title="Document not found">
            <p className="max-w-md text-sm text-muted-foreground">
              It may have been deleted, or the link belongs to another account.
            </p>
            <Button type="button" onClick={onBack}>
              Back to your documents
            </Button>
          </StatePanel>
        ) : (
          <div className="rounded-xl border p-6">
            <LoadError
              message={
                document.error instanceof Error ? document.error.message : 'Could not load the document.'
              }
              onRetry={() => void document.refetch()}
            />
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <BackButton onBack={onBack} />
      <ViewSkeleton />
    </div>
  );
}
