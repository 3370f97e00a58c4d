import {
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
import { ArrowDown, ArrowUp, ArrowUpDown, Loader2 } from 'lucide-react';
import { type ComponentProps, type MouseEvent, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CompanySort } from '../../../../shared/companies.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { type Company, companyPath, useSaveCompany } from '../api.ts';
import { formatNumber, listingOf, locationOf, NONE, sourceLabel } from '../format.ts';
import { FitBadge } from './fit-badge.tsx';
import { SaveToggle } from './save-toggle.tsx';
import { StatusSelect } from './status-select.tsx';

export const features = tableFeatures({
  rowSelectionFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  columnSizingFeature,
});

const helper = createColumnHelper<typeof features, Company>();

const Empty = () => <span className="text-muted-foreground">{NONE}</span>;

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

function SavedStatusCell({ company }: { company: Company }) {
  const account = company.savedAccount;
  const save = useSaveCompany();
  if (!account) return <Empty />;
  return (
    <StatusSelect
      value={account.status}
      aria-label={`Status of ${company.name}`}
      disabled={save.isPending}
      className="w-36"
      onChange={(status) =>
        save.mutate(
          { id: company.id, change: { status } },
          { onError: (err) => toastFailure('Could not change the status', err) },
        )
      }
    />
  );
}

function SavedTagsCell({ company }: { company: Company }) {
  const account = company.savedAccount;
  if (!account || account.tags.length === 0) return <Empty />;
  return (
    <ul className="flex gap-1 overflow-hidden" aria-label="Tags" title={account.tags.join(', ')}>
      {account.tags.map((tag) => (
        <li key={tag} className="shrink-0 rounded-full border px-2 py-0.5 text-xs">
          {tag}
        </li>
      ))}
    </ul>
  );
}

function SavedNotesCell({ company }: { company: Company }) {
  const account = company.savedAccount;
  if (!account?.notes) return <Empty />;
  return (
    <span className="line-clamp-2 text-sm" title={account.notes}>
      {account.notes}
    </span>
  );
}

export const COLUMNS = helper.columns([
  helper.display({
    id: 'select',
    size: 44,
    enableHiding: false,
    header: ({ table }) => (
      <IndeterminateCheckbox
        aria-label="Select all companies shown"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <IndeterminateCheckbox
        aria-label={`Select ${row.original.name}`}
        checked={row.getIsSelected()}
        indeterminate={false}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  }),
  helper.display({
    id: 'save',
    header: () => <span className="sr-only">My Companies</span>,
    size: 48,
    enableHiding: false,
    cell: ({ row }) => <SaveToggle company={row.original} />,
  }),
  helper.accessor('name', {
    header: 'Company',
    size: 260,
    enableHiding: false,
    cell: ({ row }) => (
      <div className="flex min-w-0 flex-col">
        <Link
          to={companyPath(row.original)}
          className="truncate font-medium text-foreground underline-offset-4 hover:underline"
        >
          {row.original.name}
        </Link>
        {(row.original.domain || row.original.imported) && (
          <span className="truncate text-xs text-muted-foreground">
            {row.original.domain ?? 'Your import'}
          </span>
        )}
      </div>
    ),
  }),
  helper.accessor((company) => company.fit ?? null, {
    id: 'fit',
    header: 'Fit',
    size: 100,
    enableSorting: false,
    cell: ({ getValue }) => {
      const fit = getValue();
      return fit ? <FitBadge fit={fit} /> : <Empty />;
    },
  }),
  helper.display({
    id: 'status',
    header: 'Status',
    size: 170,
    cell: ({ row }) => <SavedStatusCell company={row.original} />,
  }),
  helper.display({
    id: 'tags',
    header: 'Tags',
    size: 180,
    cell: ({ row }) => <SavedTagsCell company={row.original} />,
  }),
  helper.display({
    id: 'notes',
    header: 'Notes',
    size: 240,
    cell: ({ row }) => <SavedNotesCell company={row.original} />,
  }),
  helper.accessor('primaryIndustry', {
    id: 'industry',
    header: 'Industry',
    size: 200,
    enableSorting: false,
    cell: ({ row }) =>
      row.original.primaryIndustry ? (
        <div className="flex min-w-0 flex-col">
          <span className="truncate">{row.original.primaryIndustry}</span>
          {row.original.subIndustry && (
            <span className="truncate text-xs text-muted-foreground">{row.original.subIndustry}</span>
          )}
        </div>
      ) : (
        <Empty />
      ),
  }),
  helper.accessor('employees', {
    id: 'employees',
    header: 'Size',
    size: 160,
    sortDescFirst: true,
    cell: ({ row }) => {
      const { employees, size } = row.original;
      if (employees === null && !size) return <Empty />;
      return (
        <div className="flex flex-col">
          <span>{size ?? NONE}</span>
          {employees !== null && (
            <span className="text-xs text-muted-foreground">{formatNumber(employees)} employees</span>
          )}
        </div>
      );
    },
  }),
  helper.accessor((company) => locationOf(company), {
    id: 'location',
    header: 'Location',
    size: 220,
    enableSorting: false,
    cell: ({ getValue }) => {
      const location = getValue();
      return location ? <span className="line-clamp-2">{location}</span> : <Empty />;
    },
  }),
  helper.accessor('foundedYear', {
    id: 'founded',
    header: 'Founded',
    size: 110,
    sortDescFirst: true,
    cell: ({ getValue }) => getValue() ?? <Empty />,
  }),
  helper.accessor((company) => listingOf(company), {
    id: 'listing',
    header: 'Ticker',
    size: 140,
    enableSorting: false,
    cell: ({ getValue }) => getValue() ?? <Empty />,
  }),
  helper.accessor('source', {
    header: 'Source',
    size: 180,
    enableSorting: false,
    cell: ({ getValue }) => <span className="truncate">{sourceLabel(getValue())}</span>,
  }),
]);

/** The columns a user may show or hide, with their names for the column chooser. */
export const CHOOSABLE_COLUMNS = [
  { id: 'fit', label: 'Fit' },
  { id: 'status', label: 'Status' },
  { id: 'tags', label: 'Tags' },
  { id: 'notes', label: 'Notes' },
  { id: 'industry', label: 'Industry' },
  { id: 'employees', label: 'Size' },
  { id: 'location', label: 'Location' },
  { id: 'founded', label: 'Founded' },
  { id: 'listing', label: 'Ticker' },
  { id: 'source', label: 'Source' },
] as const;

/** Which table column sorts by which API sort, both ways. */
const SORTABLE: Record<string, { asc: CompanySort; desc: CompanySort }> = {
  name: { asc: 'name', desc: '-name' },
  employees: { asc: 'employees', desc: '-employees' },
  founded: { asc: 'founded', desc: '-founded' },
};

function sortingOf(sort: CompanySort): SortingState {
  const id = sort.replace(/^-/, '');
  return SORTABLE[id] ? [{ id, desc: sort.startsWith('-') }] : [];
}

function sortOf(sorting: SortingState): CompanySort {
  const [first] = sorting;
  const columns = first ? SORTABLE[first.id] : undefined;
  if (!first || !columns) return 'relevance';
  return first.desc ? columns.desc : columns.asc;
}

const resolve = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/** Sticky columns: the checkbox and the name stay in view while the table scrolls sideways. */
const STICKY: Record<string, string> = {
  select: 'sticky left-0 z-[1]',
  save: 'sticky left-11 z-[1]',
  name: 'sticky left-[92px] z-[1] shadow-[1px_0_0_var(--color-border)]',
};

const ROW_HEIGHT = 60;

type Props = {
  rows: Company[];
  sort: CompanySort;
  onSortChange: (sort: CompanySort) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  columnVisibility: ColumnVisibilityState;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  caption: string;
};

/**
 * The research table (Clay's table as the anchor): only the rows in view are in the page (TanStack Virtual),
 * the server sorts, and the next page loads as the end of the list comes into view.
 */
export function CompanyTable({
  rows,
  sort,
  onSortChange,
  selection,
  onSelectionChange,
  columnVisibility,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  caption,
}: Props) {
  const navigate = useNavigate();
  const sorting = sortingOf(sort);
  const table = useTable({
    features,
    columns: COLUMNS,
    data: rows,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    state: { sorting, rowSelection: selection, columnVisibility },
    onSortingChange: (updater) => onSortChange(sortOf(resolve(updater, sorting))),
    onRowSelectionChange: (updater) => onSelectionChange(resolve(updater, selection)),
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

  const columns = table.getVisibleLeafColumns();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;

  const openRow = (event: MouseEvent, company: Company) => {
    // Controls in the row do their own thing; the name is a link for keyboards and new tabs.
    if ((event.target as Element).closest('a, button, input, select, label, textarea')) return;
    if (window.getSelection()?.toString()) return;
    navigate(companyPath(company));
  };

  return (
    <div className="flex flex-col">
      <section
        ref={scrollRef}
        className="relative max-h-[calc(100dvh-16rem)] min-h-40 overflow-auto rounded-xl border bg-card"
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        data-company-table
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
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                      className={cn(
                        'sticky top-0 z-[2] h-11 border-b bg-card px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
                        header.column.id === 'save' && 'px-1.5',
                        STICKY[header.column.id],
                        STICKY[header.column.id] && 'z-[3]',
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
                  data-company-row={row.original.name}
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
                        cell.column.id === 'save' && 'px-1.5',
                        STICKY[cell.column.id],
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
      <div className="flex min-h-12 items-center justify-between gap-3 pt-3 text-sm text-muted-foreground">
        <span aria-live="polite">
          {formatNumber(modelRows.length)} {modelRows.length === 1 ? 'company' : 'companies'} shown
          {hasNextPage ? ', more below' : ''}
        </span>
        {hasNextPage && (
          <Button variant="outline" size="sm" onClick={fetchNextPage} disabled={isFetchingNextPage}>
            {isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
      </div>
    </div>
  );
}
