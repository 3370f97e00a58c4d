/**
 * Research input: a pasted or uploaded list of company names, domains or tickers, each line matched to a
 * company with a confidence and the reason (`POST /api/v1/companies/match`).
 */
import { z } from 'zod';

export const MATCH_MAX_LINES = 500;
export const MATCH_MAX_LINE_LENGTH = 200;
/** A candidate this confident or more is a match; below it, only a name to suggest. */
export const MATCH_MIN_CONFIDENCE = 50;

export const MATCH_STATUSES = ['matched', 'ambiguous', 'unmatched'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const matchRequestSchema = z
  .object({
    lines: z
      .array(
        z
          .string({ error: 'must be text' })
          .trim()
          .min(1, 'must not be empty')
          .max(MATCH_MAX_LINE_LENGTH, `must be at most ${MATCH_MAX_LINE_LENGTH} characters`),
        { error: 'must be a list of lines (text)' },
      )
      .min(1, 'give at least one company name, domain or ticker')
      .max(MATCH_MAX_LINES, `must be at most ${MATCH_MAX_LINES} lines`),
  })
  .strict();
export type MatchRequest = z.infer<typeof matchRequestSchema>;

export const matchCandidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  size: z.string().nullable(),
  ticker: z.string().nullable(),
  /** 0-100: how sure the match is. */
  confidence: z.number().int().min(0).max(100),
  /** Why it matches, in a short sentence ("Same domain stripe.com"). */
  reason: z.string(),
});
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;

export const lineMatchSchema = z.object({
  /** The line as given, trimmed. */
  line: z.string(),
  status: z.enum(MATCH_STATUSES),
  /** The match's confidence; an ambiguous line's best; 0 when unmatched. */
  confidence: z.number().int().min(0).max(100),
  reason: z.string(),
  /** The company, when matched. */
  company: matchCandidateSchema.nullable(),
  /** To pick from: the equally good companies of an ambiguous line (up to 5), the nearest names of an unmatched one (up to 3). */
  candidates: z.array(matchCandidateSchema),
});
export type LineMatch = z.infer<typeof lineMatchSchema>;

export const matchResultSchema = z.object({ matches: z.array(lineMatchSchema) });
export type MatchResult = z.infer<typeof matchResultSchema>;

export type ConfidenceLevel = 'High' | 'Medium' | 'Low';

/** How a confidence reads: High from 85 (same domain, ticker or name), Medium from 60, Low below. */
export const confidenceLevel = (confidence: number): ConfidenceLevel =>
  confidence >= 85 ? 'High' : confidence >= 60 ? 'Medium' : 'Low';

/** "18 matched, 2 need a choice, 1 not found". */
export function matchSummary(matches: readonly Pick<LineMatch, 'status'>[]): string {
  const count = (status: MatchStatus) => matches.filter((m) => m.status === status).length;
  const choices = count('ambiguous');
  return `${count('matched')} matched, ${choices} ${choices === 1 ? 'needs' : 'need'} a choice, ${count('unmatched')} not found`;
}

/** A first line that names a column ('Company name', 'Domain') rather than a company. */
const LIST_HEADER =
  /^(company|company name|companies|name|account|account name|organi[sz]ation|domain|website|url|ticker|symbol)$/i;

/**
 * The companies of a pasted list: one a line (the first cell where a spreadsheet's rows are pasted, tab
 * separated), spaces tidied, without blank lines, repeats in any case, or a column's header on the first line.
 */
export function listLines(text: string): string[] {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => (line.split('\t')[0] ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (lines[0] && LIST_HEADER.test(lines[0])) lines.shift();
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key = line.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
