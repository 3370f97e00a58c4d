import { Check, CircleDashed, Minus } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { type DocInput, INPUT_LABELS } from '../format.ts';

const INPUTS: readonly DocInput[] = ['company', 'contact', 'prospect'];

/** What the template needs, and which of it is still empty (and will be marked missing in the document). */
export function NeedsChecklist({
  needs,
  filled,
}: {
  needs: readonly DocInput[];
  filled: Record<DocInput, string | null>;
}) {
  return (
    <ul aria-label="What this template needs" className="flex flex-col gap-1.5 text-sm" data-needs>
      {INPUTS.map((input) => {
        const needed = needs.includes(input);
        const value = filled[input];
        const state = value ? 'filled' : needed ? 'empty' : 'optional';
        return (
          <li key={input} className="flex min-w-0 items-start gap-2" data-need={input} data-state={state}>
            {state === 'filled' ? (
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            ) : state === 'empty' ? (
              <CircleDashed
                className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
                aria-hidden
              />
            ) : (
              <Minus className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <span className={cn('min-w-0 break-words', state === 'optional' && 'text-muted-foreground')}>
              <span className="font-medium">{INPUT_LABELS[input]}</span>
              {state === 'filled' && `: ${value}`}
              {state === 'empty' && ': still empty, it will be marked missing'}
              {state === 'optional' && ': not needed by this template'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
