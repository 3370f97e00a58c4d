import { describe, expect, it } from 'vitest';
import { daysUntil, dueText, formatDeadline, originLabel, sectionPath } from './format.ts';

describe('deadlines', () => {
  it('formats a calendar day as that day in every time zone', () => {
    expect(formatDeadline('2026-12-10')).toBe('Dec 10, 2026');
    expect(formatDeadline('2024-02-29')).toBe('Feb 29, 2024');
    expect(formatDeadline('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('counts whole local days to the deadline, late at night and across a clock change too', () => {
    // 23:30 on the last Saturday of March: Europe moves its clocks that night, the US two weeks before.
    const lateNight = new Date(2026, 2, 28, 23, 30);
    const table: [string, number][] = [
      ['2026-03-28', 0],
      ['2026-03-29', 1],
      ['2026-03-30', 2],
      ['2026-03-27', -1],
      ['2026-04-28', 31],
      ['2027-03-28', 365],
    ];
    for (const [day, days] of table) expect(daysUntil(day, lateNight), day).toBe(days);
    expect(daysUntil('2026-11-02', new Date(2026, 10, 1, 0, 5))).toBe(1);
  });

  it('says when it is due the way a person would', () => {
    expect([12, 2, 1, 0, -1, -3].map(dueText)).toEqual([
      'due in 12 days',
      'due in 2 days',
      'due tomorrow',
      'due today',
      'overdue by 1 day',
      'overdue by 3 days',
    ]);
  });
});

describe('questions', () => {
  it('says where an answer came from, and whether it was drafted at all', () => {
    expect(originLabel({ answerOrigin: 'library', draftedAt: null })).toBe('From your answer library');
    expect(originLabel({ answerOrigin: 'knowledge', draftedAt: '2026-01-01T00:00:00Z' })).toBe(
      'From your documents',
    );
    expect(originLabel({ answerOrigin: 'manual', draftedAt: null })).toBe('Written by you');
    expect(originLabel({ answerOrigin: null, draftedAt: '2026-01-01T00:00:00Z' })).toBe(
      'Nothing in your library or documents answers this yet',
    );
    expect(originLabel({ answerOrigin: null, draftedAt: null })).toBe('Not drafted yet');
  });

  it('shows nested sections with a chevron, however the questionnaire spaced them', () => {
    expect(sectionPath('Security > Access control >MFA')).toBe('Security › Access control › MFA');
    expect(sectionPath('General')).toBe('General');
  });
});
