import { ArrowRight, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCompanyPeople, useOpenedPerson } from '../api.ts';
import { bySeniority } from '../format.ts';
import { researchHref } from '../search-params.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { KeyPersonRow } from './key-person-row.tsx';

type Props = { company: { id: string; name: string } };

/** The company page's "Key people" card (composed into the company page in app/): free, as the company is one. */
export function CompanyKeyPeople({ company }: Props) {
  const { keyOnly, query } = useCompanyPeople(company.id);
  const drawer = useOpenedPerson();
  const people = useMemo(() => [...(query.data?.people ?? [])].sort(bySeniority), [query.data]);
  const seeAll = researchHref({ companyId: company.id });

  return (
    <SectionCard
      title="Key people"
      icon={<Users className="size-5 text-muted-foreground" aria-hidden />}
      description={
        keyOnly
          ? `The owners, founders, executives, VPs, heads and directors we hold at ${company.name}.`
          : `We hold no senior people at ${company.name}; these are the people we do hold.`
      }
    >
      <div data-company-key-people>
        {query.isError ? (
          <LoadError message="Failed to load the people" onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <span className="sr-only">Loading the people…</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : people.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            We hold no people at {company.name} yet.
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <ul className="-mt-3 divide-y" aria-label={`People at ${company.name}`}>
              {people.map((person) => (
                <KeyPersonRow key={person.id} person={person} onOpen={drawer.open} />
              ))}
            </ul>
            <Link
              to={seeAll}
              className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              See everyone at {company.name} in People Finder
              <ArrowRight className="size-3.5" aria-hidden />
            </Link>
          </div>
        )}
      </div>
      <ContactDrawer person={drawer.person} onClose={drawer.close} />
    </SectionCard>
  );
}
