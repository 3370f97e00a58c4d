/**
 * A CSV file uploaded for an import (multipart field `file`): size, encoding, header and required columns are
 * checked before any row is read, each refusal a 400 (413 for a file too large) that says what to fix. Records
 * carry the line of the file they start on (the header is line 1; a cell may span lines), so a report can
 * point at them.
 */
import type { Context } from 'hono';
import Papa from 'papaparse';
import { AppError } from './errors.ts';

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

/** Reads and checks the uploaded CSV. */
export async function readCsvUpload(c: Context, rules: CsvUploadRules): Promise<CsvUpload> {
  const form = await c.req.parseBody().catch(() => {
    throw new AppError('BAD_REQUEST', 400, SEND_AS_FILE);
  });
  const file = form.file;
  if (!(file instanceof File)) throw new AppError('VALIDATION_ERROR', 400, SEND_AS_FILE);
  if (file.size > rules.maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      413,
      `The file is larger than ${rules.maxBytes / 1024 / 1024} MB: split it into smaller files`,
    );
  }
  const text = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  return { filename: file.name || 'import.csv', ...parseCsvText(text, rules) };
}

/** UTF-8 only (a BOM is fine): anything else is refused with how to save the file right. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      'The file is not UTF-8 text. Save it as "CSV UTF-8" (Excel: File > Save As) and try again',
    );
  }
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
