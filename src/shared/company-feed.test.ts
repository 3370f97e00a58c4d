import { describe, expect, it } from 'vitest';
import { companyNews, companySignals, type FeedCompany, STALE_AFTER_DAYS } from './company-feed.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

const company = (over: Partial<FeedCompany> = {}): FeedCompany => ({
  name: 'Berlin Ledger',
  imported: false,
  saved: false,
  savedAccount: null,
  fit: null,
  ...over,
});

const saved = (status: 'new' | 'engaged' | 'disqualified', savedAt: string, updatedAt = savedAt) =>
  company({ saved: true, savedAccount: { status, tags: [], notes: '', savedAt, updatedAt } });

describe('company news', () => {
  it('is empty for a company the user has no record of', () => {
    expect(companyNews(company())).toEqual([]);
  });

  it('lists the save, then the latest change with its status, tags and notes, newest first', () => {
    const news = companyNews(
      company({
        saved: true,
        imported: true,
        savedAccount: {
          status: 'engaged',
          tags: ['warm', 'q3'],
          notes: 'Met at Money20/20',
          savedAt: daysAgo(10),
          updatedAt: daysAgo(2),
        },
      }),
    );
    expect(news.map((item) => [item.kind, item.at])).toEqual([
      ['updated', daysAgo(2)],
      ['saved', daysAgo(10)],
      ['imported', null],
    ]);
    expect(news[0]?.detail).toBe('Status: Engaged · Tags: warm, q3 · Notes: Met at Money20/20');
  });

  it('shows only the save when nothing changed since', () => {
    const news = companyNews(saved('new', daysAgo(1)));
    expect(news).toEqual([
      { kind: 'saved', at: daysAgo(1), title: 'You saved it to My Companies', detail: 'Status: New' },
    ]);
  });
});

describe('company signals', () => {
  it(`flags an open account whose status has not moved for ${STALE_AFTER_DAYS} days, not a closed one`, () => {
    expect(companySignals(saved('engaged', daysAgo(30), daysAgo(STALE_AFTER_DAYS)), NOW)).toMatchObject([
      { kind: 'stale', title: `No change for ${STALE_AFTER_DAYS} days` },
    ]);
    expect(companySignals(saved('engaged', daysAgo(30), daysAgo(STALE_AFTER_DAYS - 1)), NOW)).toEqual([]);
    expect(companySignals(saved('disqualified', daysAgo(60)), NOW)).toEqual([]);
  });

  it('suggests saving a strong fit and questions a weak one that is being worked', () => {
    const strong = { score: 90, tier: 'A' as const, reason: 'Matches Fintech, Germany of “DACH fintech”' };
    expect(companySignals(company({ fit: strong }), NOW)).toMatchObject([
      { kind: 'strong-fit', title: 'Strong fit (90/100), not in My Companies', detail: strong.reason },
    ]);
    const weak = { score: 25, tier: 'C' as const, reason: 'Nothing matches “DACH fintech”: not Fintech' };
    expect(companySignals({ ...saved('new', daysAgo(1)), fit: weak }, NOW)).toMatchObject([
      { kind: 'weak-fit' },
    ]);
    // Without an ICP there is no fit, and so nothing to say about it.
    expect(companySignals(company(), NOW)).toEqual([]);
  });
});
