import { BookOpenText } from 'lucide-react';
import { useId } from 'react';
import type { KnowledgeSource } from '../../../../shared/knowledge.ts';
import { SourceItem } from '../../../components/source-item.tsx';

/** The passages a drafted answer cites: title, section and page, the words, each opening its document. */
export function SourceList({
  sources,
  question,
  pickedRef,
  emptyText,
}: {
  sources: KnowledgeSource[];
  question: string;
  pickedRef: number | null;
  emptyText: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2" data-sources>
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold">
        <BookOpenText className="size-4" aria-hidden />
        Sources
        {sources.length > 0 && <span className="font-normal text-muted-foreground">({sources.length})</span>}
      </h3>
      {sources.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Cited passages">
          {sources.map((source) => (
            <SourceItem
              key={`${source.ref}-${source.chunkId}`}
              source={source}
              words={question}
              pickedAt={source.ref === pickedRef ? 0 : null}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
