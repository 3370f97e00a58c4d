/**
 * The built-in engine's extractive answers and the citation markers of any engine's answer: what the chat
 * shows and what its sources are read from.
 */
import { describe, expect, it } from 'vitest';
import { normalizeCitations } from '../citations.ts';
import type { AnswerPassage } from '../port.ts';
import { composeAnswer, sentencesOf } from './answer.ts';

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
      // "See the guide." is too short to say anything: not quoted.
      'Approved methods include: Push notifications; Hardware tokens.',
    ]);
  });

  it('never quotes a template placeholder, a list lead-in without its items, a fragment or a pointer; a table gives a sentence per cell', () => {
    expect(
      sentencesOf(
        [
          'The Processing will concern the following types of Personal Data _[insert types of Personal Data concerned, e.g.:]_',
          '',
          '* **c) Company customers that are natural persons:**',
          '',
          'and the data is kept for as long as the contract runs.',
          '',
          'For definition of confidential data, see the Data Classification Policy.',
          '',
          '[Option 2 – Reference an underlying service agreement, such as the Service Agreement.]',
          '',
          'Data | Encrypt At Rest | Endpoint Storage',
          '---|---|---',
          'Critical | Required | Prohibited',
          'Internal | N/R | Allowed',
        ].join('\n'),
      ),
    ).toEqual([
      'Encrypt At Rest for Critical data: Required.',
      'Endpoint Storage for Critical data: Prohibited.',
      'Encrypt At Rest for Internal data: Not required.',
      'Endpoint Storage for Internal data: Allowed.',
    ]);
  });

  it('quotes only the sentences that answer, each followed by its marker: no padding from other passages', () => {
    const answer = composeAnswer('How quickly are affected customers notified after an incident?', [
      passage(
        1,
        'This plan covers every system. The incident commander notifies affected customers within 72 hours. Reviews happen yearly.',
      ),
      passage(2, 'Training explains how employees report an incident to the security team.'),
      passage(3, 'The cafeteria opens at eight.'),
    ]);
    expect(answer).toMatchObject({
      text: 'The incident commander notifies affected customers within 72 hours [1].',
      answered: true,
      verdict: null,
    });
  });

  it('quotes a long sentence only in part', () => {
    const long = `Backups are encrypted ${'and replicated across regions '.repeat(20)}every night.`;
    const answer = composeAnswer('How are backups replicated across regions?', [passage(1, long)]).text;
    expect(answer.startsWith('Backups are encrypted')).toBe(true);
    expect(answer.endsWith('… [1].')).toBe(true);
    expect(answer.length).toBeLessThan(320);
  });
});

describe('the answer to a closed question', () => {
  const library = [
    passage(1, 'All customer data is encrypted at rest with AES-256. Keys are rotated every year.'),
    passage(2, 'Generic or shared accounts are not allowed on production systems.'),
    passage(3, 'Personal devices may be allowed on a case by case basis, with approval from security.'),
    passage(4, 'Vendors are reviewed annually by the procurement team.'),
  ];

  it('leads with its verdict, decided from the sentence that answers it, and cites only that sentence', () => {
    expect(composeAnswer('Do you encrypt customer data at rest?', library)).toMatchObject({
      text: 'Yes. All customer data is encrypted at rest with AES-256 [1].',
      answered: true,
      extractive: true,
      verdict: 'yes',
    });
    expect(composeAnswer('Are shared accounts allowed on production systems?', library).text).toBe(
      'No. Generic or shared accounts are not allowed on production systems [2].',
    );
    expect(composeAnswer('Please confirm that shared accounts are prohibited.', library).verdict).toBe('yes');
    expect(composeAnswer('Can employees use personal devices?', library).verdict).toBe('partially');
  });

  it('says nothing when the passages only share words with the question', () => {
    expect(composeAnswer('Do you perform annual penetration tests by a third party?', library)).toEqual({
      text: '',
      answered: false,
      extractive: true,
      verdict: 'not_stated',
    });
    expect(composeAnswer('What is the parental leave policy for the Mars office?', library).answered).toBe(
      false,
    );
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
