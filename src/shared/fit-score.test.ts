import { describe, expect, it } from 'vitest';
import { type FitCompany, fitTier, scoreCompany } from './fit-score.ts';
import type { IcpSegment } from './profile.ts';

const segment = (fields: Partial<IcpSegment>): IcpSegment => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'DACH fintech',
  industries: [],
  companySizes: [],
  regions: [],
  jobTitles: [],
  keywords: [],
  isActive: true,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});

const berlinLedger: FitCompany = {
  name: 'Berlin Ledger',
  primaryIndustry: 'Fintech',
  subIndustry: null,
  size: '51-200',
  country: 'Germany',
  region: 'Berlin',
  city: 'Berlin',
  description: 'Payments infrastructure for European banks.',
};

describe('fit score', () => {
  const dach = segment({
    industries: ['fintech'],
    companySizes: ['51-200'],
    regions: ['DACH'],
    keywords: ['payments'],
  });

  it('gives 100 and tier A when every criterion matches, naming them in the reason', () => {
    expect(scoreCompany(berlinLedger, [dach])).toEqual({
      score: 100,
      tier: 'A',
      reason: 'Matches Fintech, 51-200, Germany, “payments” of “DACH fintech”',
      segmentId: dach.id,
    });
  });

  it('weighs what matched and names what did not', () => {
    const bigger = { ...berlinLedger, size: '1001-5000', description: null };
    // industry 40 + region 25 of 100.
    expect(scoreCompany(bigger, [dach])).toMatchObject({
      score: 65,
      tier: 'B',
      reason: 'Matches Fintech, Germany of “DACH fintech”; size 1001-5000, no keyword',
    });
    const unknown = {
      ...berlinLedger,
      primaryIndustry: null,
      size: null,
      country: 'France',
      region: null,
      city: 'Paris',
      description: null,
    };
    expect(scoreCompany(unknown, [dach])).toMatchObject({
      score: 0,
      tier: 'C',
      reason: 'Nothing matches “DACH fintech”: industry unknown, size unknown, location France, no keyword',
    });
  });

  it('counts only the criteria a segment sets, keeps the best segment, and skips inactive ones', () => {
    const onlyIndustry = segment({
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Banks',
      industries: ['banking'],
    });
    const fintechOnly = segment({
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Fintech',
      industries: ['finance'],
    });
    expect(scoreCompany(berlinLedger, [onlyIndustry, fintechOnly])).toMatchObject({
      score: 100,
      segmentId: fintechOnly.id,
    });
    expect(scoreCompany(berlinLedger, [{ ...fintechOnly, isActive: false }])).toBeNull();
    expect(scoreCompany(berlinLedger, [segment({ jobTitles: ['CFO'] })])).toBeNull();
    expect(scoreCompany(berlinLedger, [])).toBeNull();
  });

  it('matches keywords as whole words only', () => {
    const words = segment({ keywords: ['pay'] });
    expect(scoreCompany(berlinLedger, [words])?.score).toBe(0);
    expect(scoreCompany(berlinLedger, [segment({ keywords: ['European banks'] })])?.score).toBe(100);
  });

  it('tiers at 80 and 50', () => {
    expect([fitTier(100), fitTier(80), fitTier(79), fitTier(50), fitTier(49), fitTier(0)]).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
    ]);
  });
});
