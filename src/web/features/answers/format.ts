import { ANSWER_CATEGORY_LABELS, type AnswerCategory, REVIEW_AFTER_DAYS } from '../../../shared/answers.ts';
import { formatDate } from '../../lib/format.ts';

export const categoryLabel = (category: string): string =>
  ANSWER_CATEGORY_LABELS[category as AnswerCategory] ?? category;

/** The day an entry's answer should be confirmed again (REVIEW_AFTER_DAYS after its last review). */
export const nextReviewDate = (lastReviewedAt: string): string =>
  formatDate(new Date(Date.parse(lastReviewedAt) + REVIEW_AFTER_DAYS * 24 * 60 * 60 * 1000).toISOString());

export const ORIGIN_LABELS = {
  library: 'Written in the library',
  rfp: 'Approved in an RFP response',
  review: 'Answered from the review list',
} as const;

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
