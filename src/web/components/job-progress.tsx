/** A running job's progress bar with what it is doing now (imports, enrichment). */
export function JobProgress({
  label,
  progress,
  message,
}: {
  /** The bar's accessible name: 'Import progress'. */
  label: string;
  progress: number;
  message: string | null;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%${message ? `: ${message}` : ''}`}
        data-job-progress
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${Math.max(progress, 2)}%` }}
        />
      </div>
      <p className="flex justify-between gap-3 text-sm text-muted-foreground">
        <span>{message ?? 'Waiting to start…'}</span>
        <span className="tabular-nums">{progress}%</span>
      </p>
    </div>
  );
}
