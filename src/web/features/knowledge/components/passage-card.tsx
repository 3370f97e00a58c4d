import { Download, FileSearch, FileText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { passagePlace } from '../../../lib/passage-link.ts';
import { documentFileHref } from '../api.ts';
import { formatLabel } from '../format.ts';
import { HighlightedText } from './highlighted-text.tsx';

export type PassageView = {
  chunkId: string;
  documentId: string;
  title: string;
  filename: string;
  mimeType?: string;
  section: string | null;
  page: number | null;
  /** The passage, with matches between « and ». */
  highlighted: string;
  createdAt?: string;
};

/** One passage found: its document, where in it, the words with the matches marked, and ways to open it. */
export function PassageCard({
  passage,
  picked = false,
  note,
  onNarrow,
}: {
  passage: PassageView;
  /** The passage the user came to see: picked out and scrolled to. */
  picked?: boolean;
  /** Why it is shown ("Cited in your chat"). */
  note?: string;
  /** "More from this document": narrows the search to the passage's document. */
  onNarrow?: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (picked) ref.current?.scrollIntoView({ block: 'center' });
  }, [picked]);
  const place = passagePlace(passage);
  return (
    <article
      ref={ref}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-xs',
        picked && 'ring-2 ring-primary',
      )}
      data-passage={passage.chunkId}
      data-picked={picked || undefined}
    >
      <header className="flex items-start gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h3 className="font-medium break-words" data-passage-title>
            {passage.title}
          </h3>
          <p className="text-xs break-words text-muted-foreground">
            {[place, passage.createdAt ? `added ${formatDate(passage.createdAt)}` : null]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <Badge variant="outline" className="shrink-0">
          {formatLabel(passage.filename, passage.mimeType ?? '')}
        </Badge>
      </header>
      {note && <p className="text-xs font-medium text-primary">{note}</p>}
      <p className="text-sm leading-relaxed break-words whitespace-pre-line" data-passage-text>
        <HighlightedText text={passage.highlighted} />
      </p>
      <div className="flex flex-wrap gap-1">
        <Button asChild variant="outline" size="sm">
          <a href={documentFileHref(passage.documentId)} download aria-label={`Download ${passage.title}`}>
            <Download aria-hidden />
            Download
          </a>
        </Button>
        {onNarrow && (
          <Button variant="ghost" size="sm" onClick={onNarrow}>
            <FileSearch aria-hidden />
            More from this document
          </Button>
        )}
      </div>
    </article>
  );
}
