import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate, plural } from './format.ts';

describe('formatDuration', () => {
  it('picks the unit a person reads, rounding within it', () => {
    const table: [number | null, string][] = [
      [null, '—'],
      [0, '0 ms'],
      [850, '850 ms'],
      [999.4, '999 ms'],
      [1000, '1.0 s'],
      [2400, '2.4 s'],
      [9949, '9.9 s'],
      [10_000, '10 s'],
      [42_400, '42 s'],
      [60_000, '1 min'],
      [72_000, '1 min 12 s'],
      [3_600_000, '60 min'],
    ];
    for (const [ms, text] of table) expect(formatDuration(ms), String(ms)).toBe(text);
  });

  it('never shows a rounded value that belongs to the next unit', () => {
    // Before the fix: "1000 ms", "10.0 s", "60 s" and "1 min 60 s".
    const table: [number, string][] = [
      [999.5, '1.0 s'],
      [9950, '10 s'],
      [9999, '10 s'],
      [59_499, '59 s'],
      [59_500, '1 min'],
      [59_999, '1 min'],
      [119_499, '1 min 59 s'],
      [119_500, '2 min'],
    ];
    for (const [ms, text] of table) expect(formatDuration(ms), String(ms)).toBe(text);
  });
});

describe('formatRate and plural', () => {
  it('shows a rate as a whole percentage, none as a dash', () => {
    const table: [number | null, string][] = [
      [null, '—'],
      [0, '0%'],
      [0.004, '0%'],
      [0.005, '1%'],
      [0.994, '99%'],
      [1, '100%'],
    ];
    for (const [rate, text] of table) expect(formatRate(rate), String(rate)).toBe(text);
  });

  it('counts in the singular for exactly one', () => {
    expect([0, 1, 2].map((n) => plural(n, 'run'))).toEqual(['0 runs', '1 run', '2 runs']);
    expect(plural(3, 'query', 'queries')).toBe('3 queries');
  });
});
