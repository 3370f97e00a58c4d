/**
 * Sales Q&A (issue 9, Emma): instant answers from the answer library first, then the knowledge base, with
 * citations; the library of approved answers, feedback on answers and the review list of questions nobody
 * could answer yet.
 */
import { z } from 'zod';
import { sourceSchema } from './knowledge.ts';

export const ANSWER_CATEGORIES = [
  'objections',
  'pricing',
  'security',
  'integrations',
  'product',
  'legal',
  'company',
  'other',
] as const;
export type AnswerCategory = (typeof ANSWER_CATEGORIES)[number];

export const ANSWER_CATEGORY_LABELS: Record<AnswerCategory, string> = {
  objections: 'Objections',
  pricing: 'Pricing',
  security: 'Security',
  integrations: 'Integrations',
  product: 'Product',
  legal: 'Legal',
  company: 'Company',
  other: 'Other',
};

export const QUESTION_MAX_LENGTH = 2000;
export const ANSWER_MAX_LENGTH = 20_000;
export const TAG_MAX_LENGTH = 40;
export const TAGS_MAX = 10;
export const LIBRARY_PAGE_SIZE = 50;

/** How many days after its last review an entry is shown as due for review again. */
export const REVIEW_AFTER_DAYS = 180;

export const LIBRARY_ENTRY_NOT_FOUND = 'Library entry not found';
export const REVIEW_NOT_FOUND = 'Review request not found';
export const REVIEW_RESOLVED = 'This review request is already resolved';

const question = z
  .string({ error: 'must be text' })
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(QUESTION_MAX_LENGTH, `must be at most ${QUESTION_MAX_LENGTH} characters`);
const answer = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(ANSWER_MAX_LENGTH, `must be at most ${ANSWER_MAX_LENGTH} characters`);
const tags = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'a tag must not be empty')
      .max(TAG_MAX_LENGTH, `a tag must be at most ${TAG_MAX_LENGTH} characters`),
  )
  .max(TAGS_MAX, `at most ${TAGS_MAX} tags`);
const category = z.enum(ANSWER_CATEGORIES, { error: `must be one of ${ANSWER_CATEGORIES.join(', ')}` });

export const feedbackSummarySchema = z.object({
  helpful: z.number().int(),
  unhelpful: z.number().int(),
  /** The latest comments, newest first. */
  comments: z.array(z.object({ rating: z.number().int(), comment: z.string(), createdAt: z.string() })),
});
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

export const libraryEntrySchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.enum(ANSWER_CATEGORIES),
  tags: z.array(z.string()),
  owner: z.string(),
  origin: z.enum(['library', 'rfp', 'review']),
  lastReviewedAt: z.string(),
  /** The last review is older than REVIEW_AFTER_DAYS. */
  reviewDue: z.boolean(),
  feedback: feedbackSummarySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

export const libraryEntryInputSchema = z
  .object({
    question,
    answer,
    category: category.default('other'),
    tags: tags.default([]),
    owner: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 characters')
      .optional(),
  })
  .strict();
export type LibraryEntryInput = z.input<typeof libraryEntryInputSchema>;

export const libraryEntryPatchSchema = z
  .object({
    question: question.optional(),
    answer: answer.optional(),
    category: category.optional(),
    tags: tags.optional(),
    owner: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 characters')
      .optional(),
    /** Marks the entry as reviewed now (its content confirmed). */
    reviewed: z.literal(true).optional(),
  })
  .strict();
export type LibraryEntryPatch = z.infer<typeof libraryEntryPatchSchema>;

export const libraryListSchema = z.object({
  entries: z.array(libraryEntrySchema),
  total: z.number().int(),
  /** Entries per category (all of the caller's, whatever the filter). */
  categories: z.record(z.string(), z.number().int()),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type LibraryList = z.infer<typeof libraryListSchema>;

export const askRequestSchema = z.object({ question }).strict();

/** `POST /api/v1/answers/ask`: the answer, from the library when a library entry matches, else from documents. */
export const askResponseSchema = z.object({
  question: z.string(),
  answer: z.string(),
  /** The knowledge base's cited passages (empty for a library answer). */
  sources: z.array(sourceSchema),
  fromLibrary: z.boolean(),
  /** The library entry answered with, and how closely its question matches (0..1). */
  libraryEntry: libraryEntrySchema.nullable(),
  match: z.number().nullable(),
  /** False when neither the library nor the documents answer it: the question can go to the review list. */
  answered: z.boolean(),
  category: z.enum(ANSWER_CATEGORIES),
  creditsCharged: z.number().int(),
  /** True when the user's AI model failed and the built-in engine answered instead. */
  modelUnavailable: z.boolean().optional(),
});
export type AskResponse = z.infer<typeof askResponseSchema>;

export const feedbackRequestSchema = z
  .object({
    question,
    answer: z.string().max(ANSWER_MAX_LENGTH * 2),
    rating: z.union([z.literal(1), z.literal(-1)], { error: 'must be 1 (helpful) or -1 (not helpful)' }),
    entryId: z.uuid({ error: 'must be a library entry id (UUID)' }).nullable().optional(),
    comment: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  })
  .strict();

export const reviewSchema = z.object({
  id: z.string(),
  question: z.string(),
  note: z.string().nullable(),
  status: z.enum(['open', 'answered', 'dismissed']),
  entryId: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AnswerReview = z.infer<typeof reviewSchema>;

export const reviewRequestSchema = z
  .object({ question, note: z.string().trim().max(1000, 'must be at most 1000 characters').optional() })
  .strict();

/** Answering a review request adds the answer to the library; dismissing closes it. */
export const reviewResolutionSchema = z.union([
  z
    .object({
      status: z.literal('answered'),
      answer,
      category: category.default('other'),
      tags: tags.default([]),
    })
    .strict(),
  z.object({ status: z.literal('dismissed') }).strict(),
]);

/**
 * The category a question is about, from its words (the library filter and an unanswered question's review
 * use it; the user can change it).
 */
export function categorize(text: string): AnswerCategory {
  const t = text.toLowerCase();
  const has = (pattern: RegExp) => pattern.test(t);
  if (
    has(
      /\b(price|pricing|cost|costs|discount|quote|per seat|licen[cs]e fee|billing|invoice|payment terms|budget)\b/,
    )
  )
    return 'pricing';
  if (
    has(
      /\b(security|secure|encrypt\w*|soc ?2|iso ?27001|gdpr|hipaa|pen(etration)? test\w*|vulnerab\w*|access control|mfa|sso|password|breach|incident|audit|compliance|privacy|backup)\b/,
    )
  )
    return 'security';
  if (has(/\b(integrat\w*|api|webhook|salesforce|hubspot|zapier|slack|connector|sync|import|export|crm)\b/))
    return 'integrations';
  if (
    has(
      /\b(too expensive|competitor|why (should|would) we|already (use|have)|not (a )?priority|no budget|objection|switch(ing)? cost)\b/,
    )
  )
    return 'objections';
  if (has(/\b(contract|terms|liability|indemn\w*|msa|dpa|sla|warranty|legal|jurisdiction)\b/)) return 'legal';
  if (has(/\b(feature|roadmap|product|support(s|ed)?|does it|can it|how does|work with|platform)\b/))
    return 'product';
  if (has(/\b(company|founded|headquarter\w*|employees|customers|references?|case stud\w*|funding)\b/))
    return 'company';
  return 'other';
}
