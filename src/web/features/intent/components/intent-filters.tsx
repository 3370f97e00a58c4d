import { useId } from 'react';
import {
  INTENT_SIGNAL_KINDS,
  INTENT_SIGNAL_LABELS,
  type IntentSignalKind,
  type IntentSort,
} from '../../../../shared/buyer-intent.ts';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { cn } from '../../../lib/cn.ts';
import { type IntentFilter, MIN_SCORES } from '../api.ts';

const SORT_LABELS: Record<IntentSort, string> = {
  score: 'Score',
  recent: 'Most recent',
  name: 'Name',
};

type Props = {
  filter: IntentFilter;
  kindCounts: Record<IntentSignalKind, number> | undefined;
  onChange: (change: Partial<IntentFilter>) => void;
};

/** Signal kinds as toggles (with how many companies hold each), the sort and the minimum score. */
export function IntentFilters({ filter, kindCounts, onChange }: Props) {
  const id = useId();
  const toggle = (kind: IntentSignalKind) =>
    onChange({
      kinds: filter.kinds.includes(kind) ? filter.kinds.filter((k) => k !== kind) : [...filter.kinds, kind],
    });
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2" aria-label="Filter by signal">
        {INTENT_SIGNAL_KINDS.map((kind) => {
          const active = filter.kinds.includes(kind);
          const count = kindCounts?.[kind] ?? 0;
          return (
            <li key={kind}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => toggle(kind)}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors hover:bg-accent',
                  active && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
                  !active && count === 0 && 'text-muted-foreground',
                )}
                data-kind-filter={kind}
              >
                {INTENT_SIGNAL_LABELS[kind]}
                <span className="tabular-nums opacity-80">{count}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <div className="flex flex-col gap-1.5 sm:w-52">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <NativeSelect
            id={`${id}-sort`}
            value={filter.sort}
            onChange={(event) => onChange({ sort: event.target.value as IntentSort })}
          >
            {(Object.keys(SORT_LABELS) as IntentSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-40">
          <Label htmlFor={`${id}-min`}>Minimum score</Label>
          <NativeSelect
            id={`${id}-min`}
            value={String(filter.minScore)}
            onChange={(event) => onChange({ minScore: Number(event.target.value) })}
          >
            {MIN_SCORES.map((score) => (
              <option key={score} value={score}>
                {score === 0 ? 'Any score' : `${score} or more`}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </div>
  );
}
