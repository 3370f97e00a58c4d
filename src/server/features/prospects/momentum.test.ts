/** The deal momentum formula (README "Prospects"): each input moves the result the documented way. */
import { describe, expect, it } from 'vitest';
import { computeMomentum, type MomentumInput } from './momentum.ts';

const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const touches = (kind: string, ...days: number[]) => days.map((d) => ({ kind, createdAt: daysAgo(d) }));

const base = (extra: Partial<MomentumInput> = {}): MomentumInput => ({
  now: NOW,
  status: 'qualified',
  lifecyclePosition: 'onboarding',
  activities: [],
  lastTouchAt: NOW,
  ...extra,
});

describe('computeMomentum', () => {
  it('starts a new prospect from 50, its one touch and its status', () => {
    const m = computeMomentum(base({ activities: touches('created', 0) }));
    // 50 + 6 × 1 touch + 5 (qualified) − 0 idle.
    expect(m.velocityScore).toBe(61);
    expect(m.momentumTrend).toBe('steady');
    expect(m.progressPercentage).toBe(10);
    expect(m.benchmarkComparison).toBe("Behind a healthy deal's pace: 1 touch point in 14 days against 3");
    expect(m.insight).toContain(
      '1 touch point in the last 14 days (1 prospect created) against 0 in the 14 before.',
    );
    expect(m.insight).toContain('Last touch today.');
    expect(m.insight).toContain('The status Qualified adds 5 points.');
  });

  it('rises 6 points per recent touch, up to 30', () => {
    const scores = [0, 1, 2, 5, 8].map(
      (n) =>
        computeMomentum(base({ activities: touches('forecast_edited', ...Array(n).fill(1)) })).velocityScore,
    );
    expect(scores).toEqual([55, 61, 67, 85, 85]);
  });

  it('counts a document twice and an RFP three times; an override is no touch', () => {
    const score = (kind: string) => computeMomentum(base({ activities: touches(kind, 2) })).velocityScore;
    expect(score('status_changed')).toBe(61);
    expect(score('document_generated')).toBe(67);
    expect(score('rfp_linked')).toBe(73);
    expect(score('momentum_overridden')).toBe(55);
    const withRfp = computeMomentum(base({ activities: touches('rfp_linked', 2) }));
    expect(withRfp.insight).toContain('(1 RFP)');
    expect(withRfp.insight).not.toContain('No document or RFP');
  });

  it('ignores touches older than 14 days for the score but compares them for the trend', () => {
    const old = computeMomentum(
      base({ activities: touches('forecast_edited', 15, 16, 20), lastTouchAt: NOW }),
    );
    expect(old.velocityScore).toBe(55);
    expect(old.momentumTrend).toBe('slowing');
    const sped = computeMomentum(base({ activities: touches('forecast_edited', 1, 2, 3, 4, 20) }));
    expect(sped.momentumTrend).toBe('accelerating');
    const same = computeMomentum(base({ activities: touches('forecast_edited', 1, 2, 16, 17) }));
    expect(same.momentumTrend).toBe('steady');
    // Older than 28 days counts for nothing at all.
    const ancient = computeMomentum(base({ activities: touches('forecast_edited', 40, 41, 42) }));
    expect(ancient.momentumTrend).toBe('steady');
    expect(ancient.insight).toContain('against 0 in the 14 before');
  });

  it('loses 2 points a day after 3 idle days, up to 40, and slows then stalls', () => {
    const at = (idle: number) => computeMomentum(base({ lastTouchAt: daysAgo(idle) }));
    expect([0, 3, 4, 7, 10, 23, 60].map((d) => at(d).velocityScore)).toEqual([55, 55, 53, 47, 41, 15, 15]);
    expect(at(9).momentumTrend).toBe('steady');
    expect(at(10).momentumTrend).toBe('slowing');
    expect(at(21).momentumTrend).toBe('stalled');
    expect(at(7).insight).toContain('Last touch 7 days ago, which costs 8 points.');
  });

  it('lifts the score for positive statuses and holds it down for negative ones', () => {
    const score = (status: MomentumInput['status']) => computeMomentum(base({ status })).velocityScore;
    expect(score('champion-accounts')).toBeGreaterThan(score('qualified'));
    expect(score('high-engagement')).toBe(65);
    expect(score('expansion-upsell')).toBe(60);
    expect(score('renewal-risk')).toBe(35);
    expect(score('at-risk')).toBe(30);
    expect(score('dormant')).toBe(20);
    expect(computeMomentum(base({ status: 'dormant' })).momentumTrend).toBe('stalled');
    expect(computeMomentum(base({ status: 'at-risk' })).insight).toContain(
      'The status At risk takes 20 points off.',
    );
  });

  it('keeps the score within 0-100', () => {
    const low = computeMomentum(base({ status: 'dormant', lastTouchAt: daysAgo(90) }));
    expect(low.velocityScore).toBe(0);
    const high = computeMomentum(
      base({ status: 'champion-accounts', activities: touches('rfp_linked', 0, 1, 2, 3, 4) }),
    );
    expect(high.velocityScore).toBe(95);
  });

  it('takes progress from the lifecycle position, moved a little by the status', () => {
    const progress = (extra: Partial<MomentumInput>) => computeMomentum(base(extra)).progressPercentage;
    expect(progress({ lifecyclePosition: 'discovery' })).toBe(25);
    expect(progress({ lifecyclePosition: 'negotiation' })).toBe(80);
    expect(progress({ lifecyclePosition: 'negotiation', status: 'champion-accounts' })).toBe(85);
    expect(progress({ lifecyclePosition: 'negotiation', status: 'at-risk' })).toBe(70);
    expect(progress({ lifecyclePosition: 'negotiation', status: 'dormant' })).toBe(60);
    expect(progress({ lifecyclePosition: 'closed-won', status: 'at-risk' })).toBe(100);
    expect(progress({ lifecyclePosition: 'onboarding', status: 'dormant' })).toBe(0);
  });

  it('compares the pace with a healthy deal of 3 touches a fortnight', () => {
    const benchmark = (n: number) =>
      computeMomentum(base({ activities: touches('status_changed', ...Array(n).fill(1)) }))
        .benchmarkComparison;
    expect(benchmark(3)).toBe("On a healthy deal's pace: 3 touch points in 14 days");
    expect(benchmark(5)).toBe("Ahead of a healthy deal's pace: 5 touch points in 14 days against 3");
    expect(benchmark(0)).toBe("Behind a healthy deal's pace: 0 touch points in 14 days against 3");
  });

  it('counts a touch stamped a moment after now (another clock) as recent', () => {
    const ahead = computeMomentum(
      base({ activities: [{ kind: 'forecast_edited', createdAt: new Date(NOW.getTime() + 500) }] }),
    );
    expect(ahead.velocityScore).toBe(61);
  });
});
