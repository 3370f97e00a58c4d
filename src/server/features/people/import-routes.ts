import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  PEOPLE_CSV_COLUMNS,
  PEOPLE_CSV_REQUIRED,
} from '../../../shared/data-exchange.ts';
import type { AppDeps } from '../../context.ts';
import { csvImportRoutes } from '../../http/csv-import.ts';
import { importPeopleCsv } from './csv-import.ts';

/** The people CSV import into My People (mounted by the people routes, behind their sign-in). */
export const peopleImportRoutes = (deps: AppDeps) =>
  csvImportRoutes({
    path: '/api/v1/people/imports',
    tag: 'People',
    summary: `Save people to My People from a CSV (multipart \`file\`, UTF-8, at most ${CSV_IMPORT_MAX_ROWS} rows and ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB): column name required; ${PEOPLE_CSV_COLUMNS.slice(1).join(', ')} optional (tags separated by ";"), as the people export writes them. Each row is matched to a person Prospector holds, by e-mail, else by name at the company (name or domain), and saved with its notes and tags; a person already in My People is skipped; a row that matches no one or is invalid is refused; the report names the line and the reason of each. Free`,
    required: PEOPLE_CSV_REQUIRED,
    columns: PEOPLE_CSV_COLUMNS,
    run: (caller, upload) => importPeopleCsv(deps.database.db, caller, upload),
  });
