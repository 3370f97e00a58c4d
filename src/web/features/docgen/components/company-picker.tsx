import { Building2, Check, Loader2, Search, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useActivityPrice } from '../../../lib/credits.ts';
import { type CompanyOption, useCompanySearch } from '../api.ts';
import { plural } from '../format.ts';
import type { ContextChoice } from '../use-composer.ts';

/** A company the picker suggests for free, with where it comes from ("Prospect", "My Companies"). */
export type CompanySuggestion = { company: CompanyOption; note: string };

type Option = { kind: 'company'; company: CompanyOption; note: string } | { kind: 'search'; term: string };

const SUGGESTIONS_SHOWN = 8;

const placeOf = (company: CompanyOption) =>
  [company.location, company.primaryIndustry].filter(Boolean).join(' · ');

/** The companies handed to this page (Company Finder's selection, a hand-off): one click chooses one. */
function ContextChoices({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: ContextChoice[];
  value: CompanyOption | null;
  onChange: (company: CompanyOption) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5" data-context-companies>
      <span id={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <ul aria-labelledby={id} className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const pressed = Boolean(choice.company && value?.id === choice.company.id);
          return (
            <li key={choice.key}>
              <button
                type="button"
                aria-pressed={pressed}
                disabled={!choice.company}
                onClick={() => choice.company && onChange(choice.company)}
                title={choice.status === 'missing' ? 'Not found in the company data' : undefined}
                className={cn(
                  'inline-flex max-w-full items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60',
                  pressed && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
                )}
                data-context-company={choice.name}
              >
                {choice.status === 'pending' ? (
                  <Loader2 className="size-3.5 animate-spin" aria-hidden />
                ) : pressed ? (
                  <Check className="size-3.5" aria-hidden />
                ) : (
                  <Building2 className="size-3.5" aria-hidden />
                )}
                <span className="truncate">{choice.name}</span>
                {choice.status === 'missing' && <span className="text-xs">(not found)</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The company a document is for: the companies handed to the page as quick choices, then a combobox that
 * suggests the user's own companies (prospects, My Companies) as they type, for free, and searches all
 * companies when asked: that search is Company Finder's, charged like it, so it never runs on a keystroke.
 */
export function CompanyPicker({
  label,
  value,
  onChange,
  choices,
  choicesLabel,
  suggestions,
}: {
  label: ReactNode;
  value: CompanyOption | null;
  onChange: (company: CompanyOption | null) => void;
  choices: ContextChoice[];
  choicesLabel: string;
  suggestions: CompanySuggestion[];
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [searched, setSearched] = useState<string | null>(null);
  const price = useActivityPrice('company_search');
  const term = text.trim();
  const showSearched = searched !== null && searched.toLowerCase() === term.toLowerCase();
  const search = useCompanySearch(searched);

  const words = term.toLowerCase();
  const free: Option[] = suggestions
    .filter((s) => !words || s.company.name.toLowerCase().includes(words))
    .slice(0, SUGGESTIONS_SHOWN)
    .map((s) => ({ kind: 'company', ...s }));
  const found: Option[] =
    showSearched && search.data && !search.isPlaceholderData
      ? search.data
          .filter((company) => !free.some((o) => o.kind === 'company' && o.company.id === company.id))
          .map((company) => ({ kind: 'company', company, note: 'All companies' }))
      : [];
  const options: Option[] = [
    ...free,
    ...found,
    ...(term.length >= 2 && !showSearched ? [{ kind: 'search', term } as const] : []),
  ];
  const expanded = open && (options.length > 0 || term.length > 0);
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  const choose = (option: Option) => {
    if (option.kind === 'search') {
      setSearched(option.term);
      setActive(free.length);
      inputRef.current?.focus();
      return;
    }
    onChange(option.company);
    setText('');
    setSearched(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) {
        setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
      }
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (expanded && option) choose(option);
      else if (term.length >= 2) setSearched(term);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  let status: ReactNode = null;
  if (showSearched && search.isFetching) {
    status = (
      <p className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        Searching all companies…
      </p>
    );
  } else if (showSearched && search.isError) {
    status = (
      <p className="px-2 py-1.5 text-sm text-destructive">
        {search.error instanceof Error ? search.error.message : 'The search failed.'}
      </p>
    );
  } else if (showSearched && search.data && found.length === 0 && free.length === 0) {
    status = <p className="px-2 py-1.5 text-sm text-muted-foreground">No company matches “{term}”.</p>;
  } else if (options.length === 0 && term) {
    status = <p className="px-2 py-1.5 text-sm text-muted-foreground">Type two letters or more.</p>;
  }

  return (
    <div className="flex flex-col gap-2" data-company-picker>
      {value ? (
        <span className="text-sm leading-none font-medium">{label}</span>
      ) : (
        <label htmlFor={`${id}-input`} className="text-sm leading-none font-medium">
          {label}
        </label>
      )}
      {choices.length > 0 && (
        <ContextChoices label={choicesLabel} choices={choices} value={value} onChange={onChange} />
      )}
      {value ? (
        <div
          className="flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2"
          data-chosen-company={value.name}
        >
          <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-medium">{value.name}</span>
            {placeOf(value) && (
              <span className="truncate text-xs text-muted-foreground">{placeOf(value)}</span>
            )}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange(null);
              // The input replaces this row: focus goes on to it.
              window.setTimeout(() => inputRef.current?.focus(), 0);
            }}
            aria-label={`Remove ${value.name}, choose another company`}
          >
            <X aria-hidden />
            Change
          </Button>
        </div>
      ) : (
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            ref={inputRef}
            id={`${id}-input`}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-describedby={`${id}-hint`}
            aria-activedescendant={
              expanded && options[activeIndex] ? `${id}-option-${activeIndex}` : undefined
            }
            autoComplete="off"
            placeholder="Type a company name"
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
            data-company-search
          />
          {search.isFetching && showSearched && (
            <Loader2
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
              aria-hidden
            />
          )}
          <div
            id={`${id}-list`}
            role="listbox"
            aria-label="Companies"
            hidden={!expanded}
            className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
          >
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: a combobox's options are reached with the arrow keys from the input (aria-activedescendant)
              // biome-ignore lint/a11y/useKeyWithClickEvents: as above, the input handles the keys
              <div
                key={option.kind === 'search' ? 'search' : option.company.id}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                  index === activeIndex && 'bg-accent text-accent-foreground',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
                data-company-option={option.kind === 'search' ? 'search' : option.company.name}
              >
                {option.kind === 'search' ? (
                  <>
                    <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="min-w-0 flex-1 truncate">Search all companies for “{option.term}”</span>
                    <span className="shrink-0 text-xs text-muted-foreground">{plural(price, 'credit')}</span>
                  </>
                ) : (
                  <>
                    <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate">{option.company.name}</span>
                      {placeOf(option.company) && (
                        <span className="truncate text-xs text-muted-foreground">
                          {placeOf(option.company)}
                        </span>
                      )}
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">{option.note}</span>
                  </>
                )}
              </div>
            ))}
            {status}
          </div>
        </div>
      )}
      {!value && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Your prospects and My Companies are suggested as you type; searching all companies costs{' '}
          {plural(price, 'credit')}, as in Company Finder.
        </p>
      )}
    </div>
  );
}
