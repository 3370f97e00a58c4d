/**
 * The import/export hub (issue 10, Integrations > Import & export): the answer library's CSV columns and limits,
 * and the report an import answers with.
 */
import { z } from 'zod';

/** The answer library's CSV: the export writes these columns and the import reads them (question and answer required). */
export const LIBRARY_CSV_COLUMNS = ['question', 'answer', 'category', 'tags', 'owner'] as const;
export const LIBRARY_CSV_REQUIRED = ['question', 'answer'] as const;
/** Every import of the hub (library, people, prospects) takes files within these limits. */
export const CSV_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_IMPORT_MAX_ROWS = 5_000;
export const LIBRARY_IMPORT_MAX_BYTES = CSV_IMPORT_MAX_BYTES;
export const LIBRARY_IMPORT_MAX_ROWS = CSV_IMPORT_MAX_ROWS;

/**
 * The prospects' CSV: the columns the import reads, named as the export writes them (headers are compared
 * case-insensitively). Status, account health, revenue potential and lifecycle take the export's labels or the
 * values themselves; the export's other columns (pipeline, momentum, dates, id) are not read.
 */
export const PROSPECTS_CSV_COLUMNS = [
  'name',
  'company',
  'status',
  'account health',
  'revenue potential',
  'lifecycle',
  'revenue',
  'employees',
  'location',
  'ceo',
] as const;
export const PROSPECTS_CSV_REQUIRED = ['name'] as const;

/**
 * The people CSV (My People): each row names a person Prospector holds, found by e-mail, else by name at the
 * company (name or domain); the person is saved to My People with the row's notes and tags. Named as the people
 * export writes them, so an exported file imports back.
 */
export const PEOPLE_CSV_COLUMNS = ['name', 'e-mail', 'company', 'company domain', 'notes', 'tags'] as const;
export const PEOPLE_CSV_REQUIRED = ['name'] as const;

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
