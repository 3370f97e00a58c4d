import { describe, expect, it } from 'vitest';
import { describeActivity, dollarsToMillions, millionsToDollars } from './format.ts';

describe('millionsToDollars', () => {
  it('reads an amount typed in millions as whole dollars', () => {
    const table: [string, number][] = [
      ['2.5', 2_500_000],
      ['$2.5', 2_500_000],
      ['2.5m', 2_500_000],
      ['$2.5M', 2_500_000],
      [' 3 ', 3_000_000],
      ['0', 0],
      ['.75', 750_000],
      ['1.2345678', 1_234_568],
    ];
    for (const [typed, dollars] of table) expect(millionsToDollars(typed), typed).toBe(dollars);
  });

  it('is null for what is no amount, never 0', () => {
    // Before the fix a "$" or an "M" alone was $0.
    for (const typed of ['', '   ', '$', 'm', '$M', 'abc', '2,5', '2.5 million', 'Infinity', '1..2']) {
      expect(millionsToDollars(typed), typed).toBeNull();
    }
  });

  it('round-trips with dollarsToMillions, without trailing zeros', () => {
    const table: [number, string][] = [
      [0, '0'],
      [2_500_000, '2.5'],
      [1_234_567, '1.234567'],
      [10_000_000, '10'],
      [1, '0.000001'],
    ];
    for (const [dollars, millions] of table) {
      expect(dollarsToMillions(dollars), String(dollars)).toBe(millions);
      expect(millionsToDollars(millions), millions).toBe(dollars);
    }
  });
});

describe('describeActivity', () => {
  it('says what happened in a sentence, with the labels a user reads', () => {
    const table: [string, Record<string, unknown>, string][] = [
      ['created', {}, 'Added to prospects'],
      ['status_changed', { from: 'qualified', to: 'at-risk' }, 'Status changed from Qualified to At risk'],
      // A status a newer server added is shown as it is.
      ['status_changed', { from: 'new-logo', to: 'won-big' }, 'Status changed from New logo to won-big'],
      [
        'details_changed',
        {
          accountHealth: { from: 'healthy', to: 'needs-attention' },
          lifecyclePosition: { to: 'closed-won' },
        },
        'Account health set to Needs attention; Lifecycle set to Closed won',
      ],
      ['details_changed', { owner: { to: 'Ana' } }, 'owner set to Ana'],
      [
        'forecast_edited',
        { scenario: 'realistic', timelineDays: 90, amount: 2_500_000 },
        'Realistic forecast (90 days) set to $2.5M',
      ],
      [
        'forecast_edited',
        { timelineDays: 180, conservativeAmount: 1e6, realisticAmount: 2e6, optimisticAmount: 3.25e6 },
        'Forecast for 180 days: $1.0M / $2.0M / $3.3M',
      ],
      ['forecast_removed', { timelineDays: 30 }, 'Forecast for 30 days removed'],
      ['document_generated', { title: 'Proposal for Globex' }, 'Document generated: Proposal for Globex'],
      ['document_generated', {}, 'Document generated'],
      ['rfp_linked', { title: 'Globex security review' }, 'RFP linked: Globex security review'],
      [
        'momentum_overridden',
        { velocityScore: 72, momentumTrend: 'slowing' },
        'Momentum set by you: 72, slowing',
      ],
      ['momentum_override_cleared', {}, 'Back to the computed momentum'],
      ['note_added_by_bot', {}, 'note added by bot'],
    ];
    for (const [kind, detail, sentence] of table) {
      expect(describeActivity({ kind, detail }), kind).toBe(sentence);
    }
  });
});
