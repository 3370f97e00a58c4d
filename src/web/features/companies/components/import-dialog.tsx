import { FileUp, Loader2, Upload } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE,
  type ImportField,
  type ImportMapping,
} from '../../../../shared/companies.ts';
import { DropZone } from '../../../components/drop-zone.tsx';
import { JobProgress } from '../../../components/job-progress.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type CompanyImport,
  type ImportPreview,
  useCompaniesChanged,
  useImportRun,
  usePreviewImport,
  useStartImport,
} from '../api.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Show imported companies": the page closes the dialog and shows the imports. */
  onShowImported: () => void;
};

type Stage =
  | { step: 'choose' }
  | { step: 'map'; file: File; preview: ImportPreview; mapping: ImportMapping }
  | { step: 'run'; file: File; started: CompanyImport };

const FIELD_LABELS: Record<ImportField, string> = {
  name: 'Company name',
  domain: 'Domain',
  website: 'Website',
  industry: 'Industry',
  employees: 'Employees',
  size: 'Company size',
  country: 'Country',
  region: 'State or region',
  city: 'City',
  foundedYear: 'Founded (year)',
  ticker: 'Ticker',
  description: 'Description',
};

/** The row errors shown in the report; the rest are counted. */
const SHOWN_ERRORS = 100;
const NAME_MISSING = 'Map a column to the company name';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;
const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';
const messageOf = (err: unknown) =>
  err instanceof Error && err.message && err.message !== 'Unexpected error.'
    ? err.message
    : 'Something went wrong on our side. Please try again.';

/**
 * CSV import of the user's own accounts (issue 5 §4): choose a file, check the preview and which column fills
 * which field, then watch the job until its report. Renders its own "Import CSV" button, which gets the focus
 * back on close. Stays mounted while closed, so an import carries on (and reports with a toast) when the user
 * closes the dialog during it.
 */
export function ImportDialog({ open, onOpenChange, onShowImported }: Props) {
  const id = useId();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const preview = usePreviewImport();
  const start = useStartImport();
  const run = useImportRun(stage.step === 'run' ? stage.started : null);
  const companiesChanged = useCompaniesChanged();

  const report = run.report;
  const failure =
    report?.status === 'failed'
      ? (report.errors[0]?.message ?? 'The import failed; nothing was imported')
      : run.jobError;
  const running = stage.step === 'run' && !report && !run.jobError;
  const phase = stage.step === 'run' ? (running ? 'progress' : 'report') : stage.step;

  // Each step moves focus to its heading, so keyboard and screen-reader users start at the new content.
  const shownPhase = useRef(phase);
  useEffect(() => {
    if (shownPhase.current === phase) return;
    shownPhase.current = phase;
    headingRef.current?.focus();
  }, [phase]);

  // Once per finished import: the lists hold new rows; a closed dialog reports with a toast.
  const openRef = useRef(open);
  openRef.current = open;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!report || handled.current === report.id) return;
    handled.current = report.id;
    if (report.status === 'succeeded' && report.importedRows > 0) void companiesChanged();
    if (!openRef.current) {
      toast(
        report.status === 'succeeded'
          ? {
              title: 'Import finished',
              description: `${plural(report.importedRows, 'company', 'companies')} imported from ${report.filename}.`,
            }
          : { title: 'Import failed', description: report.errors[0]?.message, variant: 'destructive' },
      );
    }
  }, [report, companiesChanged]);

  const reset = () => {
    setStage({ step: 'choose' });
    setProblem(null);
    preview.reset();
    start.reset();
  };

  const onOpen = (next: boolean) => {
    onOpenChange(next);
    // A running import is kept: the dialog shows it again when opened.
    if (!next && !running) reset();
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem({ title: `${file.name} cannot be imported`, message: IMPORT_TOO_LARGE });
      return;
    }
    if (!isCsv(file)) {
      setProblem({
        title: `${file.name} cannot be imported`,
        message: 'Choose a CSV file (its name ends in .csv).',
      });
      return;
    }
    preview.mutate(file, {
      onSuccess: (result) =>
        setStage({ step: 'map', file, preview: result, mapping: { ...result.suggestedMapping } }),
      onError: (err) => setProblem({ title: `${file.name} cannot be imported`, message: messageOf(err) }),
    });
  };

  const onDrop = (data: DataTransfer) => {
    if (!preview.isPending) onFile(data.files[0]);
  };

  const onStart = () => {
    if (stage.step !== 'map' || !stage.mapping.name) return;
    const mapping = Object.fromEntries(Object.entries(stage.mapping).filter(([, column]) => column));
    setProblem(null);
    start.mutate(
      { file: stage.file, mapping },
      {
        onSuccess: (started) => setStage({ step: 'run', file: stage.file, started }),
        onError: (err) => setProblem({ title: 'The import could not start', message: messageOf(err) }),
      },
    );
  };

  const heading = (text: string) => (
    <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none" data-import-step>
      {text}
    </h3>
  );

  const problemAlert = problem && (
    <div
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
      data-import-problem
    >
      <p className="font-medium text-destructive">{problem.title}</p>
      <p className="mt-1">{problem.message}</p>
    </div>
  );

  let body: ReactNode;
  let description: string;
  if (stage.step === 'choose') {
    description =
      'Add your own accounts from a CSV file, such as an export from your CRM. Only you see the companies you import.';
    body = (
      <>
        {heading('Choose a file')}
        <DropZone onDrop={onDrop} className="rounded-lg py-8">
          <FileUp className="size-8 text-muted-foreground" aria-hidden />
          <p className="hidden text-sm text-muted-foreground sm:block">Drag a CSV file here, or</p>
          <Button onClick={() => inputRef.current?.click()} disabled={preview.isPending}>
            {preview.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
            {preview.isPending ? 'Reading the file…' : 'Choose a CSV file'}
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept=".csv,text/csv"
            className="hidden"
            tabIndex={-1}
            aria-label="CSV file"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              // The same file can be chosen again after a fix.
              event.target.value = '';
            }}
          />
          <p className="text-xs text-muted-foreground">
            UTF-8, with a header row; up to 10 MB. One column must hold the company name.
          </p>
        </DropZone>
        {problemAlert}
      </>
    );
  } else if (stage.step === 'map') {
    const { file, preview: found, mapping } = stage;
    description = 'Nothing is imported until you start the import.';
    const setField = (field: ImportField, column: string) =>
      setStage({ ...stage, mapping: { ...mapping, [field]: column } });
    body = (
      <>
        {heading('Check the file and its columns')}
        <p className="text-sm" data-import-rows>
          <span className="font-medium">{plural(found.rows, 'row', 'rows')}</span> to import from {file.name}
          {found.rows > found.sample.length && found.sample.length > 0 && (
            <span className="text-muted-foreground">; the first {found.sample.length} are shown</span>
          )}
          .
        </p>
        {found.sample.length > 0 && (
          <Table
            scrollLabel="First rows of the file"
            containerClassName="rounded-lg border"
            className="text-xs"
            data-import-sample
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {found.columns.map((column) => (
                  <TableHead key={column} className="h-9 px-3">
                    {column}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {found.sample.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity but their place.
                <TableRow key={index}>
                  {found.columns.map((column) => (
                    <TableCell key={column} className="max-w-48 truncate px-3 py-2" title={row[column]}>
                      {row[column]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-3 text-sm font-medium">Which column fills each field</legend>
          <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
            {IMPORT_FIELDS.map((field) => {
              const required = field === 'name';
              const missing = required && !mapping.name;
              return (
                <div key={field} className="flex min-w-0 flex-col gap-1.5">
                  <Label htmlFor={`${id}-${field}`}>
                    {FIELD_LABELS[field]}
                    {required && <span className="font-normal text-muted-foreground"> (required)</span>}
                  </Label>
                  <NativeSelect
                    id={`${id}-${field}`}
                    value={mapping[field] ?? ''}
                    onChange={(event) => setField(field, event.target.value)}
                    required={required}
                    aria-invalid={missing || undefined}
                    aria-describedby={missing ? `${id}-name-missing` : undefined}
                    data-import-field={field}
                  >
                    <option value="">{required ? 'Choose a column' : 'Don’t import'}</option>
                    {found.columns.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </NativeSelect>
                  {missing && (
                    <p id={`${id}-name-missing`} className="text-xs font-medium text-destructive">
                      {NAME_MISSING}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
        <p className="text-xs text-muted-foreground">
          Rows without a name are reported, not imported. A company you imported before (same domain, or the
          same name) is skipped as a duplicate.
        </p>
        {problemAlert}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={reset} disabled={start.isPending}>
            Choose another file
          </Button>
          <Button onClick={onStart} disabled={!mapping.name || found.rows === 0 || start.isPending}>
            {start.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
            {start.isPending ? 'Starting…' : `Import ${plural(found.rows, 'row', 'rows')}`}
          </Button>
        </div>
      </>
    );
  } else if (running) {
    description = `Importing ${stage.file.name}.`;
    body = (
      <>
        {heading('Importing…')}
        <JobProgress label="Import progress" progress={run.progress} message={run.message} />
        {run.error && (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>Could not get the import’s progress: {messageOf(run.error)}</p>
            <Button variant="outline" size="sm" onClick={run.retry}>
              Retry
            </Button>
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          You can close this window: the import carries on, and its report is here when you open it again.
        </p>
      </>
    );
  } else if (failure !== null) {
    description = `${stage.file.name} was not imported.`;
    body = (
      <>
        {heading('The import failed')}
        <div
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
        >
          <p className="font-medium">{failure}</p>
          <p className="mt-1 text-muted-foreground">Nothing was imported. Fix the file and try again.</p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpen(false)}>
            Close
          </Button>
          <Button onClick={reset}>Import another file</Button>
        </div>
      </>
    );
  } else {
    const done = report as CompanyImport;
    const shown = done.errors.slice(0, SHOWN_ERRORS);
    const more = done.errorRows - shown.length;
    description = `${done.filename}: ${plural(done.totalRows, 'row', 'rows')} read.`;
    body = (
      <>
        {heading('Import finished')}
        <dl className="grid grid-cols-3 gap-2 text-center" data-import-report>
          {(
            [
              ['Imported', done.importedRows, 'imported'],
              ['Duplicates skipped', done.duplicateRows, 'duplicates'],
              ['Rows with errors', done.errorRows, 'errors'],
            ] as const
          ).map(([label, count, key]) => (
            <div key={key} className="flex flex-col-reverse gap-1 rounded-lg border px-2 py-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums" data-import-count={key}>
                {formatNumber(count)}
              </dd>
            </div>
          ))}
        </dl>
        {done.importedRows === 0 && done.duplicateRows > 0 && (
          <p className="text-sm">Nothing new: you had already imported every readable row of this file.</p>
        )}
        {shown.length > 0 && (
          <div className="flex min-w-0 flex-col gap-2">
            <h4 id={`${id}-errors`} className="text-sm font-medium">
              Rows not imported
            </h4>
            <section
              aria-labelledby={`${id}-errors`}
              className="max-h-48 overflow-y-auto rounded-lg border text-sm"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
            >
              <ul data-import-errors>
                {shown.map((error) => (
                  <li
                    key={`${error.row}-${error.message}`}
                    className="flex gap-3 border-b px-3 py-2 last:border-0"
                  >
                    <span className="shrink-0 font-medium tabular-nums">Row {error.row}</span>
                    <span className="min-w-0 break-words">{error.message}</span>
                  </li>
                ))}
              </ul>
            </section>
            {more > 0 && (
              <p className="text-xs text-muted-foreground">…and {plural(more, 'more row', 'more rows')}</p>
            )}
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={reset}>
            Import another file
          </Button>
          {done.importedRows > 0 ? (
            <Button
              onClick={() => {
                reset();
                onShowImported();
              }}
            >
              Show imported companies
            </Button>
          ) : (
            <Button onClick={() => onOpen(false)}>Close</Button>
          )}
        </div>
      </>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Upload aria-hidden />
          Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)] p-4 sm:p-6">
        <DialogHeader className="pr-8 text-left">
          <DialogTitle>Import companies from CSV</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
