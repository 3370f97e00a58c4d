import type { RowSelectionState } from '@tanstack/react-table';
import { Link } from 'react-router';
import { TARGET_ACCOUNT_STATUS_LABELS } from '../../../../shared/companies.ts';
import { toggleRow } from '../../../components/data-table.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { companyPath } from '../../../lib/company-path.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { Company } from '../api.ts';
import { listingOf, locationOf, sizeOf } from '../format.ts';
import { FitBadge } from './fit-badge.tsx';
import { SaveToggle } from './save-toggle.tsx';

function SavedStatus({ company }: { company: Company }) {
  const account = company.savedAccount;
  if (!account) return null;
  return (
    <>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="secondary">{TARGET_ACCOUNT_STATUS_LABELS[account.status]}</Badge>
        {account.tags.map((tag) => (
          <Badge key={tag} variant="outline">
            {tag}
          </Badge>
        ))}
      </div>
      {account.notes && <p className="line-clamp-2 text-sm">{account.notes}</p>}
    </>
  );
}

type Props = {
  rows: Company[];
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  myCompanies: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  caption: string;
};

/** The research results on a phone: one card per company, the same selection and save as the table. */
export function CompanyCards({
  rows,
  selection,
  onSelectionChange,
  myCompanies,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  caption,
}: Props) {
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label={caption} data-company-cards>
        {rows.map((company) => {
          const details = [
            company.primaryIndustry,
            locationOf(company),
            sizeOf(company),
            listingOf(company),
          ].filter(Boolean);
          return (
            <li
              key={company.id}
              className="flex items-start gap-3 rounded-xl border bg-card p-4"
              data-company-row={company.name}
            >
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-primary"
                aria-label={`Select ${company.name}`}
                checked={selection[company.id] === true}
                onChange={(event) =>
                  onSelectionChange(toggleRow(selection, company.id, event.target.checked))
                }
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <Link
                  to={companyPath(company)}
                  className="truncate font-medium underline-offset-4 hover:underline"
                >
                  {company.name}
                </Link>
                {company.domain && (
                  <span className="truncate text-xs text-muted-foreground">{company.domain}</span>
                )}
                {details.length > 0 && <p className="text-sm text-muted-foreground">{details.join(' · ')}</p>}
                {company.fit && <FitBadge fit={company.fit} className="text-sm" />}
                {myCompanies && <SavedStatus company={company} />}
              </div>
              <SaveToggle company={company} className="-mt-1 -mr-2" />
            </li>
          );
        })}
      </ul>
      <LoadMore
        shown={`${formatNumber(rows.length)} ${rows.length === 1 ? 'company' : 'companies'}`}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        stacked
      />
    </div>
  );
}
