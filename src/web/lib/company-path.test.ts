import { describe, expect, it } from 'vitest';
import { companyPath } from './company-path.ts';

const ID = '5b7c1d2e-0f3a-4b5c-8d9e-0a1b2c3d4e5f';

describe('companyPath', () => {
  it('goes by the name, encoded as one path segment', () => {
    const table: [string, string][] = [
      ['Stripe', '/sales-account-development/Stripe'],
      ['Procter & Gamble', '/sales-account-development/Procter%20%26%20Gamble'],
      ['AT&T?', '/sales-account-development/AT%26T%3F'],
      ['#1 Hits', '/sales-account-development/%231%20Hits'],
      ['Société Générale', '/sales-account-development/Soci%C3%A9t%C3%A9%20G%C3%A9n%C3%A9rale'],
      // Not the research table's word itself.
      ['Research Inc', '/sales-account-development/Research%20Inc'],
    ];
    for (const [name, path] of table) expect(companyPath({ id: ID, name }), name).toBe(path);
  });

  it.each(['AC/DC Holdings', 'research', ' Research ', 'RESEARCH'])(
    'goes by the id when the name %j cannot be the path segment',
    (name) => {
      expect(companyPath({ id: ID, name })).toBe(`/sales-account-development/${ID}`);
    },
  );

  it('decodes back to the name, so the router finds the company it links to', () => {
    const name = 'Ünïcödé 100% 日本';
    const segment = companyPath({ id: ID, name }).split('/').at(-1) ?? '';
    expect(segment).not.toContain(' ');
    expect(decodeURIComponent(segment)).toBe(name);
  });

  it('takes another base (the account and news pages)', () => {
    expect(companyPath({ id: ID, name: 'Stripe' }, '/company-news')).toBe('/company-news/Stripe');
  });
});
