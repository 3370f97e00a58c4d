import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ComponentProps, type MouseEvent, useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { NONE } from '../lib/format.ts';
import { LoadMore } from './load-more.tsx';

/** What every research table can do: select rows, hide columns, sort (on the server), fixed widths. */
export const features = tableFeatures({
  rowSelectionFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  columnSizingFeature,
});

export type TableFeatures = typeof features;

/** A cell with no value. */
export const EmptyCell = () => <span className="text-muted-foreground">{NONE}</span>;

function IndeterminateCheckbox({
  checked,
  indeterminate,
  ...props
}: { checked: boolean; indeterminate: boolean } & Omit<ComponentProps<'input'>, 'checked'>) {
  return (
    <input
      type="checkbox"
      className="block size-4 accent-primary"
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      {...props}
    />
  );
}

/** The checkbox column: one box per row, and one in the header for every row shown. */
export function selectColumn<TData extends object>(allLabel: string, rowName: (row: TData) => string) {
  return createColumnHelper<TableFeatures, TData>().display({
    id: 'select',
    size: 44,
    enableHiding: false,
    header: ({ table }) => (
      <IndeterminateCheckbox
        aria-label={allLabel}
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <IndeterminateCheckbox
        aria-label={`Select ${rowName(row.original)}`}
        checked={row.getIsSelected()}
        indeterminate={false}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  });
}

/** A selection with one row ticked or unticked (the cards on a phone, which have no table to do it). */
export function toggleRow(selection: RowSelectionState, id: string, checked: boolean): RowSelectionState {
  const next = { ...selection };
  if (checked) next[id] = true;
  else delete next[id];
  return next;
}

export const resolveUpdater = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

const ROW_HEIGHT = 60;

type Props<TData extends object> = {
  rows: TData[];
  columns: ColumnDef<TableFeatures, TData, unknown>[];
  getRowId: (row: TData) => string;
  /** The row's name, written to `data-{kind}-row` (what tests and the row's label use). */
  rowName: (row: TData) => string;
  /** 'company' -> `data-company-table` on the scroller and `data-company-row` on each row. */
  kind: string;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  columnVisibility: ColumnVisibilityState;
  /** Classes per column id for both the header and the cells: `sticky left-…` keeps a column in view. */
  columnClassNames?: Record<string, string>;
  /** A click on the row outside its own controls (links, buttons, inputs). */
  onOpenRow: (row: TData) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  caption: string;
  /** '1 company' / '12 companies'. */
  countLabel: (count: number) => string;
};

/**
 * A research table (Clay's table as the anchor): only the rows in view are in the page (TanStack Virtual),
 * the server sorts, and the next page loads as the end of the list comes into view.
 */
export function DataTable<TData extends object>({
  rows,
  columns: columnDefs,
  getRowId,
  rowName,
  kind,
  sorting,
  onSortingChange,
  selection,
  onSelectionChange,
  columnVisibility,
  columnClassNames = {},
  onOpenRow,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  caption,
  countLabel,
}: Props<TData>) {
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    state: { sorting, rowSelection: selection, columnVisibility },
    onSortingChange: (updater) => onSortingChange(resolveUpdater(updater, sorting)),
    onRowSelectionChange: (updater) => onSelectionChange(resolveUpdater(updater, selection)),
  });

  const scrollRef = useRef<HTMLElement>(null);
  const modelRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => modelRows[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);

  // Infinite scroll: the next page is fetched when the last ten rows come into view.
  useEffect(() => {
    if (last && last.index >= modelRows.length - 10 && hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [last, modelRows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // More columns to the right than fit: the edge fades, so a column cut at the edge reads as "scroll for more".
  const [moreRight, setMoreRight] = useState(false);
  const totalWidth = table.getTotalSize();
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the columns change the width.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const measure = () => setMoreRight(scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [totalWidth]);

  const columns = table.getVisibleLeafColumns();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;

  const openRow = (event: MouseEvent, row: TData) => {
    // Controls in the row do their own thing; the name is a link or button for keyboards.
    if ((event.target as Element).closest('a, button, input, select, label, textarea')) return;
    if (window.getSelection()?.toString()) return;
    onOpenRow(row);
  };

  return (
    <div className="flex flex-col">
      <div className="relative">
        {moreRight && (
          <div
            aria-hidden
            data-more-columns
            className="pointer-events-none absolute inset-y-px right-px z-20 w-12 rounded-r-xl bg-gradient-to-l from-card to-transparent"
          />
        )}
        <section
          ref={scrollRef}
          className="relative max-h-[calc(100dvh-16rem)] min-h-40 overflow-auto rounded-xl border bg-card"
          aria-label={caption}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          {...{ [`data-${kind}-table`]: '' }}
        >
          <table
            className="table-fixed border-separate border-spacing-0 text-sm"
            style={{ width: table.getTotalSize() }}
            aria-rowcount={hasNextPage ? -1 : modelRows.length + 1}
          >
            <caption className="sr-only">{caption}</caption>
            <colgroup>
              {columns.map((column) => (
                <col key={column.id} style={{ width: column.getSize() }} />
              ))}
            </colgroup>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} aria-rowindex={1}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const extra = columnClassNames[header.column.id];
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                        className={cn(
                          'sticky top-0 z-[2] h-11 border-b bg-card px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
                          extra,
                          extra?.includes('sticky') && 'z-[3]',
                        )}
                      >
                        {header.isPlaceholder ? null : header.column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 py-1 hover:text-foreground"
                          >
                            <table.FlexRender header={header} />
                            {sorted === 'asc' ? (
                              <ArrowUp className="size-3.5" aria-hidden />
                            ) : sorted === 'desc' ? (
                              <ArrowDown className="size-3.5" aria-hidden />
                            ) : (
                              <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />
                            )}
                            <span className="sr-only">, sort</span>
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {paddingTop > 0 && (
                <tr>
                  <td colSpan={columns.length} style={{ height: paddingTop, padding: 0 }} />
                </tr>
              )}
              {items.map((item) => {
                const row = modelRows[item.index];
                if (!row) return null;
                const selected = row.getIsSelected();
                return (
                  <tr
                    key={row.id}
                    aria-rowindex={item.index + 2}
                    aria-selected={selected}
                    {...{ [`data-${kind}-row`]: rowName(row.original) }}
                    onClick={(event) => openRow(event, row.original)}
                    className={cn('group cursor-pointer', selected && 'is-selected')}
                    style={{ height: ROW_HEIGHT }}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        data-column={cell.column.id}
                        className={cn(
                          'h-[60px] overflow-hidden border-b bg-card px-3 align-middle group-hover:bg-muted group-[.is-selected]:bg-accent',
                          columnClassNames[cell.column.id],
                        )}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                );
              })}
              {paddingBottom > 0 && (
                <tr>
                  <td colSpan={columns.length} style={{ height: paddingBottom, padding: 0 }} />
                </tr>
              )}
            </tbody>
          </table>
        </section>
      </div>
      <LoadMore
        shown={countLabel(modelRows.length)}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
      />
    </div>
  );
}
