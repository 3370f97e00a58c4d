import { describe, expect, it } from 'vitest';
import { hasFilters, parseFilters, writeFilters } from './filters.ts';

describe('account management filters in the address', () => {
  it('reads the values it knows and leaves out the others rather than send them to be refused', () => {
    expect(
      parseFilters(
        new URLSearchParams(
          'q=%20globex%20&status=at-risk&accountHealth=fine&lifecyclePosition=proposal&sort=pipeline',
        ),
      ),
    ).toEqual({
      q: 'globex',
      status: 'at-risk',
      accountHealth: undefined,
      lifecyclePosition: 'proposal',
      sort: 'pipeline',
    });
    expect(parseFilters(new URLSearchParams('q=%20%20&status=AT-RISK&sort=__proto__'))).toEqual({
      q: undefined,
      status: undefined,
      accountHealth: undefined,
      lifecyclePosition: undefined,
      sort: undefined,
    });
  });

  it('writes the set filters, removes the cleared ones and keeps every other parameter', () => {
    const current = new URLSearchParams('source=sidebar&status=dormant&q=old&tab=pipeline');
    const next = writeFilters({ q: 'globex', status: undefined, sort: 'name' }, current);
    expect(next.toString()).toBe('source=sidebar&q=globex&tab=pipeline&sort=name');
    // The page's state is not changed behind its back.
    expect(current.get('status')).toBe('dormant');
    const filters = { q: 'ä & ö', accountHealth: 'healthy', lifecyclePosition: 'closed-won' } as const;
    expect(parseFilters(writeFilters(filters, new URLSearchParams()))).toMatchObject(filters);
  });

  it('counts the sort as no filter', () => {
    expect(hasFilters({ sort: 'momentum' })).toBe(false);
    expect(hasFilters({ q: '' })).toBe(false);
    expect(hasFilters({ lifecyclePosition: 'discovery' })).toBe(true);
  });
});
