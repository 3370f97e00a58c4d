/**
 * The answer library as CSV (issue 10, the import/export hub): the export writes question, answer, category,
 * tags and owner; the import reads the same columns back. Rows are taken one by one: each valid row is imported,
 * a question already in the library (or earlier in the file) is skipped, and an invalid row is refused with
 * its line and reason. The valid rows are written in one transaction: all of them, or none if writing fails.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { ANSWER_CATEGORIES, type AnswerCategory, libraryEntryInputSchema } from '../../../shared/answers.ts';
import { type CsvImportReport, LIBRARY_CSV_COLUMNS } from '../../../shared/data-exchange.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { answerLibrary } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { type CsvColumns, csvOf } from '../../http/csv-export.ts';
import { type CsvRecord, importCsvRecords } from '../../http/csv-import.ts';
import { addLibraryEntry, type NewLibraryEntry } from './service.ts';

type EntryRow = typeof answerLibrary.$inferSelect;

const TAG_SEPARATOR = /[;,]/;

const COLUMNS: CsvColumns<EntryRow> = [
  ['question', (e) => e.question],
  ['answer', (e) => e.answer],
  ['category', (e) => e.category],
  ['tags', (e) => e.tags.join('; ')],
  ['owner', (e) => e.owner],
];

/** The caller's whole library as CSV, oldest first (the order it was written in). */
export function libraryCsv(db: Db, caller: Caller): Promise<{ csv: string; rows: number }> {
  return withUser(db, caller.id, async (tx) => {
    const rows = await tx
      .select()
      .from(answerLibrary)
      .where(eq(answerLibrary.userId, caller.id))
      .orderBy(asc(answerLibrary.createdAt), asc(answerLibrary.id));
    return { csv: csvOf(COLUMNS, rows), rows: rows.length };
  });
}

const questionKey = (question: string) => question.trim().replace(/\s+/g, ' ').toLowerCase();

/** One record as a library entry, or the reason it cannot be one. */
function entryOf(cell: (name: string) => string): { row: NewLibraryEntry } | { reason: string } {
  const rawCategory = cell('category').toLowerCase();
  if (rawCategory && !(ANSWER_CATEGORIES as readonly string[]).includes(rawCategory)) {
    return { reason: `category "${cell('category')}" is not one of ${ANSWER_CATEGORIES.join(', ')}` };
  }
  const tags = cell('tags')
    .split(TAG_SEPARATOR)
    .map((tag) => tag.trim())
    .filter(Boolean);
  const parsed = libraryEntryInputSchema.safeParse({
    question: cell('question'),
    answer: cell('answer'),
    ...(rawCategory ? { category: rawCategory } : {}),
    tags,
    ...(cell('owner') ? { owner: cell('owner') } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { reason: `${String(issue?.path[0] ?? 'row')} ${issue?.message ?? 'is invalid'}` };
  }
  const { category, ...rest } = parsed.data;
  // No category given: the library files it by its words, as an entry added by hand.
  return { row: { ...rest, category: rawCategory ? (category as AnswerCategory) : undefined } };
}

export function importLibraryCsv(
  db: Db,
  caller: Caller,
  upload: { columns: readonly string[]; records: readonly CsvRecord[] },
): Promise<CsvImportReport> {
  return importCsvRecords(db, caller.id, upload, {
    known: LIBRARY_CSV_COLUMNS,
    parse: entryOf,
    existing: async (tx) =>
      (
        await tx
          .select({
            key: sql<string>`lower(regexp_replace(trim(${answerLibrary.question}), '\\s+', ' ', 'g'))`,
          })
          .from(answerLibrary)
          .where(eq(answerLibrary.userId, caller.id))
      ).map((row) => row.key),
    keyOf: (_tx, entry) => questionKey(entry.question),
    skipReason: (earlier) =>
      earlier ? `the same question as line ${earlier}` : 'the question is already in the library',
    write: (tx, entry) => addLibraryEntry(tx, caller, entry),
  });
}
