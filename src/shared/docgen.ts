/**
 * Document generation (issue 9, David): sales documents from templates, filled with the company, a contact,
 * the ideal customer profile, the prospect's forecast and facts from the knowledge base, each fact cited and
 * each missing input marked instead of invented.
 */
import { z } from 'zod';
import { sourceSchema } from './knowledge.ts';

export const DOC_TEMPLATES = [
  'one-pager',
  'proposal',
  'follow-up-email',
  'cold-outreach-email',
  'executive-summary',
  'business-case',
  'mutual-action-plan',
  'battlecard',
  'statement-of-work',
  'case-study',
] as const;
export type DocTemplate = (typeof DOC_TEMPLATES)[number];

export type DocTemplateInfo = {
  id: DocTemplate;
  name: string;
  description: string;
  /** An e-mail is copied into a mail client; a document is exported. */
  kind: 'email' | 'document';
  /** What it needs to be complete ("company", "contact", "prospect"). */
  needs: readonly ('company' | 'contact' | 'prospect')[];
};

export const DOC_TEMPLATE_INFO: Record<DocTemplate, DocTemplateInfo> = {
  'one-pager': {
    id: 'one-pager',
    name: 'One-pager',
    description: 'What you offer this company, why now, and proof points, on one page.',
    kind: 'document',
    needs: ['company'],
  },
  proposal: {
    id: 'proposal',
    name: 'Proposal',
    description:
      'Their situation, the proposed solution, security and compliance, investment and next steps.',
    kind: 'document',
    needs: ['company', 'contact', 'prospect'],
  },
  'follow-up-email': {
    id: 'follow-up-email',
    name: 'Follow-up e-mail',
    description: 'A short note after a meeting: what you heard, what you will send, the next step.',
    kind: 'email',
    needs: ['company', 'contact'],
  },
  'cold-outreach-email': {
    id: 'cold-outreach-email',
    name: 'Cold outreach e-mail',
    description: 'A first e-mail to a contact that fits your ideal customer profile.',
    kind: 'email',
    needs: ['company', 'contact'],
  },
  'executive-summary': {
    id: 'executive-summary',
    name: 'Executive summary',
    description: 'The opportunity in a few paragraphs for a decision maker.',
    kind: 'document',
    needs: ['company', 'prospect'],
  },
  'business-case': {
    id: 'business-case',
    name: 'Business case',
    description: 'The problem, the options, the expected value (from the forecast) and the risks.',
    kind: 'document',
    needs: ['company', 'prospect'],
  },
  'mutual-action-plan': {
    id: 'mutual-action-plan',
    name: 'Mutual action plan',
    description: 'The steps both sides take to a decision, with owners and dates.',
    kind: 'document',
    needs: ['company', 'contact', 'prospect'],
  },
  battlecard: {
    id: 'battlecard',
    name: 'Battlecard',
    description: 'How to position against the alternatives in this account: strengths, objections, proof.',
    kind: 'document',
    needs: ['company'],
  },
  'statement-of-work': {
    id: 'statement-of-work',
    name: 'Statement of work',
    description: 'Scope, deliverables, responsibilities, timeline and acceptance.',
    kind: 'document',
    needs: ['company', 'contact', 'prospect'],
  },
  'case-study': {
    id: 'case-study',
    name: 'Case study',
    description: 'Challenge, solution and results for a customer like this one.',
    kind: 'document',
    needs: ['company'],
  },
};

export const DOC_TITLE_MAX = 200;
export const DOC_MARKDOWN_MAX = 100_000;
export const DOC_NOT_FOUND = 'Document not found';
export const DOC_COMPANY_NOT_FOUND = 'Company not found';
export const DOC_CONTACT_NOT_FOUND = 'Contact not found';
export const DOC_PROSPECT_NOT_FOUND = 'Prospect not found';

/** How the built-in engine marks what it does not know, in the text, so nobody mistakes it for a fact. */
export const missingMark = (what: string) => `[Missing: ${what}]`;
export const MISSING_PATTERN = /\[Missing: ([^\]]+)\]/g;

export const generateRequestSchema = z
  .object({
    template: z.enum(DOC_TEMPLATES, { error: `must be one of ${DOC_TEMPLATES.join(', ')}` }),
    companyId: z.uuid({ error: 'must be a company id (UUID)' }).optional(),
    contactId: z.uuid({ error: 'must be a contact id (UUID)' }).optional(),
    prospectId: z.uuid({ error: 'must be a prospect id (UUID)' }).optional(),
    /** What the document is for, in the seller's words ("renewal with a security add-on"). */
    notes: z.string().trim().max(2000, 'must be at most 2000 characters').optional(),
  })
  .strict();
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const generatedDocumentSchema = z.object({
  id: z.string(),
  template: z.enum(DOC_TEMPLATES),
  title: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  contactId: z.string().nullable(),
  prospectId: z.string().nullable(),
  markdown: z.string(),
  sources: z.array(sourceSchema),
  /**
   * What the document lacked (each marked in the text with missingMark): an input, or a section no sentence of
   * the knowledge base answers. Empty only when every section has content of its own.
   */
  missing: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GeneratedDocument = z.infer<typeof generatedDocumentSchema>;

export const generateResponseSchema = generatedDocumentSchema.extend({ creditsCharged: z.number().int() });

export const generatedDocumentSummarySchema = generatedDocumentSchema.omit({ markdown: true, sources: true });
export const generatedDocumentListSchema = z.object({ documents: z.array(generatedDocumentSummarySchema) });

export const documentPatchSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(DOC_TITLE_MAX, `must be at most ${DOC_TITLE_MAX} characters`)
      .optional(),
    markdown: z.string().max(DOC_MARKDOWN_MAX, `must be at most ${DOC_MARKDOWN_MAX} characters`).optional(),
  })
  .strict();

export const DOC_EXPORT_FORMATS = ['docx', 'pdf', 'md'] as const;
export type DocExportFormat = (typeof DOC_EXPORT_FORMATS)[number];
