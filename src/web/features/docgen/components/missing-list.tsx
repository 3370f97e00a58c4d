import { CircleCheck, PencilLine, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { GeneratedDocument } from '../../../../shared/docgen.ts';
import { Button } from '../../../components/ui/button.tsx';
import { missingFix } from '../missing-hints.ts';

/** What the document lacks, each with how to fix it and a way to type it in. */
export function MissingList({
  document,
  onFillIn,
}: {
  document: Pick<GeneratedDocument, 'missing' | 'contactId' | 'prospectId'>;
  onFillIn: (what: string) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3" data-missing-list>
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        {document.missing.length === 0 ? (
          <CircleCheck className="size-4 text-success" aria-hidden />
        ) : (
          <TriangleAlert className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
        )}
        {document.missing.length === 0 ? 'Nothing missing' : `Missing (${document.missing.length})`}
      </h3>
      {document.missing.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Every input this document needs is filled in, and your knowledge base answered every section that
          quotes it. Read it through once more before you send it.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {document.missing.map((what) => {
            const fix = missingFix(what, document);
            return (
              <li
                key={what}
                className="flex flex-col gap-2 rounded-xl border bg-background p-3"
                data-missing-item={what}
              >
                <mark className="self-start rounded-sm bg-yellow-200 px-1 text-sm font-medium break-words text-foreground dark:bg-yellow-500/40">
                  {what}
                </mark>
                <p className="text-sm text-muted-foreground">{fix.hint}</p>
                <div className="flex flex-wrap gap-1">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => onFillIn(what)}
                    aria-label={`Fill in ${what}`}
                    data-fill-in
                  >
                    <PencilLine aria-hidden />
                    Fill in
                  </Button>
                  {fix.link && (
                    <Button asChild variant="ghost" size="sm">
                      <Link to={fix.link.to}>{fix.link.label}</Link>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
