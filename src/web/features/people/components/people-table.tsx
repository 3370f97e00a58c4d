import {
  type ColumnVisibilityState,
  createColumnHelper,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { Mail, Phone } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { PeopleSort } from '../../../../shared/people.ts';
import { departmentLabel, seniorityLabel } from '../../../../shared/people.ts';
import { DataTable, EmptyCell, selectColumn, type TableFeatures } from '../../../components/data-table.tsx';
import { companyPath } from '../../../lib/company-path.ts';
import { formatPhone } from '../../../lib/phone.ts';
import type { Person } from '../api.ts';
import { isSynthetic, peopleCount, personLocation, personSourceLabel } from '../format.ts';
import { PersonSaveToggle } from './person-save-toggle.tsx';

const helper = createColumnHelper<TableFeatures, Person>();

/**
 * What we can offer for reaching someone, without giving away what is paid for. The server computes
 * `emailFind` with the finder itself, so "Can be guessed" is said only where Find e-mail will guess.
 */
function emailState(person: Person): string {
  if (person.email) return person.email;
  if (person.emailFind === 'verified') return 'On file';
  return person.emailFind === 'guessed' ? 'Can be guessed' : 'None held';
}

const phoneState = (person: Person) =>
  person.phone ? formatPhone(person.phone).text : person.hasPhone ? 'On file' : 'None held';

function ContactCell({ person }: { person: Person }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 text-xs">
      <span className="flex min-w-0 items-center gap-1.5" title={`E-mail: ${emailState(person)}`}>
        <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className={person.email ? 'truncate font-medium' : 'truncate text-muted-foreground'}>
          <span className="sr-only">E-mail: </span>
          {emailState(person)}
          {person.emailStatus === 'guessed' && ' (guessed)'}
        </span>
      </span>
      <span className="flex min-w-0 items-center gap-1.5" title={`Phone: ${phoneState(person)}`}>
        <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className={person.phone ? 'truncate font-medium' : 'truncate text-muted-foreground'}>
          <span className="sr-only">Phone: </span>
          {phoneState(person)}
        </span>
      </span>
    </div>
  );
}

function peopleColumns(onOpen: (person: Person) => void) {
  return helper.columns([
    selectColumn<Person>('Select all people shown', (person) => person.fullName),
    helper.display({
      id: 'save',
      header: () => <span className="sr-only">My People</span>,
      size: 48,
      enableHiding: false,
      cell: ({ row }) => <PersonSaveToggle person={row.original} />,
    }),
    helper.accessor('fullName', {
      id: 'name',
      header: 'Name',
      size: 220,
      enableHiding: false,
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col items-start">
          <button
            type="button"
            onClick={() => onOpen(row.original)}
            className="max-w-full truncate text-left font-medium underline-offset-4 hover:underline"
            aria-haspopup="dialog"
          >
            {row.original.fullName}
          </button>
          {isSynthetic(row.original) && <span className="text-xs text-muted-foreground">Sample data</span>}
          {row.original.imported && <span className="text-xs text-muted-foreground">Your import</span>}
        </div>
      ),
    }),
    helper.accessor('title', {
      header: 'Title',
      size: 210,
      enableSorting: false,
      cell: ({ getValue }) => {
        const title = getValue();
        return title ? (
          <span className="line-clamp-2" title={title}>
            {title}
          </span>
        ) : (
          <EmptyCell />
        );
      },
    }),
    helper.accessor((person) => person.company.name, {
      id: 'company',
      header: 'Company',
      size: 220,
      enableSorting: false,
      cell: ({ row }) => {
        const { company } = row.original;
        return (
          <div className="flex min-w-0 flex-col">
            <Link
              to={companyPath(company)}
              className="truncate font-medium text-foreground underline-offset-4 hover:underline"
            >
              {company.name}
            </Link>
            {company.industry && (
              <span className="truncate text-xs text-muted-foreground">{company.industry}</span>
            )}
          </div>
        );
      },
    }),
    helper.accessor((person) => seniorityLabel(person.seniority), {
      id: 'seniority',
      header: 'Seniority',
      size: 120,
      enableSorting: false,
      cell: ({ getValue }) => getValue() ?? <EmptyCell />,
    }),
    helper.accessor((person) => departmentLabel(person.department), {
      id: 'department',
      header: 'Department',
      size: 170,
      enableSorting: false,
      cell: ({ getValue }) => <span className="truncate">{getValue() ?? <EmptyCell />}</span>,
    }),
    helper.accessor((person) => personLocation(person), {
      id: 'location',
      header: 'Location',
      size: 210,
      enableSorting: false,
      cell: ({ getValue }) => {
        const location = getValue();
        return location ? <span className="line-clamp-2">{location}</span> : <EmptyCell />;
      },
    }),
    helper.display({
      id: 'contact',
      header: 'Contact',
      size: 220,
      cell: ({ row }) => <ContactCell person={row.original} />,
    }),
    helper.accessor('source', {
      header: 'Source',
      size: 190,
      enableSorting: false,
      cell: ({ getValue }) => <span className="truncate">{personSourceLabel(getValue())}</span>,
    }),
  ]);
}

/** The columns a user may show or hide, with their names for the column chooser. */
export const CHOOSABLE_COLUMNS = [
  { id: 'title', label: 'Title' },
  { id: 'company', label: 'Company' },
  { id: 'seniority', label: 'Seniority' },
  { id: 'department', label: 'Department' },
  { id: 'location', label: 'Location' },
  { id: 'contact', label: 'Contact' },
  { id: 'source', label: 'Source' },
] as const;

const sortingOf = (sort: PeopleSort): SortingState =>
  sort === 'relevance' ? [] : [{ id: 'name', desc: sort === '-name' }];

function sortOf(sorting: SortingState): PeopleSort {
  const [first] = sorting;
  if (first?.id !== 'name') return 'relevance';
  return first.desc ? '-name' : 'name';
}

/** Sticky columns: the checkbox, the save button and the name stay in view while the table scrolls sideways. */
const COLUMN_CLASS_NAMES: Record<string, string> = {
  select: 'sticky left-0 z-[1]',
  save: 'sticky left-11 z-[1] px-1.5',
  name: 'sticky left-[92px] z-[1] shadow-[1px_0_0_var(--color-border)]',
};

type Props = {
  rows: Person[];
  sort: PeopleSort;
  onSortChange: (sort: PeopleSort) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  columnVisibility: ColumnVisibilityState;
  onOpen: (person: Person) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  caption: string;
};

/** The people research table; a row opens the person's contact drawer. */
export function PeopleTable({ sort, onSortChange, onOpen, ...props }: Props) {
  const columns = useMemo(() => peopleColumns(onOpen), [onOpen]);
  return (
    <DataTable
      {...props}
      columns={columns}
      getRowId={(person) => person.id}
      rowName={(person) => person.fullName}
      kind="person"
      sorting={sortingOf(sort)}
      onSortingChange={(sorting) => onSortChange(sortOf(sorting))}
      columnClassNames={COLUMN_CLASS_NAMES}
      onOpenRow={onOpen}
      countLabel={peopleCount}
    />
  );
}
