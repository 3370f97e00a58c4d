/**
 * Buyer intent (issue 10 point 3): the companies the user's own signals point to, ranked, each with its reason.
 * Only signals we hold count — the fit against the user's ICP, mentions in the user's documents, the user's own
 * activity on the company. No third-party intent data (web visits, topic surges, bidstream) is bought or made up.
 *
 * The score, 0-100, is the sum of three parts (INTENT_POINTS):
 *   fit       = 25 × fit score / 100                          (the ICP fit, 0-25)
 *   documents = 35 × min(1, ln(1 + d) / ln(1 + 5))            (d documents mentioning it: 1 → 13, 3 → 27, 5+ → 35)
 *   activity  = 40 × (1 − e^(−A / 20)), A = Σ weight × ½^(age in days / 14)
 *                                                            (each action weighs ACTIVITY_WEIGHTS, halving every
 *                                                             14 days: a prospect created today adds 12, one
 *                                                             created four weeks ago 3)
 * A fit alone is not intent: a company appears only with at least one document mention or activity.
 */
import { z } from 'zod';

export const INTENT_SIGNAL_KINDS = [
  'document_mention',
  'prospect',
  'saved_company',
  'project',
  'people',
  'generated_document',
  'rfp',
  'agent_run',
  'event',
  'fit',
] as const;
export type IntentSignalKind = (typeof INTENT_SIGNAL_KINDS)[number];

export const INTENT_SIGNAL_LABELS: Readonly<Record<IntentSignalKind, string>> = {
  document_mention: 'Document mentions',
  prospect: 'Prospect',
  saved_company: 'My Companies',
  project: 'Sales projects',
  people: 'People',
  generated_document: 'Generated documents',
  rfp: 'RFPs',
  agent_run: 'Agent runs',
  event: 'Events',
  fit: 'ICP fit',
};

/** The most each part can add to the score (they add up to 100). */
export const INTENT_POINTS = { fit: 25, documents: 35, activity: 40 } as const;
/** Documents at which the document part is full. */
export const DOCUMENTS_FOR_FULL_POINTS = 5;
/** An action's weight halves every this many days. */
export const ACTIVITY_HALF_LIFE_DAYS = 14;
/** The scale of the activity part's saturation: A = 20 gives 63 % of its points, A = 40 gives 86 %. */
export const ACTIVITY_SATURATION = 20;

/** What one action of the user on a company weighs when fresh. */
export const ACTIVITY_WEIGHTS = {
  prospectCreated: 12,
  prospectUpdated: 4,
  savedCompany: 10,
  projectAdded: 8,
  personSaved: 6,
  contactFound: 4,
  documentGenerated: 8,
  rfp: 12,
  agentRun: 4,
  event: 4,
} as const;
export type ActivityAction = keyof typeof ACTIVITY_WEIGHTS;

/** The formula as the page explains it, one line per part. */
export const INTENT_FORMULA: readonly { part: string; points: number; text: string }[] = [
  {
    part: 'Documents',
    points: INTENT_POINTS.documents,
    text: `Documents in your knowledge base that mention the company, log-scaled: 1 document gives about 14 points, 3 give 27, ${DOCUMENTS_FOR_FULL_POINTS} or more the full ${INTENT_POINTS.documents}.`,
  },
  {
    part: 'Your activity',
    points: INTENT_POINTS.activity,
    text: `What you did on the company — prospect created (${ACTIVITY_WEIGHTS.prospectCreated}) or updated (${ACTIVITY_WEIGHTS.prospectUpdated}), saved to My Companies (${ACTIVITY_WEIGHTS.savedCompany}), added to a sales project (${ACTIVITY_WEIGHTS.projectAdded}), a person saved (${ACTIVITY_WEIGHTS.personSaved}) or their contact found (${ACTIVITY_WEIGHTS.contactFound}), a document generated (${ACTIVITY_WEIGHTS.documentGenerated}), an RFP it issued (${ACTIVITY_WEIGHTS.rfp}), an agent run or event naming it (${ACTIVITY_WEIGHTS.agentRun}) — each halving every ${ACTIVITY_HALF_LIFE_DAYS} days, with diminishing returns.`,
  },
  {
    part: 'ICP fit',
    points: INTENT_POINTS.fit,
    text: `The company's fit score against your ideal customer profile, scaled to ${INTENT_POINTS.fit}. A fit alone never lists a company: it needs a mention or an action of yours.`,
  },
];

export const NO_THIRD_PARTY_DATA =
  'Only signals from your own workspace count: your documents, your actions and your ICP. No third-party intent data (website visits, topic research, ad bidstream) is used or invented.';

// --- the formula ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** An action's weight after `ageDays`: halved every ACTIVITY_HALF_LIFE_DAYS. */
export const decayedWeight = (weight: number, ageDays: number): number =>
  weight * 0.5 ** (Math.max(0, ageDays) / ACTIVITY_HALF_LIFE_DAYS);

export const ageInDays = (at: Date | string, now: Date): number =>
  Math.max(0, (now.getTime() - new Date(at).getTime()) / DAY_MS);

export type IntentParts = { fit: number; documents: number; activity: number };

/**
 * The score's parts: `fitScore` 0-100 or null (no ICP), `documents` mentioning it, `activity` the sum of the
 * decayed weights of the user's actions.
 */
export function intentParts(fitScore: number | null, documents: number, activity: number): IntentParts {
  const fit = fitScore === null ? 0 : (INTENT_POINTS.fit * Math.min(100, Math.max(0, fitScore))) / 100;
  const docs =
    documents <= 0
      ? 0
      : INTENT_POINTS.documents *
        Math.min(1, Math.log(1 + documents) / Math.log(1 + DOCUMENTS_FOR_FULL_POINTS));
  const act = activity <= 0 ? 0 : INTENT_POINTS.activity * (1 - Math.exp(-activity / ACTIVITY_SATURATION));
  return { fit, documents: docs, activity: act };
}

export const intentScore = (parts: IntentParts): number =>
  Math.min(100, Math.round(parts.fit + parts.documents + parts.activity));

// --- reasons -------------------------------------------------------------------------------------------------

/** "today", "yesterday", "3 days ago", "2 weeks ago", "5 months ago". */
export function agoText(at: Date | string, now: Date): string {
  const days = Math.floor(ageInDays(at, now));
  if (days < 1) return 'today';
  if (days < 2) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 730) return `${Math.floor(days / 30)} months ago`;
  return `${Math.floor(days / 365)} years ago`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One part of a reason: what it says, and how much it adds (the reason names the heaviest first). */
export type ReasonPart = { text: string; weight: number };

/** The reason line of one signal kind: "Mentioned in 3 of your documents", "you created a prospect 2 days ago". */
export function signalReason(
  kind: IntentSignalKind,
  { count, lastAt, firstAt }: { count: number; lastAt: Date | string | null; firstAt?: Date | string | null },
  now: Date,
): string {
  const when = lastAt ? ` ${agoText(lastAt, now)}` : '';
  switch (kind) {
    case 'document_mention':
      return `mentioned in ${count === 1 ? '1 of your documents' : `${count} of your documents`}`;
    case 'prospect':
      return `you created a prospect${firstAt ? ` ${agoText(firstAt, now)}` : ''}${count > 1 ? ` and updated it ${plural(count - 1, 'time')}` : ''}`;
    case 'saved_company':
      return `you saved it to My Companies${when}`;
    case 'project':
      return `you added it to ${count === 1 ? 'a sales project' : `${count} sales projects`}${when}`;
    case 'people':
      return `you saved or looked up ${plural(count, 'person', 'people')} there, last${when}`;
    case 'generated_document':
      return `you generated ${plural(count, 'document')} for it, last${when}`;
    case 'rfp':
      return `it issued ${count === 1 ? 'an RFP' : `${count} RFPs`} you are answering, last${when}`;
    case 'agent_run':
      return `${plural(count, 'agent run')} named it, last${when}`;
    case 'event':
      return `${plural(count, 'event')} about it, last${when}`;
    case 'fit':
      return count >= 50 ? `fits your ICP ${count}%` : `ICP fit ${count}%`;
  }
}

/** The one-line reason: the parts, heaviest first, joined with semicolons, starting with a capital. */
export function reasonLine(parts: readonly ReasonPart[]): string {
  const text = [...parts]
    .sort((a, b) => b.weight - a.weight)
    .map((p) => p.text)
    .join('; ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}

// --- the API's shapes ----------------------------------------------------------------------------------------

export const INTENT_SORTS = ['score', 'recent', 'name'] as const;
export type IntentSort = (typeof INTENT_SORTS)[number];

export const INTENT_LINK_TYPES = [
  'document',
  'prospect',
  'generated_document',
  'rfp',
  'project',
  'contact',
  'agent',
  'company',
] as const;

/** One piece of evidence: a document, an action and when, with what it links to. */
export const intentEvidenceSchema = z.object({
  label: z.string(),
  detail: z.string().nullable(),
  at: z.string().nullable(),
  link: z.object({ type: z.enum(INTENT_LINK_TYPES), id: z.string() }).nullable(),
});
export type IntentEvidence = z.infer<typeof intentEvidenceSchema>;

export const intentSignalSchema = z.object({
  kind: z.enum(INTENT_SIGNAL_KINDS),
  /** How many (documents, actions, people); for the fit, the fit score. */
  count: z.number().int(),
  lastAt: z.string().nullable(),
  /** The points it adds to the score. */
  points: z.number(),
  reason: z.string(),
  /** The most recent or most telling first; at most INTENT_EVIDENCE_MAX. */
  evidence: z.array(intentEvidenceSchema),
});
export type IntentSignal = z.infer<typeof intentSignalSchema>;

export const INTENT_EVIDENCE_MAX = 10;

export const intentCompanySchema = z.object({
  company: z.object({
    id: z.string(),
    name: z.string(),
    domain: z.string().nullable(),
    primaryIndustry: z.string().nullable(),
    size: z.string().nullable(),
    location: z.string().nullable(),
  }),
  score: z.number().int().min(0).max(100),
  parts: z.object({ fit: z.number(), documents: z.number(), activity: z.number() }),
  fit: z.object({ score: z.number().int(), tier: z.string(), reason: z.string() }).nullable(),
  reason: z.string(),
  kinds: z.array(z.enum(INTENT_SIGNAL_KINDS)),
  signals: z.array(intentSignalSchema),
  lastSignalAt: z.string().nullable(),
});
export type IntentCompany = z.infer<typeof intentCompanySchema>;

export const intentListSchema = z.object({
  companies: z.array(intentCompanySchema),
  /** Companies matching the filters. */
  total: z.number().int(),
  /** How many companies hold each kind of signal (before the kind filter), for the filter chips. */
  kindCounts: z.record(z.enum(INTENT_SIGNAL_KINDS), z.number().int()),
  nextOffset: z.number().int().nullable(),
  /** When the scores were computed (recency is counted from here). */
  computedAt: z.string(),
});
export type IntentList = z.infer<typeof intentListSchema>;
