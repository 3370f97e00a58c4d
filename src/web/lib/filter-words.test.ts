import { describe, expect, it } from 'vitest';
import { sameText, withoutValue } from './filter-words.ts';

describe('sameText', () => {
  it('is the same word in any case and outer spacing, and nothing looser', () => {
    const table: [string, string, boolean][] = [
      ['Fintech', 'fintech', true],
      ['  usa ', 'USA', true],
      ['Zürich', 'ZÜRICH', true],
      ['', '   ', true],
      ['new york', 'newyork', false],
      ['new  york', 'new york', false],
      ['software', 'software development', false],
    ];
    for (const [a, b, same] of table) expect(sameText(a, b), `${a} / ${b}`).toBe(same);
  });
});

describe('withoutValue', () => {
  it.each<[string[], string, string[]]>([
    // The word is the value itself, in any case and spacing.
    [['Germany', 'France'], 'germany', ['France']],
    [['  France '], 'FRANCE', []],
    // One part of a list typed in one word, with any of the separators people use.
    [['usa, narnia'], 'narnia', ['usa']],
    [['usa;narnia;canada'], 'Narnia', ['usa, canada']],
    [['usa | narnia'], 'narnia', ['usa']],
    // A list made only of the value goes altogether.
    [['narnia, Narnia'], 'narnia', []],
    // A word that merely contains the value is another filter and stays.
    [['new york'], 'york', ['new york']],
    [['usa, narnia'], 'nar', ['usa, narnia']],
    [[], 'anything', []],
  ])('%j without %j is %j', (words, value, expected) => {
    expect(withoutValue(words, value)).toEqual(expected);
  });

  it('leaves the other words as the user typed them', () => {
    expect(withoutValue(['Fintech', 'HEALTH care', 'usa,  narnia'], 'narnia')).toEqual([
      'Fintech',
      'HEALTH care',
      'usa',
    ]);
  });
});
