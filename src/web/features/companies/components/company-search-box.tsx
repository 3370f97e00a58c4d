import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

type Props = {
  /** The search in the address; the box follows it (back and forward). */
  value: string;
  onSearch: (q: string) => void;
  large?: boolean;
  className?: string;
};

/**
 * Free text over names and descriptions ("microsft" finds Microsoft). It searches on Enter, not on every
 * key: each new search with criteria is charged.
 */
export function CompanySearchBox({ value, onSearch, large = false, className }: Props) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className={cn('block w-full', className)}>
      <form onSubmit={onSubmit} className="flex w-full gap-2">
        <label htmlFor={id} className="sr-only">
          Search companies
        </label>
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={id}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Name, industry or what they do"
            autoComplete="off"
            enterKeyHint="search"
            className={cn('pl-9', large && 'h-12 text-base sm:text-base')}
          />
        </div>
        <Button type="submit" className={cn(large && 'h-12 px-6')}>
          Search
        </Button>
      </form>
    </search>
  );
}
