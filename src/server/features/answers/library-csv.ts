/**
 * The answer library as CSV (issue 10, the import/export hub): the export writes question, answer, category,
 * tags and owner; the import reads the same columns back. Rows are taken one by one: each valid row is imported,
 * a question already in the library (or earlier in the file) is skipped, and an invalid row is refused with
 * its line and reason. The valid rows are written in one transaction: all of them, or none if writing fails.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ANSWER_CATEGORIES, type AnswerCategory, libraryEntryInputSchema } from '../../../shared/answers.ts';
import { type CsvImportReport, type CsvRowNote, LIBRARY_CSV_COLUMNS } from '../../../shared/data-exchange.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { answerLibrary } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { type CsvColumns, csvOf } from '../../http/csv-export.ts';
import { type CsvRecord, unescapeCell } from '../../http/csv-import.ts';
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
function entryOf(values: Record<string, string>): { entry: NewLibraryEntry } | { reason: string } {
  const cell = (name: string) => unescapeCell((values[name] ?? '').trim());
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
  return { entry: { ...rest, category: rawCategory ? (category as AnswerCategory) : undefined } };
}

export async function importLibraryCsv(
  db: Db,
  caller: Caller,
  upload: { columns: readonly string[]; records: readonly CsvRecord[] },
): Promise<CsvImportReport> {
  const refused: CsvRowNote[] = [];
  const valid: { line: number; entry: NewLibraryEntry }[] = [];
  for (const { line, values } of upload.records) {
    const result = entryOf(values);
    if ('reason' in result) refused.push({ line, reason: result.reason });
    else valid.push({ line, entry: result.entry });
  }
  const skipped: CsvRowNote[] = [];
  const imported = await withUser(db, caller.id, async (tx) => {
    const existing = await tx
      .select({ key: sql<string>`lower(regexp_replace(trim(${answerLibrary.question}), '\\s+', ' ', 'g'))` })
      .from(answerLibrary)
      .where(and(eq(answerLibrary.userId, caller.id)));
    const seen = new Map<string, number | null>(existing.map((row) => [row.key, null]));
    let written = 0;
    for (const { line, entry } of valid) {
      const key = questionKey(entry.question);
      if (seen.has(key)) {
        const earlier = seen.get(key);
        skipped.push({
          line,
          reason: earlier ? `the same question as line ${earlier}` : 'the question is already in the library',
        });
        continue;
      }
      seen.set(key, line);
      await addLibraryEntry(tx, caller, entry);
      written += 1;
    }
    return written;
  });
  return {
    rows: upload.records.length,
    imported,
    skipped,
    refused,
    ignoredColumns: upload.columns.filter((c) => !(LIBRARY_CSV_COLUMNS as readonly string[]).includes(c)),
  };
}
