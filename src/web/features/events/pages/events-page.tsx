import {
  Activity,
  ArrowRightLeft,
  ClipboardCheck,
  Coins,
  FileCheck,
  FolderInput,
  FolderPlus,
  type LucideIcon,
  UserPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type ActivityEvent,
  EVENT_DESCRIPTIONS,
  EVENT_LABELS,
  EVENT_TYPES,
  type EventType,
  isEventType,
  subjectPath,
} from '../../../../shared/events.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEvents } from '../api.ts';

const ICONS: Record<EventType, LucideIcon> = {
  'prospect.created': UserPlus,
  'prospect.status_changed': ArrowRightLeft,
  'document.processed': FileCheck,
  'rfp.completed': ClipboardCheck,
  'credits.low': Coins,
  'project.created': FolderPlus,
  'project.item_added': FolderInput,
};

const SUBJECT_LINKS: Record<string, string> = {
  prospect: 'Open prospect',
  document: 'Open document',
  rfp: 'Open RFP',
  project: 'Open project',
  credits: 'See credits',
};

const DAY = new Intl.DateTimeFormat('en', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const TIME = new Intl.DateTimeFormat('en', { timeStyle: 'short' });

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

function dayLabel(date: Date): string {
  const today = new Date();
  const yesterday = new Date(today);
  yesterday.setDate(today.getDate() - 1);
  if (dayKey(date) === dayKey(today)) return 'Today';
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  return DAY.format(date);
}

/** Events in runs of one local day, in the order given (newest first). */
function byDay(events: ActivityEvent[]): { key: string; label: string; events: ActivityEvent[] }[] {
  const days: { key: string; label: string; events: ActivityEvent[] }[] = [];
  for (const event of events) {
    const date = new Date(event.createdAt);
    const key = dayKey(date);
    const last = days.at(-1);
    if (last?.key === key) last.events.push(event);
    else days.push({ key, label: dayLabel(date), events: [event] });
  }
  return days;
}

/**
 * `/events-results` (issue 10): a timeline of what happened across the user's prospects, documents, RFPs,
 * projects and credits, by day, newest first, filtered by type, each event linking to what it is about.
 */
export function EventsPage() {
  useDocumentTitle('Events');
  const [params, setParams] = useSearchParams();
  const requested = params.get('type') ?? '';
  const type = isEventType(requested) ? requested : null;
  const events = useEvents(type);
  const all = events.data?.pages.flatMap((page) => page.events) ?? [];

  let body: ReactNode;
  if (events.isPending) {
    body = (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Loading events…</span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  } else if (events.isError) {
    body = (
      <div className="rounded-xl border p-6">
        <LoadError message="Could not load your events." onRetry={() => events.refetch()} />
      </div>
    );
  } else if (all.length === 0) {
    body = type ? (
      <StatePanel
        icon={<Activity className="size-6" aria-hidden />}
        title={`No “${EVENT_LABELS[type]}” events yet`}
      >
        <p className="max-w-md text-sm text-muted-foreground">
          One is recorded when {EVENT_DESCRIPTIONS[type].charAt(0).toLowerCase()}
          {EVENT_DESCRIPTIONS[type].slice(1)}
        </p>
        <Button variant="outline" onClick={() => setParams({})}>
          Show all events
        </Button>
      </StatePanel>
    ) : (
      <StatePanel icon={<Activity className="size-6" aria-hidden />} title="Nothing has happened yet">
        <p className="max-w-md text-sm text-muted-foreground">
          Events appear here as you work: add a prospect or change its status, upload a document to the
          knowledge base, approve every answer of an RFP, create a sales project. Webhooks can send the same
          events to your other tools.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/companies">Find companies to add</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/integrations?tab=webhooks">Set up a webhook</Link>
          </Button>
        </div>
      </StatePanel>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        {byDay(all).map((day) => (
          <section key={day.key} aria-labelledby={`day-${day.key}`} className="flex flex-col gap-2">
            <h2 id={`day-${day.key}`} className="text-sm font-semibold text-muted-foreground">
              {day.label}
            </h2>
            <ol className="flex flex-col divide-y rounded-xl border">
              {day.events.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </ol>
          </section>
        ))}
        <LoadMore
          shown={`${all.length} ${all.length === 1 ? 'event' : 'events'}`}
          hasNextPage={events.hasNextPage}
          isFetchingNextPage={events.isFetchingNextPage}
          fetchNextPage={() => events.fetchNextPage()}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Events</h1>
          <p className="text-sm text-muted-foreground">
            What happened across your prospects, documents, RFPs, projects and credits.
          </p>
        </div>
        <div className="flex flex-col gap-1 sm:w-64">
          <label htmlFor="event-type" className="text-sm font-medium">
            Type
          </label>
          <NativeSelect
            id="event-type"
            value={type ?? ''}
            onChange={(event) => setParams(event.target.value ? { type: event.target.value } : {})}
          >
            <option value="">All events</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {EVENT_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </header>
      {body}
    </div>
  );
}

function EventRow({ event }: { event: ActivityEvent }) {
  const known = isEventType(event.type);
  const Icon = known ? ICONS[event.type as EventType] : Activity;
  const href = subjectPath(event.subjectType, event.subjectId);
  return (
    <li className="flex items-start gap-3 p-3" data-event-type={event.type}>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm break-words">{event.summary}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={event.createdAt}>{TIME.format(new Date(event.createdAt))}</time> ·{' '}
          {known ? EVENT_LABELS[event.type as EventType] : event.type}
        </p>
      </div>
      {href && (
        <Link
          to={href}
          className="shrink-0 self-center rounded-md px-2 py-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          aria-label={`${SUBJECT_LINKS[event.subjectType ?? ''] ?? 'Open'}: ${event.summary}`}
        >
          {SUBJECT_LINKS[event.subjectType ?? ''] ?? 'Open'}
        </Link>
      )}
    </li>
  );
}
