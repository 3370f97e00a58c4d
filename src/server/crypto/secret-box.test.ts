import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox('a-test-secret-of-at-least-32-characters!!');

  it('opens what it sealed, and never seals the same text the same way', () => {
    const a = box.seal('sk-live-123 é');
    const b = box.seal('sk-live-123 é');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-live');
    expect(box.open(a)).toBe('sk-live-123 é');
    expect(box.open(b)).toBe('sk-live-123 é');
  });

  it('refuses a tampered value and one sealed with another secret', () => {
    const sealed = box.seal('whsec_abc');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox('another-secret-of-at-least-32-characters').open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('not a sealed secret');
  });
});
