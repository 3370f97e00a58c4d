import type { ColumnVisibilityState } from '@tanstack/react-table';
import { Mail } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { PEOPLE_SORTS } from '../../../../shared/people.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { ColumnChooser } from '../../../components/column-chooser.tsx';
import { ExportButton, ExportDialog } from '../../../components/export-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ResearchLayout, reportSaveMany, SelectionBar } from '../../../components/research-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useColumnPrefs } from '../../../lib/column-prefs.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { useAddressState } from '../../../lib/use-address-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useIsDesktop } from '../../../lib/use-is-desktop.ts';
import { useSelection } from '../../../lib/use-selection.ts';
import {
  exportRequest,
  type Person,
  searchKey,
  useOpenedPerson,
  usePeopleFacets,
  usePeopleSearch,
  useSaveManyPeople,
} from '../api.ts';
import { ContactDrawer } from '../components/contact-drawer.tsx';
import { EnrichDialog } from '../components/enrich-dialog.tsx';
import { PeopleFilterPanel } from '../components/filter-panel.tsx';
import { PeopleFilterSummary } from '../components/filter-summary.tsx';
import { PeopleCards } from '../components/people-cards.tsx';
import { PeopleListsNav } from '../components/people-lists-nav.tsx';
import { PeopleSearchForm } from '../components/people-search-form.tsx';
import { CHOOSABLE_COLUMNS, PeopleTable } from '../components/people-table.tsx';
import { ResultsEmpty, ResultsError, ResultsSkeleton } from '../components/results-state.tsx';
import {
  hasCriteria,
  hasFilters,
  type PeopleSearch,
  parseSearch,
  SORT_LABELS,
  toWebParams,
  withoutFilters,
} from '../search-params.ts';

const NO_ROWS: Person[] = [];
/** Where the column choice is kept (listed in lib/session.ts LOCAL_STORAGE_KEYS). */
const COLUMN_PREFS_KEY = 'people-research-columns';

/** What a search costs, said before the user runs one (spec 2: prices are shown before a charge). */
function CostLine({ search }: { search: PeopleSearch }) {
  const text = search.myPeople
    ? 'My People is free to browse and filter.'
    : search.companyId
      ? 'The people of one company are free to browse and filter.'
      : 'A new search costs 1 credit when it finds people. Browsing, further pages, My People and the people of one company are free.';
  return (
    <p className="-mt-2 text-xs text-muted-foreground" data-cost-line>
      {text} Finding an e-mail address or phone number (on the contact card, or for the people you select) is
      charged only when found.
    </p>
  );
}

/**
 * `/people-finder-master/research` (spec 1 §2.1): the people table, and with `?myPeople=true` the user's My
 * People (also shown at `/people-finder-master?myPeople=true`, the sidebar's target). Everything that
 * defines the table is in the address; a row opens the person's contact card.
 */
export function PeopleResearchPage() {
  const [search, setSearch] = useAddressState(parseSearch, toWebParams);
  const isDesktop = useIsDesktop();
  const results = usePeopleSearch(search);
  const facets = usePeopleFacets(search);
  const saveMany = useSaveManyPeople();
  const drawer = useOpenedPerson();
  const [prefs, setPrefs] = useColumnPrefs(COLUMN_PREFS_KEY);

  const { selection, setSelection, selectedIds } = useSelection(searchKey(search).join('|'));
  const [exportTarget, setExportTarget] = useState<Parameters<typeof exportRequest>[0] | null>(null);
  const [enrichOpen, setEnrichOpen] = useState(false);
  // The people the lookup runs on, fixed when it starts (the selection may change while it runs).
  const [enriching, setEnriching] = useState<Person[]>([]);

  const rows = useMemo(() => results.data?.pages.flatMap((page) => page.people) ?? NO_ROWS, [results.data]);
  // What the server made of *these* filters: not the previous search's answer shown while this one loads.
  const validation =
    results.data && !results.isPlaceholderData ? (results.data.pages[0]?.filterValidation ?? null) : null;
  const companyName =
    search.companyId && !results.isPlaceholderData
      ? (rows.find((row) => row.company.id === search.companyId)?.company.name ?? null)
      : null;
  const columnVisibility = useMemo<ColumnVisibilityState>(() => ({ ...prefs }), [prefs]);

  const title = search.myPeople ? 'My People' : 'People research';
  useDocumentTitle(title);
  const caption = search.myPeople ? 'My People' : 'People found';
  const loadingNew = results.isFetching && results.isPlaceholderData;

  const onSaveSelected = () =>
    saveMany.mutate(selectedIds, {
      onSuccess: (result) => {
        if (reportSaveMany(result, { list: 'My People', one: 'person', many: 'people' })) setSelection({});
      },
      onError: (err) => toastFailure('Could not save the people', err),
    });

  const filterPanel = (
    <PeopleFilterPanel
      search={search}
      onChange={setSearch}
      facets={facets.data}
      facetsError={facets.isError}
      onRetryFacets={() => void facets.refetch()}
      validation={validation}
    />
  );

  let body: ReactNode;
  if (results.isPending) body = <ResultsSkeleton />;
  else if (results.isError && rows.length === 0)
    body = (
      <ResultsError
        error={results.error}
        onRetry={() => {
          void results.refetch();
          // Counts that failed for the same reason (a server still loading its data) come back with them.
          if (facets.isError) void facets.refetch();
        }}
      />
    );
  else if (rows.length === 0)
    body = (
      <ResultsEmpty
        myPeople={search.myPeople}
        filtered={hasCriteria(search)}
        onClear={() => setSearch({ ...withoutFilters(search), q: '', title: '' })}
        noMatch={results.isPlaceholderData ? null : (results.data?.pages[0]?.noMatch ?? null)}
        onTitle={(title, company) => setSearch(company ? { title, company: [company] } : { title })}
      />
    );
  else {
    const listProps = {
      rows,
      selection,
      onSelectionChange: setSelection,
      onOpen: drawer.open,
      hasNextPage: results.hasNextPage,
      isFetchingNextPage: results.isFetchingNextPage,
      fetchNextPage: () => void results.fetchNextPage(),
      caption,
    };
    body = isDesktop ? (
      <PeopleTable
        {...listProps}
        sort={search.sort}
        onSortChange={(sort) => setSearch({ sort })}
        columnVisibility={columnVisibility}
      />
    ) : (
      <PeopleCards {...listProps} />
    );
  }

  return (
    <div className="flex w-full flex-col gap-5 px-4 py-6 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
            <p className="mt-1 text-muted-foreground">
              {search.myPeople
                ? 'The people you saved, ready to reach: open someone to find their e-mail address or phone number.'
                : 'Find people by job title, name, seniority, department or company, then save the ones to reach.'}
            </p>
          </div>
          <PeopleListsNav current={search.myPeople ? 'my-people' : 'all'} />
        </div>
        <PeopleSearchForm title={search.title} q={search.q} onSearch={(terms) => setSearch(terms)} />
        <CostLine search={search} />
      </header>

      <ResearchLayout
        filters={filterPanel}
        filtersApplied={hasFilters(search)}
        sort={{
          value: search.sort,
          options: PEOPLE_SORTS,
          labels: SORT_LABELS,
          onChange: (sort) => setSearch({ sort }),
          className: 'w-40',
        }}
        loadingNew={loadingNew}
        actions={
          <>
            {isDesktop && <ColumnChooser columns={CHOOSABLE_COLUMNS} prefs={prefs} onChange={setPrefs} />}
            {rows.length > 0 && (
              <ExportButton
                selected={selectedIds.length}
                onClick={() => setExportTarget(selectedIds.length > 0 ? { ids: selectedIds } : { search })}
              />
            )}
          </>
        }
        above={
          <>
            <PeopleFilterSummary
              search={search}
              validation={validation}
              companyName={companyName}
              onChange={setSearch}
            />
            {selectedIds.length > 0 && (
              <SelectionBar
                label="Selected people"
                count={selectedIds.length}
                saveLabel="Save to My People"
                saving={saveMany.isPending}
                onSave={onSaveSelected}
                onClear={() => setSelection({})}
              >
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    const chosen = new Set(selectedIds);
                    setEnriching(rows.filter((row) => chosen.has(row.id)));
                    setEnrichOpen(true);
                  }}
                >
                  <Mail aria-hidden />
                  Find e-mails and phones
                </Button>
                <AddToProject
                  kind="person"
                  refIds={selectedIds}
                  name={`${selectedIds.length} ${selectedIds.length === 1 ? 'person' : 'people'}`}
                  size="sm"
                />
              </SelectionBar>
            )}
          </>
        }
        below={
          results.isFetchNextPageError && (
            <LoadError message="Failed to load more people" onRetry={() => void results.fetchNextPage()} />
          )
        }
      >
        {body}
      </ResearchLayout>

      <ContactDrawer person={drawer.person} onClose={drawer.close} />
      {enriching.length > 0 && (
        <EnrichDialog open={enrichOpen} onOpenChange={setEnrichOpen} people={enriching} />
      )}
      {exportTarget && (
        <ExportDialog
          open
          onOpenChange={(open) => {
            if (!open) setExportTarget(null);
          }}
          request={exportRequest(exportTarget)}
          selected={'ids' in exportTarget}
          one="person"
          many="people"
        />
      )}
    </div>
  );
}
