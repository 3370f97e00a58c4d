import type { ColumnVisibilityState, RowSelectionState, SortingState } from '@tanstack/react-table';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import type { CompanySort } from '../../../../shared/companies.ts';
import { DataTable, EmptyCell, selectColumn, type TableFeatures } from '../../../components/data-table.tsx';
import { companyPath } from '../../../lib/company-path.ts';
import { formatNumber, NONE } from '../../../lib/format.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { type Company, useSaveCompany } from '../api.ts';
import { listingOf, locationOf, sourceLabel } from '../format.ts';
import { FitBadge } from './fit-badge.tsx';
import { SaveToggle } from './save-toggle.tsx';
import { StatusSelect } from './status-select.tsx';

const helper = createColumnHelper<TableFeatures, Company>();

function SavedStatusCell({ company }: { company: Company }) {
  const account = company.savedAccount;
  const save = useSaveCompany();
  if (!account) return <EmptyCell />;
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
  if (!account || account.tags.length === 0) return <EmptyCell />;
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
  if (!account?.notes) return <EmptyCell />;
  return (
    <span className="line-clamp-2 text-sm" title={account.notes}>
      {account.notes}
    </span>
  );
}

export const COLUMNS = helper.columns([
  selectColumn<Company>('Select all companies shown', (company) => company.name),
  helper.display({
    id: 'save',
    header: () => <span className="sr-only">My Companies</span>,
    size: 48,
    enableHiding: false,
    cell: ({ row }) => <SaveToggle company={row.original} />,
  }),
  helper.accessor('name', {
    header: 'Company',
    size: 240,
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
      return fit ? <FitBadge fit={fit} /> : <EmptyCell />;
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
        <EmptyCell />
      ),
  }),
  helper.accessor('employees', {
    id: 'employees',
    header: 'Size',
    size: 140,
    sortDescFirst: true,
    cell: ({ row }) => {
      const { employees, size } = row.original;
      if (employees === null && !size) return <EmptyCell />;
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
      return location ? <span className="line-clamp-2">{location}</span> : <EmptyCell />;
    },
  }),
  helper.accessor('foundedYear', {
    id: 'founded',
    header: 'Founded',
    size: 110,
    sortDescFirst: true,
    cell: ({ getValue }) => getValue() ?? <EmptyCell />,
  }),
  helper.accessor((company) => listingOf(company), {
    id: 'listing',
    header: 'Ticker',
    size: 140,
    enableSorting: false,
    cell: ({ getValue }) => getValue() ?? <EmptyCell />,
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

/** Sticky columns: the checkbox and the name stay in view while the table scrolls sideways. */
const COLUMN_CLASS_NAMES: Record<string, string> = {
  select: 'sticky left-0 z-[1]',
  save: 'sticky left-11 z-[1] px-1.5',
  name: 'sticky left-[92px] z-[1] shadow-[1px_0_0_var(--color-border)]',
};

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

/** The company research table; a row opens the company's page. */
export function CompanyTable({ sort, onSortChange, ...props }: Props) {
  const navigate = useNavigate();
  return (
    <DataTable
      {...props}
      columns={COLUMNS}
      getRowId={(company) => company.id}
      rowName={(company) => company.name}
      kind="company"
      sorting={sortingOf(sort)}
      onSortingChange={(sorting) => onSortChange(sortOf(sorting))}
      columnClassNames={COLUMN_CLASS_NAMES}
      onOpenRow={(company) => navigate(companyPath(company))}
      countLabel={(count) => `${formatNumber(count)} ${count === 1 ? 'company' : 'companies'}`}
    />
  );
}
