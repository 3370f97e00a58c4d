import { describe, expect, it } from 'vitest';
import { industryFromYago, largeCompanies, matchKey } from './large-companies.ts';

describe('matchKey', () => {
  it('finds one company under the names its sources give it', () => {
    expect(matchKey('Volkswagen Group')).toBe(matchKey('VOLKSWAGEN AG'));
    expect(matchKey('Robert Bosch GmbH')).toBe(matchKey('Robert Bosch'));
    expect(matchKey('Deutsche Bank Aktiengesellschaft')).toBe(matchKey('Deutsche Bank'));
    expect(matchKey('Fresenius Medical Care AG')).toBe(matchKey('Fresenius Medical Care'));
    expect(matchKey('Novo Nordisk A/S')).toBe(matchKey('Novo Nordisk'));
    expect(matchKey('Sony Group Corp')).toBe(matchKey('Sony'));
  });

  it('keeps a subsidiary apart from its parent', () => {
    expect(matchKey('Ford of Europe')).not.toBe(matchKey('Ford Motor Co'));
    expect(matchKey('Volkswagen do Brasil')).not.toBe(matchKey('Volkswagen Group'));
    expect(matchKey('Siemens Healthineers')).not.toBe(matchKey('Siemens'));
  });
});

describe('industryFromYago', () => {
  it.each([
    ['automotive', 'Automotive'],
    ['electric utility', 'Utilities'],
    ['courier', 'Transportation & Logistics'],
    ['car rental', 'Transportation & Logistics'],
    ['banking and finance', 'Banking'],
    ['finance and insurance', 'Financial Services'],
    ['insurance', 'Insurance'],
    ['consumer electronics', 'Consumer Goods'],
    ['telecommunications equipment', 'Computer Hardware'],
    ['telecommunications', 'Telecommunications'],
    ['oil and gas', 'Energy'],
    ['civil engineering', 'Construction'],
    ['mass media', 'Media & Entertainment'],
    ['pharmaceuticals', 'Pharmaceuticals'],
    ['retail', 'Retail'],
  ])('%s -> %s', (text, industry) => {
    expect(industryFromYago(text)).toBe(industry);
  });

  it('gives none for words that say nothing about the business', () => {
    expect(industryFromYago('various')).toBeNull();
    expect(industryFromYago('holding company')).toBeNull();
    expect(industryFromYago(null)).toBeNull();
  });
});

describe('largeCompanies', () => {
  it('reads head counts as whole numbers and leaves out what is not one', () => {
    const csv =
      'name,country,continent,employees,industry,website\nAcme AG,Germany,Europe,1200,Retail,acme.de\nBeta,,,n/a,,';
    expect(largeCompanies(csv)).toEqual([
      { name: 'Acme AG', country: 'Germany', employees: 1200, industry: 'retail', website: 'acme.de' },
      { name: 'Beta', country: null, employees: null, industry: null, website: null },
    ]);
  });
});
