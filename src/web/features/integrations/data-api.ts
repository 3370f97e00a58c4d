/**
 * The import/export hub over the API (Integrations > Import & export): the free CSV downloads of the user's own
 * records and the imports of prospects, people (My People) and the answer library. The charged exports of
 * companies and people go through the shared export dialog (src/web/lib/csv-export.ts); the companies import is
 * the Company research page's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvImportReport } from '../../../shared/data-exchange.ts';
import { apiPostForm } from '../../lib/api.ts';
import { PROSPECTS_KEY } from '../../lib/prospects.ts';

/** Free downloads: the user's own records, as CSV (a plain link: the session cookie goes with it). */
export const PROSPECTS_CSV_URL = '/api/v1/prospects/export.csv';
export const LIBRARY_CSV_URL = '/api/v1/answers/library/export.csv';

/** A CSV import of the hub: the file goes as multipart `file`; the answer is the import's report. */
function useCsvImport(path: string, refresh: readonly (readonly string[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiPostForm<CsvImportReport>(path, form);
    },
    // The lists that show the new records.
    onSuccess: () => Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export type CsvImportMutation = ReturnType<typeof useCsvImport>;

/** The Sales Q&A library shows the new entries. */
export const useImportLibrary = () => useCsvImport('/api/v1/answers/library/imports', [['answers']]);
/** The pipeline and the events feed show the new prospects. */
export const useImportProspects = () =>
  useCsvImport('/api/v1/prospects/imports', [PROSPECTS_KEY, ['events']]);
/** People searches (My People) show who was saved. */
export const useImportPeople = () => useCsvImport('/api/v1/people/imports', [['people']]);
