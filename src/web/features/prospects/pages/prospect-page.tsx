import { ArrowLeft, Building2, MessageSquareText, SearchX, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PROSPECT_STATUS_LABELS, type ProspectDetail } from '../../../../shared/prospects.ts';
import { isUuid } from '../../../../shared/uuid.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { Fact } from '../../../components/fact.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { companyPath } from '../../../lib/company-path.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteProspect, useProspect } from '../api.ts';
import { AccountFieldsCard } from '../components/account-fields-card.tsx';
import { ActivityList } from '../components/activity-list.tsx';
import { ForecastCard } from '../components/forecast-card.tsx';
import { MomentumCard } from '../components/momentum-card.tsx';
import { STATUS_TONE } from '../format.ts';

export const ACCOUNT_MANAGEMENT_PATH = '/account-management';

const known = (value: string) => (value === 'Unknown' ? null : value);

function NotFound() {
  return (
    <StatePanel icon={<SearchX className="size-6" aria-hidden />} title="Prospect not found">
      <p className="max-w-md text-sm text-muted-foreground">
        It may have been deleted, or the link is not one of your prospects.
      </p>
      <Button asChild>
        <Link to={ACCOUNT_MANAGEMENT_PATH}>Your prospects</Link>
      </Button>
    </StatePanel>
  );
}

function ProspectSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6" data-skeleton="prospect">
      <span className="sr-only">Loading the prospect…</span>
      <Skeleton className="h-9 w-72" />
      <Skeleton className="h-5 w-48" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-96" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}

function ProspectView({ prospect }: { prospect: ProspectDetail }) {
  const navigate = useNavigate();
  const remove = useDeleteProspect();
  const onDelete = () => {
    if (!window.confirm(`Delete the prospect ${prospect.name} with its forecasts and activity?`)) return;
    remove.mutate(prospect.id, {
      onSuccess: () => {
        toast({ title: 'Prospect deleted', description: prospect.name });
        navigate(ACCOUNT_MANAGEMENT_PATH);
      },
      onError: (err) => toastFailure('Could not delete the prospect', err),
    });
  };
  return (
    <>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{prospect.name}</h1>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              {/* The chat acts on this prospect: "set status to at-risk", "update realistic forecast to $2.5m". */}
              <Link to={`/chat?prospect=${prospect.id}`}>
                <MessageSquareText aria-hidden />
                Ask the copilot
              </Link>
            </Button>
            <AddToProject kind="prospect" refIds={[prospect.id]} name={prospect.name} size="sm" />
            <Button variant="ghost" size="sm" onClick={onDelete} disabled={remove.isPending}>
              <Trash2 aria-hidden />
              Delete
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_TONE[prospect.status]} data-status={prospect.status}>
            {PROSPECT_STATUS_LABELS[prospect.status]}
          </Badge>
          {prospect.reportName && <Badge variant="outline">{prospect.reportName}</Badge>}
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-5" data-prospect-facts>
          <Fact label="Company">
            {prospect.company ? (
              <Link
                to={companyPath(prospect.company)}
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                <Building2 className="size-3.5 shrink-0" aria-hidden />
                {prospect.company.name}
              </Link>
            ) : null}
          </Fact>
          <Fact label="Location">{known(prospect.location)}</Fact>
          <Fact label="Employees">{known(prospect.employees)}</Fact>
          <Fact label="Revenue">{known(prospect.revenue)}</Fact>
          <Fact label="CEO">{known(prospect.ceo)}</Fact>
        </dl>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <ForecastCard prospect={prospect} />
          <ActivityList activities={prospect.activities} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <AccountFieldsCard prospect={prospect} />
          <MomentumCard prospect={prospect} />
        </div>
      </div>
    </>
  );
}

/**
 * `/prospect/{id}`: one prospect with its status and account fields, the three-scenario revenue forecast, deal
 * momentum and what happened to it. The copilot's commands (Ctrl+K) act on it, and the page reloads after them.
 */
export function ProspectPage() {
  const { id = '' } = useParams();
  const valid = isUuid(id);
  const prospect = useProspect(id, valid);
  const missing = !valid || (prospect.error instanceof ApiError && prospect.error.status === 404);
  useDocumentTitle(missing ? 'Prospect not found' : (prospect.data?.name ?? 'Prospect'));

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <Link
        to={ACCOUNT_MANAGEMENT_PATH}
        className="inline-flex items-center gap-1.5 self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Account management
      </Link>
      {missing ? (
        <NotFound />
      ) : prospect.isError ? (
        <LoadError message="Failed to load the prospect" onRetry={() => void prospect.refetch()} />
      ) : !prospect.data ? (
        <ProspectSkeleton />
      ) : (
        <ProspectView prospect={prospect.data} />
      )}
    </div>
  );
}
