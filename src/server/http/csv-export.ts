/**
 * CSV exports of search results (companies, people): the price first (a quote), then the file, charged after
 * it was made. Spec 2's price list: `export` costs 1 credit per 100 rows.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import Papa from 'papaparse';
import type { AppDeps, AppEnv } from '../context.ts';
import { getAccount } from '../features/credits/service.ts';
import { AppError } from './errors.ts';
import { error, json } from './openapi.ts';

/** The most rows one export holds (Apollo caps exports too); a larger list is narrowed first. */
export const EXPORT_MAX_ROWS = 10_000;
export const ROWS_PER_EXPORT_CREDIT = 100;

export const exportCredits = (rows: number) => Math.ceil(rows / ROWS_PER_EXPORT_CREDIT);

export type CsvColumns<T> = readonly (readonly [string, (row: T) => string | number | null])[];

/** A spreadsheet would run a cell starting with = + - @ as a formula (CSV injection): make it text. */
const safeCell = (value: string | number | null) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? '');

export function csvOf<T>(columns: CsvColumns<T>, rows: readonly T[]): string {
  return Papa.unparse({
    fields: columns.map(([name]) => name),
    data: rows.map((row) => columns.map(([, read]) => safeCell(read(row)))),
  });
}

/** The quote and export routes of one list (`/api/v1/{list}/exports/quote` and `/api/v1/{list}/exports`). */
export function exportRoutes<Body extends z.ZodType>(list: string, tag: string, body: Body) {
  const common = { 400: error('Invalid input'), 401: error('User not authenticated') };
  const request = { body: { content: { 'application/json': { schema: body } }, required: true } };
  return {
    quote: createRoute({
      method: 'post',
      path: `/api/v1/${list}/exports/quote`,
      tags: [tag],
      summary: `What an export would hold and cost (1 export credit per ${ROWS_PER_EXPORT_CREDIT} rows, at most ${EXPORT_MAX_ROWS} rows)`,
      request,
      responses: {
        200: json(
          z.object({
            rows: z.number().int(),
            credits: z.number().int(),
            available: z.number().int(),
            truncated: z.boolean(),
          }),
          'The quote',
        ),
        ...common,
      },
    }),
    export: createRoute({
      method: 'post',
      path: `/api/v1/${list}/exports`,
      tags: [tag],
      summary: `Export ${list} as CSV; charged after the file is made (X-Credits-Charged says how much)`,
      request,
      responses: {
        200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
        ...common,
        402: error('Insufficient credits. Required: {n}, Available: {m}'),
      },
    }),
  };
}

/** What an export of `count` rows (counted up to EXPORT_MAX_ROWS + 1) would hold and cost. */
export async function exportQuote(deps: AppDeps, c: Context<AppEnv>, count: number) {
  const rows = Math.min(count, EXPORT_MAX_ROWS);
  const { remainingCredits } = await getAccount(
    deps.database.db,
    c.var.caller,
    deps.config.credits.defaultAccount,
  );
  return {
    rows,
    credits: exportCredits(rows),
    available: remainingCredits,
    truncated: count > EXPORT_MAX_ROWS,
  };
}

/**
 * The CSV file of an export: checked for the whole file first (a user who cannot pay never waits for it),
 * made, then charged for the rows it holds.
 */
export async function sendExport<T>(
  deps: AppDeps,
  c: Context<AppEnv>,
  parts: {
    list: string;
    one: string;
    expected: number;
    rows: () => Promise<readonly T[]>;
    columns: CsvColumns<T>;
  },
) {
  const { caller } = c.var;
  if (parts.expected === 0)
    throw new AppError('VALIDATION_ERROR', 400, `Nothing to export: no ${parts.one} matches`);
  await deps.credits.check(caller, 'export', exportCredits(parts.expected));
  const rows = await parts.rows();
  const csv = csvOf(parts.columns, rows);
  const charge = await deps.credits.charge(
    caller,
    'export',
    exportCredits(rows.length),
    `Export of ${rows.length} ${parts.list}`,
  );
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header(
    'content-disposition',
    `attachment; filename="${parts.list}-${new Date().toISOString().slice(0, 10)}.csv"`,
  );
  c.header('x-credits-charged', String(charge.creditsCharged));
  c.header('x-rows', String(rows.length));
  return c.body(csv, 200);
}
