import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../../../tests/helpers/databases.ts';
import { COMPANY_SIZES, INDUSTRY_NAMES } from '../../../../shared/companies.ts';
import { queryRows } from '../../../db/client.ts';
import type { CompanyRow } from './build-company-rows.ts';
import { generateCompanies, seededRandom } from './generate-companies.ts';
import { writeCompanyRows } from './load-company-data.ts';
import { loadPlaces, type Places } from './places.ts';
import { writeSyntheticCompanies } from './write-synthetic-companies.ts';

let places: Places;
let sample: CompanyRow[];

beforeAll(() => {
  places = loadPlaces();
  sample = [...generateCompanies(places, { count: 20_000, seed: 7 })];
});

describe('synthetic companies', () => {
  it('are the same for the same seed and differ for another', () => {
    const again = [...generateCompanies(places, { count: 50, seed: 7 })];
    expect(again).toEqual(sample.slice(0, 50));
    const other = [...generateCompanies(places, { count: 50, seed: 8 })];
    expect(other.map((row) => row.name)).not.toEqual(again.map((row) => row.name));
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('use our industries and size bands, with employees inside the band and unique domains', () => {
    const bands: Record<string, [number, number]> = {
      '1-10': [1, 10],
      '11-50': [11, 50],
      '51-200': [51, 200],
      '201-500': [201, 500],
      '501-1000': [501, 1000],
      '1001-5000': [1001, 5000],
      '5001-10000': [5001, 10000],
      '10000+': [10001, Number.POSITIVE_INFINITY],
    };
    for (const row of sample) {
      expect(INDUSTRY_NAMES).toContain(row.primaryIndustry);
      expect(COMPANY_SIZES).toContain(row.size);
      const [low, high] = bands[row.size ?? ''] ?? [0, 0];
      expect(row.employees).toBeGreaterThanOrEqual(low);
      expect(row.employees).toBeLessThanOrEqual(high);
      expect(row).toMatchObject({ source: 'synthetic', license: 'Generated' });
      expect(row.foundedYear).toBeGreaterThanOrEqual(1850);
      expect(row.foundedYear).toBeLessThanOrEqual(2025);
    }
    expect(new Set(sample.map((row) => row.domain)).size).toBe(sample.length);
  });

  it('have plausible distributions: mostly small companies, more of them in big cities', () => {
    const share = (test: (row: CompanyRow) => boolean) => sample.filter(test).length / sample.length;
    expect(share((row) => row.size === '1-10')).toBeGreaterThan(0.45);
    expect(share((row) => row.size === '10000+')).toBeLessThan(0.01);
    expect(share((row) => row.size === '11-50')).toBeGreaterThan(share((row) => row.size === '51-200'));

    const perCity = new Map<string, number>();
    for (const row of sample)
      perCity.set(`${row.countryCode}:${row.city}`, (perCity.get(`${row.countryCode}:${row.city}`) ?? 0) + 1);
    const population = new Map(
      places.cities.map((city) => [`${city.country}:${places.cityName(city)}`, city.population]),
    );
    const busiest = [...perCity.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
    for (const [key] of busiest) expect(population.get(key)).toBeGreaterThan(1_000_000);
    // A city with over a million people has far more companies than one with a few thousand.
    const inBig = sample.filter(
      (row) => (population.get(`${row.countryCode}:${row.city}`) ?? 0) > 1_000_000,
    ).length;
    const inSmall = sample.filter(
      (row) => (population.get(`${row.countryCode}:${row.city}`) ?? 0) < 5_000,
    ).length;
    expect(inBig).toBeGreaterThan(inSmall);

    const industries = new Map<string, number>();
    for (const row of sample)
      industries.set(row.primaryIndustry ?? '', (industries.get(row.primaryIndustry ?? '') ?? 0) + 1);
    expect(industries.size).toBe(INDUSTRY_NAMES.length);
    expect(industries.get('Professional Services') ?? 0).toBeGreaterThan(
      industries.get('Semiconductors') ?? 0,
    );
  });
});

describe.each(backends())('writing synthetic companies on $name', (backend: Backend) => {
  let database: TestDatabase;
  const synthetic = async () =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from company_master where source = 'synthetic'`,
      )
    )[0]?.n;
  const indexes = async () =>
    (
      await queryRows<{ indexname: string }>(
        database.db,
        sql`select indexname from pg_indexes where tablename = 'company_master' order by indexname`,
      )
    ).map((row) => row.indexname);

  beforeAll(async () => {
    database = await backend.create();
    await writeCompanyRows(
      database,
      sample.slice(0, 3).map((row, i) => ({ ...row, name: `Real ${i}`, source: 'sec' })),
    );
  });
  afterAll(() => database.destroy());

  it('writes the rows with COPY, refuses to add to earlier ones, and --replace replaces them', async () => {
    const first = await writeSyntheticCompanies(database, { count: 1500, seed: 7 });
    expect(first).toMatchObject({ written: 1500, deleted: 0 });
    expect(await synthetic()).toBe(1500);
    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select name, domain, employees, city, region, country_code from company_master
          where source = 'synthetic' and name = ${sample[0]?.name} and domain = ${sample[0]?.domain}`,
    );
    expect(row).toMatchObject({
      name: sample[0]?.name,
      employees: sample[0]?.employees,
      city: sample[0]?.city,
    });

    await expect(writeSyntheticCompanies(database, { count: 10, seed: 7 })).rejects.toThrow(/--replace/);
    const before = await indexes();
    // A low threshold takes the bulk path: indexes dropped and built again in the same transaction.
    const replaced = await writeSyntheticCompanies(database, {
      count: 2000,
      seed: 9,
      replace: true,
      rebuildIndexesFrom: 1000,
    });
    expect(replaced).toMatchObject({ written: 2000, deleted: 1500 });
    expect(await synthetic()).toBe(2000);
    expect(await indexes()).toEqual(before);
    const [real] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from company_master where source = 'sec'`,
    );
    expect(real?.n).toBe(3);
  });
});
