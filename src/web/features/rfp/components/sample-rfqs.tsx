import { ChevronDown, FlaskConical, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { DemoRfq } from '../../../../shared/knowledge.ts';
import type { RfpProject } from '../../../../shared/rfp.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { usePasteQuestionnaire, useSampleRfqs } from '../api.ts';
import { plural } from '../format.ts';

/** A sample's request for quotation: the file named RFQ (there may be a statement of work beside it). */
const rfqFile = (rfq: DemoRfq) =>
  rfq.files.find((file) => /(^|\/)(?:attachment\d*_)?rfq\.md$/i.test(file.path)) ??
  rfq.files.find((file) => /rfq/i.test(file.path));

/** The sample requests for quotation of the demo library: one click makes a project of one and opens it. */
export function SampleRfqs({
  onCreated,
  disabled,
}: {
  onCreated: (project: RfpProject) => void;
  disabled: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const samples = useSampleRfqs(open);
  const paste = usePasteQuestionnaire();
  const [trying, setTrying] = useState<string | null>(null);

  const tryIt = (rfq: DemoRfq) => {
    const file = rfqFile(rfq);
    if (!file) return;
    setTrying(rfq.name);
    paste.mutate(
      { title: rfq.title.slice(0, 200), text: file.markdown },
      {
        onSuccess: (project) => {
          toast({
            title: 'Sample RFP created',
            description: `${plural(project.questions.length, 'question')} found.`,
          });
          onCreated(project);
        },
        onError: (err) => toastFailure('Could not create the sample RFP', err),
        onSettled: () => setTrying(null),
      },
    );
  };

  const usable = samples.data?.filter((rfq) => rfqFile(rfq)) ?? [];

  return (
    <div className="mt-4 border-t pt-4" data-sample-rfqs>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="-ml-3"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((o) => !o)}
      >
        <FlaskConical aria-hidden />
        Try a sample RFQ
        <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
      </Button>
      <div id={`${id}-list`} hidden={!open} className="pt-2">
        {samples.isError ? (
          <LoadError message="Could not load the sample RFQs." onRetry={() => void samples.refetch()} />
        ) : !samples.data ? (
          open && (
            <div role="status" aria-busy="true" className="grid gap-2 sm:grid-cols-2">
              <span className="sr-only">Loading the sample RFQs</span>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </div>
          )
        ) : (
          <>
            <p className="mb-2 text-sm text-muted-foreground">
              Public US government requests for quotation, to see how Maya reads and drafts a real one.
            </p>
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Sample RFQs">
              {usable.map((rfq) => (
                <li
                  key={rfq.name}
                  className="flex items-center gap-3 rounded-xl border bg-background p-3"
                  data-sample-rfq={rfq.name}
                >
                  <span className="min-w-0 flex-1 text-sm leading-snug font-medium">{rfq.title}</span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={disabled || paste.isPending}
                    onClick={() => tryIt(rfq)}
                    aria-label={`Try ${rfq.title}`}
                  >
                    {trying === rfq.name && <Loader2 className="animate-spin" aria-hidden />}
                    Try it
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
