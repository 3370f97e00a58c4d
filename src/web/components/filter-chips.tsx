import { ArrowRight, SearchX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';

/** One applied filter value, with a button that takes it out. */
export function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium text-secondary-foreground">
      {label}
      <button
        type="button"
        onClick={onRemove}
        className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
        aria-label={`Remove filter ${label}`}
      >
        <X className="size-3" aria-hidden />
      </button>
    </li>
  );
}

type GroupProps = {
  /** The filter's name: 'Industry'. */
  label: string;
  /** The user's words the server translated ("fintech"), shown before what they became. */
  words?: readonly string[];
  /** Written to `data-filter-kind`. */
  kind?: string;
  /** The chips. */
  children: ReactNode;
};

/** One filter of the summary: its name, the user's words if they were translated, and its values as chips. */
export function FilterGroup({ label, words = [], kind, children }: GroupProps) {
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-filter-kind={kind}>
      <span className="font-medium">{label}</span>
      {words.length > 0 && (
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          “{words.join('”, “')}”
          <ArrowRight className="size-3.5" aria-label="understood as" />
        </span>
      )}
      <ul className="flex flex-wrap gap-1.5">{children}</ul>
    </div>
  );
}

type SuggestionsProps = {
  /** Spec 3 §5's failure suggestion for each filter that matched nothing. */
  suggestions: readonly string[];
  /** How many filters failed (one suggestion may stand for several). */
  invalidCount: number;
  onRemoveInvalid: () => void;
};

/** The filters the server could not match, with the spec's suggestion for each and a way to drop them. */
export function FilterSuggestions({ suggestions, invalidCount, onRemoveInvalid }: SuggestionsProps) {
  return (
    <section
      aria-label="Filters that matched nothing"
      className="flex flex-col gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
      data-filter-suggestions
    >
      <div className="flex items-start gap-2">
        <SearchX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <ul className="flex flex-col gap-1 text-sm">
          {suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={onRemoveInvalid}>
        Remove {invalidCount === 1 ? 'this filter' : 'these filters'}
      </Button>
    </section>
  );
}
