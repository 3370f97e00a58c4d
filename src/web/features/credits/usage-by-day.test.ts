import { describe, expect, it } from 'vitest';
import type { CreditTransaction } from '../../lib/credits.ts';
import { activityColor, usageByDay } from './usage-by-day.ts';

/** An instant given in the machine's own time zone, as the chart reads it. */
const local = (month: number, day: number, hour = 12, minute = 0) =>
  new Date(2026, month - 1, day, hour, minute).toISOString();

let id = 0;
const row = (
  createdAt: string,
  activityType: string | null,
  creditsAmount: number,
  transactionType = 'usage',
): CreditTransaction => ({
  id: String(++id),
  transactionType,
  activityType,
  creditsAmount,
  description: '',
  createdAt,
});

describe('usageByDay', () => {
  it('keeps every day of the cycle, the days to come too, labelled as the axis shows them', () => {
    const { days, activities, total } = usageByDay([], local(1, 30, 9), local(2, 2, 9));
    expect(days.map((day) => [day.date, day.label])).toEqual([
      ['2026-01-30', 'Jan 30'],
      ['2026-01-31', 'Jan 31'],
      ['2026-02-01', 'Feb 1'],
      ['2026-02-02', 'Feb 2'],
    ]);
    expect([activities, total]).toEqual([[], 0]);
    // A cycle ending at local midnight does not reach into the next day.
    expect(usageByDay([], local(3, 1, 0), local(3, 3, 0)).days.map((day) => day.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('adds up the usage per local day and activity, price-list order first, and skips everything else', () => {
    const rows = [
      row(local(1, 30, 23, 59), 'export', 3),
      row(local(1, 31, 0, 1), 'export', 2),
      row(local(1, 31, 8), 'company_search', 1),
      row(local(1, 31, 9), 'company_search', 1),
      row(local(1, 31, 10), null, 4),
      row(local(1, 31, 11), 'zz_new_activity', 5),
      row(local(1, 31, 12), 'company_search', 500, 'purchase'),
      // Outside the cycle.
      row(local(2, 9), 'export', 7),
    ];
    const usage = usageByDay(rows, local(1, 30, 9), local(2, 2, 9));
    expect(usage.days.slice(0, 2)).toEqual([
      { date: '2026-01-30', label: 'Jan 30', export: 3 },
      { date: '2026-01-31', label: 'Jan 31', export: 2, company_search: 2, other: 4, zz_new_activity: 5 },
    ]);
    expect(usage.activities).toEqual([
      { activityType: 'company_search', credits: 2 },
      { activityType: 'export', credits: 5 },
      { activityType: 'other', credits: 4 },
      { activityType: 'zz_new_activity', credits: 5 },
    ]);
    expect(usage.total).toBe(16);
  });
});

describe('activityColor', () => {
  it('gives the known activities distinct colours, and any other one a colour of the palette', () => {
    const known = [
      'company_search',
      'company_enrichment',
      'contact_discovery',
      'email_finder',
      'phone_finder',
    ];
    const colours = known.map(activityColor);
    expect(new Set(colours).size).toBe(known.length);
    for (const colour of [...colours, activityColor('zz_new_activity'), activityColor('')]) {
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
