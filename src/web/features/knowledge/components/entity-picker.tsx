import { Loader2, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { ENTITY_TYPE_LABELS, type GraphNode } from '../../../../shared/knowledge.ts';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useEntitySearch } from '../api.ts';
import { ENTITY_COLORS } from '../graph-colors.ts';

const TYPING_DELAY_MS = 250;

/**
 * A search box for the entities of the knowledge graph (an ARIA combobox): type a name, pick one of the
 * suggestions with the mouse or the arrow keys and Enter.
 */
export function EntityPicker({
  label,
  placeholder = 'Search an entity',
  onPick,
  className,
  showLabel = false,
}: {
  label: string;
  placeholder?: string;
  onPick: (entity: GraphNode) => void;
  className?: string;
  showLabel?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const found = useEntitySearch(q);
  const options = q ? (found.data ?? []) : [];
  const expanded = open && q.length > 0;

  const pick = (entity: GraphNode) => {
    onPick(entity);
    setText('');
    setQ('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) {
        setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
      }
    } else if (event.key === 'Enter') {
      const entity = options[active];
      if (expanded && entity) {
        event.preventDefault();
        pick(entity);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className={cn('relative flex flex-col gap-1.5', className)}>
      <label htmlFor={`${id}-input`} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={expanded && options[active] ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          placeholder={placeholder}
          className="pr-9 pl-9"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          // A click on an option lands before the blur closes the list.
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
          data-entity-search
        />
        {found.isFetching && q && (
          <Loader2
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-hidden
          />
        )}
      </div>
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {options.map((entity, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: a combobox's options are reached with the arrow keys from the input (aria-activedescendant)
          // biome-ignore lint/a11y/useKeyWithClickEvents: as above, the input handles the keys
          <div
            key={entity.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
              index === active && 'bg-accent text-accent-foreground',
            )}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(entity)}
            onMouseEnter={() => setActive(index)}
            data-entity-option={entity.name}
          >
            <span
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: ENTITY_COLORS[entity.type] }}
              aria-hidden
            />
            <span className="min-w-0 flex-1 truncate">{entity.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">{ENTITY_TYPE_LABELS[entity.type]}</span>
          </div>
        ))}
        {options.length === 0 && !found.isFetching && (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">
            {found.isError ? 'Could not search the entities.' : `No entity matches “${q}”.`}
          </p>
        )}
      </div>
    </div>
  );
}
