/**
 * SEC SIC codes onto our INDUSTRIES and NAICS 2022: the concordance behind every SEC filer's industry. A row
 * is a range of SIC codes (a single code when `to` is left out); the first row that holds a code wins, so the
 * specific codes come before the major group they sit in. The NAICS code is the closest 2022 code at the
 * level the SIC code is specific to (`sic.test.ts` checks each against the Census list). Codes that say
 * nothing about the business (American depositary receipts, non-operating establishments) have no industry:
 * the company shows none rather than a guess. Blank checks (SPACs) are investment vehicles: Financial
 * Services, with "Blank checks" as their sub-industry.
 */
import type { IndustryName } from '../../../../shared/companies.ts';

type Concordance = { from: number; to: number; industry: IndustryName; naics: string };

const rows = (industry: IndustryName, entries: [number, number | null, string][]): Concordance[] =>
  entries.map(([from, to, naics]) => ({ from, to: to ?? from, industry, naics }));

/** Specific codes first: each is looked up before the broader ranges below it. */
const SPECIFIC: Concordance[] = [
  // Car rental (Hertz, Avis) moves people, before the automotive services around it.
  ...rows('Transportation & Logistics', [[7510, 7519, '532111']]),
  ...rows('Energy', [
    [1220, 1229, '2121'],
    [1311, null, '211120'],
    [1381, null, '213111'],
    [1382, 1389, '213112'],
    [2911, null, '324110'],
    [2950, 2999, '324'],
    [3533, null, '333132'],
    [4610, 4619, '486'],
    [4922, 4923, '486210'],
    [5171, 5172, '4247'],
    [6792, null, '533110'],
  ]),
  ...rows('Pharmaceuticals', [
    [2833, null, '325411'],
    [2834, null, '325412'],
    [5122, null, '424210'],
    [5912, null, '456110'],
  ]),
  ...rows('Biotechnology', [
    [2835, null, '325413'],
    [2836, null, '325414'],
    [3826, null, '334516'],
    [8731, null, '541714'],
  ]),
  ...rows('Consumer Goods', [
    [2100, 2199, '3122'],
    [2200, 2399, '315'],
    [2510, 2599, '337'],
    [2840, 2844, '3256'],
    [3021, null, '316210'],
    [3100, 3199, '316'],
    [3630, 3639, '335220'],
    [3651, 3652, '334310'],
    [3873, 3873, '334519'],
    [3910, 3969, '3399'],
    [5100, 5139, '424'],
    [5190, 5199, '424990'],
  ]),
  ...rows('Media & Entertainment', [
    [2711, 2741, '5131'],
    [4832, 4833, '5161'],
    [4841, null, '516210'],
    [7812, 7841, '512'],
  ]),
  ...rows('Manufacturing', [
    [2451, 2452, '321991'],
    [2750, 2799, '323'],
    [3000, 3099, '326'],
    [3400, 3479, '332'],
    [3490, 3499, '332'],
    [3600, 3629, '335'],
    [3640, 3649, '3351'],
    [3690, 3699, '3359'],
    [3730, 3739, '336611'],
    [3790, 3799, '336999'],
    [3820, 3825, '3345'],
    [3827, 3829, '3345'],
    [3861, null, '333310'],
    [3990, 3999, '3399'],
  ]),
  ...rows('Aerospace & Defense', [
    [3480, 3489, '332992'],
    [3720, 3729, '3364'],
    [3760, 3769, '336414'],
    [3812, null, '334511'],
  ]),
  ...rows('Automotive', [
    [3711, null, '336110'],
    [3714, null, '3363'],
    [3713, 3716, '3362'],
    [3751, null, '336991'],
    [5010, 5019, '4231'],
    [5500, 5599, '441'],
    [7500, 7549, '8111'],
  ]),
  ...rows('Industrial Machinery', [[3743, null, '336510']]),
  ...rows('Computer Hardware', [
    [3570, 3579, '3341'],
    [3661, 3669, '3342'],
    [3670, 3673, '334412'],
    [3677, 3679, '3344'],
    [5045, null, '423430'],
    [5065, null, '423690'],
  ]),
  ...rows('Semiconductors', [[3674, null, '334413']]),
  ...rows('Medical Devices', [
    [3841, 3844, '3391'],
    [3845, null, '334510'],
    [3851, null, '339115'],
    [5047, null, '423450'],
  ]),
  ...rows('Telecommunications', [
    [4812, null, '517112'],
    [4813, 4822, '517111'],
    [4899, null, '517810'],
  ]),
  ...rows('Utilities', [
    [4900, 4949, '221'],
    [4950, 4959, '562'],
    [4961, null, '221330'],
    [4991, null, '2211'],
  ]),
  ...rows('Food & Beverage', [
    [2080, 2089, '3121'],
    [5140, 5149, '4244'],
    [5180, 5189, '4248'],
  ]),
  ...rows('Agriculture', [[5150, 5159, '4245']]),
  ...rows('Chemicals', [
    [2870, 2879, '3253'],
    [5160, 5169, '4246'],
  ]),
  ...rows('Hospitality & Travel', [
    [5810, 5813, '7225'],
    [7000, 7099, '7211'],
    [7900, 7999, '713'],
  ]),
  ...rows('E-commerce', [[5960, 5961, '44-45']]),
  ...rows('Banking', [
    [6021, 6029, '522110'],
    [6035, 6036, '522180'],
    [6099, null, '5223'],
  ]),
  ...rows('Financial Services', [
    [6111, null, '522299'],
    [6141, null, '522291'],
    [6153, 6159, '522299'],
    [6162, 6163, '5222'],
    [6172, null, '522220'],
    [6189, null, '525990'],
    [6199, null, '5239'],
    [6200, 6211, '5231'],
    [6221, null, '523160'],
    [6282, null, '523940'],
    [6770, null, '525990'],
    [6799, null, '523999'],
    [7320, null, '561450'],
  ]),
  ...rows('Insurance', [
    [6311, 6399, '5241'],
    [6411, null, '5242'],
  ]),
  ...rows('Real Estate', [
    [6500, 6599, '531'],
    [6798, null, '531'],
  ]),
  ...rows('Materials & Mining', [[6795, null, '533110']]),
  ...rows('Advertising & Marketing', [[7310, 7331, '5418']]),
  ...rows('Software', [[7372, null, '513210']]),
  ...rows('IT Services', [
    [7370, 7371, '541511'],
    [7373, null, '541512'],
    [7374, null, '518210'],
    [7377, null, '532420'],
    [7375, 7379, '5415'],
  ]),
  ...rows('Education', [[8351, null, '624410']]),
];

/** The major groups, for every code not named above. */
const GROUPS: Concordance[] = [
  ...rows('Agriculture', [
    [100, 199, '111'],
    [200, 299, '112'],
    [700, 799, '1151'],
    [800, 899, '113'],
    [900, 999, '114'],
  ]),
  ...rows('Materials & Mining', [
    [1000, 1099, '2122'],
    [1400, 1499, '2123'],
    [2400, 2449, '321'],
    [2600, 2699, '322'],
    [3200, 3299, '327'],
    [3300, 3399, '331'],
  ]),
  ...rows('Construction', [
    [1500, 1539, '2361'],
    [1540, 1549, '2362'],
    [1600, 1699, '237'],
    [1700, 1799, '238'],
  ]),
  ...rows('Food & Beverage', [[2000, 2099, '311']]),
  ...rows('Chemicals', [[2800, 2899, '325']]),
  ...rows('Industrial Machinery', [
    [3500, 3599, '333'],
    [5000, 5099, '423'],
  ]),
  ...rows('Transportation & Logistics', [
    [4000, 4099, '482'],
    [4100, 4199, '485'],
    [4200, 4299, '484'],
    [4400, 4499, '483'],
    [4500, 4599, '481'],
    [4700, 4799, '488510'],
  ]),
  ...rows('Retail', [[5200, 5999, '44-45']]),
  ...rows('Professional Services', [
    [6794, null, '533110'],
    [7200, 7299, '812'],
    [7340, 7369, '561'],
    [7380, 7399, '5619'],
    [7600, 7699, '811'],
    [8100, 8199, '5411'],
    [8700, 8799, '5416'],
    [8900, null, '541990'],
  ]),
  ...rows('Healthcare', [[8000, 8099, '62']]),
  ...rows('Education', [[8200, 8299, '611']]),
  ...rows('Nonprofit', [[8300, 8699, '813']]),
];

const CONCORDANCE = [...SPECIFIC, ...GROUPS];

/** Our industry and the NAICS 2022 code for an SEC SIC code; null for a code that names no business. */
export function industryFromSic(
  code: number | string | null | undefined,
): { industry: IndustryName; naics: string } | null {
  const sic = Number(code);
  if (!code || !Number.isInteger(sic)) return null;
  const found = CONCORDANCE.find((row) => sic >= row.from && sic <= row.to);
  return found ? { industry: found.industry, naics: found.naics } : null;
}
