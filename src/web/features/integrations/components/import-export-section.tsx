import { Building2, Download, MessageSquareText, Target, Upload, Users } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { MY_COMPANIES_HREF, MY_PEOPLE_HREF } from '../../../../shared/app-nav.ts';
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  LIBRARY_CSV_COLUMNS,
  PEOPLE_CSV_COLUMNS,
  PROSPECTS_CSV_COLUMNS,
} from '../../../../shared/data-exchange.ts';
import { ExportDialog } from '../../../components/export-dialog.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import type { ExportRequest } from '../../../lib/csv-export.ts';
import { formatNumber } from '../../../lib/format.ts';
import {
  LIBRARY_CSV_URL,
  PROSPECTS_CSV_URL,
  useImportLibrary,
  useImportPeople,
  useImportProspects,
} from '../data-api.ts';
import { CsvImport } from './csv-import.tsx';

const MB = CSV_IMPORT_MAX_BYTES / 1024 / 1024;
const LIMITS = `at most ${formatNumber(CSV_IMPORT_MAX_ROWS)} rows and ${MB} MB`;
/** The Company research page opens its import dialog with `import=true`. */
const COMPANIES_IMPORT_HREF = '/sales-account-development/research?myCompanies=true&import=true';

type PaidExport = { request: ExportRequest; one: string; many: string };

/**
 * Integrations > Import & export: for companies, people, prospects and the answer library, what goes in and out
 * as CSV, what it costs, and the action itself (or the page that does it).
 */
export function ImportExportSection() {
  const [paid, setPaid] = useState<PaidExport | null>(null);
  const importPeople = useImportPeople();
  const importProspects = useImportProspects();
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
          importText={`A CSV with the column name (required) and ${PEOPLE_CSV_COLUMNS.slice(1).join(', ')} (tags separated by ";"); ${LIMITS}. Each row is matched to a person we hold, by e-mail, else by name at the company, and saved to My People with its notes and tags; people already saved are skipped; a row that matches no one is refused, with its line. Free; a My People export imports back.`}
          exportText="Export My People with names, titles, companies and the e-mails and phones you found: 1 credit per 100 rows."
        >
          <CsvImport
            mutation={importPeople}
            buttonLabel="Import people CSV"
            fileLabel="People CSV file"
            dropLabel="Or drop a people CSV here"
            doneTitle="People imported"
          >
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
          </CsvImport>
        </DataCard>
        <DataCard
          icon={<Target aria-hidden="true" />}
          title="Prospects"
          description="Your pipeline: status, health, forecasts and momentum."
          importText={`A CSV with the column name (required) and ${PROSPECTS_CSV_COLUMNS.slice(1).join(', ')}; ${LIMITS}. New prospects are qualified unless the file says otherwise, and linked to the company of that name; a name already in your pipeline is skipped; a bad row is refused, with its line. Free.`}
          exportText="Export every prospect with its status, account fields, pipeline amounts and momentum, ready for a CRM import; the same file imports back. Free."
        >
          <CsvImport
            mutation={importProspects}
            buttonLabel="Import prospects CSV"
            fileLabel="Prospects CSV file"
            dropLabel="Or drop a prospects CSV here"
            doneTitle="Prospects imported"
          >
            <a
              href={PROSPECTS_CSV_URL}
              download
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" />
              Export prospects (CSV)
            </a>
          </CsvImport>
        </DataCard>
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
  /** The card's buttons, when it has no import (an import brings its own, see CsvImport). */
  actions?: ReactNode;
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
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
          {children}
        </CardContent>
      </Card>
    </section>
  );
}

/** The answer library: the CSV download and the import with its report. */
function LibraryCard() {
  const importLibrary = useImportLibrary();
  return (
    <DataCard
      icon={<MessageSquareText aria-hidden="true" />}
      title="Answer library"
      description="The approved questions and answers Emma and Maya answer from."
      importText={`A CSV with the columns question and answer (required), category, tags (separated by ";") and owner; ${LIMITS}. Each valid row is added; a question already in the library is skipped; a bad row is refused, with its line and reason.`}
      exportText={`The whole library with the columns ${LIBRARY_CSV_COLUMNS.join(', ')}: the same file imports back. Free.`}
    >
      <CsvImport
        mutation={importLibrary}
        buttonLabel="Import library CSV"
        fileLabel="Answer library CSV file"
        dropLabel="Or drop a library CSV here"
        doneTitle="Library imported"
      >
        <a href={LIBRARY_CSV_URL} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden="true" />
          Export library (CSV)
        </a>
      </CsvImport>
    </DataCard>
  );
}
