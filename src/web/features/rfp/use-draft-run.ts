import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RfpDraftResult, RfpProject } from '../../../shared/rfp.ts';
import { invalidateCredits } from '../../lib/credits.ts';
import { isFinished, type Job, useJob } from '../../lib/jobs.ts';
import { refreshProject, useStartDraft } from './api.ts';

export type DraftRun = {
  /** The job followed: started here, or found running when the project opened. */
  job: Job<RfpDraftResult> | null;
  running: boolean;
  /** Questions the job set out to draft, when it was started here. */
  questions: number | null;
  start: ReturnType<typeof useStartDraft>;
  /** Forgets a finished job's report. */
  dismiss: () => void;
};

/**
 * "Draft all" for a project: starts the job, follows its progress (GET /api/v1/jobs/{id}, polled), and once it
 * has finished reads the project, the list and the credits again. A job already running when the project
 * opens (started in another tab, or before a reload) is followed the same way.
 */
export function useDraftRun(project: RfpProject | undefined): DraftRun {
  const queryClient = useQueryClient();
  const start = useStartDraft(project?.id ?? '');
  const [followed, setFollowed] = useState<{ jobId: string; questions: number | null } | null>(null);

  const running = project?.draftJob && !isFinished(project.draftJob.status) ? project.draftJob.id : null;
  if (running && followed?.jobId !== running) {
    setFollowed({ jobId: running, questions: start.data?.jobId === running ? start.data.questions : null });
  }
  const startedJob = start.data?.jobId;
  if (startedJob && followed?.jobId !== startedJob && !running) {
    setFollowed({ jobId: startedJob, questions: start.data?.questions ?? null });
  }

  const job = useJob<RfpDraftResult>(followed?.jobId ?? null);
  const status = job.data?.status;
  const done = isFinished(status);

  // Once, when the followed job finishes: its answers, the progress and the balance.
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (!done || !project || !job.data || settled.current === job.data.id) return;
    settled.current = job.data.id;
    void refreshProject(queryClient, project.id);
    void invalidateCredits(queryClient);
  }, [done, job.data, project, queryClient]);

  return {
    job: followed ? (job.data ?? null) : null,
    running: Boolean(followed) && !done,
    questions: followed?.questions ?? null,
    start,
    dismiss: () => {
      start.reset();
      setFollowed(null);
    },
  };
}
