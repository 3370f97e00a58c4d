import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { INDUSTRY_NAMES } from '../../../../shared/companies.ts';
import { industryFromSic } from './sic.ts';

// The SEC's and the Census Bureau's code lists, in shared/ beside the repository (as in CI, where their
// absence fails the run rather than skipping it).
const TAXONOMY = join(import.meta.dirname, '../../../../../../shared/data/taxonomy');
const available = existsSync(join(TAXONOMY, 'sec-sic-codes.csv'));

const csv = (file: string) =>
  Papa.parse<Record<string, string>>(readFileSync(join(TAXONOMY, file), 'utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;

/** The codes that say nothing about what the company does. */
const NO_BUSINESS = new Set(['8880', '8888', '9721', '9995']);

describe('industryFromSic', () => {
  it.each([
    ['7372', 'Software', '513210'],
    ['6022', 'Banking', '522110'],
    ['2834', 'Pharmaceuticals', '325412'],
    ['2836', 'Biotechnology', '325414'],
    ['3674', 'Semiconductors', '334413'],
    ['3714', 'Automotive', '3363'],
    ['3711', 'Automotive', '336110'],
    ['7510', 'Transportation & Logistics', '532111'],
    ['4922', 'Energy', '486210'],
    ['4924', 'Utilities', '221'],
    ['6770', 'Financial Services', '525990'],
    ['6798', 'Real Estate', '531'],
    ['5812', 'Hospitality & Travel', '7225'],
    ['5961', 'E-commerce', '44-45'],
    ['5411', 'Retail', '44-45'],
    ['0100', 'Agriculture', '111'],
  ])('SIC %s is %s (NAICS %s)', (sic, industry, naics) => {
    expect(industryFromSic(sic)).toEqual({ industry, naics });
  });

  it('gives no industry for codes that name no business, and for no code', () => {
    expect(industryFromSic('8880')).toBeNull();
    expect(industryFromSic('9995')).toBeNull();
    expect(industryFromSic('')).toBeNull();
    expect(industryFromSic(null)).toBeNull();
    expect(industryFromSic('73x2')).toBeNull();
  });

  describe.skipIf(!available && !process.env.CI)('against the SEC and Census lists', () => {
    it('maps every SEC SIC code to one of our industries and a NAICS 2022 code that exists', () => {
      const naics = new Set(csv('naics-2022.csv').map((row) => row.code));
      const sicCodes = csv('sec-sic-codes.csv').map((row) => row['SIC Code'] ?? '');
      expect(sicCodes.length).toBeGreaterThan(400);
      const unmapped: string[] = [];
      const unknownNaics: string[] = [];
      for (const code of sicCodes) {
        const found = industryFromSic(code);
        if (NO_BUSINESS.has(code)) {
          expect(found, code).toBeNull();
          continue;
        }
        if (!found) unmapped.push(code);
        else {
          expect(INDUSTRY_NAMES).toContain(found.industry);
          if (!naics.has(found.naics)) unknownNaics.push(`${code} -> ${found.naics}`);
        }
      }
      expect(unmapped).toEqual([]);
      expect(unknownNaics).toEqual([]);
    });
  });
});
