import { Check, FileText, Mail } from 'lucide-react';
import { useId } from 'react';
import type { DocTemplate, DocTemplateInfo } from '../../../../shared/docgen.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { KIND_LABELS, listOf } from '../format.ts';

function TemplateCard({
  template,
  name,
  checked,
  onChange,
}: {
  template: DocTemplateInfo;
  name: string;
  checked: boolean;
  onChange: (id: DocTemplate) => void;
}) {
  const id = useId();
  const Icon = template.kind === 'email' ? Mail : FileText;
  return (
    <label
      htmlFor={id}
      className={cn(
        'relative flex cursor-pointer flex-col gap-2 rounded-xl border bg-card p-3.5 text-card-foreground shadow-xs transition-colors hover:border-primary/50 hover:bg-accent/40',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background',
        checked && 'border-primary bg-primary/5 ring-1 ring-primary hover:bg-primary/5',
      )}
      data-doc-template={template.id}
      data-selected={checked || undefined}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={template.id}
        checked={checked}
        onChange={() => onChange(template.id)}
        className="sr-only"
        aria-describedby={`${id}-description ${id}-needs`}
      />
      <span className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground',
            checked && 'bg-primary text-primary-foreground',
          )}
          aria-hidden
        >
          {checked ? <Check className="size-4" /> : <Icon className="size-4" />}
        </span>
        <span className="min-w-0 flex-1 font-medium">{template.name}</span>
        <Badge variant="outline" className="shrink-0 font-normal text-muted-foreground">
          {KIND_LABELS[template.kind]}
        </Badge>
      </span>
      <span id={`${id}-description`} className="text-sm text-muted-foreground">
        {template.description}
      </span>
      <span id={`${id}-needs`} className="mt-auto text-xs text-muted-foreground">
        Needs: {listOf(template.needs)}
      </span>
    </label>
  );
}

/** The ten templates as cards (a radio group: arrow keys move between them); the chosen one is highlighted. */
export function TemplatePicker({
  templates,
  error,
  onRetry,
  value,
  onChange,
}: {
  templates: DocTemplateInfo[] | undefined;
  error: unknown;
  onRetry: () => void;
  value: DocTemplate;
  onChange: (id: DocTemplate) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-lg leading-tight font-semibold tracking-tight">
        1. Choose a template
      </h2>
      {templates ? (
        <fieldset className="grid gap-3 sm:grid-cols-2" data-doc-template-picker>
          <legend className="sr-only">Template</legend>
          {templates.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              name={`${id}-template`}
              checked={template.id === value}
              onChange={onChange}
            />
          ))}
        </fieldset>
      ) : error ? (
        <div className="rounded-xl border p-6">
          <LoadError
            message={error instanceof Error ? error.message : 'Could not load the templates.'}
            onRetry={onRetry}
          />
        </div>
      ) : (
        <div role="status" aria-busy="true" className="grid gap-3 sm:grid-cols-2">
          <span className="sr-only">Loading the templates…</span>
          {Array.from({ length: 10 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-32 rounded-xl" />
          ))}
        </div>
      )}
    </section>
  );
}
