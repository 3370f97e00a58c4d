import { Building2, Download, FileUp, Loader2, MessageSquareText, Target, Upload, Users } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MY_COMPANIES_HREF, MY_PEOPLE_HREF } from '../../../../shared/app-nav.ts';
import {
  type CsvImportReport,
  LIBRARY_CSV_COLUMNS,
  LIBRARY_IMPORT_MAX_BYTES,
  LIBRARY_IMPORT_MAX_ROWS,
} from '../../../../shared/data-exchange.ts';
import { DropZone } from '../../../components/drop-zone.tsx';
import { ExportDialog } from '../../../components/export-dialog.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import type { ExportRequest } from '../../../lib/csv-export.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { LIBRARY_CSV_URL, PROSPECTS_CSV_URL, useImportLibrary } from '../data-api.ts';

const MB = LIBRARY_IMPORT_MAX_BYTES / 1024 / 1024;
/** The Company research page opens its import dialog with `import=true`. */
const COMPANIES_IMPORT_HREF = '/sales-account-development/research?myCompanies=true&import=true';

type PaidExport = { request: ExportRequest; one: string; many: string };

/**
 * Integrations > Import & export: for companies, people, prospects and the answer library, what goes in and out
 * as CSV, what it costs, and the action itself (or the page that does it).
 */
export function ImportExportSection() {
  const [paid, setPaid] = useState<PaidExport | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-3xl text-sm text-muted-foreground">
        Every list moves as a UTF-8 CSV file, the format every CRM and spreadsheet reads. Exports of your own
        records are free; exports of our company and people data cost 1 credit per 100 rows, and the price is
        shown before the download.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <DataCard
          icon={<Building2 aria-hidden="true" />}
          title="Companies"
          description="Your accounts (My Companies)."
          importText="Import a CSV of your own accounts: you map the columns, duplicates (by domain, then name) are skipped and bad rows are reported by row number. Imported companies are yours alone."
          exportText="Export My Companies with every column we hold: 1 credit per 100 rows."
          actions={
            <>
              <Link to={COMPANIES_IMPORT_HREF} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <Upload aria-hidden="true" />
                Import companies
              </Link>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  setPaid({
                    request: { list: 'companies', body: { myCompanies: 'true' } },
                    one: 'company',
                    many: 'companies',
                  })
                }
              >
                <Download aria-hidden="true" />
                Export My Companies
              </Button>
            </>
          }
        />
        <DataCard
          icon={<Users aria-hidden="true" />}
          title="People"
          description="The contacts you saved (My People)."
          importText="Import of people is not built yet: save people from the People Finder, or import their companies."
          exportText="Export My People with names, titles, companies and the e-mails and phones you found: 1 credit per 100 rows."
          actions={
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  setPaid({
                    request: { list: 'people', body: { myPeople: 'true' } },
                    one: 'person',
                    many: 'people',
                  })
                }
              >
                <Download aria-hidden="true" />
                Export My People
              </Button>
              <Link to={MY_PEOPLE_HREF} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                Open My People
              </Link>
            </>
          }
        />
        <DataCard
          icon={<Target aria-hidden="true" />}
          title="Prospects"
          description="Your pipeline: status, health, forecasts and momentum."
          importText="Import of prospects is not built yet: add them from a company, or let the copilot add them."
          exportText="Export every prospect with its status, account fields, pipeline amounts and momentum, ready for a CRM import. Free."
          actions={
            <a
              href={PROSPECTS_CSV_URL}
              download
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" />
              Export prospects (CSV)
            </a>
          }
        />
        <LibraryCard />
      </div>
      <p className="text-xs text-muted-foreground">
        Looking for an account list first? Search companies in{' '}
        <Link to={MY_COMPANIES_HREF} className="underline underline-offset-4">
          Company research
        </Link>
        ; every export there also costs 1 credit per 100 rows.
      </p>
      {paid && (
        <ExportDialog
          open
          onOpenChange={(open) => !open && setPaid(null)}
          request={paid.request}
          selected={false}
          one={paid.one}
          many={paid.many}
        />
      )}
    </div>
  );
}

function DataCard({
  icon,
  title,
  description,
  importText,
  exportText,
  actions,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  importText: string;
  exportText: string;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card className="h-full">
        <CardHeader>
          <h2 id={id} className="flex items-center gap-2 text-lg font-semibold tracking-tight [&_svg]:size-5">
            {icon}
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <dl className="grid gap-2 sm:grid-cols-[5rem_1fr]">
            <dt className="font-medium">Import</dt>
            <dd className="text-muted-foreground">{importText}</dd>
            <dt className="font-medium">Export</dt>
            <dd className="text-muted-foreground">{exportText}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">{actions}</div>
          {children}
        </CardContent>
      </Card>
    </section>
  );
}

/** The answer library: the CSV download and the import with its report. */
function LibraryCard() {
  const input = useRef<HTMLInputElement>(null);
  const importLibrary = useImportLibrary();
  const [report, setReport] = useState<CsvImportReport | null>(null);

  const send = (file: File | undefined) => {
    if (!file) return;
    setReport(null);
    importLibrary.mutate(file, {
      onSuccess: (result) => {
        setReport(result);
        toast({
          title: 'Library imported',
          description: `${formatNumber(result.imported)} of ${formatNumber(result.rows)} rows added.`,
        });
      },
      onError: (err) => toastFailure('Import failed', err),
    });
  };

  return (
    <DataCard
      icon={<MessageSquareText aria-hidden="true" />}
      title="Answer library"
      description="The approved questions and answers Emma and Maya answer from."
      importText={`A CSV with the columns question and answer (required), category, tags (separated by ";") and owner; at most ${formatNumber(LIBRARY_IMPORT_MAX_ROWS)} rows and ${MB} MB. Each valid row is added; a question already in the library is skipped; a bad row is refused, with its line and reason.`}
      exportText={`The whole library with the columns ${LIBRARY_CSV_COLUMNS.join(', ')}: the same file imports back. Free.`}
      actions={
        <>
          <Button
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            disabled={importLibrary.isPending}
          >
            {importLibrary.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Upload aria-hidden="true" />
            )}
            Import library CSV
          </Button>
          <a href={LIBRARY_CSV_URL} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Download aria-hidden="true" />
            Export library (CSV)
          </a>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="Answer library CSV file"
            tabIndex={-1}
            onChange={(event) => {
              send(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </>
      }
    >
      <DropZone className="rounded-md py-4" onDrop={(data) => send(data.files[0])}>
        <FileUp className="size-5 text-muted-foreground" aria-hidden="true" />
        <span className="text-xs text-muted-foreground">Or drop a library CSV here</span>
      </DropZone>
      {importLibrary.isError && (
        <p role="alert" className="text-sm text-destructive">
          {importLibrary.error.message}
        </p>
      )}
      {report && <ImportReport report={report} />}
    </DataCard>
  );
}

function ImportReport({ report }: { report: CsvImportReport }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3" data-import-report aria-live="polite">
      <p className="font-medium">
        {formatNumber(report.imported)} imported, {formatNumber(report.skipped.length)} skipped,{' '}
        {formatNumber(report.refused.length)} refused (of {formatNumber(report.rows)} rows)
      </p>
      {report.refused.length > 0 && (
        <RowNotes title="Refused: fix these lines and import the file again" notes={report.refused} />
      )}
      {report.skipped.length > 0 && <RowNotes title="Skipped" notes={report.skipped} />}
      {report.ignoredColumns.length > 0 && (
        <p className="text-xs text-muted-foreground">Columns not read: {report.ignoredColumns.join(', ')}</p>
      )}
    </div>
  );
}

function RowNotes({ title, notes }: { title: string; notes: CsvImportReport['refused'] }) {
  return (
    <div>
      <p className="text-xs font-medium text-muted-foreground">{title}</p>
      <ul className="mt-1 flex max-h-48 flex-col gap-1 overflow-y-auto text-xs">
        {notes.map((note) => (
          <li key={`${note.line}-${note.reason}`}>
            <span className="font-medium">Line {note.line}:</span> {note.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
