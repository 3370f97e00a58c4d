/**
 * Writes synthetic contacts for the shared companies into `company_contacts` with COPY, in one transaction:
 * a failed run leaves the table as it was. Used by `npm run data:generate -- --contacts N` (benchmarks) and
 * by the demo sample loaded on first start (load-people-data.ts).
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client.ts';
import {
  type CopySession,
  type CopyTarget,
  dropForeignKeys,
  dropSecondaryIndexes,
  withCopySession,
} from '../../../db/copy.ts';
import { type ContactLocales, loadContactLocales } from './contact-locales.ts';
import {
  type CompanyCity,
  type ContactCompany,
  type ContactPlaces,
  type ContactRow,
  contactPlaces,
  generateContacts,
  perCompanyFor,
} from './generate-contacts.ts';

/** A contact row with the id we give it (see orderedIds). */
type CopiedContact = ContactRow & { id?: string };

export const CONTACT_COPY: CopyTarget<CopiedContact> = {
  table: 'company_contacts',
  columns: [
    ['id', 'id'],
    ['companyId', 'company_id'],
    ['firstName', 'first_name'],
    ['lastName', 'last_name'],
    ['fullName', 'full_name'],
    ['title', 'title'],
    ['titleNormalized', 'title_normalized'],
    ['seniority', 'seniority'],
    ['department', 'department'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['linkedinUrl', 'linkedin_url'],
    ['country', 'country'],
    ['countryCode', 'country_code'],
    ['region', 'region'],
    ['city', 'city'],
    ['source', 'source'],
    ['license', 'license'],
  ],
};

const SYNTHETIC = `source = 'synthetic' and owner_id is null`;

/**
 * From this many contacts on, the secondary indexes and foreign keys are dropped and built again after the
 * COPY (in the same transaction): building the GIN index once is several times faster than updating it row
 * by row, and checking a key for all rows at once than for each.
 */
const REBUILD_INDEXES_FROM = 100_000;

/** Companies read per query; their contacts go in as one COPY. */
const COMPANY_PAGE = 20_000;

/**
 * Ids in ascending order (UUID version 7: this run's time, a random part, then a counter), instead of the
 * column's random default: appending to the primary key's index is much cheaper than inserting at random
 * places (2,000,000 contacts copy in 11.8 s instead of 17.7 s on PostgreSQL).
 */
export function orderedIds(now = Date.now()): () => string {
  const time = now.toString(16).padStart(12, '0');
  const random = () =>
    Math.floor(Math.random() * 0x1000)
      .toString(16)
      .padStart(3, '0');
  const prefix = `${time.slice(0, 8)}-${time.slice(8)}-7${random()}-8${random()}-`;
  let counter = 0;
  return () => prefix + (counter++).toString(16).padStart(12, '0');
}

function* withIds(rows: Iterable<ContactRow>, nextId: () => string): Generator<CopiedContact> {
  for (const row of rows) {
    (row as CopiedContact).id = nextId();
    yield row;
  }
}

/** Which shared companies get contacts: a condition on company_master's columns. */
export type CompanyFilter = { where: string; params: unknown[] };
const ALL_SHARED: CompanyFilter = { where: 'true', params: [] };

/** What generating contacts needs loaded: Faker's names and formats, and the cities companies are in. */
export type ContactSources = { locales: ContactLocales; places: ContactPlaces };

export async function loadContactSources(database: Database): Promise<ContactSources> {
  const cities = await queryRows<CompanyCity>(
    database.db,
    sql`select country_code as "countryCode", region, city, count(*)::int as companies from company_master
      where owner_id is null and country_code is not null and city is not null
      group by country_code, region, city`,
  );
  return { locales: await loadContactLocales(), places: contactPlaces(cities) };
}

export type CopyContactsOptions = {
  seed: number;
  perCompany: number;
  sources: ContactSources;
  companies?: CompanyFilter;
  /** Start after this company id (companies are read in id order). */
  after?: string;
  /** Stop after this many companies. */
  maxCompanies?: number;
  onRows?: (n: number) => void;
};

/**
 * Generates and copies the contacts of the shared companies (those of the filter) inside a copy session,
 * leaving out suppressed people; returns how many companies it read and the id of the last. Companies whose
 * real people are loaded (the YC founders) get no synthetic founder.
 */
export async function copySyntheticContacts(
  session: CopySession,
  options: CopyContactsOptions,
): Promise<{ companies: number; last: string | null }> {
  const filter = options.companies ?? ALL_SHARED;
  const suppressed = new Set(
    (await session.query<{ key: string }>('select person_key as key from contact_suppressions')).rows.map(
      (row) => row.key,
    ),
  );
  const withFounders = new Set(
    (
      await session.query<{ id: string }>(
        `select distinct company_id as id from company_contacts where owner_id is null and source <> 'synthetic'`,
      )
    ).rows.map((row) => row.id),
  );
  const next = filter.params.length + 1;
  const nextId = orderedIds();
  let last: string | null = null;
  let companies = 0;
  const most = options.maxCompanies ?? Number.POSITIVE_INFINITY;
  while (companies < most) {
    const after: string = last ?? options.after ?? '00000000-0000-0000-0000-000000000000';
    const { rows } = await session.query<ContactCompany>(
      `select id, name, domain, primary_industry as "primaryIndustry", size, employees, country,
         country_code as "countryCode", region, city, source
       from company_master
       where owner_id is null and (${filter.where}) and id > $${next}
       order by id limit ${Math.min(COMPANY_PAGE, most - companies)}`,
      [...filter.params, after],
    );
    if (rows.length === 0) break;
    companies += rows.length;
    last = (rows[rows.length - 1] as ContactCompany).id;
    for (const company of rows) company.hasFounders = withFounders.has(company.id);
    const contacts = generateContacts(rows, {
      seed: options.seed,
      perCompany: options.perCompany,
      ...options.sources,
      suppressed,
    });
    await session.copyRows(CONTACT_COPY, withIds(contacts, nextId), options.onRows);
  }
  return { companies, last };
}

export type WriteContactsOptions = {
  /** About this many contacts in all, spread over the shared companies (at least one each). */
  count: number;
  seed: number;
  /** Delete the synthetic contacts already there first (in the same transaction). */
  replace?: boolean;
  /** From this many contacts on, indexes and keys are built after the COPY instead of row by row. */
  rebuildIndexesFrom?: number;
  onProgress?: (written: number) => void;
};

export type WriteContactsResult = {
  written: number;
  deleted: number;
  companies: number;
  /** The perCompany that spreads `count` over the companies (see perCompanyFor). */
  perCompany: number;
  ms: number;
};

/**
 * Generates and writes about `count` synthetic contacts over the shared companies already in the database;
 * refuses to add to earlier synthetic contacts (the demo sample among them) unless replacing.
 */
export async function writeSyntheticContacts(
  database: Database,
  options: WriteContactsOptions,
): Promise<WriteContactsResult> {
  const started = performance.now();
  const sources = await loadContactSources(database);
  let written = 0;
  const onRows = (n: number) => {
    written += n;
    options.onProgress?.(written);
  };
  const { deleted, companies, perCompany } = await withCopySession(database, async (session) => {
    const { rows: existing } = await session.query<{ n: number }>(
      `select count(*)::int as n from company_contacts where ${SYNTHETIC}`,
    );
    const present = existing[0]?.n ?? 0;
    if (present > 0 && !options.replace) {
      throw new Error(
        `${present} synthetic contacts are already there (the demo sample counts too); ` +
          'use --replace to generate them anew',
      );
    }
    const removed = options.replace
      ? (await session.query(`delete from company_contacts where ${SYNTHETIC}`)).rowCount
      : 0;
    // The companies counted by what contactCount reads, to spread `count` over them.
    const { rows: groups } = await session.query<{
      size: string | null;
      employees: number | null;
      source: string;
      n: number;
    }>(
      `select size, employees, source, count(*)::int as n from company_master
       where owner_id is null group by size, employees, source`,
    );
    if (groups.length === 0) {
      throw new Error('There are no shared companies to add contacts to; generate companies first');
    }
    const perCompany = perCompanyFor(
      options.count,
      groups.map(({ n, ...company }) => ({ company, companies: n })),
    );
    const rebuild =
      options.count >= (options.rebuildIndexesFrom ?? REBUILD_INDEXES_FROM)
        ? [
            ...(await dropSecondaryIndexes(session, CONTACT_COPY.table)),
            ...(await dropForeignKeys(session, CONTACT_COPY.table)),
          ]
        : [];
    const { companies: read } =
      options.count > 0
        ? await copySyntheticContacts(session, { seed: options.seed, perCompany, sources, onRows })
        : { companies: 0 };
    // More memory for the sorts of the index builds (the default 64 MB spills to disk at a million rows).
    if (rebuild.length && database.mode === 'postgres') {
      await session.query(`set local maintenance_work_mem = '256MB'`);
    }
    for (const statement of rebuild) await session.query(statement);
    return { deleted: removed, companies: read, perCompany };
  });
  // Planner statistics and the visibility map for the new rows (PGlite has no autovacuum at all).
  await database.db.execute(sql`vacuum analyze company_contacts`);
  return { written, deleted, companies, perCompany, ms: performance.now() - started };
}
