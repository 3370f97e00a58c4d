import { Coins, Loader2, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { DocTemplateInfo } from '../../../../shared/docgen.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { isInsufficientCredits, useActivityPrice } from '../../../lib/credits.ts';
import { plural } from '../format.ts';
import type { Composer } from '../use-composer.ts';
import { CompanyPicker, type CompanySuggestion } from './company-picker.tsx';
import { ContactSelect } from './contact-select.tsx';
import { FieldLabel } from './field-label.tsx';
import { NeedsChecklist } from './needs-checklist.tsx';
import { ProspectSelect } from './prospect-select.tsx';

const NOTES_MAX = 2000;

function GenerateError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unexpected error.';
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm"
      data-generate-error
    >
      <p className="font-medium">
        {isInsufficientCredits(error)
          ? 'Not enough credits to generate'
          : 'The document could not be generated'}
      </p>
      <p className="break-words">{message}</p>
      {isInsufficientCredits(error) && (
        <Button asChild size="sm" variant="outline" className="self-start">
          <Link to="/credits">
            <Coins aria-hidden />
            Get more credits
          </Link>
        </Button>
      )}
    </div>
  );
}

/**
 * "2. Who it is for": the company, contact, prospect and notes, what the template needs of them, and the
 * Generate button with its price.
 */
export function InputsPanel({
  composer,
  template,
  suggestions,
  generating,
  error,
  onGenerate,
}: {
  composer: Composer;
  template: DocTemplateInfo | undefined;
  suggestions: CompanySuggestion[];
  generating: boolean;
  error: unknown;
  onGenerate: () => void;
}) {
  const id = useId();
  const price = useActivityPrice('document_generation');
  const needs = template?.needs ?? [];
  const { context, company, contact, prospectId, prospects } = composer;
  const prospectName = prospects.data?.find((prospect) => prospect.id === prospectId)?.name ?? null;

  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-lg leading-tight font-semibold tracking-tight">
        2. Who it is for
      </h2>
      <Card className="flex flex-col gap-5 p-4 sm:p-5">
        <CompanyPicker
          label={<FieldLabel name="Company" needed={needs.includes('company')} />}
          value={company}
          onChange={composer.setCompany}
          choices={composer.choices}
          choicesLabel={
            context?.selectedForGeneration
              ? 'Selected for generation in Company Finder'
              : 'Companies you came with'
          }
          suggestions={suggestions}
        />
        <ContactSelect
          id={`${id}-contact`}
          company={company}
          needed={needs.includes('contact')}
          value={contact?.id ?? ''}
          onChange={composer.setContact}
        />
        <ProspectSelect
          id={`${id}-prospect`}
          company={company}
          prospects={prospects}
          needed={needs.includes('prospect')}
          value={prospectId}
          onChange={composer.chooseProspect}
        />
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-notes`} className="text-sm leading-none font-medium">
            What this is for <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <Textarea
            id={`${id}-notes`}
            value={composer.notes}
            onChange={(event) => composer.setNotes(event.target.value)}
            maxLength={NOTES_MAX}
            rows={3}
            placeholder="e.g. Renewal with a security add-on; they asked about SSO and data residency."
            aria-describedby={`${id}-notes-hint`}
            data-notes
          />
          <p id={`${id}-notes-hint`} className="text-xs text-muted-foreground">
            In your words: the document uses it and looks up your knowledge base for it.
          </p>
        </div>
        <div className="flex flex-col gap-3 border-t pt-4">
          {template && (
            <NeedsChecklist
              needs={needs}
              filled={{
                company: company?.name ?? null,
                contact: contact?.name ?? null,
                prospect: prospectName,
              }}
            />
          )}
          <Button
            type="button"
            size="lg"
            className="w-full px-4"
            onClick={onGenerate}
            disabled={generating || !template || composer.resolving}
            aria-describedby={`${id}-price`}
            data-generate
          >
            {generating ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
            {generating
              ? `Writing your ${template?.name.toLowerCase() ?? 'document'}…`
              : `Generate · ${plural(price, 'credit')}`}
          </Button>
          <p role="status" className="sr-only">
            {generating ? `Writing your ${template?.name.toLowerCase() ?? 'document'}…` : ''}
          </p>
          <p id={`${id}-price`} className="text-center text-xs text-muted-foreground">
            Each document costs {plural(price, 'credit')} and is saved to your documents.
          </p>
          {error !== null && error !== undefined && !generating && <GenerateError error={error} />}
        </div>
      </Card>
    </section>
  );
}
