import { Library, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useDemoLibrary, useDemoLibraryChange } from '../api.ts';

/**
 * The demo library (issue 8 point 6): a new knowledge base starts with a sample security and compliance
 * library so the chat works at once; one click removes it (and what it added to the graph), and it can be
 * loaded again later.
 */
export function DemoLibraryNotice({ ready }: { ready: boolean }) {
  const demo = useDemoLibrary(ready);
  const change = useDemoLibraryChange();
  if (!demo.data) return null;
  const { state, documents } = demo.data;

  const run = (what: 'remove' | 'load') =>
    change.mutate(what, {
      onSuccess: () =>
        toast(
          what === 'remove'
            ? { title: 'Demo content removed', description: 'Your own documents are as they were.' }
            : { title: 'Demo library loaded', description: 'Its documents are being processed.' },
        ),
      onError: (err) =>
        toastFailure(
          what === 'remove' ? 'Could not remove the demo content' : 'Could not load the demo library',
          err,
        ),
    });

  if (state === 'loaded' && documents > 0) {
    return (
      <div
        className="flex flex-col gap-3 rounded-xl border bg-muted/40 px-4 py-3 text-sm sm:flex-row sm:items-center"
        data-demo-library="loaded"
      >
        <Library className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
        <p className="min-w-0 flex-1">
          Your knowledge base starts with a sample security and compliance library ({formatNumber(documents)}{' '}
          {documents === 1 ? 'document' : 'documents'}), so you can try the chat at once. It costs nothing.
        </p>
        <Button variant="outline" size="sm" onClick={() => run('remove')} disabled={change.isPending}>
          {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Remove demo content
        </Button>
      </div>
    );
  }
  if (state === 'removed') {
    return (
      <p
        className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground"
        data-demo-library="removed"
      >
        The sample library is removed.
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => run('load')}
          disabled={change.isPending}
        >
          Load it again
        </Button>
      </p>
    );
  }
  return null;
}
