/**
 * The built-in engine's extractive answers and the citation markers of any engine's answer: what the chat
 * shows and what its sources are read from.
 */
import { describe, expect, it } from 'vitest';
import { normalizeCitations } from '../citations.ts';
import type { AnswerPassage } from '../port.ts';
import { composeExtractiveAnswer, sentencesOf } from './answer.ts';

const passage = (ref: number, text: string): AnswerPassage => ({
  ref,
  title: `Document ${ref}`,
  section: null,
  page: null,
  text,
});

describe('the extractive answer', () => {
  it('reads Markdown passages as sentences: wrapped lines joined, markup dropped, a list with its lead-in', () => {
    expect(
      sentencesOf(
        '### Multi-factor Authentication\n\nMFA is **required** for all\nproduction access. See [the guide](https://x.example).\n\n!!! important\n\nApproved methods include:\n\n* Push notifications\n* Hardware tokens\n',
      ),
    ).toEqual([
      'MFA is required for all production access.',
      'See the guide.',
      'Approved methods include: Push notifications; Hardware tokens.',
    ]);
  });

  it('quotes the sentences that answer, each followed by its marker, the best passage first', () => {
    const answer = composeExtractiveAnswer('How quickly are affected customers notified after an incident?', [
      passage(
        1,
        'This plan covers every system. The incident commander notifies affected customers within 72 hours. Reviews happen yearly.',
      ),
      passage(2, 'Training explains how employees report an incident to the security team.'),
      passage(3, 'The cafeteria opens at eight.'),
    ]);
    expect(answer).toBe(
      'The incident commander notifies affected customers within 72 hours [1]. Training explains how employees report an incident to the security team [2].',
    );
  });

  it('always starts from the best passage, and quotes a long sentence only in part', () => {
    const long = `Backups are encrypted ${'and replicated across regions '.repeat(20)}every night.`;
    const answer = composeExtractiveAnswer('Where are backups kept?', [passage(1, long)]);
    expect(answer.startsWith('Backups are encrypted')).toBe(true);
    expect(answer.endsWith('… [1].')).toBe(true);
    expect(answer.length).toBeLessThan(320);
  });
});

describe('citation markers', () => {
  it('splits grouped markers, drops the ones without a passage, and keeps the first-cited order', () => {
    expect(normalizeCitations('A [2, 1]. B [1]. C [9]. D [0][3]', 3)).toEqual({
      text: 'A [2][1]. B [1]. C. D [3]',
      refs: [2, 1, 3],
    });
  });

  it('renumbers the passages in the order the answer first cites them', () => {
    expect(normalizeCitations('First [3]. Then [1][3].', 3, { renumber: true })).toEqual({
      text: 'First [1]. Then [2][1].',
      refs: [3, 1],
    });
    expect(normalizeCitations('No markers at all.', 3)).toEqual({ text: 'No markers at all.', refs: [] });
  });
});
