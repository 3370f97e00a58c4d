import { describe, expect, it } from 'vitest';
import { documentGenerationPath, parseCompanyContext, withoutCompanyContext } from './company-context.ts';

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('company context from the address (spec 1 §3-§5)', () => {
  it('reads the companies and the fields that come with them', () => {
    const context = parseCompanyContext(
      `?companies=${encode([{ name: 'Stripe', domain: 'stripe.com' }])}&source=document-generation&session=s1&returnRoute=%2Fapp`,
    );
    expect(context).toEqual({
      companies: [{ name: 'Stripe', domain: 'stripe.com' }],
      enrichmentData: {},
      sourceAgent: 'document-generation',
      sessionId: 's1',
      selectedForGeneration: true,
      returnRoute: '/app',
    });
  });

  it('is absent without a companies parameter', () => {
    expect(parseCompanyContext('?source=alex')).toBeNull();
  });

  it('refuses what does not parse, saying why', () => {
    expect(() => parseCompanyContext('?companies=%7Bnot-json')).toThrow(/not valid JSON/);
    expect(() => parseCompanyContext(`?companies=${encode({ name: 'x' })}`)).toThrow(/JSON list/);
    expect(() => parseCompanyContext(`?companies=${encode([{ domain: 'x.com' }])}`)).toThrow(
      /each with a name/,
    );
  });

  it('never returns to another site', () => {
    const companies = encode([{ name: 'A' }]);
    expect(
      parseCompanyContext(`?companies=${companies}&returnRoute=https://evil.example`)?.returnRoute,
    ).toBeNull();
    expect(parseCompanyContext(`?companies=${companies}&returnRoute=//evil.example`)?.returnRoute).toBeNull();
    expect(parseCompanyContext(`?companies=${companies}&source=alex`)?.selectedForGeneration).toBe(false);
  });

  it('clearing removes companies, source and session and keeps the rest', () => {
    expect(withoutCompanyContext('?companies=x&source=y&session=z&step=overview')).toBe('?step=overview');
    expect(withoutCompanyContext('?companies=x')).toBe('');
  });

  it('hands companies to document generation, selected for it, with the way back', () => {
    const path = documentGenerationPath(
      [{ id: 'c1', name: 'Acme & Co', industry: 'Retail' } as { id: string; name: string }],
      '/sales-account-development/Acme%20%26%20Co',
    );
    expect(path.startsWith('/intelligent-sales-document-generation?')).toBe(true);
    expect(parseCompanyContext(path.slice(path.indexOf('?')))).toMatchObject({
      companies: [{ id: 'c1', name: 'Acme & Co' }],
      selectedForGeneration: true,
      sourceAgent: 'document-generation',
      returnRoute: '/sales-account-development/Acme%20%26%20Co',
    });
  });
});
