import { Loader2, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatCredits } from '../../../../shared/pricing.ts';
import { JobProgress } from '../../../components/job-progress.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toastCreditFailure, useActivityPrice, useCredits } from '../../../lib/credits.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import {
  type EnrichmentLookup,
  type EnrichmentResult,
  type Person,
  useEnrichmentRun,
  useStartEnrichment,
} from '../api.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected people (the rows loaded on screen). */
  people: readonly Person[];
};

const credits = (n: number) => `${formatCredits(n)} ${n === 1 ? 'credit' : 'credits'}`;
const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function summary(result: EnrichmentResult): string {
  const people = count(result.processed, 'person', 'people');
  if (result.emailsFound + result.phonesFound === 0)
    return `Nothing found for ${people}; no credits were used.`;
  const parts = [
    count(result.emailsFound, 'e-mail address', 'e-mail addresses'),
    count(result.phonesFound, 'phone number', 'phone numbers'),
  ];
  return `Found ${parts.join(' and ')} for ${people}; ${credits(result.creditsCharged)} used.`;
}

/**
 * Bulk enrichment (issue 6 §3): the e-mail and phone finders over the selected people, run as a job on the
 * server with its progress here. The cost is shown first as a ceiling: only what is found is charged, once
 * per person. The dialog may be closed while it runs; the results reach the table all the same.
 */
export function EnrichDialog({ open, onOpenChange, people }: Props) {
  const [lookup, setLookup] = useState<EnrichmentLookup>({ email: true, phone: false });
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartEnrichment();
  const run = useEnrichmentRun(jobId);
  const account = useCredits(open);
  const emailPrice = useActivityPrice('email_finder');
  const phonePrice = useActivityPrice('phone_finder');
  const ids = useId();

  const job = run.data;
  const finished = job?.status === 'succeeded' || job?.status === 'failed';
  const running = jobId !== null && !finished;

  // To be found: people without the address (or number) the user found before (free), for whom the finder
  // has one to give (the others cost nothing).
  const toFind = {
    email: lookup.email ? people.filter((p) => !p.email && p.emailFind).length : 0,
    phone: lookup.phone ? people.filter((p) => !p.phone && p.hasPhone).length : 0,
  };
  const ceiling = toFind.email * emailPrice + toFind.phone * phonePrice;
  const available = account.data?.remainingCredits;

  // A run that finished with the dialog closed says so in a toast.
  const openRef = useRef(open);
  openRef.current = open;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!job || !finished || told.current === job.id) return;
    told.current = job.id;
    if (openRef.current) return;
    toast(
      job.status === 'succeeded' && job.result
        ? { title: 'Contact details found', description: summary(job.result) }
        : {
            title: 'Finding contact details failed',
            description: job.error ?? undefined,
            variant: 'destructive',
          },
    );
  }, [job, finished]);

  const onStart = () =>
    start.mutate(
      { ids: people.map((p) => p.id), lookup },
      {
        onSuccess: (started) => setJobId(started.jobId),
        onError: (err) => {
          if (!toastCreditFailure(err, 'Finding contact details'))
            toastFailure('Could not start the lookup', err);
        },
      },
    );

  const close = () => {
    onOpenChange(false);
    // A finished run is done with; a running one carries on and is shown again when the dialog reopens.
    if (finished) setJobId(null);
  };

  let body: ReactNode;
  if (jobId === null) {
    body = (
      <>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">Find</legend>
          <Choice
            id={`${ids}-email`}
            checked={lookup.email}
            onChange={(email) => setLookup({ ...lookup, email })}
            label="E-mail addresses"
            hint={`${credits(emailPrice)} for each address found: one we hold (verified) or the company's pattern (guessed)`}
          />
          <Choice
            id={`${ids}-phone`}
            checked={lookup.phone}
            onChange={(phone) => setLookup({ ...lookup, phone })}
            label="Phone numbers"
            hint={`${credits(phonePrice)} for each number we hold`}
          />
        </fieldset>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm" data-enrich-quote>
          <dt className="text-muted-foreground">People selected</dt>
          <dd className="text-right font-medium tabular-nums">{formatNumber(people.length)}</dd>
          <dt className="text-muted-foreground">At most</dt>
          <dd className="text-right font-medium tabular-nums">{credits(ceiling)}</dd>
          <dt className="text-muted-foreground">You have</dt>
          <dd className="text-right tabular-nums">{available === undefined ? '…' : credits(available)}</dd>
        </dl>
        <p className="text-xs text-muted-foreground">
          Only what is found is charged, once per person: what you found before is free. If your credits run
          out, the lookup stops there and keeps what it found.
        </p>
        {available !== undefined && ceiling > available && (
          <p className="text-sm">
            Your credits may not cover everyone.{' '}
            <Link to="/credits" className="font-medium text-primary underline-offset-4 hover:underline">
              Buy credits
            </Link>{' '}
            or select fewer people.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button onClick={onStart} disabled={(!lookup.email && !lookup.phone) || start.isPending}>
            {start.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
            {start.isPending ? 'Starting…' : `Find for ${count(people.length, 'person', 'people')}`}
          </Button>
        </div>
      </>
    );
  } else if (running) {
    body = (
      <>
        <JobProgress label="Lookup progress" progress={job?.progress ?? 0} message={job?.message ?? null} />
        {run.isError && (
          <p role="alert" className="text-sm">
            Could not get the lookup’s progress. It carries on; reopen this window to see it.
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          You can close this window: the lookup carries on, and what it finds shows in the table.
        </p>
      </>
    );
  } else if (job?.status === 'succeeded' && job.result) {
    const result = job.result;
    body = (
      <>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm" data-enrich-report>
          <dt className="text-muted-foreground">People looked at</dt>
          <dd className="text-right font-medium tabular-nums">
            {formatNumber(result.processed)} of {formatNumber(result.requested)}
          </dd>
          <dt className="text-muted-foreground">E-mail addresses</dt>
          <dd className="text-right font-medium tabular-nums">{formatNumber(result.emailsFound)}</dd>
          <dt className="text-muted-foreground">Phone numbers</dt>
          <dd className="text-right font-medium tabular-nums">{formatNumber(result.phonesFound)}</dd>
          <dt className="text-muted-foreground">Nothing found</dt>
          <dd className="text-right tabular-nums">{formatNumber(result.notFound)}</dd>
          <dt className="text-muted-foreground">Credits used</dt>
          <dd className="text-right font-medium tabular-nums">{formatCredits(result.creditsCharged)}</dd>
        </dl>
        {result.stopped && (
          <div
            role="alert"
            className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
          >
            <p>{result.stopped}</p>
            <Link to="/credits" className="font-medium text-primary underline-offset-4 hover:underline">
              Buy credits
            </Link>
          </div>
        )}
        <div className="flex justify-end">
          <Button onClick={close}>Done</Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <div
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
        >
          The lookup failed: {job?.error ?? 'unexpected error'}. Addresses and numbers found before it stopped
          are kept; running it again does not charge them twice.
        </div>
        <div className="flex justify-end">
          <Button onClick={close}>Close</Button>
        </div>
      </>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Find contact details</DialogTitle>
          <DialogDescription>
            {jobId === null
              ? `Look up e-mail addresses and phone numbers for the ${count(people.length, 'person', 'people')} you selected.`
              : running
                ? 'Looking up contact details…'
                : job?.status === 'succeeded' && job.result
                  ? summary(job.result)
                  : 'The lookup did not finish.'}
          </DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}

function Choice(props: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={props.id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={`${props.id}-hint`}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={props.id} className="text-sm font-medium">
          {props.label}
        </label>
        <span id={`${props.id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </span>
      </div>
    </div>
  );
}
