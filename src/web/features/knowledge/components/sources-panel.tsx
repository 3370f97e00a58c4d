import { BookOpenText, Download, ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { KnowledgeSource } from '../../../../shared/knowledge.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { documentFileHref } from '../api.ts';
import { formatLabel } from '../format.ts';
import { type PassageLinkState, passageHref, passagePlace } from '../passage-link.ts';

function SourceItem({
  source,
  question,
  picked,
}: {
  source: KnowledgeSource;
  question: string;
  picked: boolean;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (picked) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [picked]);
  const place = passagePlace(source);
  const state: PassageLinkState = {
    passage: {
      documentId: source.documentId,
      chunkId: source.chunkId,
      title: source.title,
      filename: source.filename,
      section: source.section,
      page: source.page,
      text: source.snippet,
    },
  };
  return (
    <li
      ref={ref}
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-background p-3',
        picked && 'ring-2 ring-primary/50',
      )}
      data-source={source.ref}
    >
      <div className="flex items-start gap-2">
        <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded bg-primary/10 px-1 text-xs font-semibold text-primary">
          {source.ref}
        </span>
        <div className="flex min-w-0 flex-col">
          <span className="font-medium break-words" data-source-title>
            {source.title}
          </span>
          <span className="text-xs text-muted-foreground" data-source-place>
            {[formatLabel(source.filename, ''), place].filter(Boolean).join(' · ')}
          </span>
        </div>
      </div>
      <blockquote className="border-l-2 pl-3 text-sm break-words text-muted-foreground" data-source-snippet>
        {source.snippet}
      </blockquote>
      {source.entity && (
        <div>
          <Badge variant="outline">Found through {source.entity}</Badge>
        </div>
      )}
      <div className="flex flex-wrap gap-1">
        <Button asChild variant="outline" size="sm">
          <Link to={passageHref(source, question)} state={state} data-open-passage>
            <ExternalLink aria-hidden />
            Open at passage
          </Link>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <a href={documentFileHref(source.documentId)} download aria-label={`Download ${source.title}`}>
            <Download aria-hidden />
            Download
          </a>
        </Button>
      </div>
    </li>
  );
}

/** The passages an answer cites: title, section, page and the cited words, each opening its document. */
export function SourcesPanel({
  sources,
  question,
  pickedRef,
}: {
  sources: KnowledgeSource[];
  /** The question answered: the words file search looks for when a passage is opened. */
  question: string;
  pickedRef: number | null;
}) {
  const id = useId();
  return (
    <aside
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border bg-card p-4 shadow-xs"
      data-sources-panel
    >
      <h2 id={id} className="flex items-center gap-2 text-lg leading-tight font-semibold tracking-tight">
        <BookOpenText className="size-5" aria-hidden />
        Sources
      </h2>
      {sources.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          The passages an answer is taken from appear here. Pick a number in an answer to see that passage.
        </p>
      ) : (
        <ol className="flex max-h-[30rem] flex-col gap-2 overflow-y-auto" aria-label="Cited passages">
          {sources.map((source) => (
            <SourceItem
              key={source.ref}
              source={source}
              question={question}
              picked={source.ref === pickedRef}
            />
          ))}
        </ol>
      )}
    </aside>
  );
}
