import { describe, expect, it } from 'vitest';
import { plainAnswer, withoutCitations } from './plain-text.ts';

describe('plainAnswer', () => {
  it('pastes as plain text: no Markdown marks, no citation markers, lists and tables kept readable', () => {
    const markdown = [
      '## Encryption [1]',
      '',
      'Customer data is **encrypted** at rest with _AES-256_ [1, 2] and in transit with TLS 1.2+ [3].',
      '',
      '- Keys rotate every **90 days** [2]',
      '- Backups are encrypted too',
      '  - off-site as well',
      '',
      '3. third',
      '4. fourth',
      '',
      '| Control | Status |',
      '| --- | --- |',
      '| MFA | Yes [4] |',
    ].join('\n');
    expect(plainAnswer(markdown)).toBe(
      [
        'Encryption',
        '',
        'Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2+.',
        '',
        '- Keys rotate every 90 days',
        '- Backups are encrypted too',
        '  - off-site as well',
        '',
        '3. third',
        '4. fourth',
        '',
        'Control\tStatus',
        'MFA\tYes',
      ].join('\n'),
    );
  });

  it('keeps where a link leads unless its text already says it, and no mailto address', () => {
    expect(
      plainAnswer(
        'See [our policy](https://example.com/policy), [https://example.com](https://example.com) or [write to us](mailto:sales@example.com).',
      ),
    ).toBe('See our policy (https://example.com/policy), https://example.com or write to us.');
  });

  it('passes plain text, HTML and other scripts through as text', () => {
    expect(plainAnswer('')).toBe('');
    expect(plainAnswer('<b>Ja</b> & 日本語のサポート [12]')).toBe('<b>Ja</b> & 日本語のサポート');
    expect(withoutCitations('Yes [1]. SOC 2 Type II [2, 3]\n')).toBe('Yes. SOC 2 Type II');
    // Brackets that are no citation stay.
    expect(withoutCitations('Tiers [Gold] and [a1]')).toBe('Tiers [Gold] and [a1]');
  });
});
