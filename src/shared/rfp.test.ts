import { describe, expect, it } from 'vitest';
import { confidenceLabel, draftConfidence } from './rfp.ts';

const evidence = (answer: string, question = 'Are your backups encrypted?') => ({
  support: 1,
  agreeing: 1,
  verdict: 'yes' as const,
  question,
  answer,
});

describe('draftConfidence', () => {
  it('rates a Yes quoted from a sentence holding the whole question High, and says why', () => {
    const { confidence, reason } = draftConfidence(evidence('Yes. The backups are encrypted [1].'));
    expect(confidenceLabel(confidence)).toBe('High');
    expect(reason).toBe('The quoted sentence holds 100% of what the question asks.');
  });

  it('never rates a No High: the negation may belong to something else', () => {
    const { confidence, reason } = draftConfidence({
      ...evidence('No. Backups are not kept on site [1].'),
      verdict: 'no',
    });
    expect(confidenceLabel(confidence)).toBe('Medium');
    expect(reason).toMatch(/a "No" is read from a negation/);
  });

  it('rates a Yes to a question about an exception Medium', () => {
    const { confidence, reason } = draftConfidence(
      evidence(
        'Yes. Customers access their data through the web interface [1].',
        'Can customers access your servers directly, outside the web interface?',
      ),
    );
    expect(confidenceLabel(confidence)).toBe('Medium');
    expect(reason).toMatch(/asks about an exception/);
  });

  it('rates a Yes read from a quote that limits itself with "only" Medium', () => {
    const { confidence, reason } = draftConfidence(
      evidence('Yes. Access is granted only after authentication [1].', 'Is access granted to customers?'),
    );
    expect(confidenceLabel(confidence)).toBe('Medium');
    expect(reason).toMatch(/says "only"/);
  });

  it('follows the support below full, and counts agreeing documents in the reason only', () => {
    const low = draftConfidence({ ...evidence('Yes. Backups exist [1].'), support: 0.4 });
    const agreed = draftConfidence({ ...evidence('Yes. Backups exist [1].'), support: 0.4, agreeing: 3 });
    expect(low.confidence).toBe(49);
    expect(agreed.confidence).toBe(49);
    expect(agreed.reason).toMatch(/; 3 documents say it/);
  });
});
