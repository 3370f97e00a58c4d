import { ArrowRight, Building, Lightbulb, ListFilter, Target } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getAgent } from '../../../../shared/agents.ts';
import { MY_COMPANIES_HREF } from '../../../../shared/app-nav.ts';
import type { IcpSegment } from '../../../../shared/profile.ts';
import { AgentHeader, AgentOverview } from '../../../components/agent-intro.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CompanySearchBox } from '../components/company-search-box.tsx';
import { researchHref } from '../search-params.ts';

const ALEX = getAgent('alex');
const ICP_EDIT_PATH = '/onboarding?edit=true';

/** A segment as research-table filters: its industries, size bands and places (the server maps the words). */
const segmentHref = (segment: IcpSegment) =>
  researchHref({ industry: segment.industries, size: [...segment.companySizes], country: segment.regions });

const hasFilters = (segment: IcpSegment) =>
  segment.industries.length + segment.companySizes.length + segment.regions.length > 0;

function SegmentSuggestion({ segment }: { segment: IcpSegment }) {
  const criteria = [
    ...segment.industries,
    ...segment.companySizes.map((band) => `${band} employees`),
    ...segment.regions,
  ];
  return (
    <li>
      <Link
        to={segmentHref(segment)}
        className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent"
      >
        <span className="flex items-center justify-between gap-2 font-medium">
          {segment.name}
          <ArrowRight
            className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
            aria-hidden
          />
        </span>
        <span className="flex flex-wrap gap-1.5">
          {criteria.map((criterion) => (
            <Badge key={criterion} variant="outline">
              {criterion}
            </Badge>
          ))}
        </span>
      </Link>
    </li>
  );
}

function IcpSuggestions() {
  const profile = useProfile();
  const segments =
    profile.data?.idealCustomerProfile.segments.filter((s) => s.isActive && hasFilters(s)) ?? [];
  return (
    <section aria-labelledby="icp-suggestions">
      <Card>
        <CardHeader>
          <h2 id="icp-suggestions" className="flex items-center gap-2 text-lg leading-tight font-semibold">
            <Lightbulb className="size-5 text-muted-foreground" aria-hidden />
            Suggested from your ideal customer profile
          </h2>
          <CardDescription>
            Each suggestion opens the research table with that segment’s filters.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {profile.isError ? (
            <LoadError message="Failed to fetch profile" onRetry={() => void profile.refetch()} />
          ) : profile.isPending ? (
            <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
              <span className="sr-only">Loading your ideal customer profile…</span>
              <Skeleton className="h-24" />
              <Skeleton className="h-24" />
            </div>
          ) : segments.length === 0 ? (
            <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-5">
              <Target className="size-5 text-muted-foreground" aria-hidden />
              <p className="text-sm text-muted-foreground">
                No active segment with industries, sizes or regions yet. Describe who you sell to, and Alex
                suggests searches here and scores every company’s fit.
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
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * `/sales-account-development`: Alex's start page (spec 1 §1, §2.1). `?step=overview` opens on what Alex
 * does; any other step is the default view.
 */
export function CompanyFinderPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentTitle(`${ALEX.title} (${ALEX.name})`);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-8 sm:py-10">
      <AgentHeader agent={ALEX} />

      <section aria-label="Search companies" className="flex flex-col gap-2">
        <CompanySearchBox value="" large onSearch={(q) => navigate(researchHref({ q }))} />
        <p className="text-sm text-muted-foreground">
          Search by name (typos are fine), industry or what a company does. A search costs 1 credit when it
          finds companies.
        </p>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <Link
          to={MY_COMPANIES_HREF}
          className="flex items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent"
        >
          <Building className="size-5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="flex flex-col">
            <span className="font-medium">My Companies</span>
            <span className="text-sm text-muted-foreground">
              The companies you saved, with status and notes.
            </span>
          </span>
        </Link>
        <Link
          to="/sales-account-development/research"
          className="flex items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent"
        >
          <ListFilter className="size-5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="flex flex-col">
            <span className="font-medium">Browse all companies</span>
            <span className="text-sm text-muted-foreground">Filter the whole list; browsing is free.</span>
          </span>
        </Link>
      </div>

      <IcpSuggestions />
      <AgentOverview agent={ALEX} highlighted={params.get('step') === 'overview'} />
    </div>
  );
}
