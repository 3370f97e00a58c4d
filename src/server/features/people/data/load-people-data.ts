/**
 * Loads the real people (the Y Combinator founders, see founders.ts) on first start, after the companies they
 * belong to, leaving out everyone on the suppression list.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { classifyTitle, normalizeTitle } from '../../../../shared/people.ts';
import { type Database, queryRows } from '../../../db/client.ts';
import { companyContacts, companyMaster, contactSuppressions } from '../../../db/schema.ts';
import type { Logger } from '../../../logger.ts';
import { SOURCE_FILES, SOURCES_DIR } from '../../companies/data/build-company-rows.ts';
import { suppressionKeys } from '../suppression.ts';
import { founderContacts } from './founders.ts';

/** Any number but the companies' lock: two servers starting together on one PostgreSQL take turns. */
const LOAD_LOCK = 0x70_65_6f_70;
const CHUNK = 500;

export async function loadPeopleData(
  database: Database,
  options: { logger?: Logger; sourcesDir?: string } = {},
): Promise<{ loaded: number; ms: number }> {
  const started = performance.now();
  const loaded = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK})`);
    const [present] = await tx
      .select({ one: sql<number>`1` })
      .from(companyContacts)
      .where(and(isNull(companyContacts.ownerId), eq(companyContacts.source, 'yc')))
      .limit(1);
    if (present) return 0;
    const companies = await tx
      .select({
        id: companyMaster.id,
        name: companyMaster.name,
        country: companyMaster.country,
        countryCode: companyMaster.countryCode,
        region: companyMaster.region,
        city: companyMaster.city,
      })
      .from(companyMaster)
      .where(and(isNull(companyMaster.ownerId), eq(companyMaster.source, 'yc')));
    if (companies.length === 0) return 0;
    const suppressed = new Set(
      (await queryRows<{ person_key: string }>(tx, sql`select person_key from ${contactSuppressions}`)).map(
        (row) => row.person_key,
      ),
    );
    const csv = readFileSync(join(options.sourcesDir ?? SOURCES_DIR, SOURCE_FILES.yc), 'utf8');
    const rows = founderContacts(csv, companies)
      .filter((person) => !suppressionKeys(person).some((key) => suppressed.has(key)))
      .map(({ companyName: _companyName, ...person }) => ({
        ...person,
        titleNormalized: normalizeTitle(person.title),
        ...classifyTitle(person.title),
      }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx.insert(companyContacts).values(rows.slice(i, i + CHUNK));
    }
    return rows.length;
  });
  const ms = performance.now() - started;
  if (loaded > 0) options.logger?.info({ loaded, ms: Math.round(ms) }, 'people data loaded');
  return { loaded, ms };
}
