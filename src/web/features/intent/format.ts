import type { IntentEvidence, IntentSignalKind } from '../../../shared/buyer-intent.ts';
import { prospectPath } from '../../lib/prospects.ts';

/** Where a piece of evidence opens: the document in file search, the prospect, the generated document, ... */
export function evidenceHref(
  link: NonNullable<IntentEvidence['link']>,
  company: { id: string; name: string },
): string {
  switch (link.type) {
    case 'document':
      return `/enterprise-file-search?${new URLSearchParams({ q: company.name, document: link.id })}`;
    case 'prospect':
      return prospectPath(link.id);
    case 'generated_document':
      return `/sales-document-generation?${new URLSearchParams({ document: link.id })}`;
    case 'rfp':
      return `/rfp-editor/${encodeURIComponent(link.id)}`;
    case 'project':
      return `/sales-projects/${encodeURIComponent(link.id)}`;
    case 'contact':
    case 'company':
      return peopleAtPath(company);
    case 'agent':
      return `/agents/${encodeURIComponent(link.id)}`;
  }
}

/** The company's people in People Finder (free: one company's people, as its page's "see all" lists them). */
export const peopleAtPath = (company: { id: string }) =>
  `/people-finder-master/research?${new URLSearchParams({ companyId: company.id })}`;

/** The bar's colour band: what a seller reads at a glance. */
export function scoreBand(score: number): { label: string; bar: string } {
  if (score >= 60) return { label: 'Strong', bar: 'bg-success' };
  if (score >= 30) return { label: 'Medium', bar: 'bg-primary' };
  return { label: 'Weak', bar: 'bg-muted-foreground' };
}

/** The short chip text of a signal: "2 documents", "Prospect", "ICP 82%". */
export function chipText(kind: IntentSignalKind, count: number): string {
  const n = (one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  switch (kind) {
    case 'document_mention':
      return n('document', 'documents');
    case 'prospect':
      return 'Prospect';
    case 'saved_company':
      return 'My Companies';
    case 'project':
      return n('project', 'projects');
    case 'people':
      return n('person', 'people');
    case 'generated_document':
      return n('generated doc', 'generated docs');
    case 'rfp':
      return n('RFP', 'RFPs');
    case 'agent_run':
      return n('agent run', 'agent runs');
    case 'event':
      return n('event', 'events');
    case 'fit':
      return `ICP ${count}%`;
  }
}
