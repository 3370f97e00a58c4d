/**
 * Loads the people of the demo on first start, after the companies they belong to, leaving out everyone on
 * the suppression list: the real people (the Y Combinator founders, see founders.ts), then a small sample of
 * synthetic people for the real companies (generate-contacts.ts), so the People Finder has someone to find.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { classifyTitle, normalizeTitle } from '../../../../shared/people.ts';
import { type Database, queryRows } from '../../../db/client.ts';
import { withCopySession } from '../../../db/copy.ts';
import { companyContacts, companyMaster, contactSuppressions } from '../../../db/schema.ts';
import type { Logger } from '../../../logger.ts';
import { REAL_SOURCES, SOURCE_FILES, SOURCES_DIR } from '../../companies/data/build-company-rows.ts';
import { forgetSharedTitles } from '../search.ts';
import { suppressionKeys } from '../suppression.ts';
import { founderContacts } from './founders.ts';
import { copySyntheticContacts, loadContactSources } from './write-synthetic-contacts.ts';

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
  // Planner statistics (PGlite has no autovacuum): without them the sample's queries read the whole table.
  if (loaded > 0) await database.db.execute(sql`analyze company_contacts`);
  const ms = performance.now() - started;
  if (loaded > 0) options.logger?.info({ loaded, ms: Math.round(ms) }, 'people data loaded');
  // This server's searches see the new people's titles at once, not when its title cache expires.
  forgetSharedTitles(database.db);
  return { loaded, ms };
}

/** The demo's synthetic people: about 6 per real company (12-24 at the large S&P 500 ones), ~57,000 in all. */
export const CONTACT_SAMPLE = { seed: 6, perCompany: 6 } as const;

/**
 * Companies per transaction: the sample goes in while the server already answers, and on PGlite a
 * transaction holds the only connection, so each one is kept to a few tenths of a second.
 */
const SAMPLE_PAGE = 250;

/**
 * A turn of the event loop. PGlite answers through microtasks only, so without one between transactions the
 * requests that arrived meanwhile would wait for the whole load.
 */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The real companies without synthetic people (the sample's, or a benchmark's), of `ids` when given. A lateral
 * subquery with a limit, so each company costs one probe of the contacts' company index however many
 * contacts there are (an anti-join would read the whole index on every page).
 */
function withoutSample(ids?: readonly string[]): { text: string; params: unknown[] } {
  return {
    text: `select c.id from company_master c
      left join lateral (select 1 as found from company_contacts p
        where p.company_id = c.id and p.source = 'synthetic' and p.owner_id is null limit 1) p on true
      where c.owner_id is null and p.found is null
        and c.source in (${REAL_SOURCES.map((source) => `'${source}'`).join(', ')})
        ${ids ? 'and c.id = any($1::uuid[])' : ''}
      order by c.id`,
    params: ids ? [ids] : [],
  };
}

/**
 * Loads the synthetic sample (CONTACT_SAMPLE) for the real companies that have no synthetic people yet, a
 * page of companies per transaction: a load cut short (a crash, or `signal` after the page in progress) goes
 * on where it stopped at the next start, and gives the same people, as a company's depend only on the seed
 * and the company.
 */
export async function loadContactSample(
  database: Database,
  options: { logger?: Logger; signal?: AbortSignal; delayMs?: number } = {},
): Promise<{ loaded: number; ms: number }> {
  const started = performance.now();
  if (options.delayMs) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.delayMs);
      options.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (options.signal?.aborted) return { loaded: 0, ms: performance.now() - started };
  }
  const todo = (await queryRows<{ id: string }>(database.db, sql.raw(withoutSample().text))).map(
    (row) => row.id,
  );
  if (todo.length === 0) return { loaded: 0, ms: performance.now() - started };
  // Before any transaction: on PGlite a transaction holds the only connection.
  const sources = await loadContactSources(database);
  await nextTurn();
  let loaded = 0;
  for (let i = 0; i < todo.length; i += SAMPLE_PAGE) {
    await withCopySession(database, async (session) => {
      // Two servers starting together on one PostgreSQL take turns, and the second finds the work done.
      await session.query('select pg_advisory_xact_lock($1)', [LOAD_LOCK]);
      const page = withoutSample(todo.slice(i, i + SAMPLE_PAGE));
      const ids = (await session.query<{ id: string }>(page.text, page.params)).rows.map((row) => row.id);
      if (ids.length === 0) return;
      await copySyntheticContacts(session, {
        ...CONTACT_SAMPLE,
        sources,
        companies: { where: 'id = any($1::uuid[])', params: [ids] },
        onRows: (n) => {
          loaded += n;
        },
      });
    });
    // Searches made during the load see the titles of the people loaded so far, not those cached before them.
    forgetSharedTitles(database.db);
    if (options.signal?.aborted) break;
    await nextTurn();
  }
  if (loaded > 0) await database.db.execute(sql`analyze company_contacts`);
  const ms = performance.now() - started;
  if (loaded > 0) {
    const stopped = options.signal?.aborted;
    options.logger?.info(
      { loaded, ms: Math.round(ms) },
      stopped ? 'synthetic people sample stopped; the next start goes on' : 'synthetic people sample loaded',
    );
  }
  // This server's searches see the new people's titles at once, not when its title cache expires.
  forgetSharedTitles(database.db);
  return { loaded, ms };
}
