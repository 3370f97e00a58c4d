import type { UseQueryResult } from '@tanstack/react-query';
import { Loader2, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProspectSummary } from '../../../../shared/prospects.ts';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { prospectPath, useAddProspect } from '../../../lib/prospects.ts';
import type { CompanyOption } from '../api.ts';
import { FieldLabel } from './field-label.tsx';

const link = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * The prospect: its forecast gives the deal's value. The chosen company's prospect comes first (and is chosen
 * for it); a company that is not a prospect yet can be added in one click.
 */
export function ProspectSelect({
  id,
  company,
  prospects,
  needed,
  value,
  onChange,
}: {
  id: string;
  company: CompanyOption | null;
  prospects: UseQueryResult<ProspectSummary[], unknown>;
  needed: boolean;
  value: string;
  onChange: (prospectId: string) => void;
}) {
  const add = useAddProspect();
  const all = prospects.data ?? [];
  const ofCompany = company ? all.filter((prospect) => prospect.company?.id === company.id) : [];
  const others = all.filter((prospect) => !ofCompany.includes(prospect));
  const chosen = all.find((prospect) => prospect.id === value);

  let hint: ReactNode = null;
  if (prospects.isError) {
    hint = (
      <span className="text-destructive" role="alert">
        {prospects.error instanceof Error ? prospects.error.message : 'Could not load your prospects.'}{' '}
        <button type="button" className="font-medium underline" onClick={() => void prospects.refetch()}>
          Retry
        </button>
      </span>
    );
  } else if (chosen && !chosen.pipeline) {
    hint = (
      <>
        {chosen.name} has no forecast yet, so the deal's value will be marked missing.{' '}
        <Link to={prospectPath(chosen.id)} className={link}>
          Add a forecast
        </Link>
      </>
    );
  } else if (prospects.data && all.length === 0 && !company) {
    hint = 'You have no prospects yet. Choose a company to add it as one.';
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium">
        <FieldLabel name="Prospect" needed={needed} />
      </label>
      {prospects.isPending ? (
        <Skeleton className="h-10 w-full" role="status" aria-label="Loading your prospects" />
      ) : (
        <NativeSelect
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={all.length === 0}
          aria-describedby={hint ? `${id}-hint` : undefined}
          data-prospect-select
        >
          <option value="">{all.length ? 'No prospect' : '—'}</option>
          {ofCompany.length > 0 && company && (
            <optgroup label={`At ${company.name}`}>
              {ofCompany.map((prospect) => (
                <option key={prospect.id} value={prospect.id}>
                  {prospect.name}
                  {prospect.pipeline ? '' : ' (no forecast)'}
                </option>
              ))}
            </optgroup>
          )}
          {others.length > 0 && (
            <optgroup label={company ? 'Other prospects' : 'Your prospects'}>
              {others.map((prospect) => (
                <option key={prospect.id} value={prospect.id}>
                  {prospect.name}
                  {prospect.pipeline ? '' : ' (no forecast)'}
                </option>
              ))}
            </optgroup>
          )}
        </NativeSelect>
      )}
      {company && prospects.data && ofCompany.length === 0 && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>{company.name} is not one of your prospects.</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={add.isPending}
            onClick={() =>
              add.mutate({ companyId: company.id }, { onSuccess: (prospect) => onChange(prospect.id) })
            }
            data-add-prospect
          >
            {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Target aria-hidden />}
            Add to prospects
          </Button>
        </div>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
