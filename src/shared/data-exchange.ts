/**
 * The import/export hub (issue 10, Integrations > Import & export): the answer library's CSV columns and limits,
 * and the report an import answers with.
 */
import { z } from 'zod';

/** The answer library's CSV: the export writes these columns and the import reads them (question and answer required). */
export const LIBRARY_CSV_COLUMNS = ['question', 'answer', 'category', 'tags', 'owner'] as const;
export const LIBRARY_CSV_REQUIRED = ['question', 'answer'] as const;
export const LIBRARY_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const LIBRARY_IMPORT_MAX_ROWS = 5_000;

const rowNoteSchema = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number().int(),
  reason: z.string(),
});
export type CsvRowNote = z.infer<typeof rowNoteSchema>;

/**
 * What an import did. Rows are taken one by one: every valid row is imported (in one transaction), a row
 * that repeats a question already in the library (or earlier in the file) is skipped, and an invalid row is
 * refused; both lists say which line and why.
 */
export const csvImportReportSchema = z.object({
  rows: z.number().int(),
  imported: z.number().int(),
  skipped: z.array(rowNoteSchema),
  refused: z.array(rowNoteSchema),
  /** Columns of the file that are not read. */
  ignoredColumns: z.array(z.string()),
});
export type CsvImportReport = z.infer<typeof csvImportReportSchema>;
