import { describe, expect, it } from 'vitest';
import { classifyTitle } from '../../../../shared/people.ts';
import {
  AREA_FORMS,
  CEO_TITLES,
  DEPARTMENT_TITLES,
  type StaffedDepartment,
  TIER_SENIORITY,
} from './org-chart.ts';

describe('org chart titles', () => {
  it('read as the department and rank they are listed under, in every written form', () => {
    const wrong: string[] = [];
    const check = (title: string, department: string, tier: keyof typeof TIER_SENIORITY) => {
      const read = classifyTitle(title);
      if (read.department !== department || read.seniority !== TIER_SENIORITY[tier]) {
        wrong.push(`${title}: ${read.seniority}/${read.department}, listed as ${tier}/${department}`);
      }
    };
    let titles = 0;
    for (const [department, table] of Object.entries(DEPARTMENT_TITLES) as [
      StaffedDepartment,
      (typeof DEPARTMENT_TITLES)[StaffedDepartment],
    ][]) {
      for (const tier of Object.keys(TIER_SENIORITY) as (keyof typeof TIER_SENIORITY)[]) {
        for (const title of table[tier] ?? []) {
          check(title, department, tier);
          titles++;
        }
      }
      for (const area of table.areas ?? []) {
        for (const tier of ['vp', 'head', 'director'] as const) {
          for (const form of AREA_FORMS[tier]) {
            check(form.replace('{}', area), department, tier);
            titles++;
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(titles).toBeGreaterThan(700);
  });

  it('give chief executives the ranks their titles name', () => {
    const ranks = new Set([...CEO_TITLES.small, ...CEO_TITLES.large].map((t) => classifyTitle(t).seniority));
    expect([...ranks].sort()).toEqual(['c_suite', 'founder', 'owner']);
    for (const title of [...CEO_TITLES.small, ...CEO_TITLES.large]) {
      expect(classifyTitle(title).department).toBe('executive');
    }
  });
});
