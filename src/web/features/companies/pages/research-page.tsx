import type { ColumnVisibilityState, RowSelectionState } from '@tanstack/react-table';
import { BookmarkPlus, Download, Loader2, SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MY_COMPANIES_HREF } from '../../../../shared/app-nav.ts';
import { COMPANY_SORTS, type CompanySort } from '../../../../shared/companies.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useIsDesktop } from '../../../lib/use-is-desktop.ts';
import {
  type Company,
  type ExportTarget,
  searchKey,
  useCompanySearch,
  useExportAvailable,
  useFacets,
  useSaveMany,
} from '../api.ts';
import { useColumnPrefs } from '../column-prefs.ts';
import { ColumnChooser } from '../components/column-chooser.tsx';
import { CompanyCards } from '../components/company-cards.tsx';
import { CompanySearchBox } from '../components/company-search-box.tsx';
import { CHOOSABLE_COLUMNS, CompanyTable } from '../components/company-table.tsx';
import { ExportDialog } from '../components/export-dialog.tsx';
import { FilterPanel } from '../components/filter-panel.tsx';
import { FilterSummary } from '../components/filter-summary.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { ResultsEmpty, ResultsError, ResultsSkeleton } from '../components/results-state.tsx';
import { formatNumber } from '../format.ts';
import {
  type CompanySearch,
  hasCriteria,
  hasFilters,
  SORT_LABELS,
  withoutFilters,
} from '../search-params.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSearchState } from '../use-search-state.ts';

const NO_ROWS: Company[] = [];
const SAVED_COLUMNS = ['status', 'tags', 'notes'];

/**
 * `/sales-account-development/research`: the research table (spec 1 §2.1; issue 5 §7), and with
 * `?myCompanies=true` the user's My Companies (the sidebar adds `source=sidebar`, which only says where the
 * user came from). Everything that defines the table is in the address.
 */
export function ResearchPage() {
  const id = useId();
  const [search, setSearch] = useSearchState();
  const isDesktop = useIsDesktop();
  const results = useCompanySearch(search);
  const facets = useFacets(search);
  const exportAvailable = useExportAvailable();
  const saveMany = useSaveMany();
  const [prefs, setPrefs] = useColumnPrefs();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exportTarget, setExportTarget] = useState<ExportTarget | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  // The selection belongs to one search: a new search starts with none.
  const key = searchKey(search).join('|');
  const [picked, setPicked] = useState<{ key: string; rows: RowSelectionState }>({ key, rows: {} });
  const selection = picked.key === key ? picked.rows : {};
  const setSelection = (rows: RowSelectionState) => setPicked({ key, rows });
  const selectedIds = Object.keys(selection).filter((rowId) => selection[rowId]);

  const rows = useMemo(
    () => results.data?.pages.flatMap((page) => page.companies) ?? NO_ROWS,
    [results.data],
  );
  // What the server made of *these* filters: not the previous search's answer shown while this one loads.
  const validation =
    results.data && !results.isPlaceholderData ? (results.data.pages[0]?.filterValidation ?? null) : null;
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

  const onSaveSelected = () => {
    saveMany.mutate(selectedIds, {
      onSuccess: ({ saved, failed }) => {
        if (failed > 0) {
          toast({
            title: 'Some companies were not saved',
            description: `${saved} saved, ${failed} failed. Please try again.`,
            variant: 'destructive',
          });
        } else {
          toast({
            title: 'Saved to My Companies',
            description: `${saved} ${saved === 1 ? 'company' : 'companies'} saved.`,
          });
          setSelection({});
        }
      },
      onError: (err) => toastFailure('Could not save the companies', err),
    });
  };

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
    body = <ResultsError error={results.error} onRetry={() => void results.refetch()} />;
  else if (rows.length === 0)
    body = (
      <ResultsEmpty
        myCompanies={search.myCompanies}
        filtered={hasCriteria(search)}
        onClear={() => setSearch({ ...withoutFilters(search), q: '' })}
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

      <div className="flex gap-6">
        {isDesktop && (
          <aside aria-label="Filters" className="w-60 shrink-0">
            <div className="sticky top-4 flex max-h-[calc(100dvh-2rem)] flex-col gap-3 overflow-y-auto pr-1 pb-4">
              <h2 className="text-base font-semibold">Filters</h2>
              {filterPanel}
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
                {hasFilters(search) && <span className="sr-only">(some applied)</span>}
              </Button>
            )}
            <div className="flex items-center gap-2">
              <Label htmlFor={`${id}-sort`} className="text-muted-foreground">
                Sort by
              </Label>
              <NativeSelect
                id={`${id}-sort`}
                value={search.sort}
                onChange={(event) => setSearch({ sort: event.target.value as CompanySort })}
                className="w-44"
              >
                {COMPANY_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
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
              {isDesktop && <ColumnChooser columns={applicable} prefs={prefs} onChange={setPrefs} />}
              {exportAvailable && rows.length > 0 && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setExportTarget(selectedIds.length > 0 ? { ids: selectedIds } : { search })}
                >
                  <Download aria-hidden />
                  {selectedIds.length > 0 ? `Export ${selectedIds.length} selected` : 'Export CSV'}
                </Button>
              )}
            </div>
          </div>

          {validation && <FilterSummary search={search} validation={validation} onChange={setSearch} />}

          {selectedIds.length > 0 && (
            <section
              aria-label="Selected companies"
              className="flex flex-wrap items-center gap-2 rounded-xl border bg-accent/60 px-4 py-2.5 text-sm"
              data-selection-bar
            >
              <span className="font-medium">{formatNumber(selectedIds.length)} selected</span>
              <Button size="sm" onClick={onSaveSelected} disabled={saveMany.isPending}>
                {saveMany.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <BookmarkPlus aria-hidden />
                )}
                Save to My Companies
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelection({})}>
                <X aria-hidden />
                Clear selection
              </Button>
            </section>
          )}

          <div className={cn('transition-opacity', loadingNew && 'opacity-60')} aria-busy={loadingNew}>
            {body}
          </div>
          {results.isFetchNextPageError && (
            <LoadError message="Failed to load more companies" onRetry={() => void results.fetchNextPage()} />
          )}
        </section>
      </div>

      {!isDesktop && (
        <Sheet open={filtersOpen} onOpenChange={setFiltersOpen}>
          <SheetContent side="left" className="gap-4 overflow-y-auto p-5">
            <div className="flex flex-col gap-1 pr-8">
              <SheetTitle>Filters</SheetTitle>
              <SheetDescription>Each change runs a new search.</SheetDescription>
            </div>
            {filterPanel}
            <Button onClick={() => setFiltersOpen(false)} className="mt-2 shrink-0">
              Show results
            </Button>
          </SheetContent>
        </Sheet>
      )}

      {exportTarget && (
        <ExportDialog
          open
          onOpenChange={(open) => {
            if (!open) setExportTarget(null);
          }}
          target={exportTarget}
        />
      )}
    </div>
  );
}
