/**
 * CSV import of the user's own accounts (issue 5 §4): a preview with a suggested column mapping, then a job
 * that checks every row, skips duplicates (by domain, then by name), merges each company with the shared one it
 * is (issue 23, import-merge.ts: the user's values win, the shared data fills the gaps) and writes the rest in
 * one transaction, so an import is either all in or not at all. Imported rows belong to the user and are
 * searched with the shared data.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  COMPANY_SOURCES,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE,
  type ImportField,
  type ImportMapping,
  sizeBandOf,
  yourImportSource,
} from '../../../shared/companies.ts';
import { type FilterVocabulary, matchFilterValue } from '../../../shared/filter-validator.ts';
import type { Caller } from '../../context.ts';
import { type Database, type Db, queryRows } from '../../db/client.ts';
import { type CopyTarget, withCopySession } from '../../db/copy.ts';
import { companyImports } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { decodeUtf8 } from '../../http/csv-import.ts';
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { COMPANY_COPY, type CopyRow } from './data/copy-companies.ts';
import { nameKey, webAddress } from './data/names.ts';
import { locationOf } from './data/places.ts';
import { findKnownCompanies, type ImportRow, mergeWithKnown } from './import-merge.ts';
import type { Vocabulary } from './vocabulary.ts';

export const IMPORT_JOB = 'companies.import';
export const IMPORT_MAX_ROWS = 100_000;
/** The report keeps the first errors; the counts cover all of them. */
const MAX_REPORTED_ERRORS = 200;

/** An import's rows: the shared rows' columns and the shared company each was merged with. */
const IMPORT_COPY: CopyTarget<ImportRow> = {
  ...COMPANY_COPY,
  columns: [...COMPANY_COPY.columns, ['mergedCompanyId', 'merged_company_id']],
};

/** Header words that suggest a field, as CRM exports (HubSpot, Salesforce, Apollo) name their columns. */
const HEADER_HINTS: Record<ImportField, RegExp> = {
  name: /^(company|account|organi[sz]ation)?\s*name$|^company$|^account$|^organi[sz]ation$/,
  domain: /domain/,
  website: /web\s*site|^url$|homepage/,
  industry: /industry|sector|vertical/,
  employees: /employees|head\s*count|staff|number of employees/,
  size: /size/,
  country: /country/,
  region: /state|region|province/,
  city: /city|town/,
  foundedYear: /founded|year/,
  ticker: /ticker|symbol/,
  description: /description|about|summary/,
};

export function suggestMapping(columns: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const column = columns.find(
      (c) => !taken.has(c) && HEADER_HINTS[field].test(c.trim().toLowerCase().replace(/[_-]+/g, ' ')),
    );
    if (column) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

/** The file as text: UTF-8 only (a BOM is fine); anything else is refused with what to do about it. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength > IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, IMPORT_TOO_LARGE);
  }
  return decodeUtf8(bytes);
}

type Parsed = { columns: string[]; records: Record<string, string>[]; errors: Map<number, string> };

/** Rows are numbered as a spreadsheet shows them: the header is row 1. */
function parseCsv(text: string): Parsed {
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const columns = (result.meta.fields ?? []).filter((c) => c !== '');
  if (columns.length === 0) throw new AppError('VALIDATION_ERROR', 400, 'The file has no header row');
  if (result.data.length > IMPORT_MAX_ROWS) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `The file has ${result.data.length.toLocaleString('en')} rows; an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en')}`,
    );
  }
  const errors = new Map<number, string>();
  for (const error of result.errors) {
    if (error.row !== undefined && error.row !== null)
      errors.set(error.row + 2, `Unreadable row: ${error.message}`);
  }
  return { columns, records: result.data, errors };
}

export function previewCsv(text: string) {
  const { columns, records } = parseCsv(text);
  return {
    columns,
    rows: records.length,
    sample: records.slice(0, 5),
    suggestedMapping: suggestMapping(columns),
  };
}

export function checkMapping(mapping: ImportMapping, columns: readonly string[]): void {
  if (!mapping.name) throw new AppError('VALIDATION_ERROR', 400, 'Map a column to the company name');
  for (const [field, column] of Object.entries(mapping)) {
    if (column && !columns.includes(column)) {
      throw new AppError('VALIDATION_ERROR', 400, `The ${field} column "${column}" is not in the file`);
    }
  }
}

type RowResult = { row?: CopyRow; error?: string };

/** One CSV record as a company row of its owner, or the reason it cannot be one. */
type StoredValue = (kind: 'industry' | 'size' | 'region', value: string) => string | null;

/**
 * The stored value the user's words match first, or null; remembered per word, since a file repeats the
 * same few industries and countries on every row.
 */
function storedValues(vocabulary: FilterVocabulary): StoredValue {
  const seen = new Map<string, string | null>();
  return (kind, value) => {
    const key = `${kind}\u0000${value}`;
    let stored = seen.get(key);
    if (stored === undefined) {
      stored = matchFilterValue(kind, value, vocabulary)?.values[0] ?? null;
      seen.set(key, stored);
    }
    return stored;
  };
}

function toRow(
  record: Record<string, string>,
  mapping: ImportMapping,
  stored: StoredValue,
  owner: { userId: string; importId: string },
): RowResult {
  const cell = (field: ImportField) => {
    const column = mapping[field];
    const value = column ? record[column]?.trim() : '';
    return value ? value : null;
  };
  const name = cell('name');
  if (!name) return { error: 'The company name is empty' };
  if (name.length > 300) return { error: 'The company name is longer than 300 characters' };
  const employeesText = cell('employees')?.replace(/[,\s]/g, '');
  const employees = employeesText ? Number(employeesText) : null;
  if (employees !== null && (!Number.isInteger(employees) || employees < 0 || employees > 10_000_000)) {
    return { error: `Employees "${cell('employees')}" is not a whole number` };
  }
  const foundedText = cell('foundedYear');
  const foundedYear = foundedText ? Number(foundedText) : null;
  if (foundedYear !== null && (!Number.isInteger(foundedYear) || foundedYear < 1600 || foundedYear > 2100)) {
    return { error: `Founded "${foundedText}" is not a year` };
  }
  const web = webAddress(cell('website') ?? cell('domain'));
  const domain = cell('domain') ? webAddress(cell('domain')).domain : web.domain;
  // The user's words become stored values where they match ("fintech" -> Fintech), else they are kept.
  const first = (kind: 'industry' | 'size' | 'region', value: string | null) =>
    value ? stored(kind, value) : null;
  const industryText = cell('industry');
  const industry = first('industry', industryText);
  const country = first('region', cell('country')) ?? cell('country');
  const region = cell('region');
  const city = cell('city');
  return {
    row: {
      name,
      domain,
      website: web.website,
      primaryIndustry: industry,
      naicsCode: null,
      subIndustry: industry ? null : industryText,
      size: sizeBandOf(employees) ?? first('size', cell('size')),
      employees,
      country,
      countryCode: null,
      region,
      city,
      location: locationOf(city, region, country),
      foundedYear,
      ticker: cell('ticker')?.toUpperCase() ?? null,
      exchange: null,
      cik: null,
      sicCode: null,
      phone: null,
      description: cell('description')?.slice(0, 5000) ?? null,
      fieldSources: {},
      source: 'import',
      license: COMPANY_SOURCES.import.license,
      ownerId: owner.userId,
      importId: owner.importId,
    },
  };
}

export type ImportView = {
  id: string;
  filename: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  totalRows: number;
  importedRows: number;
  duplicateRows: number;
  errorRows: number;
  errors: { row: number; message: string }[];
  jobId: string | null;
  createdAt: string;
  finishedAt: string | null;
};

const toView = (row: typeof companyImports.$inferSelect): ImportView => ({
  id: row.id,
  filename: row.filename,
  status: row.status,
  totalRows: row.totalRows,
  importedRows: row.importedRows,
  duplicateRows: row.duplicateRows,
  errorRows: row.errorRows,
  errors: row.errors as ImportView['errors'],
  jobId: row.jobId,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** Stores the file and its mapping and queues the import. */
export async function startImport(
  db: Db,
  jobs: JobQueue,
  caller: Caller,
  file: { name: string; text: string },
  mapping: ImportMapping,
): Promise<ImportView> {
  const { columns, records } = parseCsv(file.text);
  checkMapping(mapping, columns);
  const created = await withUser(db, caller.id, async (tx) => {
    const [row] = await tx
      .insert(companyImports)
      .values({
        userId: caller.id,
        filename: file.name.slice(0, 200),
        content: file.text,
        mapping,
        totalRows: records.length,
      })
      .returning();
    if (!row) throw new Error('creating the import returned no row');
    return row;
  });
  const job = await jobs.enqueue(IMPORT_JOB, { importId: created.id }, { userId: caller.id, maxAttempts: 1 });
  return withUser(db, caller.id, async (tx) => {
    const [row] = await tx
      .update(companyImports)
      .set({ jobId: job.id })
      .where(eq(companyImports.id, created.id))
      .returning();
    return toView(row ?? created);
  });
}

export function getImport(db: Db, caller: Caller, id: string): Promise<ImportView | null> {
  return withUser(db, caller.id, async (tx) => {
    const [row] = await tx.select().from(companyImports).where(eq(companyImports.id, id));
    return row ? toView(row) : null;
  });
}

export function listImports(db: Db, caller: Caller): Promise<ImportView[]> {
  return withUser(db, caller.id, async (tx) =>
    (
      await tx
        .select()
        .from(companyImports)
        .where(eq(companyImports.userId, caller.id))
        .orderBy(desc(companyImports.createdAt))
        .limit(20)
    ).map(toView),
  );
}

/**
 * The job: checks every row, skips duplicates of the user's earlier imports and of earlier rows in the file
 * (by domain, then by name, then by the shared company they merge with), fills what each left empty from that
 * shared company, and writes the rest in one transaction with the report.
 */
export function registerImportJob(jobs: JobQueue, database: Database, vocabulary: Vocabulary): void {
  const { db } = database;
  jobs.register<{ importId: string }>(IMPORT_JOB, async (job, ctx) => {
    const [started] = await db
      .update(companyImports)
      .set({ status: 'running' })
      .where(and(eq(companyImports.id, job.payload.importId), eq(companyImports.status, 'queued')))
      .returning();
    if (!started?.content) return { skipped: true };
    const fail = (message: string) =>
      db
        .update(companyImports)
        .set({ status: 'failed', errors: [{ row: 0, message }], content: null, finishedAt: new Date() })
        .where(eq(companyImports.id, started.id));
    try {
      const { records, errors: parseErrors } = parseCsv(started.content);
      const mapping = started.mapping as ImportMapping;
      const owner = { userId: started.userId, importId: started.id };
      const stored = storedValues(await vocabulary.forCaller({ id: started.userId }));
      await ctx.progress(5, 'Checking rows');

      const seen = new Set<string>();
      for (const earlier of await queryRows<{ domain: string | null; name: string; merged: string | null }>(
        db,
        sql`select domain, name, merged_company_id as merged from company_master
          where owner_id = ${started.userId}`,
      )) {
        if (earlier.domain) seen.add(`d:${earlier.domain}`);
        seen.add(`n:${nameKey(earlier.name)}`);
        if (earlier.merged) seen.add(`m:${earlier.merged}`);
      }
      const checked: CopyRow[] = [];
      const checkedKeys: string[] = [];
      const errors: { row: number; message: string }[] = [];
      let errorRows = 0;
      let duplicates = 0;
      records.forEach((record, index) => {
        const rowNumber = index + 2;
        const parseError = parseErrors.get(rowNumber);
        const result = parseError ? { error: parseError } : toRow(record, mapping, stored, owner);
        if (result.error || !result.row) {
          errorRows++;
          if (errors.length < MAX_REPORTED_ERRORS)
            errors.push({ row: rowNumber, message: result.error ?? '' });
          return;
        }
        const rowKey = nameKey(result.row.name);
        const keys = [result.row.domain ? `d:${result.row.domain}` : null, `n:${rowKey}`];
        // Domain first: two rows with one domain are one company whatever their names say.
        const duplicate = keys[0] ? seen.has(keys[0]) : seen.has(keys[1] ?? '');
        if (duplicate) {
          duplicates++;
          return;
        }
        for (const key of keys) if (key) seen.add(key);
        checked.push(result.row);
        checkedKeys.push(rowKey);
      });

      await ctx.progress(15, 'Matching with known companies');
      const known = await findKnownCompanies(db, checked, checkedKeys);
      const yours = yourImportSource(started.filename);
      const rows: ImportRow[] = [];
      let merged = 0;
      checked.forEach((row, i) => {
        const company = known[i] ?? null;
        // Two rows that are one known company are one company, whatever the user called them.
        if (company) {
          if (seen.has(`m:${company.id}`)) {
            duplicates++;
            return;
          }
          seen.add(`m:${company.id}`);
          merged++;
        }
        rows.push(mergeWithKnown(row, company, yours));
      });
      await ctx.progress(30, `Writing ${rows.length} companies`);
      await withCopySession(database, async (session) => {
        await session.copyRows(IMPORT_COPY, rows);
        await session.query(
          `update company_imports set status = 'succeeded', imported_rows = $2, duplicate_rows = $3,
             error_rows = $4, errors = $5::jsonb, content = null, finished_at = now() where id = $1`,
          [started.id, rows.length, duplicates, errorRows, JSON.stringify(errors)],
        );
      });
      vocabulary.forget(started.userId);
      await ctx.progress(100, 'Done');
      return { imported: rows.length, merged, duplicates, errorRows };
    } catch (err) {
      await fail(err instanceof AppError ? err.message : 'The import failed; nothing was imported');
      throw err;
    }
  });
}
