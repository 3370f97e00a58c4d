import { BookOpenText, Download } from 'lucide-react';
import { useId } from 'react';
import type { KnowledgeSource } from '../../../../shared/knowledge.ts';
import { SourceItem } from '../../../components/source-item.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { documentFileHref } from '../api.ts';
import { formatLabel } from '../format.ts';

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
              words={question}
              pickedAt={source.ref === pickedRef ? 0 : null}
              label={formatLabel(source.filename, '')}
            >
              <Button asChild variant="ghost" size="sm">
                <a
                  href={documentFileHref(source.documentId)}
                  download
                  aria-label={`Download ${source.title}`}
                >
                  <Download aria-hidden />
                  Download
                </a>
              </Button>
              {source.entity && <Badge variant="outline">Found through {source.entity}</Badge>}
            </SourceItem>
          ))}
        </ol>
      )}
    </aside>
  );
}
