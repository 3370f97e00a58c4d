/**
 * RFP responses (issue 9, Maya): projects made from a questionnaire (uploaded or pasted), their questions with
 * drafted answers (the answer library first, then the knowledge base), statuses, assignees and comments, and
 * the exports.
 */
import { z } from 'zod';
import { leadingVerdict, sourceSchema, VERDICTS, type Verdict } from './knowledge.ts';

export const RFP_STATUSES = ['draft', 'needs_review', 'approved'] as const;
export type RfpStatus = (typeof RFP_STATUSES)[number];
export const RFP_STATUS_LABELS: Record<RfpStatus, string> = {
  draft: 'Draft',
  needs_review: 'Needs review',
  approved: 'Approved',
};

/** The formats a questionnaire can come in (and `pasted` for text typed or pasted in). */
export const RFP_FORMATS = ['csv', 'xlsx', 'docx', 'pdf', 'markdown', 'text', 'vsaq', 'pasted'] as const;
export type RfpFormat = (typeof RFP_FORMATS)[number];

/** File extensions a questionnaire upload accepts. */
export const RFP_EXTENSIONS = ['csv', 'xlsx', 'docx', 'pdf', 'md', 'markdown', 'txt', 'json'] as const;

export const RFP_TITLE_MAX = 200;
export const RFP_TEXT_MAX = 500_000;
/** A questionnaire with more questions than this is refused: it is not one questionnaire. */
export const RFP_MAX_QUESTIONS = 2000;

export const RFP_PROJECT_NOT_FOUND = 'RFP project not found';
export const RFP_QUESTION_NOT_FOUND = 'Question not found';
export const RFP_NO_QUESTIONS =
  'No questions were found in it. Questions are numbered items, sentences ending with a question mark, table rows or a questionnaire column.';
export const RFP_DRAFT_RUNNING = 'Drafting is already running for this project';
export const RFP_NOTHING_TO_DRAFT = 'Every question is approved: nothing to draft';
export const RFP_NOT_APPROVED = 'Approve the answer before saving it to the library';
export const RFP_EMPTY_ANSWER = 'The answer is empty';
export const RFP_EXPORT_NO_SOURCE =
  'Only a project made from a CSV or Excel file can be exported into its own file; export to DOCX or CSV instead';

export const rfpQuestionSchema = z.object({
  id: z.string(),
  ordinal: z.number().int(),
  ref: z.string().nullable(),
  section: z.string().nullable(),
  text: z.string(),
  /** Markdown. */
  answer: z.string(),
  sources: z.array(sourceSchema),
  confidence: z.number().int().nullable(),
  /** Why the draft has its confidence, in one line ("" before a draft). */
  confidenceReason: z.string(),
  /** The verdict the answer leads with ("Yes. ..."), for a closed question. */
  verdict: z.enum(VERDICTS).nullable(),
  status: z.enum(RFP_STATUSES),
  answerOrigin: z.enum(['library', 'knowledge', 'manual']).nullable(),
  libraryEntryId: z.string().nullable(),
  assignee: z.string().nullable(),
  commentCount: z.number().int(),
  draftedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type RfpQuestion = z.infer<typeof rfpQuestionSchema>;

export const rfpProgressSchema = z.object({
  total: z.number().int(),
  answered: z.number().int(),
  draft: z.number().int(),
  needsReview: z.number().int(),
  approved: z.number().int(),
  /** Approved share, 0-100. */
  percent: z.number().int(),
});
export type RfpProgress = z.infer<typeof rfpProgressSchema>;

export const rfpDraftJobSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.number().int(),
  message: z.string().nullable(),
});

export const rfpProjectSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  issuer: z.string().nullable(),
  deadline: z.string().nullable(),
  sourceFilename: z.string().nullable(),
  sourceFormat: z.enum(RFP_FORMATS),
  /** The original is a CSV or XLSX file the answers can be written back into. */
  exportsToSource: z.boolean(),
  progress: rfpProgressSchema,
  draftJob: rfpDraftJobSchema.nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RfpProjectSummary = z.infer<typeof rfpProjectSummarySchema>;

export const rfpProjectSchema = rfpProjectSummarySchema.extend({ questions: z.array(rfpQuestionSchema) });
export type RfpProject = z.infer<typeof rfpProjectSchema>;

export const rfpProjectListSchema = z.object({ projects: z.array(rfpProjectSummarySchema) });

const deadline = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'must be a real date')
  .nullable()
  .optional();
const title = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(RFP_TITLE_MAX, `must be at most ${RFP_TITLE_MAX} characters`);
const issuer = z.string().trim().max(200, 'must be at most 200 characters').nullable().optional();

/** `POST /api/v1/rfp/projects` with JSON: a pasted questionnaire. */
export const rfpPasteSchema = z
  .object({
    title,
    text: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(RFP_TEXT_MAX, `must be at most ${RFP_TEXT_MAX} characters`),
    issuer,
    deadline,
  })
  .strict();

export const rfpProjectPatchSchema = z.object({ title: title.optional(), issuer, deadline }).strict();

export const rfpQuestionPatchSchema = z
  .object({
    answer: z.string().max(20_000, 'must be at most 20000 characters').optional(),
    status: z.enum(RFP_STATUSES, { error: `must be one of ${RFP_STATUSES.join(', ')}` }).optional(),
    assignee: z.string().trim().max(100, 'must be at most 100 characters').nullable().optional(),
  })
  .strict();

export const rfpCommentSchema = z.object({
  id: z.string(),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type RfpComment = z.infer<typeof rfpCommentSchema>;

export const rfpCommentRequestSchema = z
  .object({
    body: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(4000, 'must be at most 4000 characters'),
  })
  .strict();

/** The verdict an answer leads with ("Yes. We encrypt ..." -> yes), or null (a "Not stated" answer is empty). */
export function verdictOf(answer: string): Verdict | null {
  const verdict = leadingVerdict(answer)?.verdict;
  return verdict && verdict !== 'not_stated' ? verdict : null;
}

/** The answer without the verdict it leads with: what goes beside a questionnaire's own Yes/No column. */
export function withoutVerdict(answer: string): string {
  return verdictOf(answer) ? (leadingVerdict(answer)?.rest ?? answer) : answer;
}

/** What a knowledge draft's confidence is computed from. */
export type DraftEvidence = {
  /**
   * How much of the question the sentence the answer leads with holds, 0..1 (its words weighted by how rare they
   * are in the library); a model's answer, which is not measured so, gives its best cited passage's.
   */
  support: number;
  /** Cited passages (of different documents) that answer it. */
  agreeing: number;
  /** A closed question answered with a verdict. */
  verdict: Verdict | null;
  /** The question and the answer drafted to it (its verdict first, when it has one). */
  question: string;
  answer: string;
};

/** The highest confidence of a draft a person should check: below "High". */
const CHECK_MAX = 74;

/**
 * A question about an exception to a practice ("... without a password", "outside the web interface", "with
 * unresolved vulnerabilities"): a sentence holding its words states the practice, and seldom settles whether the
 * exception holds.
 */
const ASKS_EXCEPTION = /\b(?:without|outside|other than|unresolved|unapproved|unauthori[sz]ed|not)\b/i;
/** A quote that limits what it states ("access is granted only after authentication"). */
const LIMITED = /\bonly\b/i;

/**
 * A knowledge draft's confidence (0-90: a person checks every draft) and the line that explains it, from its
 * evidence; calibrated on the tuning half of the labelled closed questions
 * (src/server/features/rfp/verdict-evaluation.test.ts prints the reliability table of both halves): "High"
 * (75 and above) must be right at least 90% of the time. What was measured on the tuning half: the share of the
 * question the leading sentence holds separates right from wrong drafts (20 of 22 right from 0.77 up, half
 * below 0.6); a "No" read from a negation was wrong 2 times in 5 even with full support (the negation belonged
 * to another part of the sentence, or another sentence made it an exception), so a "No" is never "High"; nor is
 * a "Yes" to a question about an exception, or read from a quote that limits itself with "only" (the one wrong
 * "High" left: "Can customers access your servers directly, outside the web interface?" answered Yes from
 * "Customers are granted access ... only after ... authentication"); a second agreeing document did not make a
 * draft likelier right, so it counts for nothing.
 */
export function draftConfidence(evidence: DraftEvidence): { confidence: number; reason: string } {
  const { support, agreeing, verdict, question, answer } = evidence;
  const measured = Math.round(20 + 71.5 * support);
  const doubt =
    verdict === 'no'
      ? '; a "No" is read from a negation: check that it is about this'
      : verdict !== 'yes'
        ? ''
        : ASKS_EXCEPTION.test(question)
          ? '; the question asks about an exception, which the quote may not settle'
          : LIMITED.test(answer)
            ? '; the quote says "only": check that this is a Yes'
            : '';
  const confidence = Math.max(0, Math.min(doubt ? CHECK_MAX : 90, measured));
  const held = `The quoted sentence holds ${Math.round(support * 100)}% of what the question asks`;
  const documents = agreeing >= 2 ? `; ${agreeing} documents say it` : '';
  return { confidence, reason: `${held}${documents}${doubt}.` };
}

/** The line beside an answer from the library. */
export const LIBRARY_CONFIDENCE_REASON =
  'From your answer library: an approved answer to a question worded like this one.';

/** The draft's confidence shown in words. */
export function confidenceLabel(confidence: number | null): 'High' | 'Medium' | 'Low' | 'None' {
  if (confidence === null || confidence <= 0) return 'None';
  if (confidence >= 75) return 'High';
  if (confidence >= 45) return 'Medium';
  return 'Low';
}

/** What "draft all" did: its job's result. */
export type RfpDraftResult = {
  drafted: number;
  fromLibrary: number;
  fromKnowledge: number;
  unanswered: number;
  creditsCharged: number;
  /** Set when drafting stopped before the end (the credits ran out), with the reason. */
  stopped: string | null;
};

export const RFP_EXPORT_FORMATS = ['docx', 'csv', 'source'] as const;
export type RfpExportFormat = (typeof RFP_EXPORT_FORMATS)[number];
