import { ArrowRight, Lightbulb, ListFilter, Network, Target, Users } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getAgent } from '../../../../shared/agents.ts';
import { MY_PEOPLE_HREF } from '../../../../shared/app-nav.ts';
import type { IcpSegment } from '../../../../shared/profile.ts';
import { AgentHeader, AgentOverview } from '../../../components/agent-intro.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { KEY_PEOPLE_PATH } from '../components/people-lists-nav.tsx';
import { PeopleSearchForm } from '../components/people-search-form.tsx';
import { PEOPLE_RESEARCH_PATH, researchHref } from '../search-params.ts';
import { PeopleResearchPage } from './people-research-page.tsx';

const JIM = getAgent('jim');
const ICP_EDIT_PATH = '/onboarding?edit=true';

/** The roles sellers look for most, as one-click searches. */
const COMMON_ROLES = [
  'VP Sales',
  'CTO',
  'Head of Marketing',
  'CEO',
  'Founder',
  'CFO',
  'VP Engineering',
  'Head of Customer Success',
] as const;

/** A segment's companies (industries, sizes, places) as people-search filters. */
const segmentFilters = (segment: IcpSegment) => ({
  industry: segment.industries,
  size: [...segment.companySizes],
  region: segment.regions,
});

function RoleLink({ title, href }: { title: string; href: string }) {
  return (
    <li>
      <Link
        to={href}
        className="inline-flex items-center gap-1.5 rounded-full border bg-card px-3 py-1.5 text-sm font-medium transition-colors hover:bg-accent"
      >
        {title}
        <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden />
      </Link>
    </li>
  );
}

function SegmentSuggestion({ segment }: { segment: IcpSegment }) {
  const criteria = [
    ...segment.industries,
    ...segment.companySizes.map((band) => `${band} employees`),
    ...segment.regions,
  ];
  // The segment's own buyer titles, or the common roles when it names none.
  const titles = segment.jobTitles.length > 0 ? segment.jobTitles : COMMON_ROLES.slice(0, 3);
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-col gap-2">
        <span className="font-medium">{segment.name}</span>
        {criteria.length > 0 && (
          <span className="flex flex-wrap gap-1.5">
            {criteria.map((criterion) => (
              <Badge key={criterion} variant="outline">
                {criterion}
              </Badge>
            ))}
          </span>
        )}
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={`Searches for ${segment.name}`}>
        {titles.map((title) => (
          <RoleLink key={title} title={title} href={researchHref({ title, ...segmentFilters(segment) })} />
        ))}
      </ul>
    </li>
  );
}

function Suggestions() {
  const id = useId();
  const profile = useProfile();
  const segments = profile.data?.idealCustomerProfile.segments.filter((s) => s.isActive) ?? [];
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader>
          <h2 id={id} className="flex items-center gap-2 text-lg leading-tight font-semibold">
            <Lightbulb className="size-5 text-muted-foreground" aria-hidden />
            Suggested searches
          </h2>
          <CardDescription>
            The buyers of your ideal customer profile at the companies it describes, and the roles sellers
            look for most.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {profile.isError ? (
            <LoadError message="Failed to fetch profile" onRetry={() => void profile.refetch()} />
          ) : profile.isPending ? (
            <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
              <span className="sr-only">Loading your ideal customer profile…</span>
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
            </div>
          ) : segments.length === 0 ? (
            <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-5">
              <Target className="size-5 text-muted-foreground" aria-hidden />
              <p className="text-sm text-muted-foreground">
                No active segment in your ideal customer profile yet. Describe who you sell to, with the job
                titles you sell to, and Jim suggests searches for them here.
              </p>
              <Button asChild variant="outline" size="sm">
                <Link to={ICP_EDIT_PATH}>Set up your ICP</Link>
              </Button>
            </div>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" data-icp-suggestions>
              {segments.map((segment) => (
                <SegmentSuggestion key={segment.id} segment={segment} />
              ))}
            </ul>
          )}
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-medium">Common roles</h3>
            <ul className="flex flex-wrap gap-2" aria-label="Common roles" data-common-roles>
              {COMMON_ROLES.map((title) => (
                <RoleLink key={title} title={title} href={researchHref({ title })} />
              ))}
            </ul>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}

const SHORTCUTS = [
  {
    href: MY_PEOPLE_HREF,
    icon: Users,
    title: 'My People',
    text: 'The people you saved, with your tags and notes.',
  },
  {
    href: KEY_PEOPLE_PATH,
    icon: Network,
    title: 'Key people',
    text: 'The decision-makers at the companies in My Companies.',
  },
  {
    href: PEOPLE_RESEARCH_PATH,
    icon: ListFilter,
    title: 'Browse all people',
    text: 'Filter everyone we hold; browsing is free.',
  },
] as const;

function StartPage() {
  const navigate = useNavigate();
  useDocumentTitle(`${JIM.title} (${JIM.name})`);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-8 sm:py-10">
      <AgentHeader agent={JIM} />

      <section aria-label="Search people" className="flex flex-col gap-2">
        <PeopleSearchForm title="" q="" large onSearch={(terms) => navigate(researchHref(terms))} />
        <p className="text-sm text-muted-foreground">
          Search by job title in any spelling (“VP Sales” also finds “Vice President of Sales”), by name, or
          both. A search costs 1 credit when it finds people.
        </p>
      </section>

      <div className="grid gap-4 sm:grid-cols-3">
        {SHORTCUTS.map(({ href, icon: Icon, title, text }) => (
          <Link
            key={href}
            to={href}
            className="flex items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent"
          >
            <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="flex flex-col">
              <span className="font-medium">{title}</span>
              <span className="text-sm text-muted-foreground">{text}</span>
            </span>
          </Link>
        ))}
      </div>

      <Suggestions />
      <AgentOverview agent={JIM} />
    </div>
  );
}

/**
 * `/people-finder-master`: Jim's start page (spec 1 §1, §2.1). With `?myPeople=true` (the sidebar's My People,
 * spec 1 §2.8) it is the My People list itself.
 */
export function PeopleFinderPage() {
  const [params] = useSearchParams();
  return params.get('myPeople') === 'true' ? <PeopleResearchPage /> : <StartPage />;
}
