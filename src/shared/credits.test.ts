import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_PRICES, CREDIT_ERRORS } from './credits.ts';

describe('credit prices and texts', () => {
  it('the README lists every activity at its seeded price', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    for (const { activityType, creditsRequired } of ACTIVITY_PRICES) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${activityType}\``));
      expect(row, `${activityType} in the README`).toBeDefined();
      expect(row?.split('|')[2]?.trim(), activityType).toBe(String(creditsRequired));
    }
  });

  it('uses the spec 2 §8 messages', () => {
    expect(CREDIT_ERRORS.insufficient(5, 2)).toBe('Insufficient credits. Required: 5, Available: 2');
    expect(CREDIT_ERRORS.pricingNotFound('export')).toBe('Activity pricing not found for: export');
  });
});
