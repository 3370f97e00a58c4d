import { ArrowRight, History, Pencil, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { AGENTS, type AgentId } from '../../../../shared/agents.ts';
import { usernameFromEmail } from '../../../../shared/auth.ts';
import { PROFILE_ERRORS, type Profile, summarizeSegments } from '../../../../shared/profile.ts';
import { formatMillions } from '../../../../shared/prospects.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
// The home hub is where the profile is summarised; the profile feature owns how it is fetched and cached.
import { useProfile } from '../../../lib/profile.ts';
import { ACCOUNT_MANAGEMENT_PATH, usePipelineSummary } from '../../../lib/prospects.ts';
import { useSession } from '../../../lib/session.ts';

/** Spec 1 §1: the five agents with a screen of their own; Sofia and Marcus exist only in marketing copy. */
const WORKING_AGENTS: readonly AgentId[] = ['alex', 'jim', 'emma', 'maya', 'david'];

const ICP_EDIT_PATH = '/onboarding?edit=true';
const FIRST_STEP_PATH = '/sales-account-development';

const TODAY = new Intl.DateTimeFormat('en', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The local calendar date as YYYY-MM-DD (toISOString would give the UTC date). */
const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function greeting(hour: number): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function HomeCard({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className}>
      <Card className="flex h-full flex-col">
        <CardHeader>
          <h2 id={id} className="text-lg leading-tight font-semibold tracking-tight">
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col">{children}</CardContent>
      </Card>
    </section>
  );
}

function RecentActivityCard({ className }: { className?: string }) {
  return (
    <HomeCard
      title="Recent activity"
      description="What you and the agents worked on lately."
      className={className}
    >
      <div className="flex flex-1 flex-col items-center justify-center gap-4 rounded-xl border border-dashed px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <History className="size-6" aria-hidden />
        </span>
        <p className="max-w-md text-muted-foreground">
          Nothing here yet — your searches, documents and saved companies will show up here as you use the
          agents.
        </p>
        <Button asChild className="h-auto min-h-10 whitespace-normal text-center">
          <Link to={FIRST_STEP_PATH}>
            Find your first companies with Alex
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </HomeCard>
  );
}

function IcpSummary({ profile }: { profile: Profile }) {
  const { segments, summary: written } = profile.idealCustomerProfile;
  const active = segments.filter((segment) => segment.isActive);
  const summary = written || summarizeSegments(segments);

  if (segments.length === 0 && !summary) {
    return (
      <div className="flex flex-1 flex-col items-start gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Target className="size-5" aria-hidden />
        </span>
        <p className="font-medium">No ideal customer profile yet</p>
        <p className="text-sm text-muted-foreground">
          Describe the companies and people you sell to, and Alex and Jim will search with it.
        </p>
        <Button asChild variant="outline" className="mt-auto">
          <Link to={ICP_EDIT_PATH}>Set up your ICP</Link>
        </Button>
      </div>
    );
  }
  const shown = active.slice(0, 3);
  return (
    <div className="flex flex-1 flex-col items-start gap-4">
      <Badge variant={active.length > 0 ? 'secondary' : 'outline'}>
        {segments.length > active.length
          ? `${active.length} of ${segments.length} segments active`
          : `${active.length} active ${active.length === 1 ? 'segment' : 'segments'}`}
      </Badge>
      {active.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          All your segments are paused. Turn one back on so the agents know who to look for.
        </p>
      ) : (
        <p className="line-clamp-4 text-sm leading-relaxed">{summary}</p>
      )}
      {shown.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Active segments">
          {shown.map((segment) => (
            <li key={segment.id}>
              <Badge variant="outline">{segment.name}</Badge>
            </li>
          ))}
          {active.length > shown.length && (
            <li>
              <Badge variant="outline">+{active.length - shown.length} more</Badge>
            </li>
          )}
        </ul>
      )}
      <Button asChild variant="outline" size="sm" className="mt-auto">
        <Link to={ICP_EDIT_PATH}>
          <Pencil aria-hidden />
          Edit ideal customer profile
        </Link>
      </Button>
    </div>
  );
}

function IcpCard() {
  const profile = useProfile();
  return (
    <HomeCard
      title="Your ideal customer profile"
      description="Who the agents look for when they search for you."
    >
      {profile.isPending ? (
        <div role="status" aria-label="Loading your ideal customer profile" className="flex flex-col gap-3">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-9 w-44" />
        </div>
      ) : profile.isError ? (
        <LoadError message={PROFILE_ERRORS.fetch} onRetry={() => profile.refetch()} />
      ) : (
        <IcpSummary profile={profile.data} />
      )}
    </HomeCard>
  );
}

/** The prospects being worked and the realistic pipeline, with the way to account management. */
function PipelineCard() {
  const summary = usePipelineSummary();
  return (
    <HomeCard title="Your pipeline" description="The prospects you track, with their forecasts and momentum.">
      {summary.isPending ? (
        <div role="status" aria-label="Loading your pipeline" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-28" />
          <Skeleton className="h-4 w-40" />
        </div>
      ) : summary.isError ? (
        <LoadError message="Could not load your prospects" onRetry={() => summary.refetch()} />
      ) : summary.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          No prospects yet. Use "Add to prospects" on a company's page, or tell the copilot "create a prospect
          for Acme".
        </p>
      ) : (
        <div className="flex flex-col gap-1">
          <p className="text-2xl font-semibold tabular-nums" data-pipeline-realistic>
            {formatMillions(summary.data.totals.realistic)}
          </p>
          <p className="text-sm text-muted-foreground">
            Realistic pipeline over {summary.data.total} {summary.data.total === 1 ? 'prospect' : 'prospects'}
          </p>
        </div>
      )}
      <Button asChild variant="outline" className="mt-4 self-start">
        <Link to={ACCOUNT_MANAGEMENT_PATH}>
          Account management
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </Button>
    </HomeCard>
  );
}

function AgentLaunchers() {
  const id = useId();
  const agents = AGENTS.filter((agent) => WORKING_AGENTS.includes(agent.id));
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div>
        <h2 id={id} className="text-lg leading-tight font-semibold tracking-tight">
          Your AI agents
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Pick an agent to start a task, or{' '}
          <Link to="/agents" className="font-medium text-primary underline-offset-4 hover:underline">
            see every agent with your runs
          </Link>
          .
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        {agents.map((agent) => (
          <li
            key={agent.id}
            className={cn(
              'group relative flex flex-col gap-3 rounded-2xl border bg-card p-5 text-card-foreground shadow-xs transition',
              'hover:border-primary/50 hover:shadow-md focus-within:ring-2 focus-within:ring-ring',
            )}
          >
            <div className="flex items-center gap-3">
              <img
                src={`/images/${agent.id}.webp`}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 shrink-0 rounded-xl bg-muted object-cover"
              />
              <div className="min-w-0">
                <h3 className="leading-tight font-semibold">
                  {/* The link covers the whole card; its name says which agent and what it does. */}
                  <Link
                    to={agent.path}
                    aria-label={`${agent.name}, ${agent.title}`}
                    className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                  >
                    {agent.name}
                  </Link>
                </h3>
                <p className="text-sm text-muted-foreground">{agent.title}</p>
              </div>
            </div>
            <p className="text-sm leading-relaxed text-muted-foreground">{agent.tagline}</p>
            <span
              aria-hidden
              className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary group-hover:underline"
            >
              Open {agent.name}
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/app`: the signed-in home hub — greeting, what to do next, the ICP at a glance and the agents. */
export function HomePage() {
  const { user } = useSession();
  const now = new Date();
  const name = user?.name.trim().split(/\s+/)[0] || usernameFromEmail(user?.email);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-8 sm:py-10">
      <div>
        <p className="text-sm font-medium text-muted-foreground">
          <time dateTime={isoDate(now)}>{TODAY.format(now)}</time>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words sm:text-3xl">
          {greeting(now.getHours())}, {name}
        </h1>
        <p className="mt-1 text-muted-foreground">Pick up where you left off, or put an agent to work.</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RecentActivityCard className="lg:col-span-2" />
        {/* The credit balance (spec 2) joins the ICP card in this column; until then it shows nothing. */}
        <div className="flex flex-col gap-6">
          <IcpCard />
          <PipelineCard />
        </div>
      </div>
      <AgentLaunchers />
    </div>
  );
}
