/**
 * The import/export hub over the API (Integrations > Import & export): the free CSV downloads of the user's own
 * records and the answer library import. The charged exports of companies and people go through the shared
 * export dialog (src/web/lib/csv-export.ts); the companies import is the Company research page's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvImportReport } from '../../../shared/data-exchange.ts';
import { apiPostForm } from '../../lib/api.ts';

/** Free downloads: the user's own records, as CSV (a plain link: the session cookie goes with it). */
export const PROSPECTS_CSV_URL = '/api/v1/prospects/export.csv';
export const LIBRARY_CSV_URL = '/api/v1/answers/library/export.csv';

export function useImportLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiPostForm<CsvImportReport>('/api/v1/answers/library/imports', form);
    },
    // The Sales Q&A library shows the new entries.
    onSuccess: () => client.invalidateQueries({ queryKey: ['answers'] }),
  });
}
