import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { getAgent } from '../../../../shared/agents.ts';
import { DOC_TEMPLATE_INFO } from '../../../../shared/docgen.ts';
import { isUuid } from '../../../../shared/uuid.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type CompanyOption, useGenerateDocument, useMyCompanies, useTemplates } from '../api.ts';
import type { CompanySuggestion } from '../components/company-picker.tsx';
import { DocumentList } from '../components/document-list.tsx';
import { DocumentView } from '../components/document-view.tsx';
import { InputsPanel } from '../components/inputs-panel.tsx';
import { ProfileNotice } from '../components/profile-notice.tsx';
import { TemplatePicker } from '../components/template-picker.tsx';
import { useComposer } from '../use-composer.ts';

const DAVID = getAgent('david');

/** The companies the picker suggests for free: those handed to the page, the prospects', My Companies. */
function suggestionsOf(
  handed: (CompanyOption | null)[],
  prospects: { company: { id: string; name: string } | null }[],
  mine: CompanyOption[],
): CompanySuggestion[] {
  const all: CompanySuggestion[] = [
    ...handed.flatMap((company) => (company ? [{ company, note: 'Handed over' }] : [])),
    ...prospects.flatMap(({ company }) =>
      company ? [{ company: { ...company, location: null, primaryIndustry: null }, note: 'Prospect' }] : [],
    ),
    ...mine.map((company) => ({ company, note: 'My Companies' })),
  ];
  return all.filter((s, index) => all.findIndex((other) => other.company.id === s.company.id) === index);
}

/**
 * `/sales-document-generation` and `/intelligent-sales-document-generation` (issue 9 point 4, David): pick a
 * template and who it is for, generate (a paid document_generation), then preview the document with its
 * `[Missing: …]` marks and sources, edit it, export it, or copy an e-mail; the user's documents below. The
 * open document is in the address (`?document=<id>`), so Back returns to the form and a link reopens it.
 */
export function DocumentGenerationPage() {
  useDocumentTitle('Document generation');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('document');
  const openId = requested && isUuid(requested) ? requested : null;

  const composer = useComposer();
  const templates = useTemplates();
  const myCompanies = useMyCompanies();
  const generate = useGenerateDocument();
  const template =
    templates.data?.find((t) => t.id === composer.template) ?? DOC_TEMPLATE_INFO[composer.template];

  const hrefFor = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set('document', id);
      return `${pathname}?${next}`;
    },
    [params, pathname],
  );
  const open = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('document', id);
      return next;
    });
  const back = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('document');
      return next;
    });

  const onGenerate = () => generate.mutate(composer.request, { onSuccess: (document) => open(document.id) });

  const suggestions = suggestionsOf(
    composer.choices.map((choice) => choice.company),
    composer.prospects.data ?? [],
    myCompanies.data ?? [],
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <header className="flex items-start gap-4">
        <img
          src={`/images/${DAVID.id}.webp`}
          alt=""
          width={56}
          height={56}
          className="hidden size-14 shrink-0 rounded-2xl bg-muted object-cover sm:block"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm font-medium text-muted-foreground">
            {DAVID.name} · {DAVID.title}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Document generation</h1>
          <p className="max-w-3xl text-sm text-muted-foreground">
            Proposals, one-pagers and e-mails for one account, filled from the company, your contact, the
            prospect's forecast and your knowledge base. Every fact is cited; what we do not know is marked
            missing, never made up.
          </p>
        </div>
      </header>

      {openId ? (
        <DocumentView id={openId} onBack={back} />
      ) : (
        <>
          <ProfileNotice />
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_25rem]">
            <TemplatePicker
              templates={templates.data}
              error={templates.error}
              onRetry={() => void templates.refetch()}
              value={composer.template}
              onChange={composer.setTemplate}
            />
            <InputsPanel
              composer={composer}
              template={template}
              suggestions={suggestions}
              generating={generate.isPending}
              error={generate.error}
              onGenerate={onGenerate}
            />
          </div>
          <DocumentList hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
