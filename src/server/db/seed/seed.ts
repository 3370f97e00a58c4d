import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { ACTIVITY_PRICES } from '../../../shared/credits.ts';
import { PROJECT_ROOT } from '../../paths.ts';
import type { Db } from '../client.ts';
import { appSettings, creditPricing, industryCodes } from '../schema.ts';

export const SEED_DATA_DIR = join(PROJECT_ROOT, 'src/server/db/seed/data');

type IndustryCode = typeof industryCodes.$inferInsert;

/** NAICS codes from the Census list; ranged sectors such as "31-33" are kept as they are. */
export function loadNaicsCodes(csvText: string): IndustryCode[] {
  const { data } = Papa.parse<{ code: string; title: string }>(csvText.trim(), {
    header: true,
    skipEmptyLines: true,
  });
  return data.map(({ code, title }) => {
    const digits = code.includes('-') ? 2 : code.length;
    return {
      code,
      title: title.trim(),
      level: digits,
      parentCode: digits > 2 ? parentOf(code) : null,
    };
  });
}

function parentOf(code: string): string {
  const sector = code.slice(0, 2);
  const ranged: Record<string, string> = {
    '31': '31-33',
    '32': '31-33',
    '33': '31-33',
    '44': '44-45',
    '45': '44-45',
    '48': '48-49',
    '49': '48-49',
  };
  return code.length === 3 ? (ranged[sector] ?? sector) : code.slice(0, -1);
}

/** Where the fingerprint of the reference data last written is kept. */
const SEEDED_KEY = 'reference-data';

/**
 * Idempotent: inserts missing reference rows and updates changed titles; safe at every start. When the data
 * is the one written last (its fingerprint in app_settings), nothing is written: the upserts cost a start
 * half a second on the embedded database.
 */
export async function seedReferenceData(
  db: Db,
  seedDataDir: string = SEED_DATA_DIR,
): Promise<{ industryCodes: number; activityPrices: number }> {
  const naicsText = readFileSync(join(seedDataDir, 'naics-2022.csv'), 'utf8');
  const fingerprint = createHash('sha256')
    .update(naicsText)
    .update(JSON.stringify(ACTIVITY_PRICES))
    .digest('hex');
  const codes = loadNaicsCodes(naicsText);
  const counts = { industryCodes: codes.length, activityPrices: ACTIVITY_PRICES.length };
  const [seeded] = await db.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY));
  if (seeded?.value === fingerprint) return counts;
  await db.transaction(async (tx) => {
    for (let i = 0; i < codes.length; i += 500) {
      await tx
        .insert(industryCodes)
        .values(codes.slice(i, i + 500))
        .onConflictDoUpdate({
          target: industryCodes.code,
          set: {
            title: sql`excluded.title`,
            level: sql`excluded.level`,
            parentCode: sql`excluded.parent_code`,
          },
          // Unchanged rows are left alone: rewriting all 2,000 at every start cost a start 0.6 s of writes.
          setWhere: sql`(${industryCodes.title}, ${industryCodes.level}, ${industryCodes.parentCode})
            is distinct from (excluded.title, excluded.level, excluded.parent_code)`,
        });
    }
    // Prices an operator changed in credit_pricing stay as they are; new activities are added.
    await tx
      .insert(creditPricing)
      .values(ACTIVITY_PRICES.map((price) => ({ ...price })))
      .onConflictDoNothing();
    await tx
      .insert(appSettings)
      .values({ key: SEEDED_KEY, value: fingerprint })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: fingerprint } });
  });
  return counts;
}
