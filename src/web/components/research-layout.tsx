import { BookmarkPlus, Loader2, SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { formatNumber } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { useIsDesktop } from '../lib/use-is-desktop.ts';
import { Button } from './ui/button.tsx';
import { Label } from './ui/label.tsx';
import { NativeSelect } from './ui/native-select.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './ui/sheet.tsx';

type SortControl<T extends string> = {
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (sort: T) => void;
  /** The select's width class ('w-44'). */
  className?: string;
};

type Props<T extends string> = {
  /** The filter panel: beside the results on a desktop, in a sheet on smaller screens. */
  filters: ReactNode;
  filtersApplied: boolean;
  sort: SortControl<T>;
  /** A new search is loading while the previous results stay on screen, dimmed. */
  loadingNew: boolean;
  /** Beside the sort: the column chooser, an export button. */
  actions?: ReactNode;
  /** Under the toolbar: what the filters became, the selection bar. */
  above?: ReactNode;
  /** The table, cards, or the empty, loading or error state. */
  children: ReactNode;
  /** Under the results: a next page that failed to load. */
  below?: ReactNode;
};

/** A research page's filters, toolbar and results (the company and the people tables). */
export function ResearchLayout<T extends string>({
  filters,
  filtersApplied,
  sort,
  loadingNew,
  actions,
  above,
  children,
  below,
}: Props<T>) {
  const id = useId();
  const isDesktop = useIsDesktop();
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <>
      <div className="flex gap-6">
        {isDesktop && (
          <aside aria-label="Filters" className="w-60 shrink-0">
            <div className="sticky top-4 flex max-h-[calc(100dvh-2rem)] flex-col gap-3 overflow-y-auto pr-1 pb-4">
              <h2 className="text-base font-semibold">Filters</h2>
              {filters}
            </div>
          </aside>
        )}
        <section aria-labelledby={`${id}-results`} className="flex min-w-0 flex-1 flex-col gap-4">
          <h2 id={`${id}-results`} className="sr-only">
            Results
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            {!isDesktop && (
              <Button variant="outline" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
                <SlidersHorizontal aria-hidden />
                Filters
                {filtersApplied && <span className="sr-only">(some applied)</span>}
              </Button>
            )}
            <div className="flex items-center gap-2">
              <Label htmlFor={`${id}-sort`} className="text-muted-foreground">
                Sort by
              </Label>
              <NativeSelect
                id={`${id}-sort`}
                value={sort.value}
                onChange={(event) => sort.onChange(event.target.value as T)}
                className={sort.className ?? 'w-44'}
              >
                {sort.options.map((option) => (
                  <option key={option} value={option}>
                    {sort.labels[option]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="ml-auto flex flex-wrap items-center gap-2">
              {loadingNew && (
                <span
                  role="status"
                  className="inline-flex items-center gap-1.5 text-sm text-muted-foreground"
                >
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                  Searching…
                </span>
              )}
              {actions}
            </div>
          </div>
          {above}
          <div className={cn('transition-opacity', loadingNew && 'opacity-60')} aria-busy={loadingNew}>
            {children}
          </div>
          {below}
        </section>
      </div>

      {!isDesktop && (
        <Sheet open={filtersOpen} onOpenChange={setFiltersOpen}>
          <SheetContent side="left" className="gap-4 overflow-y-auto p-5">
            <div className="flex flex-col gap-1 pr-8">
              <SheetTitle>Filters</SheetTitle>
              <SheetDescription>Each change runs a new search.</SheetDescription>
            </div>
            {filters}
            <Button onClick={() => setFiltersOpen(false)} className="mt-2 shrink-0">
              Show results
            </Button>
          </SheetContent>
        </Sheet>
      )}
    </>
  );
}

type SelectionBarProps = {
  /** The bar's name: 'Selected companies'. */
  label: string;
  count: number;
  /** 'Save to My Companies'. */
  saveLabel: string;
  saving: boolean;
  onSave: () => void;
  onClear: () => void;
  /** More actions on the selection, after saving. */
  children?: ReactNode;
};

/** What to do with the selected rows: save them to the user's list, or clear the selection. */
export function SelectionBar({
  label,
  count,
  saveLabel,
  saving,
  onSave,
  onClear,
  children,
}: SelectionBarProps) {
  return (
    <section
      aria-label={label}
      className="flex flex-wrap items-center gap-2 rounded-xl border bg-accent/60 px-4 py-2.5 text-sm"
      data-selection-bar
    >
      <span className="font-medium">{formatNumber(count)} selected</span>
      <Button size="sm" onClick={onSave} disabled={saving}>
        {saving ? <Loader2 className="animate-spin" aria-hidden /> : <BookmarkPlus aria-hidden />}
        {saveLabel}
      </Button>
      {children}
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X aria-hidden />
        Clear selection
      </Button>
    </section>
  );
}

/**
 * Says how saving the selected rows went ('Saved to My People', '2 people saved.'); true when every row was
 * saved, so the caller can clear the selection.
 */
export function reportSaveMany(
  { saved, failed }: { saved: number; failed: number },
  nouns: { list: string; one: string; many: string },
): boolean {
  if (failed > 0) {
    toast({
      title: `Some ${nouns.many} were not saved`,
      description: `${saved} saved, ${failed} failed. Please try again.`,
      variant: 'destructive',
    });
    return false;
  }
  toast({
    title: `Saved to ${nouns.list}`,
    description: `${saved} ${saved === 1 ? nouns.one : nouns.many} saved.`,
  });
  return true;
}
