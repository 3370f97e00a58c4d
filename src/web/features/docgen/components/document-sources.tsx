import { BookOpenText } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { KnowledgeSource } from '../../../../shared/knowledge.ts';
import { SourceItem } from '../../../components/source-item.tsx';

/** What file search looks for: the passage's first words (a document has no question). */
const firstWords = (snippet: string) => snippet.replace(/…$/, '').split(/\s+/).slice(0, 8).join(' ');

/** The passages of the knowledge base the document cites, under the numbers it cites them by. */
export function DocumentSources({
  sources,
  pickedRef,
}: {
  sources: KnowledgeSource[];
  pickedRef: number | null;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3" data-document-sources>
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <BookOpenText className="size-4" aria-hidden />
        Sources
        {sources.length > 0 && <span className="font-normal text-muted-foreground">({sources.length})</span>}
      </h3>
      {sources.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No fact from your knowledge base is cited.{' '}
          <Link
            to="/sales-knowledge-agent"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Upload documents
          </Link>{' '}
          about your product, security and customers, and the next documents quote them with their source.
        </p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Cited passages">
          {sources.map((source) => (
            <SourceItem
              key={source.ref}
              source={source}
              words={firstWords(source.snippet)}
              pickedAt={source.ref === pickedRef ? 0 : null}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
