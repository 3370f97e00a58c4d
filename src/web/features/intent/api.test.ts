import { describe, expect, it } from 'vitest';
import { filterParams, parseFilter } from './api.ts';

describe('buyer intent filter in the address', () => {
  it('reads known kinds once, a known sort and one of the offered minimum scores', () => {
    expect(
      parseFilter(new URLSearchParams('kind=rfp&kind=rfp&kind=gossip&kind=prospect&sort=recent&minScore=50')),
    ).toEqual({
      kinds: ['rfp', 'prospect'],
      sort: 'recent',
      minScore: 50,
    });
    for (const minScore of ['40', '-25', '1e2', 'abc', '']) {
      expect(parseFilter(new URLSearchParams({ minScore })).minScore, minScore).toBe(0);
    }
    expect(parseFilter(new URLSearchParams('sort=SCORE')).sort).toBe('score');
  });

  it('writes only what differs from the defaults, and reads back the same filter', () => {
    expect(filterParams({ kinds: [], sort: 'score', minScore: 0 }).toString()).toBe('');
    const filter = { kinds: ['fit', 'event'], sort: 'recent', minScore: 75 } as const;
    expect(filterParams({ ...filter, kinds: [...filter.kinds] }).toString()).toBe(
      'kind=fit&kind=event&sort=recent&minScore=75',
    );
    expect(parseFilter(filterParams({ ...filter, kinds: [...filter.kinds] }))).toEqual(filter);
  });
});
