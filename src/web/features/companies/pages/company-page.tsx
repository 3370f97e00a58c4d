import { ArrowLeft, ExternalLink, FileText, Newspaper, Radar, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { FIELD_SOURCE_LABELS } from '../../../../shared/companies.ts';
import { documentGenerationPath } from '../../../../shared/company-context.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { AddToProspectButton } from '../../../components/add-to-prospect-button.tsx';
import { Fact } from '../../../components/fact.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { companyPath } from '../../../lib/company-path.ts';
import { formatNumber, NONE } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type Company, type CompanyDetail, useCompany } from '../api.ts';
import { CompanyNotFound } from '../components/company-not-found.tsx';
import { FitBadge } from '../components/fit-badge.tsx';
import { SavedAccountCard } from '../components/saved-account-card.tsx';
import { listingOf, locationOf, sourceLabel, websiteUrl } from '../format.ts';

function Firmographics({ company }: { company: CompanyDetail }) {
  const website = websiteUrl(company);
  return (
    <SectionCard title="About" description="Firmographics from the company data we hold.">
      <div className="flex flex-col gap-6">
        {company.description ? (
          <p className="leading-relaxed">{company.description}</p>
        ) : (
          <p className="text-sm text-muted-foreground">Our data has no description of this company.</p>
        )}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3" data-firmographics>
          <Fact label="Industry">{company.primaryIndustry}</Fact>
          <Fact label="NAICS code">{company.naicsCode}</Fact>
          <Fact label="Sub-industry">{company.subIndustry}</Fact>
          <Fact label="Size">{company.size ? `${company.size} employees` : null}</Fact>
          <Fact label="Employees">{company.employees !== null ? formatNumber(company.employees) : null}</Fact>
          <Fact label="Location">{locationOf(company)}</Fact>
          <Fact label="Founded">{company.foundedYear}</Fact>
          <Fact label="Ticker / exchange">{listingOf(company)}</Fact>
          <Fact label="SIC code">{company.sicCode}</Fact>
          <Fact label="Phone">{company.phone}</Fact>
          <Fact label="Website">
            {website ? (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
              >
                {company.domain ?? website}
                <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : null}
          </Fact>
        </dl>
        <FieldSources company={company} />
      </div>
    </SectionCard>
  );
}

/**
 * Which source said what: the record's own source and licence, the shared company an import was merged with,
 * then each field a source is named for (an import's own values are 'Your import (accounts.csv)').
 */
function FieldSources({ company }: { company: CompanyDetail }) {
  const sourced = Object.entries(FIELD_SOURCE_LABELS).filter(([field]) => company.fieldSources[field]);
  const merged = company.mergedWith;
  return (
    <div className="flex flex-col gap-1 text-xs text-muted-foreground" data-source>
      <p>
        Source: {sourceLabel(company.source)} · Licence: {company.license}
      </p>
      {merged && (
        <p data-merged-with>
          Merged with{' '}
          <Link
            to={`/sales-account-development/${merged.id}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {merged.name}
          </Link>{' '}
          ({sourceLabel(merged.source)} · Licence {merged.license}): your values are kept, and it fills the
          fields your file left empty.
        </p>
      )}
      {sourced.length > 0 && (
        <ul className="flex flex-col gap-0.5" data-field-sources>
          {sourced.map(([field, label]) => (
            <li key={field}>
              {label}: from {company.fieldSources[field]}
            </li>
          ))}
        </ul>
      )}
      {company.employees === null && (
        <p>Employees: no source we hold gives this company's head count, so its size is not known.</p>
      )}
    </div>
  );
}

function FitCard({ company }: { company: CompanyDetail }) {
  return (
    <SectionCard
      title="Fit with your ICP"
      icon={<Target className="size-5 text-muted-foreground" aria-hidden />}
      description="How well this company matches your active ideal customer profile segments."
    >
      {company.fit ? (
        <div className="flex flex-col gap-3" data-fit>
          <div className="flex items-baseline gap-3">
            <span className="text-4xl font-semibold tabular-nums">{company.fit.score}</span>
            <span className="text-muted-foreground">/ 100</span>
            <Badge
              variant={
                company.fit.tier === 'A' ? 'success' : company.fit.tier === 'B' ? 'secondary' : 'outline'
              }
            >
              Tier {company.fit.tier}
            </Badge>
          </div>
          <p className="text-sm leading-relaxed">{company.fit.reason}</p>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted-foreground">
            Add an active segment to your ideal customer profile to see how well companies fit it.
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to="/onboarding?edit=true">Set up your ICP</Link>
          </Button>
        </div>
      )}
    </SectionCard>
  );
}

function SimilarCompanies({ similar }: { similar: Company[] }) {
  return (
    <SectionCard title="Similar companies" description="The same industry, closest first by size and place.">
      {similar.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          We know of no similar company: this one has no industry in our data.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-similar>
          {similar.map((company) => (
            <li key={company.id}>
              <Link
                to={companyPath(company)}
                className="flex h-full flex-col gap-0.5 rounded-lg border p-3 transition-colors hover:bg-accent"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">{company.name}</span>
                  {company.fit && <FitBadge fit={company.fit} className="shrink-0 text-xs" />}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {[company.primaryIndustry, locationOf(company)].filter(Boolean).join(' · ') || NONE}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function Placeholder({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <SectionCard title={title} icon={icon}>
      <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{text}</p>
    </SectionCard>
  );
}

function CompanySkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6" data-skeleton="company">
      <span className="sr-only">Loading the company…</span>
      <Skeleton className="h-9 w-72" />
      <Skeleton className="h-5 w-48" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

/** What another feature shows on the company page (People Finder's key people), composed in app/. */
export type CompanySlot = (company: Pick<Company, 'id' | 'name'>) => ReactNode;

/**
 * `/sales-account-development/{companyName}` and `/account-prospect/{companyName}`: one company, from the data
 * we hold and the user's own records; what other agents will add is said plainly, never made up.
 */
export function CompanyPage({ keyPeople }: { keyPeople: CompanySlot }) {
  const { companyName = '' } = useParams();
  const company = useCompany(companyName);
  const name = company.data?.name ?? companyName;
  useDocumentTitle(company.isError ? 'Company not found' : name);

  if (company.isError) {
    if (company.error instanceof ApiError && company.error.status === 404) {
      return <CompanyNotFound name={companyName} />;
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <Link
        to="/sales-account-development/research"
        className="inline-flex items-center gap-1.5 self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Company research
      </Link>
      {company.isError ? (
        <LoadError message="Failed to load the company" onRetry={() => void company.refetch()} />
      ) : !company.data ? (
        <CompanySkeleton />
      ) : (
        <CompanyView company={company.data} keyPeople={keyPeople} />
      )}
    </div>
  );
}

function CompanyView({ company, keyPeople }: { company: CompanyDetail; keyPeople: CompanySlot }) {
  const encoded = encodeURIComponent(company.name.includes('/') ? company.id : company.name);
  return (
    <>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{company.name}</h1>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={documentGenerationPath([company], companyPath(company))} data-generate-document>
                <FileText aria-hidden />
                Generate a document
              </Link>
            </Button>
            <AddToProspectButton key={company.id} company={company} />
            <AddToProject
              key={`project-${company.id}`}
              kind="company"
              refIds={[company.id]}
              name={company.name}
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {company.primaryIndustry && <Badge variant="secondary">{company.primaryIndustry}</Badge>}
          {locationOf(company) && <Badge variant="outline">{locationOf(company)}</Badge>}
          {company.saved && <Badge>In My Companies</Badge>}
          {company.imported && <Badge variant="outline">Your import</Badge>}
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Firmographics company={company} />
          <SimilarCompanies similar={company.similar} />
          {keyPeople(company)}
          <Placeholder
            icon={<FileText className="size-5 text-muted-foreground" aria-hidden />}
            title="Documents"
            text="Documents that mention this company appear once you upload them to the knowledge base"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <FitCard company={company} />
          <SavedAccountCard key={company.id} company={company} />
          <nav aria-label={`More about ${company.name}`} className="flex flex-col gap-2">
            <Button asChild variant="outline" className="justify-start">
              <Link to={`/company-news/${encoded}`}>
                <Newspaper aria-hidden />
                Company news
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link to={`/ai-signals/${encoded}`}>
                <Radar aria-hidden />
                AI signals
              </Link>
            </Button>
          </nav>
        </div>
      </div>
    </>
  );
}
