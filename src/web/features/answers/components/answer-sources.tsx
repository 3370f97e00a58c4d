import { useId } from 'react';
import type { KnowledgeSource } from '../../../../shared/knowledge.ts';
import { SourceItem } from '../../../components/source-item.tsx';

/** The passages a documents answer cites: title, section and page, the words, and a link to the passage. */
export function AnswerSources({
  sources,
  question,
  picked,
}: {
  sources: KnowledgeSource[];
  /** The words file search looks for when a passage is opened. */
  question: string;
  /** The source whose citation badge was picked last, and when. */
  picked: { ref: number; at: number } | null;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2" data-answer-sources>
      <h4 id={id} className="text-sm font-semibold">
        Sources
      </h4>
      <ol className="grid gap-2 md:grid-cols-2">
        {sources.map((source) => (
          <SourceItem
            key={source.ref}
            source={source}
            words={question}
            pickedAt={picked && picked.ref === source.ref ? picked.at : null}
          />
        ))}
      </ol>
    </section>
  );
}
