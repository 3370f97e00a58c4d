import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  PROSPECTS_CSV_COLUMNS,
  PROSPECTS_CSV_REQUIRED,
} from '../../../shared/data-exchange.ts';
import type { AppDeps } from '../../context.ts';
import { csvImportRoutes } from '../../http/csv-import.ts';
import { importProspectsCsv } from './csv-import.ts';

/** The prospects' CSV import (mounted by the prospects routes, behind their sign-in, before `/{id}`). */
export const prospectImportRoutes = (deps: AppDeps) =>
  csvImportRoutes({
    path: '/api/v1/prospects/imports',
    tag: 'Prospects',
    summary: `Import prospects from a CSV (multipart \`file\`, UTF-8, at most ${CSV_IMPORT_MAX_ROWS} rows and ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB): column name required; ${PROSPECTS_CSV_COLUMNS.slice(1).join(', ')} optional, as the prospects export writes them (so an exported file imports back; status and the account fields take their labels or values, new prospects default to qualified). Each valid row becomes a prospect; a name already in your pipeline is skipped; an invalid row is refused; the report names the line and the reason of each. Free`,
    required: PROSPECTS_CSV_REQUIRED,
    columns: PROSPECTS_CSV_COLUMNS,
    run: (caller, upload) => importProspectsCsv(deps.database.db, caller, upload),
  });
