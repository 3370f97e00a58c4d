import type { ColumnVisibilityState } from '@tanstack/react-table';
import { FileText } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MY_COMPANIES_HREF } from '../../../../shared/app-nav.ts';
import { COMPANY_SORTS } from '../../../../shared/companies.ts';
import { documentGenerationPath } from '../../../../shared/company-context.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { ColumnChooser } from '../../../components/column-chooser.tsx';
import { ExportButton, ExportDialog } from '../../../components/export-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ResearchLayout, reportSaveMany, SelectionBar } from '../../../components/research-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useColumnPrefs } from '../../../lib/column-prefs.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { useAddressState } from '../../../lib/use-address-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useIsDesktop } from '../../../lib/use-is-desktop.ts';
import { useSelection } from '../../../lib/use-selection.ts';
import { type Company, exportRequest, searchKey, useCompanySearch, useFacets, useSaveMany } from '../api.ts';
import { CompanyCards } from '../components/company-cards.tsx';
import { CompanySearchBox } from '../components/company-search-box.tsx';
import { CHOOSABLE_COLUMNS, CompanyTable } from '../components/company-table.tsx';
import { FilterPanel } from '../components/filter-panel.tsx';
import { FilterSummary } from '../components/filter-summary.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { ResultsEmpty, ResultsError, ResultsSkeleton } from '../components/results-state.tsx';
import { SizeCoverageNotice } from '../components/size-coverage-notice.tsx';
import {
  type CompanySearch,
  hasCriteria,
  hasFilters,
  parseSearch,
  SORT_LABELS,
  toWebParams,
  WITHOUT_FILTER,
  withoutFilters,
} from '../search-params.ts';

const NO_ROWS: Company[] = [];
const SAVED_COLUMNS = ['status', 'tags', 'notes'];
/** Where the column choice is kept (listed in lib/session.ts LOCAL_STORAGE_KEYS). */
const COLUMN_PREFS_KEY = 'company-research-columns';

/**
 * `/sales-account-development/research`: the research table (spec 1 §2.1; issue 5 §7), and with
 * `?myCompanies=true` the user's My Companies (the sidebar adds `source=sidebar`, which only says where the
 * user came from). Everything that defines the table is in the address.
 */
export function ResearchPage() {
  const [search, setSearch] = useAddressState(parseSearch, toWebParams);
  const isDesktop = useIsDesktop();
  const results = useCompanySearch(search);
  const facets = useFacets(search);
  const saveMany = useSaveMany();
  const [prefs, setPrefs] = useColumnPrefs(COLUMN_PREFS_KEY);
  const [exportTarget, setExportTarget] = useState<Parameters<typeof exportRequest>[0] | null>(null);
  // `?import=true` (Integrations > Import & export) opens the import at once.
  const [importOpen, setImportOpen] = useState(
    () => new URLSearchParams(window.location.search).get('import') === 'true',
  );

  const key = searchKey(search).join('|');
  const { selection, setSelection, selectedIds } = useSelection(key);

  const rows = useMemo(
    () => results.data?.pages.flatMap((page) => page.companies) ?? NO_ROWS,
    [results.data],
  );
  // What the server made of *these* filters: not the previous search's answer shown while this one loads.
  const firstPage = results.data && !results.isPlaceholderData ? results.data.pages[0] : undefined;
  const validation = firstPage?.filterValidation ?? null;
  const sizeCoverage = firstPage?.sizeCoverage ?? null;
  const showFit = rows.some((row) => row.fit);
  const applicable = CHOOSABLE_COLUMNS.filter(
    (column) =>
      (column.id !== 'fit' || showFit) && (search.myCompanies || !SAVED_COLUMNS.includes(column.id)),
  );
  const columnVisibility = useMemo<ColumnVisibilityState>(() => {
    const visible: ColumnVisibilityState = { ...prefs };
    if (!showFit) visible.fit = false;
    if (!search.myCompanies) for (const column of SAVED_COLUMNS) visible[column] = false;
    return visible;
  }, [prefs, showFit, search.myCompanies]);

  const title = search.myCompanies ? 'My Companies' : 'Company research';
  useDocumentTitle(title);
  const caption = search.myCompanies ? 'My Companies' : 'Companies found';
  const loadingNew = results.isFetching && results.isPlaceholderData;

  const onSaveSelected = () =>
    saveMany.mutate(selectedIds, {
      onSuccess: (result) => {
        if (reportSaveMany(result, { list: 'My Companies', one: 'company', many: 'companies' }))
          setSelection({});
      },
      onError: (err) => toastFailure('Could not save the companies', err),
    });

  // After an import: the user's imports, as the data-source filter of the table (so it can be removed).
  const showImported = () => {
    setImportOpen(false);
    const imports: CompanySearch = {
      ...withoutFilters(search),
      q: '',
      myCompanies: false,
      dataSource: ['import'],
    };
    if (searchKey(imports).join('|') !== key) setSearch(imports);
    else {
      void results.refetch();
      void facets.refetch();
    }
  };

  const filterPanel = (
    <FilterPanel
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
        myCompanies={search.myCompanies}
        filtered={hasCriteria(search)}
        onClear={() => setSearch({ ...withoutFilters(search), q: '' })}
        withoutFilters={firstPage?.withoutFilters}
        onDrop={(filters) => setSearch(Object.assign({}, ...filters.map((filter) => WITHOUT_FILTER[filter])))}
      />
    );
  else {
    const listProps = {
      rows,
      selection,
      onSelectionChange: setSelection,
      hasNextPage: results.hasNextPage,
      isFetchingNextPage: results.isFetchingNextPage,
      fetchNextPage: () => void results.fetchNextPage(),
      caption,
    };
    body = isDesktop ? (
      <CompanyTable
        {...listProps}
        sort={search.sort}
        onSortChange={(sort) => setSearch({ sort })}
        columnVisibility={columnVisibility}
      />
    ) : (
      <CompanyCards {...listProps} myCompanies={search.myCompanies} />
    );
  }

  return (
    <div className="flex w-full flex-col gap-5 px-4 py-6 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
            <p className="mt-1 text-muted-foreground">
              {search.myCompanies
                ? 'The companies you saved, with their status, tags and notes.'
                : 'Search companies by name or what they do, narrow them down with filters, and save the ones to work on.'}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <nav aria-label="Company lists" className="flex rounded-lg border p-0.5 text-sm">
              <Link
                to="/sales-account-development/research"
                aria-current={search.myCompanies ? undefined : 'page'}
                className={cn(
                  'rounded-md px-3 py-1.5 font-medium',
                  search.myCompanies ? 'text-muted-foreground hover:text-foreground' : 'bg-secondary',
                )}
              >
                All companies
              </Link>
              <Link
                to={MY_COMPANIES_HREF}
                aria-current={search.myCompanies ? 'page' : undefined}
                className={cn(
                  'rounded-md px-3 py-1.5 font-medium',
                  search.myCompanies ? 'bg-secondary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                My Companies
              </Link>
            </nav>
            <ImportDialog open={importOpen} onOpenChange={setImportOpen} onShowImported={showImported} />
          </div>
        </div>
        <CompanySearchBox value={search.q} onSearch={(q) => setSearch({ q })} />
        {!search.myCompanies && (
          <p className="-mt-2 text-xs text-muted-foreground">
            A new search costs 1 credit when it finds companies. Browsing, further pages, My Companies and
            your own imports are free.
          </p>
        )}
      </header>

      <ResearchLayout
        filters={filterPanel}
        filtersApplied={hasFilters(search)}
        sort={{
          value: search.sort,
          options: COMPANY_SORTS,
          labels: SORT_LABELS,
          onChange: (sort) => setSearch({ sort }),
        }}
        loadingNew={loadingNew}
        actions={
          <>
            {isDesktop && <ColumnChooser columns={applicable} prefs={prefs} onChange={setPrefs} />}
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
            {validation && <FilterSummary search={search} validation={validation} onChange={setSearch} />}
            {selectedIds.length > 0 && (
              <SelectionBar
                label="Selected companies"
                count={selectedIds.length}
                saveLabel="Save to My Companies"
                saving={saveMany.isPending}
                onSave={onSaveSelected}
                onClear={() => setSelection({})}
              >
                <Button asChild size="sm" variant="outline">
                  <Link
                    to={documentGenerationPath(
                      rows.filter((row) => selectedIds.includes(row.id)),
                      '/sales-account-development/research',
                    )}
                    data-generate-documents
                  >
                    <FileText aria-hidden />
                    Generate documents
                  </Link>
                </Button>
                <AddToProject
                  kind="company"
                  refIds={selectedIds}
                  name={`${selectedIds.length} ${selectedIds.length === 1 ? 'company' : 'companies'}`}
                  size="sm"
                />
              </SelectionBar>
            )}
          </>
        }
        below={
          results.isFetchNextPageError && (
            <LoadError message="Failed to load more companies" onRetry={() => void results.fetchNextPage()} />
          )
        }
      >
        {sizeCoverage && (
          <SizeCoverageNotice
            coverage={sizeCoverage}
            onDropSize={() => setSearch({ size: [], employeesMin: null, employeesMax: null })}
          />
        )}
        {body}
      </ResearchLayout>

      {exportTarget && (
        <ExportDialog
          open
          onOpenChange={(open) => {
            if (!open) setExportTarget(null);
          }}
          request={exportRequest(exportTarget)}
          selected={'ids' in exportTarget}
          one="company"
          many="companies"
        />
      )}
    </div>
  );
}
