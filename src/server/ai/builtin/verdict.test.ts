/**
 * Closed questions and their verdicts: which questions get one, and how a sentence's negation, exceptions and
 * hedges and the question's own polarity decide it.
 */
import { describe, expect, it } from 'vitest';
import { contentTerms } from './answer.ts';
import { isClosedQuestion, keyVerb, saysVerb, verdictFrom } from './verdict.ts';

/** The question's words a piece of text holds, as the answer counts them. */
const holdsOf = (question: string) => {
  const asked = new Set(contentTerms(question));
  return (text: string) => contentTerms(text).filter((term) => asked.has(term)).length;
};
const verdict = (question: string, sentence: string) => verdictFrom(question, sentence, holdsOf(question));

describe('closed questions', () => {
  it('are the ones a Yes or a No answers', () => {
    for (const question of [
      'Do you encrypt customer data at rest?',
      'Does your company carry cyber liability insurance?',
      'Is there a named Security Officer?',
      'Are backups encrypted?',
      'Can employees use personal devices?',
      'Has the plan been tested this year?',
      '4.2 Do you perform annual penetration tests?',
      'Please confirm that shared accounts are prohibited.',
      'Indicate whether MFA is enforced.',
      'MFA for administrators (Yes/No)',
    ]) {
      expect(isClosedQuestion(question), question).toBe(true);
    }
    for (const question of [
      'How is customer data encrypted at rest?',
      'Describe your incident response process.',
      'Which data centers do you use? Are they certified?',
      'What is the parental leave policy?',
    ]) {
      expect(isClosedQuestion(question), question).toBe(false);
    }
  });
});

describe('the verdict of a sentence', () => {
  it('is Yes for a statement of the practice, No for its negation', () => {
    expect(verdict('Do you encrypt data at rest?', 'All data at rest is encrypted with AES-256.')).toBe(
      'yes',
    );
    expect(verdict('Are shared accounts allowed?', 'Shared accounts are not allowed on any system.')).toBe(
      'no',
    );
    expect(
      verdict('Are passwords stored in plain text?', 'Passwords must never be stored in plain text.'),
    ).toBe('no');
    expect(verdict('Is USB storage permitted?', 'USB storage is prohibited on company laptops.')).toBe('no');
  });

  it('reads a question about a prohibition the other way round', () => {
    expect(verdict('Do you prohibit shared accounts?', 'Shared accounts are prohibited.')).toBe('yes');
    expect(verdict('Do you prohibit shared accounts?', 'Shared accounts are used by the support team.')).toBe(
      'no',
    );
  });

  it('does not read a negation in another clause, or a phrase that only looks negative', () => {
    expect(
      verdict(
        'Is customer data encrypted at rest?',
        'Customer data is encrypted at rest; it is never shared with advertisers.',
      ),
    ).toBe('yes');
    expect(
      verdict(
        'Are customers notified of a breach?',
        'Customers are notified no later than 72 hours after a breach.',
      ),
    ).toBe('yes');
  });

  it('is Partially for an exception or a condition, and for a hedge when the question asks about every case', () => {
    expect(
      verdict(
        'Can employees use USB drives?',
        'USB drives may be allowed on a case by case basis, with approval.',
      ),
    ).toBe('partially');
    expect(
      verdict('Is remote access allowed?', 'Remote access is not permitted unless the VPN is used.'),
    ).toBe('partially');
    expect(verdict('Is MFA enforced on every system?', 'MFA should be enabled whenever possible.')).toBe(
      'partially',
    );
    expect(
      verdict('Do employees use single sign-on?', 'Single sign-on should be used whenever possible.'),
    ).toBe('yes');
  });
});

describe('the verb a closed question turns on', () => {
  it('is its own verb, not a light one, and a be-question main participle', () => {
    expect(keyVerb('Do you sell personal information to third parties?')).toBe('sell');
    expect(keyVerb('Do you digitally sign your releases?')).toBe('sign');
    expect(keyVerb('Are your backups encrypted?')).toBe('encrypted');
    expect(keyVerb('Is customer data deleted after an account is closed?')).toBe('deleted');
    expect(keyVerb('Are shared accounts allowed?')).toBeNull();
    expect(keyVerb('Do you have an incident response plan?')).toBeNull();
  });

  it('is found in any of its forms', () => {
    expect(saysVerb('We do not store card numbers.', 'store')).toBe(true);
    expect(saysVerb('Card data storage is handled by Stripe.', 'store')).toBe(true);
    expect(saysVerb('Access is revoked on the last day.', 'revoked')).toBe(true);
    expect(saysVerb('We use a provider to process payments.', 'store')).toBe(false);
  });
});
