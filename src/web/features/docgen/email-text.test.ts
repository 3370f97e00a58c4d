import { describe, expect, it } from 'vitest';
import { emailPlainText } from './email-text.ts';

describe('emailPlainText', () => {
  it('gives a mail client the subject and body without Markdown or citations, keeping the missing marks', () => {
    const markdown = [
      '**Subject:** Following up on our demo [1]',
      '',
      "Hi [Missing: the contact's first name],",
      '',
      'Thanks for your time _yesterday_ [2, 3].',
      '',
      '1. Pricing [2]',
      '2. Next steps',
      '',
      '- SSO',
      '- Audit log',
      '',
      'Best,',
      'Ana',
    ].join('\n');
    expect(emailPlainText(markdown)).toBe(
      [
        'Subject: Following up on our demo',
        '',
        "Hi [Missing: the contact's first name],",
        '',
        'Thanks for your time yesterday.',
        '',
        '1. Pricing',
        '2. Next steps',
        // Another list is another block (before the fix it ran on from the one above).
        '',
        '- SSO',
        '- Audit log',
        '',
        'Best,',
        'Ana',
      ].join('\n'),
    );
  });

  it('numbers an ordered list from where it starts, indents a nested one, and is empty for nothing', () => {
    expect(emailPlainText('7. seventh\n8. eighth')).toBe('7. seventh\n8. eighth');
    expect(emailPlainText('- a\n  - a.1\n  - a.2\n- b')).toBe('- a\n  - a.1\n  - a.2\n- b');
    expect(emailPlainText('   \n\n')).toBe('');
  });
});
