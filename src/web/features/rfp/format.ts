/** How RFP projects and questions are spelled out on screen: formats, deadlines, origins, file names. */
import type { RfpFormat, RfpQuestion } from '../../../shared/rfp.ts';

export const FORMAT_LABELS: Record<RfpFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel',
  docx: 'Word',
  pdf: 'PDF',
  markdown: 'Markdown',
  text: 'Text',
  vsaq: 'VSAQ JSON',
  pasted: 'Pasted text',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD day at local midnight. */
const localDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
};

const DEADLINE = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** "Dec 10, 2026" for a deadline (a calendar day, in no time zone). */
export const formatDeadline = (day: string) => DEADLINE.format(localDay(day));

/** Whole days from today to the deadline: negative once it has passed. */
export function daysUntil(day: string, now: Date = new Date()): number {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((localDay(day).getTime() - today.getTime()) / DAY_MS);
}

/** "due in 12 days", "due tomorrow", "due today", "overdue by 3 days". */
export function dueText(days: number): string {
  if (days > 1) return `due in ${days} days`;
  if (days === 1) return 'due tomorrow';
  if (days === 0) return 'due today';
  return days === -1 ? 'overdue by 1 day' : `overdue by ${-days} days`;
}

/** Where an answer came from, in the user's words. */
export function originLabel(question: Pick<RfpQuestion, 'answerOrigin' | 'draftedAt'>): string {
  switch (question.answerOrigin) {
    case 'library':
      return 'From your answer library';
    case 'knowledge':
      return 'From your documents';
    case 'manual':
      return 'Written by you';
    default:
      return question.draftedAt ? 'Nothing in your library or documents answers this yet' : 'Not drafted yet';
  }
}

/** `a > b > c` sections as the questionnaire nests them: "a › b › c". */
export const sectionPath = (section: string) => section.split(/\s*>\s*/).join(' › ');

/** "1 question", "73 questions". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
