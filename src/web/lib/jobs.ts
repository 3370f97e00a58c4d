/** Long-running work on the server (imports, enrichment) and how the web follows it: GET /api/v1/jobs/{id}. */
import { useQuery } from '@tanstack/react-query';
import { apiFetch, notRetriedOnRefusal } from './api.ts';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export type Job<Result = unknown> = {
  id: string;
  status: JobStatus;
  progress: number;
  message: string | null;
  error: string | null;
  /** What the job produced, once succeeded. */
  result: Result | null;
};

export const isFinished = (status: JobStatus | undefined) => status === 'succeeded' || status === 'failed';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 500;

export const getJob = <Result>(id: string) => apiFetch<Job<Result>>(`/api/v1/jobs/${id}`);

/** The job, polled until it finished; nothing while `id` is null. */
export const useJob = <Result>(id: string | null) =>
  useQuery({
    queryKey: ['jobs', id ?? ''],
    queryFn: () => getJob<Result>(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : JOB_POLL_MS),
    staleTime: 0,
    retry: notRetriedOnRefusal,
  });
