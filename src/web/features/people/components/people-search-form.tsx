import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';

type Terms = { title: string; q: string };

type Props = {
  /** The search in the address; the fields follow it (back and forward). */
  title: string;
  q: string;
  onSearch: (terms: Terms) => void;
  large?: boolean;
};

/**
 * A job title in any spelling ("VP Sales" finds "Vice President of Sales") and words of a name. It searches
 * on submit, not on every key: each new search with criteria is charged.
 */
export function PeopleSearchForm({ title, q, onSearch, large = false }: Props) {
  const id = useId();
  const [terms, setTerms] = useState<Terms>({ title, q });
  useEffect(() => setTerms({ title, q }), [title, q]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ title: terms.title.trim(), q: terms.q.trim() });
  };
  const field = cn('pl-9', large && 'h-12 text-base sm:text-base');
  const icon = 'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground';
  return (
    <search className="block w-full">
      <form onSubmit={onSubmit} className="flex w-full flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-title`} className={cn(!large && 'text-xs text-muted-foreground')}>
            Job title
          </Label>
          <div className="relative">
            <Search className={icon} aria-hidden />
            <Input
              id={`${id}-title`}
              type="search"
              value={terms.title}
              onChange={(event) => setTerms({ ...terms, title: event.target.value })}
              placeholder="VP Sales, CTO, Head of Marketing"
              autoComplete="off"
              enterKeyHint="search"
              className={field}
            />
          </div>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-name`} className={cn(!large && 'text-xs text-muted-foreground')}>
            Name
          </Label>
          <div className="relative">
            <Search className={icon} aria-hidden />
            <Input
              id={`${id}-name`}
              type="search"
              value={terms.q}
              onChange={(event) => setTerms({ ...terms, q: event.target.value })}
              placeholder="First or last name"
              autoComplete="off"
              enterKeyHint="search"
              className={field}
            />
          </div>
        </div>
        <Button type="submit" className={cn(large && 'h-12 px-6')}>
          Search
        </Button>
      </form>
    </search>
  );
}
