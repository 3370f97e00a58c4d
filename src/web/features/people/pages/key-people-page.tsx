import { ArrowRight, Building, Network, Search } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { MY_COMPANIES_HREF } from '../../../../shared/app-nav.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { companyPath } from '../../../lib/company-path.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  KEY_PEOPLE_AUTO_PAGES,
  type Person,
  useHasSavedCompanies,
  useKeyPeople,
  useOpenedPerson,
} from '../api.ts';
import { ContactDrawer } from '../components/contact-drawer.tsx';
import { KeyPersonRow } from '../components/key-person-row.tsx';
import { PeopleListsNav } from '../components/people-lists-nav.tsx';
import { bySeniority, peopleCount } from '../format.ts';
import { PEOPLE_FINDER_PATH, researchHref } from '../search-params.ts';

type Group = { company: Person['company']; people: Person[] };

/** People by company (companies A to Z), the most senior first within each. */
function groupByCompany(people: readonly Person[]): Group[] {
  const groups = new Map<string, Group>();
  for (const person of people) {
    const group = groups.get(person.company.id) ?? { company: person.company, people: [] };
    group.people.push(person);
    groups.set(person.company.id, group);
  }
  for (const group of groups.values()) group.people.sort(bySeniority);
  return [...groups.values()].sort((a, b) => a.company.name.localeCompare(b.company.name));
}

function CompanyGroup({ group, onOpen }: { group: Group; onOpen: (person: Person) => void }) {
  const id = useId();
  const { company, people } = group;
  const meta = [company.industry, company.size ? `${company.size} employees` : null, company.country].filter(
    Boolean,
  );
  return (
    <section aria-labelledby={id} data-key-people-company={company.name}>
      <Card className="flex flex-col gap-1 p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="flex min-w-0 flex-col gap-0.5">
            <h2 id={id} className="text-lg leading-tight font-semibold">
              <Link to={companyPath(company)} className="underline-offset-4 hover:underline">
                {company.name}
              </Link>
            </h2>
            {meta.length > 0 && <p className="text-sm text-muted-foreground">{meta.join(' · ')}</p>}
          </div>
          <Link
            to={researchHref({ companyId: company.id })}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Everyone at {company.name}
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        </div>
        <ul className="divide-y" aria-label={`Key people at ${company.name}`}>
          {people.map((person) => (
            <KeyPersonRow key={person.id} person={person} onOpen={onOpen} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

function EmptyKeyPeople() {
  const saved = useHasSavedCompanies(true);
  if (saved.isPending) return <Skeleton className="h-56 w-full" />;
  if (saved.data === false) {
    return (
      <StatePanel icon={<Building className="size-6" aria-hidden />} title="No companies in My Companies yet">
        <p className="max-w-md text-sm text-muted-foreground">
          Key people are the owners, founders, executives, partners, VPs, heads and directors at the companies
          you save. Save the companies you work on in Company Finder first, and their key people appear here.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/sales-account-development">Find companies</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={MY_COMPANIES_HREF}>My Companies</Link>
          </Button>
        </div>
      </StatePanel>
    );
  }
  return (
    <StatePanel icon={<Network className="size-6" aria-hidden />} title="No key people at your companies yet">
      <p className="max-w-md text-sm text-muted-foreground">
        We hold no owners, founders, executives, partners, VPs, heads or directors at the companies in My
        Companies. Search People Finder for other roles, or save more companies.
      </p>
      <Button asChild>
        <Link to={PEOPLE_FINDER_PATH}>
          <Search aria-hidden />
          Search people
        </Link>
      </Button>
    </StatePanel>
  );
}

/**
 * `/key-people` (spec 1 §2.1): the decision-makers at the companies of My Companies, grouped by company, each
 * group linking to its company page. Free: they are the user's own accounts.
 */
export function KeyPeoplePage() {
  useDocumentTitle('Key people');
  const query = useKeyPeople();
  const drawer = useOpenedPerson();
  const people = useMemo(() => query.data?.pages.flatMap((page) => page.people) ?? [], [query.data]);
  const groups = useMemo(() => groupByCompany(people), [people]);
  const pages = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // A company's people may span pages (they come by name): the first pages are fetched without asking.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && pages < KEY_PEOPLE_AUTO_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, pages, fetchNextPage]);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Key people</h1>
          <p className="mt-1 text-muted-foreground">
            The decision-makers at the companies in My Companies: owners, founders, executives, partners, VPs,
            heads and directors. Free to browse; open someone to find their e-mail address or phone number.
          </p>
        </div>
        <PeopleListsNav current="key-people" />
      </header>

      {query.isPending ? (
        <div role="status" aria-busy="true" className="flex flex-col gap-4" data-skeleton="key-people">
          <span className="sr-only">Loading key people…</span>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError && people.length === 0 ? (
        <LoadError message="Failed to load key people" onRetry={() => void query.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyKeyPeople />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {peopleCount(people.length)} at {formatNumber(groups.length)}{' '}
            {groups.length === 1 ? 'company' : 'companies'}
          </p>
          <div className="flex flex-col gap-4">
            {groups.map((group) => (
              <CompanyGroup key={group.company.id} group={group} onOpen={drawer.open} />
            ))}
          </div>
          {query.isFetchNextPageError ? (
            <LoadError message="Failed to load more key people" onRetry={() => void fetchNextPage()} />
          ) : (
            hasNextPage &&
            pages >= KEY_PEOPLE_AUTO_PAGES && (
              <LoadMore
                shown={peopleCount(people.length)}
                hasNextPage={hasNextPage}
                isFetchingNextPage={isFetchingNextPage}
                fetchNextPage={() => void fetchNextPage()}
                stacked
              />
            )
          )}
        </>
      )}

      <ContactDrawer person={drawer.person} onClose={drawer.close} />
    </div>
  );
}
