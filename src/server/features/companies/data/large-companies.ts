/**
 * Large companies worldwide with their head counts (`large-companies-yago.csv`: YAGO 3, from Wikipedia, via
 * boberle/random-items, CC BY 3.0): matched to the companies we hold, which get their size, and added where
 * we hold none (134 German, 105 Japanese companies...).
 */
import type { IndustryName } from '../../../../shared/companies.ts';
import { parseCsv } from './csv.ts';
import { nameKey, tidy } from './names.ts';

export type LargeCompany = {
  name: string;
  country: string | null;
  employees: number | null;
  /** YAGO's own words for the industry ('electric utility', 'courier'). */
  industry: string | null;
  website: string | null;
};

export function largeCompanies(csv: string): LargeCompany[] {
  return parseCsv(csv)
    .map((row) => {
      const employees = Number(row.employees);
      return {
        name: tidy(row.name ?? ''),
        country: tidy(row.country ?? '') || null,
        employees: Number.isInteger(employees) && employees > 0 ? employees : null,
        industry: tidy(row.industry ?? '').toLowerCase() || null,
        website: tidy(row.website ?? '') || null,
      };
    })
    .filter((company) => company.name);
}

/** Legal forms and group words that differ between how a company names itself and how it files. */
const GROUP_WORDS = new Set([
  'group',
  'holding',
  'holdings',
  'gmbh',
  'kgaa',
  'spa',
  'bv',
  'ab',
  'asa',
  'oyj',
  'sas',
  'pte',
  'pty',
  'bhd',
  'tbk',
  'ltda',
  'de',
  'cv',
  'aktiengesellschaft',
]);

/**
 * A looser key than `nameKey`, for matching a company across sources that name it differently: 'Volkswagen
 * Group' and 'VOLKSWAGEN AG' are both 'volkswagen'. Loose enough to confuse two companies ('Target
 * Corporation', 'Target Group Inc.'), so a one-word match must agree on the country too.
 */
export function matchKey(name: string): string {
  return matchKeyOf(nameKey(name));
}

/** `matchKey` from a name's `nameKey`, for a caller that has it already (an import: one per row). */
export function matchKeyOf(key: string): string {
  // 'Novo Nordisk A/S', 'Danske Bank A/S': the Danish and Norwegian legal form, split by the slash.
  const words = key.replace(/ a s$/, '').split(' ');
  while (words.length > 1 && GROUP_WORDS.has(words[words.length - 1] ?? '')) words.pop();
  return words.join(' ');
}

/** YAGO's free-text industries onto ours: the first rule whose words appear wins (specific rules first). */
const INDUSTRY_RULES: [RegExp, IndustryName][] = [
  [
    /car rental|airline|\brail|railway|transport|logistic|courier|postal|shipping|express|freight/,
    'Transportation & Logistics',
  ],
  [/invest(ment)? bank|\bbank/, 'Banking'],
  [/financ|invest|asset management|stock exchange/, 'Financial Services'],
  [/insurance/, 'Insurance'],
  [/pharma/, 'Pharmaceuticals'],
  [/biotech/, 'Biotechnology'],
  [/medical (device|equipment|technology)/, 'Medical Devices'],
  [/health|hospital|medical/, 'Healthcare'],
  [/semiconductor/, 'Semiconductors'],
  [/software/, 'Software'],
  [/internet|e-commerce|online/, 'Internet'],
  [/\bit\b|information technology|it services|outsourcing|computer services/, 'IT Services'],
  [
    /consumer electronics|home appliance|apparel|footwear|textile|tobacco|cosmetic|consumer goods|luxury/,
    'Consumer Goods',
  ],
  [/computer|electronics|networking equipment|telecommunications equipment|technology/, 'Computer Hardware'],
  [/telecom|mobile network|telephone/, 'Telecommunications'],
  [/aerospace|defen[cs]e|aviation|shipbuilding/, 'Aerospace & Defense'],
  [/automotive|\bauto\b|automobile|\bcars?\b|\btrucks?\b|tyre|tire/, 'Automotive'],
  [/advertising|marketing/, 'Advertising & Marketing'],
  [/media|broadcasting|publishing|entertainment|film|music|television/, 'Media & Entertainment'],
  [/gaming|gambling|casino|restaurant|hospitality|hotel|travel|leisure|tourism/, 'Hospitality & Travel'],
  [/utilit|electricity|power|water|waste/, 'Utilities'],
  [/oil|\bgas\b|petroleum|energy|coal/, 'Energy'],
  [/chemical/, 'Chemicals'],
  [/steel|metal|mining|cement|building materials|glass|pulp|paper|iron/, 'Materials & Mining'],
  [/construction|civil engineering|infrastructure|housing/, 'Construction'],
  [/food|beverage|dairy|brew|drink|meat/, 'Food & Beverage'],
  [/retail|supermarket|department store|wholesale|distribution|trading/, 'Retail'],
  [/machinery|heavy equipment|industrial/, 'Industrial Machinery'],
  [/manufactur|conglomerate|electrical equipment|engineering|packaging/, 'Manufacturing'],
  [/education|universit/, 'Education'],
  [/agricultur|plantation|farming/, 'Agriculture'],
  [/real estate|property/, 'Real Estate'],
  [
    /consulting|professional services|business services|security|staffing|testing|services?/,
    'Professional Services',
  ],
];

export function industryFromYago(text: string | null): IndustryName | null {
  if (!text) return null;
  return INDUSTRY_RULES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
