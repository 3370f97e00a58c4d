import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format.ts';

/** Noon of a local calendar day: the same day in the formatted text whatever the machine's time zone. */
const localNoon = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12).toISOString();

describe('formatNumber', () => {
  it('groups thousands the English way whatever the machine locale', () => {
    const table: [number, string][] = [
      [0, '0'],
      [999, '999'],
      [1000, '1,000'],
      [1234567, '1,234,567'],
      [-4200, '-4,200'],
      [1234.5678, '1,234.568'],
    ];
    for (const [n, text] of table) expect(formatNumber(n), String(n)).toBe(text);
  });
});

describe('formatDate', () => {
  it('shows the calendar day as "Mon d, yyyy"', () => {
    expect(formatDate(localNoon(2026, 12, 23))).toBe('Dec 23, 2026');
    expect(formatDate(localNoon(2024, 2, 29))).toBe('Feb 29, 2024');
    expect(formatDate(localNoon(2027, 1, 1))).toBe('Jan 1, 2027');
  });

  it("reads an instant in the user's time zone, not UTC", () => {
    // 23:30 local on Dec 31 is still Dec 31 to the user, whatever UTC says.
    expect(formatDate(new Date(2026, 11, 31, 23, 30).toISOString())).toBe('Dec 31, 2026');
    expect(formatDate(new Date(2026, 0, 1, 0, 15).toISOString())).toBe('Jan 1, 2026');
  });
});
