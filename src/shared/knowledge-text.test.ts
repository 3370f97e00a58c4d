import { describe, expect, it } from 'vitest';
import { citationParts, highlightParts } from './knowledge.ts';

describe('highlightParts', () => {
  it('cuts a passage into plain text and marked matches', () => {
    expect(highlightParts('Access to «production» requires «MFA».')).toEqual([
      { text: 'Access to ', match: false },
      { text: 'production', match: true },
      { text: ' requires ', match: false },
      { text: 'MFA', match: true },
      { text: '.', match: false },
    ]);
  });

  it('keeps markup as text, so it can never become HTML', () => {
    expect(highlightParts('<img src=x onerror=alert(1)> «<b>»')).toEqual([
      { text: '<img src=x onerror=alert(1)> ', match: false },
      { text: '<b>', match: true },
    ]);
  });

  it('highlights an unclosed mark to the end and drops a stray closing mark', () => {
    expect(highlightParts('a » b «c')).toEqual([
      { text: 'a ', match: false },
      { text: ' b ', match: false },
      { text: 'c', match: true },
    ]);
    expect(highlightParts('')).toEqual([]);
  });
});

describe('citationParts', () => {
  it('turns the markers of known sources into refs and keeps the rest as text', () => {
    expect(citationParts('Use MFA [1]. Rotate keys yearly [2, 3].', new Set([1, 2, 3]))).toEqual([
      { text: 'Use MFA ' },
      { ref: 1 },
      { text: '. Rotate keys yearly ' },
      { ref: 2 },
      { ref: 3 },
      { text: '.' },
    ]);
  });

  it('leaves a marker without a source as it was written', () => {
    expect(citationParts('See [4] and [1]', new Set([1]))).toEqual([{ text: 'See [4] and ' }, { ref: 1 }]);
    expect(citationParts('No citations here.', new Set())).toEqual([{ text: 'No citations here.' }]);
  });
});
