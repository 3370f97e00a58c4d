import { describe, expect, it } from 'vitest';
import { confidenceLevel, listLines, matchSummary } from './company-match.ts';

describe('a list of companies', () => {
  it('is a company a line: tidied, the first cell of a pasted spreadsheet row, no blanks, repeats or header', () => {
    const pasted =
      'Company name\tWebsite\r\n  Stripe \t stripe.com\n\nmicrosoft.com\r\nSTRIPE\n Acme,   Inc. \n';
    expect(listLines(pasted)).toEqual(['Stripe', 'microsoft.com', 'Acme, Inc.']);
    expect(listLines(' \n\t\n')).toEqual([]);
  });

  it('keeps a first line that names a company', () => {
    expect(listLines('Names Inc\nAAPL')).toEqual(['Names Inc', 'AAPL']);
  });
});

describe('a match', () => {
  it('reads its confidence as High from 85, Medium from 60, else Low', () => {
    expect([95, 85, 84, 60, 59, 0].map(confidenceLevel)).toEqual([
      'High',
      'High',
      'Medium',
      'Medium',
      'Low',
      'Low',
    ]);
  });

  it('sums up a list by status', () => {
    const statuses = ['matched', 'matched', 'ambiguous', 'unmatched'] as const;
    expect(matchSummary(statuses.map((status) => ({ status })))).toBe(
      '2 matched, 1 needs a choice, 1 not found',
    );
    expect(matchSummary([])).toBe('0 matched, 0 need a choice, 0 not found');
  });
});
