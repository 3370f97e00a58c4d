import { describe, expect, it } from 'vitest';
import {
  agoText,
  decayedWeight,
  INTENT_POINTS,
  intentParts,
  intentScore,
  reasonLine,
  signalReason,
} from './buyer-intent.ts';

const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

describe('buyer intent score', () => {
  it('halves an action every 14 days', () => {
    expect(decayedWeight(12, 0)).toBe(12);
    expect(decayedWeight(12, 14)).toBeCloseTo(6);
    expect(decayedWeight(12, 28)).toBeCloseTo(3);
    // A date in the future (a clock skew) counts as now, never more.
    expect(decayedWeight(12, -3)).toBe(12);
  });

  it('log-scales documents and saturates activity, each within its points', () => {
    expect(intentParts(null, 0, 0)).toEqual({ fit: 0, documents: 0, activity: 0 });
    expect(intentParts(82, 0, 0).fit).toBeCloseTo(20.5);
    const docs = [1, 2, 3, 5, 40].map((d) => intentParts(null, d, 0).documents);
    expect(docs.map((d) => Math.round(d))).toEqual([14, 21, 27, 35, 35]);
    expect(intentParts(null, 0, 12).activity).toBeCloseTo(18.04, 1);
    expect(intentParts(null, 0, 1000).activity).toBeLessThanOrEqual(INTENT_POINTS.activity);
    expect(intentScore(intentParts(100, 50, 10_000))).toBe(100);
    expect(intentScore(intentParts(0, 0, 0))).toBe(0);
  });
});

describe('buyer intent reasons', () => {
  it('says when, in words', () => {
    expect(agoText(daysAgo(0.2), NOW)).toBe('today');
    expect(agoText(daysAgo(1.5), NOW)).toBe('yesterday');
    expect(agoText(daysAgo(2), NOW)).toBe('2 days ago');
    expect(agoText(daysAgo(28), NOW)).toBe('4 weeks ago');
    expect(agoText(daysAgo(90), NOW)).toBe('3 months ago');
  });

  it('joins the parts heaviest first, the fit last', () => {
    const parts = [
      { text: signalReason('fit', { count: 82, lastAt: null }, NOW), weight: -1 },
      {
        text: signalReason('prospect', { count: 1, lastAt: daysAgo(2), firstAt: daysAgo(2) }, NOW),
        weight: 15,
      },
      { text: signalReason('document_mention', { count: 3, lastAt: daysAgo(5) }, NOW), weight: 27 },
    ];
    expect(reasonLine(parts)).toBe(
      'Mentioned in 3 of your documents; you created a prospect 2 days ago; fits your ICP 82%',
    );
    expect(signalReason('prospect', { count: 3, lastAt: daysAgo(1), firstAt: daysAgo(20) }, NOW)).toBe(
      'you created a prospect 2 weeks ago and updated it 2 times',
    );
    expect(signalReason('fit', { count: 30, lastAt: null }, NOW)).toBe('ICP fit 30%');
    expect(reasonLine([])).toBe('');
  });
});
