import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import type { CompanySearch, RangeFilter } from '../search-params.ts';

type Fields = {
  region: string;
  city: string;
  foundedFrom: string;
  foundedTo: string;
  employeesMin: string;
  employeesMax: string;
};

const fieldsOf = (search: CompanySearch): Fields => ({
  region: search.region.join(', '),
  city: search.city.join(', '),
  foundedFrom: search.foundedFrom?.toString() ?? '',
  foundedTo: search.foundedTo?.toString() ?? '',
  employeesMin: search.employeesMin?.toString() ?? '',
  employeesMax: search.employeesMax?.toString() ?? '',
});

const LIMITS: Record<RangeFilter, [number, number]> = {
  foundedFrom: [1600, 2100],
  foundedTo: [1600, 2100],
  employeesMin: [0, 10_000_000],
  employeesMax: [0, 10_000_000],
};

/** '' -> null; '1,000' -> 1000; anything else that is not a whole number in range -> undefined (an error). */
function parseWhole(text: string, [min, max]: [number, number]): number | null | undefined {
  const clean = text.replace(/[\s,]/g, '');
  if (clean === '') return null;
  if (!/^\d+$/.test(clean)) return undefined;
  const n = Number(clean);
  return n >= min && n <= max ? n : undefined;
}

type Props = { search: CompanySearch; onApply: (change: Partial<CompanySearch>) => void };

/**
 * Region, city, founding year and head count: typed rather than ticked, so they apply together with one
 * button (each change of a search with criteria is a new, paid search).
 */
export function MoreFiltersForm({ search, onApply }: Props) {
  const id = useId();
  const [fields, setFields] = useState(() => fieldsOf(search));
  const [error, setError] = useState<string | null>(null);
  // Back and forward change the address: the fields follow it.
  const applied = JSON.stringify(fieldsOf(search));
  useEffect(() => {
    setFields(JSON.parse(applied) as Fields);
    setError(null);
  }, [applied]);

  const set = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const ranges = {} as Record<RangeFilter, number | null>;
    for (const key of Object.keys(LIMITS) as RangeFilter[]) {
      const value = parseWhole(fields[key], LIMITS[key]);
      if (value === undefined) {
        const [min, max] = LIMITS[key];
        setError(
          key.startsWith('founded')
            ? `Enter a founding year from ${min} to ${max}.`
            : 'Enter a whole number of employees.',
        );
        return;
      }
      ranges[key] = value;
    }
    for (const [from, to] of [
      ['foundedFrom', 'foundedTo'],
      ['employeesMin', 'employeesMax'],
    ] as const) {
      const a = ranges[from];
      const b = ranges[to];
      if (a !== null && b !== null && a > b) {
        setError('A range must start before it ends.');
        return;
      }
    }
    setError(null);
    const list = (text: string) => (text.trim() ? [text.trim()] : []);
    onApply({ region: list(fields.region), city: list(fields.city), ...ranges });
  };

  const dirty = JSON.stringify(fields) !== applied;

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Location, founding year and size">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-region`}>Region or state</Label>
        <Input
          id={`${id}-region`}
          value={fields.region}
          onChange={(event) => set({ region: event.target.value })}
          placeholder="California, Bavaria…"
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-city`}>City</Label>
        <Input
          id={`${id}-city`}
          value={fields.city}
          onChange={(event) => set({ city: event.target.value })}
          placeholder="Berlin, San Francisco…"
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Founded</legend>
        <div className="grid grid-cols-2 gap-2">
          <Input
            inputMode="numeric"
            aria-label="Founded from (year)"
            placeholder="From"
            value={fields.foundedFrom}
            onChange={(event) => set({ foundedFrom: event.target.value })}
            aria-invalid={error?.startsWith('Enter a founding') || undefined}
          />
          <Input
            inputMode="numeric"
            aria-label="Founded until (year)"
            placeholder="To"
            value={fields.foundedTo}
            onChange={(event) => set({ foundedTo: event.target.value })}
            aria-invalid={error?.startsWith('Enter a founding') || undefined}
          />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Employees</legend>
        <div className="grid grid-cols-2 gap-2">
          <Input
            inputMode="numeric"
            aria-label="Employees, at least"
            placeholder="Min"
            value={fields.employeesMin}
            onChange={(event) => set({ employeesMin: event.target.value })}
          />
          <Input
            inputMode="numeric"
            aria-label="Employees, at most"
            placeholder="Max"
            value={fields.employeesMax}
            onChange={(event) => set({ employeesMax: event.target.value })}
          />
        </div>
        <p className="text-xs text-muted-foreground">Companies without a known head count are left out.</p>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" variant={dirty ? 'default' : 'outline'} size="sm" disabled={!dirty}>
        Apply
      </Button>
    </form>
  );
}
