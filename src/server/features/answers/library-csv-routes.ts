import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  LIBRARY_CSV_COLUMNS,
  LIBRARY_CSV_REQUIRED,
  LIBRARY_IMPORT_MAX_BYTES,
  LIBRARY_IMPORT_MAX_ROWS,
} from '../../../shared/data-exchange.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { csvImportRoutes } from '../../http/csv-import.ts';
import { contentDisposition } from '../../http/download.ts';
import { error } from '../../http/openapi.ts';
import { importLibraryCsv, libraryCsv } from './library-csv.ts';

const EXPORT_PATH = '/api/v1/answers/library/export.csv';
const IMPORT_PATH = '/api/v1/answers/library/imports';
const tags = ['Sales Q&A'];
const common = { 401: error('User not authenticated') };

const routes = {
  export: createRoute({
    method: 'get',
    path: EXPORT_PATH,
    tags,
    summary: `The whole answer library as CSV (${LIBRARY_CSV_COLUMNS.join(', ')}; tags separated by "; "). Free: it is your own content`,
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...common,
    },
  }),
};

/** The answer library's CSV export and import (mounted by the Sales Q&A routes, behind their sign-in). */
export function libraryCsvRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;

  app.openapi(routes.export, async (c) => {
    const { csv, rows } = await libraryCsv(db, c.var.caller);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header(
      'content-disposition',
      contentDisposition(`answer-library-${new Date().toISOString().slice(0, 10)}.csv`),
    );
    c.header('x-rows', String(rows));
    return c.body(csv, 200);
  });

  app.route(
    '/',
    csvImportRoutes({
      path: IMPORT_PATH,
      tag: tags[0] ?? 'Sales Q&A',
      summary: `Import questions and answers from a CSV (multipart \`file\`, UTF-8, at most ${LIBRARY_IMPORT_MAX_ROWS} rows and ${LIBRARY_IMPORT_MAX_BYTES / 1024 / 1024} MB): columns ${LIBRARY_CSV_REQUIRED.join(' and ')} required, ${LIBRARY_CSV_COLUMNS.filter((c) => !(LIBRARY_CSV_REQUIRED as readonly string[]).includes(c)).join(', ')} optional. Each valid row is imported; a question already in the library is skipped; an invalid row is refused; the report names the line and the reason of each`,
      required: LIBRARY_CSV_REQUIRED,
      columns: LIBRARY_CSV_COLUMNS,
      run: (caller, upload) => importLibraryCsv(db, caller, upload),
    }),
  );

  return app;
}
