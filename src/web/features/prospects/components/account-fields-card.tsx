import { ClipboardList } from 'lucide-react';
import { useId } from 'react';
import {
  ACCOUNT_HEALTH_LABELS,
  ACCOUNT_HEALTHS,
  LIFECYCLE_LABELS,
  LIFECYCLE_POSITIONS,
  PROSPECT_STATUS_LABELS,
  PROSPECT_STATUSES,
  type ProspectChange,
  type ProspectDetail,
  REVENUE_POTENTIAL_LABELS,
  REVENUE_POTENTIALS,
} from '../../../../shared/prospects.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useProspectChange } from '../api.ts';

type Field = keyof ProspectChange;

const FIELDS: { field: Field; label: string; values: readonly string[]; labels: Record<string, string> }[] = [
  { field: 'status', label: 'Status', values: PROSPECT_STATUSES, labels: PROSPECT_STATUS_LABELS },
  { field: 'accountHealth', label: 'Account health', values: ACCOUNT_HEALTHS, labels: ACCOUNT_HEALTH_LABELS },
  { field: 'lifecyclePosition', label: 'Lifecycle', values: LIFECYCLE_POSITIONS, labels: LIFECYCLE_LABELS },
  {
    field: 'revenuePotential',
    label: 'Revenue potential',
    values: REVENUE_POTENTIALS,
    labels: REVENUE_POTENTIAL_LABELS,
  },
];

/** Where the account stands: status (spec 3 §4's eight), health, lifecycle and potential, each saved on change. */
export function AccountFieldsCard({ prospect }: { prospect: ProspectDetail }) {
  const id = useId();
  const change = useProspectChange(prospect.id);
  const onChange = (field: Field, label: string, value: string, text: string) =>
    change.mutate(
      { kind: 'fields', change: { [field]: value } as ProspectChange },
      {
        onSuccess: () => toast({ title: `${label} changed`, description: `${prospect.name}: ${text}` }),
        onError: (err) => toastFailure(`Could not change the ${label.toLowerCase()}`, err),
      },
    );
  return (
    <SectionCard
      title="Account"
      icon={<ClipboardList className="size-5 text-muted-foreground" aria-hidden />}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {FIELDS.map(({ field, label, values, labels }) => (
          <div key={field} className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-${field}`}>{label}</Label>
            <NativeSelect
              id={`${id}-${field}`}
              value={prospect[field]}
              disabled={change.isPending}
              onChange={(event) =>
                onChange(field, label, event.target.value, labels[event.target.value] ?? event.target.value)
              }
              data-field={field}
            >
              {values.map((value) => (
                <option key={value} value={value}>
                  {labels[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
    </SectionCard>
  );
}
