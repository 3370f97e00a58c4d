/**
 * A CSV file uploaded for an import (multipart field `file`): size, encoding, header and required columns are
 * checked before any row is read, each refusal a 400 (413 for a file too large) that says what to fix. Records
 * carry the line of the file they start on (the header is line 1; a cell may span lines), so a report can
 * point at them.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import Papa from 'papaparse';
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  type CsvImportReport,
  type CsvRowNote,
  csvImportReportSchema,
} from '../../shared/data-exchange.ts';
import type { AppEnv, Caller } from '../context.ts';
import type { Db } from '../db/client.ts';
import { withUser } from '../db/user-scope.ts';
import { AppError } from './errors.ts';
import { error, json } from './openapi.ts';
import { checkMultipart } from './request-guards.ts';

export type CsvRecord = { line: number; values: Record<string, string> };
export type CsvUpload = { filename: string; columns: string[]; records: CsvRecord[] };

export type CsvUploadRules = {
  maxBytes: number;
  maxRows: number;
  /** Columns that must be in the header (compared trimmed and case-insensitively; the records use these names). */
  required: readonly string[];
  /** Columns read when present; any other column is kept under its own name. */
  optional?: readonly string[];
};

const SEND_AS_FILE = 'Send the CSV file as multipart/form-data in the field "file"';

/** What a file over the limit is told (413). */
export const csvTooLarge = (maxBytes: number) =>
  `The file is larger than ${maxBytes / 1024 / 1024} MB: split it into smaller files`;

/** Refuses an upload over the limit (the file plus the multipart envelope) before it is read: 413. */
export const csvBodyLimit = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 413, csvTooLarge(maxBytes));
    },
  });

/** Reads and checks the uploaded CSV. */
export async function readCsvUpload(c: Context, rules: CsvUploadRules): Promise<CsvUpload> {
  const form = await c.req.parseBody().catch(() => {
    throw new AppError('BAD_REQUEST', 400, SEND_AS_FILE);
  });
  checkMultipart(form);
  const file = form.file;
  if (!(file instanceof File)) throw new AppError('VALIDATION_ERROR', 400, SEND_AS_FILE);
  if (file.size > rules.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413, csvTooLarge(rules.maxBytes));
  const text = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  return { filename: file.name || 'import.csv', ...parseCsvText(text, rules) };
}

const SAVE_AS_UTF8 = 'Save it as "CSV UTF-8" (Excel: File > Save As) and try again';

/**
 * UTF-8 only (a BOM is fine): anything else is refused with how to save the file right. A NUL is refused too,
 * not stripped: no spreadsheet writes one, and a file full of them is UTF-16 that would import as garbage.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new AppError('VALIDATION_ERROR', 400, `The file is not UTF-8 text. ${SAVE_AS_UTF8}`);
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const line = (text.slice(0, nul).match(/\n/g)?.length ?? 0) + 1;
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `Line ${line} of the file holds a NUL character (\\u0000), which is not text. ${SAVE_AS_UTF8}`,
      { line },
    );
  }
  return text;
}

/** The header and the records of a CSV text, checked against the rules. */
export function parseCsvText(text: string, rules: Omit<CsvUploadRules, 'maxBytes'>) {
  if (text.trim() === '') throw new AppError('VALIDATION_ERROR', 400, 'The file is empty');
  const known = [...rules.required, ...(rules.optional ?? [])];
  const nameOf = (header: string) => {
    const trimmed = header.trim();
    return known.find((k) => k.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
  };
  const records: CsvRecord[] = [];
  let columns: string[] = [];
  let tooMany = false;
  // Lines are counted as the parser moves through the text, so a quoted cell over several lines counts them all.
  let consumed = 0;
  let line = 1;
  const lineAt = (cursor: number) => {
    for (let i = consumed; i < cursor; i++) if (text.charCodeAt(i) === 10) line += 1;
    consumed = Math.max(consumed, cursor);
    return line;
  };
  let rowStart = 0;
  Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: nameOf,
    step: (result, parser) => {
      if (columns.length === 0) {
        columns = (result.meta.fields ?? []).filter((c) => c !== '');
        // The header's line break: the first record starts on the line after it.
        rowStart = text.search(/\r?\n/) + 1;
      }
      const startLine = lineAt(rowStart);
      // Blank lines skipped before this record: it starts at its first non-blank character.
      const lead = /^[\r\n]*/.exec(text.slice(rowStart, result.meta.cursor))?.[0].length ?? 0;
      const recordLine = startLine + (text.slice(rowStart, rowStart + lead).match(/\n/g)?.length ?? 0);
      rowStart = result.meta.cursor;
      if (records.length >= rules.maxRows) {
        tooMany = true;
        parser.abort();
        return;
      }
      records.push({ line: recordLine, values: result.data });
    },
  });
  if (columns.length === 0) columns = headerOf(text).map(nameOf);
  if (columns.length === 0) throw new AppError('VALIDATION_ERROR', 400, 'The file has no header row');
  const missing = rules.required.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `The file has no ${missing.map((m) => `"${m}"`).join(' or ')} column. The first line must name the columns: ${known.join(', ')} (found: ${columns.join(', ') || 'none'})`,
    );
  }
  if (tooMany) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `The file has more than ${rules.maxRows.toLocaleString('en')} rows: split it into smaller files`,
    );
  }
  if (records.length === 0) throw new AppError('VALIDATION_ERROR', 400, 'The file has a header but no rows');
  return { columns, records };
}

/** The header of a file with no records (the step parser never sees it). */
function headerOf(text: string): string[] {
  const first = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: 'greedy' }).data[0] ?? [];
  return first.map((c) => c.trim()).filter((c) => c !== '');
}

/** A cell an export made safe for spreadsheets (`'=...`) back to what it was. */
export const unescapeCell = (value: string) => value.replace(/^'(?=[=+\-@\t\r])/, '');

/** How an import reads its rows and writes them (see `importCsvRecords`). */
export type CsvImportSpec<T> = {
  /** The columns read; the file's others are reported as not read. */
  known: readonly string[];
  /** A record's cells (trimmed, spreadsheet escapes undone) as a row, or why it cannot be one. */
  parse: (cell: (column: string) => string) => { row: T } | { reason: string };
  /** In the transaction: the keys of the records already there. */
  existing: (tx: Db) => Promise<Iterable<string>>;
  /** In the transaction: the row's key (the same key twice is a duplicate), or why it cannot be imported. */
  keyOf: (tx: Db, row: T) => Promise<string | { reason: string }> | string;
  /** Why a duplicate is skipped: `earlier` is the line of the file's row with that key, null if already there. */
  skipReason: (earlier: number | null) => string;
  /** Writes the row (with its key, e.g. the record it was matched to). */
  write: (tx: Db, row: T, key: string) => Promise<unknown>;
  /** In the transaction, after the last row: work done once for all the rows written. */
  finish?: (tx: Db) => Promise<unknown>;
};

/**
 * An import row by row: each record is parsed (an invalid one is refused with its line and reason), a
 * duplicate of a record already there or of an earlier line is skipped, and every other row is written in one
 * transaction as the caller (row-level security): all of them, or none if writing fails.
 */
export async function importCsvRecords<T>(
  db: Db,
  userId: string,
  upload: { columns: readonly string[]; records: readonly CsvRecord[] },
  spec: CsvImportSpec<T>,
): Promise<CsvImportReport> {
  const refused: CsvRowNote[] = [];
  const valid: { line: number; row: T }[] = [];
  for (const { line, values } of upload.records) {
    const result = spec.parse((name) => unescapeCell((values[name] ?? '').trim()));
    if ('reason' in result) refused.push({ line, reason: result.reason });
    else valid.push({ line, row: result.row });
  }
  const skipped: CsvRowNote[] = [];
  const imported = await withUser(db, userId, async (tx) => {
    const seen = new Map<string, number | null>();
    for (const key of await spec.existing(tx)) seen.set(key, null);
    let written = 0;
    for (const { line, row } of valid) {
      const key = await spec.keyOf(tx, row);
      if (typeof key !== 'string') {
        refused.push({ line, reason: key.reason });
        continue;
      }
      if (seen.has(key)) {
        skipped.push({ line, reason: spec.skipReason(seen.get(key) ?? null) });
        continue;
      }
      seen.set(key, line);
      await spec.write(tx, row, key);
      written += 1;
    }
    await spec.finish?.(tx);
    return written;
  });
  return {
    rows: upload.records.length,
    imported,
    skipped,
    refused: refused.sort((a, b) => a.line - b.line),
    ignoredColumns: upload.columns.filter((c) => !spec.known.includes(c)),
  };
}

/**
 * The one shape of a CSV import endpoint: `POST path` with a multipart `file` of at most the shared limits,
 * read against the columns, handed to `run`, answered with the import report (400 / 413 / 415 as above).
 */
export function csvImportRoutes(spec: {
  path: string;
  tag: string;
  summary: string;
  required: readonly string[];
  columns: readonly string[];
  run: (caller: Caller, upload: CsvUpload) => Promise<CsvImportReport>;
}) {
  const route = createRoute({
    method: 'post',
    path: spec.path,
    tags: [spec.tag],
    summary: spec.summary,
    request: {
      body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any() }) } } },
    },
    responses: {
      200: json(csvImportReportSchema, 'What was imported, skipped and refused'),
      400: error(
        `The file cannot be read: empty, not UTF-8, no header, the ${spec.required.join(' or ')} column missing, too many rows`,
      ),
      401: error('User not authenticated'),
      413: error(csvTooLarge(CSV_IMPORT_MAX_BYTES)),
    },
  });
  const app = new OpenAPIHono<AppEnv>();
  app.use(spec.path, csvBodyLimit(CSV_IMPORT_MAX_BYTES));
  app.openapi(route, async (c) => {
    const upload = await readCsvUpload(c, {
      maxBytes: CSV_IMPORT_MAX_BYTES,
      maxRows: CSV_IMPORT_MAX_ROWS,
      required: spec.required,
      optional: spec.columns,
    });
    return c.json(await spec.run(c.var.caller, upload), 200);
  });
  return app;
}
