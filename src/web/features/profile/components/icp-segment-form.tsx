import { type FormEvent, useId, useState } from 'react';
import { COMPANY_SIZES, type IcpSegment, type IcpSegmentInput } from '../../../../shared/profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';

type ListField = 'industries' | 'regions' | 'jobTitles' | 'keywords';

const LIST_FIELDS: readonly { field: ListField; label: string; placeholder: string }[] = [
  { field: 'industries', label: 'Industries', placeholder: 'Fintech, Insurance' },
  { field: 'regions', label: 'Regions', placeholder: 'Germany, Austria, Nordics' },
  {
    field: 'jobTitles',
    label: 'Job titles and personas',
    placeholder: 'VP Sales, Head of Revenue Operations',
  },
  { field: 'keywords', label: 'Keywords', placeholder: 'payments, compliance' },
];

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

type Props = {
  /** The segment being edited, or none for a new one. */
  segment?: IcpSegment;
  saving: boolean;
  onSave: (input: IcpSegmentInput) => void;
  onCancel?: () => void;
};

/** Add or edit one ICP segment: a name, industries, size bands, regions, personas and keywords. */
export function IcpSegmentForm({ segment, saving, onSave, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(segment?.name ?? '');
  const [lists, setLists] = useState<Record<ListField, string>>({
    industries: segment?.industries.join(', ') ?? '',
    regions: segment?.regions.join(', ') ?? '',
    jobTitles: segment?.jobTitles.join(', ') ?? '',
    keywords: segment?.keywords.join(', ') ?? '',
  });
  const [sizes, setSizes] = useState<IcpSegment['companySizes']>(segment?.companySizes ?? []);
  const [nameError, setNameError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Give the segment a name.');
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    onSave({
      name: name.trim(),
      industries: splitList(lists.industries),
      regions: splitList(lists.regions),
      jobTitles: splitList(lists.jobTitles),
      keywords: splitList(lists.keywords),
      companySizes: sizes,
      isActive: segment?.isActive ?? true,
    });
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={onSubmit}
      noValidate
      aria-label={segment ? 'Edit segment' : 'New segment'}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Segment name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          placeholder="Mid-market fintech in DACH"
          maxLength={80}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          disabled={saving}
        />
        {nameError && (
          <p id={`${id}-name-error`} className="text-sm text-destructive">
            {nameError}
          </p>
        )}
      </div>
      <fieldset className="flex flex-col gap-2" disabled={saving}>
        <legend className="mb-2 text-sm font-medium">Company size (employees)</legend>
        <div className="flex flex-wrap gap-2">
          {COMPANY_SIZES.map((size) => {
            const chosen = sizes.includes(size);
            return (
              <button
                key={size}
                type="button"
                aria-pressed={chosen}
                onClick={() => setSizes(chosen ? sizes.filter((s) => s !== size) : [...sizes, size])}
                className={cn(
                  'rounded-full border px-3 py-1 text-sm transition-colors',
                  chosen ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
                )}
              >
                {size}
              </button>
            );
          })}
        </div>
      </fieldset>
      {LIST_FIELDS.map(({ field, label, placeholder }) => (
        <div key={field} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-${field}`}>{label}</Label>
          <Input
            id={`${id}-${field}`}
            value={lists[field]}
            onChange={(e) => setLists((l) => ({ ...l, [field]: e.target.value }))}
            placeholder={placeholder}
            aria-describedby={`${id}-comma`}
            disabled={saving}
          />
        </div>
      ))}
      <p id={`${id}-comma`} className="-mt-2 text-xs text-muted-foreground">
        Separate several entries with commas.
      </p>
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : segment ? 'Save segment' : 'Add segment'}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
