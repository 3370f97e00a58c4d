import { FileUp, Loader2, Upload } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import type { CsvImportReport } from '../../../../shared/data-exchange.ts';
import { DropZone } from '../../../components/drop-zone.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import type { CsvImportMutation } from '../data-api.ts';

/**
 * A CSV import of the hub: the button (with the card's other actions beside it), a drop target, the refusal of
 * a file and the report of what was imported, skipped and refused, line by line.
 */
export function CsvImport({
  mutation,
  buttonLabel,
  fileLabel,
  dropLabel,
  doneTitle,
  children,
}: {
  mutation: CsvImportMutation;
  /** "Import prospects CSV" */
  buttonLabel: string;
  /** The hidden file input's accessible name. */
  fileLabel: string;
  dropLabel: string;
  /** The toast's title when the file went through. */
  doneTitle: string;
  /** The card's other actions (exports, links). */
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<CsvImportReport | null>(null);

  const send = (file: File | undefined) => {
    if (!file) return;
    setReport(null);
    mutation.mutate(file, {
      onSuccess: (result) => {
        setReport(result);
        toast({
          title: doneTitle,
          description: `${formatNumber(result.imported)} of ${formatNumber(result.rows)} rows added.`,
        });
      },
      onError: (err) => toastFailure('Import failed', err),
    });
  };

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={mutation.isPending}
        >
          {mutation.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Upload aria-hidden="true" />
          )}
          {buttonLabel}
        </Button>
        {children}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label={fileLabel}
          tabIndex={-1}
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <DropZone className="rounded-md py-4" onDrop={(data) => send(data.files[0])}>
        <FileUp className="size-5 text-muted-foreground" aria-hidden="true" />
        <span className="text-xs text-muted-foreground">{dropLabel}</span>
      </DropZone>
      {mutation.isError && (
        <p role="alert" className="text-sm text-destructive">
          {mutation.error.message}
        </p>
      )}
      {report && <ImportReport report={report} />}
    </>
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
