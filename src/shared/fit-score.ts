/**
 * Fit score (issue 5 §6): how well a company matches the user's ideal customer profile, 0-100 with a tier and
 * a reason a seller can read (which criteria matched, which did not). Each active segment is scored on the
 * criteria it sets; the best segment wins. The segment's words go through the filter validator's matching,
 * so "fintech", "DACH" or "mid-size" mean here what they mean in a search.
 */
import { type FilterKind, matchFilterValue } from './filter-validator.ts';
import type { IcpSegment } from './profile.ts';

export type FitTier = 'A' | 'B' | 'C';
export type FitScore = { score: number; tier: FitTier; reason: string; segmentId: string };

export type FitCompany = {
  name: string;
  primaryIndustry: string | null;
  subIndustry: string | null;
  size: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  description: string | null;
};

/** What each criterion weighs when a segment sets it: the firmographics first, keywords as a tie-breaker. */
export const FIT_WEIGHTS = { industry: 40, size: 25, region: 25, keywords: 10 } as const;

export const fitTier = (score: number): FitTier => (score >= 80 ? 'A' : score >= 50 ? 'B' : 'C');

type Criterion = { label: keyof typeof FIT_WEIGHTS; matched: string | null; missed: string };

/** The company's own values as a vocabulary: a segment word matches when it names one of them. */
function matchesAny(kind: FilterKind, words: readonly string[], company: FitCompany): string | null {
  const vocabulary = {
    industries: company.primaryIndustry ? [company.primaryIndustry] : [],
    sizes: company.size ? [company.size] : [],
    countries: company.country ? [company.country] : [],
    regions: company.region ? [company.region] : [],
    cities: company.city ? [company.city] : [],
  };
  for (const word of words) {
    const match = matchFilterValue(kind, word, vocabulary);
    if (match && match.values.length > 0) return match.values[0] ?? null;
  }
  return null;
}

const containsWord = (text: string, word: string) =>
  new RegExp(
    `(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
    'iu',
  ).test(text);

function criteria(segment: IcpSegment, company: FitCompany): Criterion[] {
  const list: Criterion[] = [];
  if (segment.industries.length > 0) {
    list.push({
      label: 'industry',
      matched: matchesAny('industry', segment.industries, company),
      missed: company.primaryIndustry ? `industry ${company.primaryIndustry}` : 'industry unknown',
    });
  }
  if (segment.companySizes.length > 0) {
    list.push({
      label: 'size',
      matched: company.size && segment.companySizes.includes(company.size as never) ? company.size : null,
      missed: company.size ? `size ${company.size}` : 'size unknown',
    });
  }
  if (segment.regions.length > 0) {
    list.push({
      label: 'region',
      matched: matchesAny('region', segment.regions, company),
      missed: company.country ? `location ${company.country}` : 'location unknown',
    });
  }
  if (segment.keywords.length > 0) {
    const text = [company.name, company.subIndustry, company.description].filter(Boolean).join(' ');
    list.push({
      label: 'keywords',
      matched: segment.keywords.find((keyword) => containsWord(text, keyword)) ?? null,
      missed: 'no keyword',
    });
  }
  return list;
}

function scoreSegment(segment: IcpSegment, company: FitCompany): FitScore | null {
  const list = criteria(segment, company);
  if (list.length === 0) return null;
  const total = list.reduce((sum, c) => sum + FIT_WEIGHTS[c.label], 0);
  const won = list.reduce((sum, c) => sum + (c.matched ? FIT_WEIGHTS[c.label] : 0), 0);
  const score = Math.round((100 * won) / total);
  const matched = list
    .filter((c) => c.matched)
    .map((c) => (c.label === 'keywords' ? `“${c.matched}”` : c.matched));
  const missed = list.filter((c) => !c.matched).map((c) => c.missed);
  const reason =
    matched.length > 0
      ? `Matches ${matched.join(', ')} of “${segment.name}”${missed.length > 0 ? `; ${missed.join(', ')}` : ''}`
      : `Nothing matches “${segment.name}”: ${missed.join(', ')}`;
  return { score, tier: fitTier(score), reason, segmentId: segment.id };
}

/** The best fit over the active segments; null when the user has no active segment with criteria. */
export function scoreCompany(company: FitCompany, segments: readonly IcpSegment[]): FitScore | null {
  let best: FitScore | null = null;
  for (const segment of segments) {
    if (!segment.isActive) continue;
    const fit = scoreSegment(segment, company);
    if (fit && (!best || fit.score > best.score)) best = fit;
  }
  return best;
}
