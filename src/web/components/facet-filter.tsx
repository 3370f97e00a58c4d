import { useId, useMemo, useOptimistic, useState, useTransition } from 'react';
import { formatNumber } from '../lib/format.ts';
import { Input } from './ui/input.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** One value of a filter with how many results it would show under the other filters. */
export type FacetCount = { value: string; count: number };

/** Values shown before 'Show all'. */
const SHOWN = 8;
/** A list this long gets a box to find a value in it. */
const SEARCHABLE = 12;

type Props = {
  title: string;
  /** Counts under the other filters; undefined while they load. */
  counts: FacetCount[] | undefined;
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  label?: (value: string) => string;
  /** The order to list values in (size bands in size order); by count when absent. */
  order?: readonly string[];
  emptyText: string;
};

/** One multi-select of a filter panel: a checkbox per value, with how many results each would show. */
export function FacetFilter({
  title,
  counts,
  selected: applied,
  onToggle,
  label = (v) => v,
  order,
  emptyText,
}: Props) {
  const id = useId();
  // The tick shows at once; the address (and so `applied`) changes when the router's transition commits.
  const [, startTransition] = useTransition();
  const [selected, setOptimistic] = useOptimistic(
    applied,
    (current: readonly string[], change: { value: string; checked: boolean }) =>
      change.checked ? [...current, change.value] : current.filter((value) => value !== change.value),
  );
  const toggle = (value: string, checked: boolean) =>
    startTransition(() => {
      setOptimistic({ value, checked });
      onToggle(value, checked);
    });
  const [expanded, setExpanded] = useState(false);
  const [find, setFind] = useState('');

  const options = useMemo(() => {
    const list = [...(counts ?? [])];
    // A selected value with no result under the other filters is still listed, so it can be unticked.
    for (const value of selected) {
      if (!list.some((option) => option.value === value)) list.push({ value, count: 0 });
    }
    if (order) list.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
    return list;
  }, [counts, selected, order]);

  const needle = find.trim().toLowerCase();
  const matching = needle ? options.filter((o) => label(o.value).toLowerCase().includes(needle)) : options;
  // Ticked values stay on top of a collapsed list, so the user sees what is applied.
  const collapsed = [
    ...matching.filter((o) => selected.includes(o.value)),
    ...matching.filter((o) => !selected.includes(o.value)),
  ].slice(0, Math.max(SHOWN, selected.length));
  const shown = expanded || needle ? matching : collapsed;

  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={counts === undefined ? `${id}-loading` : undefined}
    >
      <legend className="mb-1 text-sm font-semibold">{title}</legend>
      {counts === undefined && selected.length === 0 ? (
        <div id={`${id}-loading`} className="flex flex-col gap-2" aria-busy="true">
          <span className="sr-only">Loading {title.toLowerCase()} counts</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : options.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          {options.length >= SEARCHABLE && (
            <Input
              type="search"
              value={find}
              onChange={(event) => setFind(event.target.value)}
              placeholder={`Find ${title.toLowerCase()}`}
              aria-label={`Find ${title.toLowerCase()}`}
              className="h-8"
            />
          )}
          <ul className="flex flex-col gap-0.5">
            {shown.map((option) => {
              const checked = selected.includes(option.value);
              return (
                <li key={option.value}>
                  <label className="flex min-h-8 cursor-pointer items-center gap-2 rounded-md px-1.5 text-sm hover:bg-accent">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      checked={checked}
                      onChange={(event) => toggle(option.value, event.target.checked)}
                    />
                    <span className="min-w-0 flex-1 truncate">{label(option.value)}</span>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {formatNumber(option.count)}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {needle && matching.length === 0 && <p className="text-sm text-muted-foreground">No match.</p>}
          {!needle && matching.length > collapsed.length && (
            <button
              type="button"
              className="self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
            >
              {expanded ? 'Show fewer' : `Show all ${options.length}`}
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
