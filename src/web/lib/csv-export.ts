/**
 * CSV exports of a list (companies, people): the quote first, then the file as a download. Charged 1 credit
 * per 100 rows, after the file is made (the server says how much in X-Credits-Charged).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, errorMessage, notRetriedOnRefusal } from './api.ts';
import { invalidateCredits, notifyCharge } from './credits.ts';

export type ExportList = 'companies' | 'people';

/** What an export would cost before it runs; `truncated` when the search finds more than one export holds. */
export type ExportQuote = { rows: number; credits: number; available: number; truncated?: boolean };

/** What to export: the selected rows, or everything the search (the list's filter body) finds. */
export type ExportRequest = { list: ExportList; body: Record<string, unknown> };

const exportsPath = (list: ExportList) => `/api/v1/${list}/exports`;

export const useExportQuote = ({ list, body }: ExportRequest, enabled: boolean) =>
  useQuery({
    queryKey: [list, 'export-quote', JSON.stringify(body)],
    queryFn: () => apiFetch<ExportQuote>(`${exportsPath(list)}/quote`, { method: 'POST', body }),
    enabled,
    staleTime: 0,
    retry: notRetriedOnRefusal,
  });

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The server's name for the file when it is a plain `.csv` name, else ours (`prospector-companies-<day>.csv`). */
export function fileNameOf(response: Response, list: ExportList): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  let name = '';
  try {
    name = match?.[1] ? decodeURIComponent(match[1]) : '';
  } catch {
    // A malformed escape ("100%.csv"): our own name, rather than a failure after the export was charged.
  }
  return /^[\w.\- ]+\.csv$/.test(name) ? name : `prospector-${list}-${today()}.csv`;
}

/** Runs the export and hands the CSV to the browser as a download. */
export function useRunExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, credits }: { request: ExportRequest; credits: number }) => {
      const response = await fetch(exportsPath(request.list), {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'text/csv' },
        body: JSON.stringify(request.body),
      });
      if (!response.ok) {
        const { message, code, details } = await errorMessage(response);
        throw new ApiError(message, response.status, code, details ?? null);
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, request.list);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const charged = Number(response.headers.get('x-credits-charged'));
      return {
        credits: Number.isFinite(charged) && response.headers.has('x-credits-charged') ? charged : credits,
      };
    },
    onSuccess: ({ credits }) => {
      if (credits > 0) notifyCharge({ activityType: 'export', creditsCharged: credits });
      return invalidateCredits(client);
    },
  });
}
