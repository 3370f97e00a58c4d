import { type SQL, sql } from 'drizzle-orm';
import type { CompanySort, TargetAccountStatus } from '../../../shared/companies.ts';
import type { FitScore } from '../../../shared/fit-score.ts';
import { isUuid } from '../../../shared/uuid.ts';
import type { Caller } from '../../context.ts';
import { countUpTo, type Db, queryRows } from '../../db/client.ts';
import { afterCursor, decodeCursor, keysetPage, orderBy, type SortSpec } from '../../db/keyset.ts';
import type { companyMaster } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { withFit } from './fit.ts';
import type { SavedAccount } from './saved.ts';

/** A search after its filter values were validated (the stored values, never the user's words). */
export type CompanyQuery = {
  q?: string;
  /** Named companies, by their exact name in any case. */
  names?: string[];
  industries: string[];
  sizes: string[];
  countries: string[];
  regions: string[];
  cities: string[];
  sources: string[];
  foundedFrom?: number;
  foundedTo?: number;
  employeesMin?: number;
  employeesMax?: number;
  /** Only companies whose size a source gives (how many a size filter can find at all). */
  sizeKnown?: boolean;
  /** Only the caller's My Companies. */
  savedOnly: boolean;
  /** Only these companies (an export of a selection). */
  ids?: string[];
  sort: CompanySort;
  limit: number;
  cursor?: string;
};

/** A company's stored fields, and what it is to the caller. */
export type StoredCompany = Omit<
  typeof companyMaster.$inferSelect,
  'ownerId' | 'cik' | 'importId' | 'searchVector' | 'createdAt' | 'updatedAt'
> & {
  /** The caller imported it (only they see it). */
  imported: boolean;
  /** In the caller's My Companies. */
  saved: boolean;
  /** Its My Companies entry (notes, tags, status) when saved. */
  savedAccount: SavedAccount | null;
};

/** A company as the API shows it: with its fit against the caller's ICP. */
export type CompanyRow = StoredCompany & { fit: FitScore | null };

const COLUMNS = sql`c.id, c.name, c.domain, c.website, c.primary_industry as "primaryIndustry",
  c.naics_code as "naicsCode", c.sub_industry as "subIndustry", c.size, c.employees, c.country,
  c.country_code as "countryCode", c.region, c.city, c.location, c.founded_year as "foundedYear", c.ticker,
  c.exchange, c.sic_code as "sicCode", c.phone, c.description, c.field_sources as "fieldSources", c.source,
  c.license, (c.owner_id is not null) as imported,
  (s.id is not null) as saved, s.notes as "savedNotes", s.tags as "savedTags", s.status as "savedStatus",
  s.created_at as "savedAt", s.updated_at as "savedUpdatedAt"`;

type SavedColumns = {
  savedNotes: string | null;
  savedTags: string[] | null;
  savedStatus: string | null;
  savedAt: Date | string | null;
  savedUpdatedAt: Date | string | null;
};

/** Runs a select of COLUMNS (and `T`'s extra columns); the saved columns become the `savedAccount`. */
async function selectCompanies<T extends object = object>(
  tx: Db,
  query: SQL,
): Promise<(StoredCompany & T)[]> {
  const rows = await queryRows<Omit<StoredCompany, 'savedAccount'> & SavedColumns & T>(tx, query);
  return rows.map(({ savedNotes, savedTags, savedStatus, savedAt, savedUpdatedAt, ...company }) => ({
    ...company,
    savedAccount:
      company.saved && savedAt && savedUpdatedAt
        ? {
            companyId: company.id,
            notes: savedNotes ?? '',
            tags: savedTags ?? [],
            status: savedStatus as TargetAccountStatus,
            savedAt: new Date(savedAt).toISOString(),
            updatedAt: new Date(savedUpdatedAt).toISOString(),
          }
        : null,
  })) as unknown as (StoredCompany & T)[];
}

/** The rows a caller may see: the shared data and their own imports, with their saved marks. */
const FROM = sql`company_master c
  left join saved_target_accounts s on s.company_id = c.id and s.user_id = nullif(current_setting('app.user_id', true), '')::uuid`;

/** Filters by dimension, so facets can leave out their own (a multi-select shows its other options). */
export type FacetDimension = 'industry' | 'size' | 'country' | 'source';

const anyOf = (column: SQL, values: string[]) =>
  values.length > 0
    ? sql`${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : null;

/** Every word found (full text over name, industry and description). */
const allWords = (q: string) =>
  sql`(c.search_vector @@ websearch_to_tsquery('simple', ${q}) or c.search_vector @@ websearch_to_tsquery('english', ${q}))`;

/** Every word found, or a name close to the words typed ("microsft" -> Microsoft). */
const textMatch = (q: string) => sql`(${allWords(q)} or ${q} <% c.name)`;

// A company with every word comes before one whose name merely resembles the words ("cloud security" finds
// security software before Security Federal Corp), then by how well they match, names first (weight A). Word
// similarity finds a name; whole-name similarity ranks it: 'microsft' is as close to a word of
// 'Microstrategy Inc' as to 'Microsoft', but only Microsoft is close as a whole.
const rank = (q: string) =>
  sql`(2 * ${allWords(q)}::int
    + ts_rank(c.search_vector, websearch_to_tsquery('simple', ${q}) || websearch_to_tsquery('english', ${q}))::float8
    + word_similarity(${q}, c.name)::float8
    + similarity(${q}, c.name)::float8 + (lower(c.name) = lower(${q}))::int)`;

export function conditions(query: CompanyQuery, except?: FacetDimension): SQL[] {
  const q = query.q?.trim();
  const parts: (SQL | null)[] = [
    q ? textMatch(q) : null,
    query.names?.length
      ? sql`lower(c.name) in (${sql.join(
          query.names.map((name) => sql`lower(${name})`),
          sql`, `,
        )})`
      : null,
    except === 'industry' ? null : anyOf(sql`c.primary_industry`, query.industries),
    except === 'size' ? null : anyOf(sql`c.size`, query.sizes),
    except === 'country' ? null : anyOf(sql`c.country`, query.countries),
    except === 'source' ? null : anyOf(sql`c.source`, query.sources),
    anyOf(sql`c.region`, query.regions),
    anyOf(sql`c.city`, query.cities),
    query.foundedFrom !== undefined ? sql`c.founded_year >= ${query.foundedFrom}` : null,
    query.foundedTo !== undefined ? sql`c.founded_year <= ${query.foundedTo}` : null,
    query.employeesMin !== undefined ? sql`c.employees >= ${query.employeesMin}` : null,
    query.employeesMax !== undefined ? sql`c.employees <= ${query.employeesMax}` : null,
    query.sizeKnown ? sql`c.size is not null` : null,
    query.savedOnly ? sql`s.id is not null` : null,
    query.ids
      ? query.ids.length > 0
        ? sql`c.id in (${sql.join(
            query.ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`false`
      : null,
  ];
  return parts.filter((part): part is SQL => part !== null);
}

const ID = sql`c.id`;

const where = (parts: SQL[]) => (parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/**
 * How well known a company is, for ordering only (never shown as its size): its head count where a source
 * gives one, else an S&P 500 member counts as a large company and a listed one as a mid-sized one.
 */
const PROMINENCE = sql`coalesce(c.employees, case when c.source = 'sp500' then 50000
  when c.ticker is not null then 1000 else 0 end)`;

/** How a sort orders the rows (keyset pages: see db/keyset.ts). */
function sortSpec(sort: CompanySort, q: string | undefined): SortSpec {
  switch (sort) {
    case 'relevance':
      // Without words to rank by, every company the filters find is as relevant as the next: the best known
      // first (what a seller prospects first), never the alphabet ('1 800 Flowers' before Stripe).
      return q
        ? { value: rank(q), id: ID, type: 'float8', descending: true, nullable: false }
        : { value: PROMINENCE, id: ID, type: 'int', descending: true, nullable: false };
    case 'name':
    case '-name':
      return { value: sql`c.name`, id: ID, type: 'text', descending: sort === '-name', nullable: false };
    case 'employees':
    case '-employees':
      return {
        value: sql`c.employees`,
        id: ID,
        type: 'int',
        descending: sort === '-employees',
        nullable: true,
      };
    case 'founded':
    case '-founded':
      return {
        value: sql`c.founded_year`,
        id: ID,
        type: 'int',
        descending: sort === '-founded',
        nullable: true,
      };
  }
}

export type CompanyPage = { companies: CompanyRow[]; nextCursor: string | null };

// ---------------------------------------------------------------------------------------------------------
// The shared rows and the caller's own rows are searched apart. Under the application role, row-level
// security keeps a statement to the shared rows and the caller's imports, but PostgreSQL then evaluates the
// policy before any condition whose operator is not leakproof, so full text (`@@`) and trigram (`<%`)
// conditions cannot use their indexes: a text search read every row. The shared rows (no owner: what every
// user may see) are therefore searched on the connection's own role with `owner_id is null` in the
// statement, as the vocabulary reads them; the caller's imports are searched under the role, in the query
// that orders the two together. The results are the same: a page holds at most `limit + 1` shared rows,
// and those are the best `limit + 1` shared rows after the cursor.
//
// What the shared rows give for a search or a facet is kept for a minute (SHARED_TTL_MS): they change only
// when the company data is loaded (before the server serves) or generated by `npm run data:generate`.
// ---------------------------------------------------------------------------------------------------------

const SHARED_TTL_MS = 60_000;

/**
 * Answers over the shared rows for SHARED_TTL_MS, by a key naming the query. Concurrent requests for the same
 * key share one computation; a failed one is forgotten at once.
 */
export function createSharedCache({ ttlMs = SHARED_TTL_MS, maxEntries = 2000 } = {}) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = compute();
      entries.delete(key);
      // Oldest first: Map keeps insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '');
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

export type SharedCache = ReturnType<typeof createSharedCache>;

const cached = <T>(cache: SharedCache | undefined, key: string, compute: () => Promise<T>) =>
  cache ? cache.get(key, compute) : compute();

/** What the shared rows' answer depends on: every criterion but My Companies and a selection. */
const criteriaKey = (query: CompanyQuery, except?: FacetDimension) =>
  JSON.stringify([
    query.q?.trim() ?? '',
    query.names ?? [],
    query.sizeKnown ?? false,
    except === 'industry' ? [] : query.industries,
    except === 'size' ? [] : query.sizes,
    except === 'country' ? [] : query.countries,
    except === 'source' ? [] : query.sources,
    query.regions,
    query.cities,
    query.foundedFrom ?? null,
    query.foundedTo ?? null,
    query.employeesMin ?? null,
    query.employeesMax ?? null,
  ]);

const SHARED = sql`c.owner_id is null`;
const own = (caller: Caller) => sql`c.owner_id = ${caller.id}::uuid`;

export function searchCompanies(
  db: Db,
  caller: Caller,
  query: CompanyQuery,
  cache?: SharedCache,
): Promise<CompanyPage> {
  const q = query.q?.trim() || undefined;
  const spec = sortSpec(query.sort, q);
  const parts = conditions(query);
  if (query.cursor) parts.push(afterCursor(spec, decodeCursor(query.cursor, query.sort, spec)));
  // The rows and the caller's ICP in one transaction; My Companies keeps its shown scores.
  const ordered = (scope: SQL | null) =>
    withUser(db, caller.id, async (tx) =>
      withFit(
        tx,
        caller.id,
        await selectCompanies<{ sortValue: string | number | null }>(
          tx,
          sql`select ${COLUMNS}, ${spec.value} as "sortValue" from ${FROM} ${where(scope ? [scope, ...parts] : parts)}
            ${orderBy(spec)} limit ${query.limit + 1}`,
        ),
        { store: query.savedOnly },
      ),
    );
  // My Companies and a selection are a few rows, found from the caller's saved rows or the ids.
  const found =
    query.savedOnly || query.ids
      ? ordered(null)
      : cached(
          cache,
          `search:${criteriaKey(query)}:${query.sort}:${query.limit}:${query.cursor ?? ''}`,
          async () =>
            (
              await queryRows<{ id: string }>(
                db,
                sql`select c.id from company_master c ${where([SHARED, ...parts])} ${orderBy(spec)}
                  limit ${query.limit + 1}`,
              )
            ).map((row) => row.id),
        ).then((ids) => ordered(sql`(c.id = any(${`{${ids.join(',')}}`}::uuid[]) or ${own(caller)})`));
  return found.then((rows) => {
    const page = keysetPage(rows, query.limit, query.sort);
    return { companies: page.rows, nextCursor: page.nextCursor };
  });
}

export type Facets = Record<FacetDimension, { value: string; count: number }[]>;

const FACET_COLUMNS: Record<FacetDimension, SQL> = {
  industry: sql`c.primary_industry`,
  size: sql`c.size`,
  country: sql`c.country`,
  source: sql`c.source`,
};
const DIMENSIONS = Object.keys(FACET_COLUMNS) as FacetDimension[];
/** Values shown per dimension. */
const FACET_VALUES = 100;

type Count = { value: string; count: number };

/**
 * Counts per value of each filter-panel dimension, under every filter but that dimension's own: the shared
 * rows' counts (kept for a minute), plus the caller's own rows counted in one statement under the role, which
 * also orders the sums (so ties sort by the database's collation, as before).
 */
export async function companyFacets(
  db: Db,
  caller: Caller,
  query: CompanyQuery,
  cache?: SharedCache,
): Promise<Facets> {
  if (query.savedOnly) return savedFacets(db, caller, query);
  const shared = await Promise.all(
    DIMENSIONS.map((dimension) =>
      cached(cache, `facets:${dimension}:${criteriaKey(query, dimension)}`, async () =>
        (
          await queryRows<{ value: string; count: string | number }>(
            db,
            sql`select ${FACET_COLUMNS[dimension]} as value, count(*) as count from company_master c
              ${where([SHARED, ...conditions(query, dimension), sql`${FACET_COLUMNS[dimension]} is not null`])}
              group by 1`,
          )
        ).map((row): Count => ({ value: row.value, count: Number(row.count) })),
      ),
    ),
  );
  const sums = DIMENSIONS.map((dimension, i) => {
    const column = FACET_COLUMNS[dimension];
    const ownParts = [own(caller), ...conditions(query, dimension), sql`${column} is not null`];
    return sql`select ${i}::int as dimension, value, sum(count)::int8 as count from (
        select value, count from jsonb_to_recordset(${JSON.stringify(shared[i])}::jsonb) as t(value text, count int8)
        union all
        select ${column}, count(*) from company_master c ${where(ownParts)} group by 1
      ) counted group by value`;
  });
  return withUser(db, caller.id, async (tx) => {
    const rows = await queryRows<{ dimension: number; value: string; count: string | number }>(
      tx,
      sql`select dimension, value, count from (
          select *, row_number() over (partition by dimension order by count desc, value) as n
          from (${sql.join(sums, sql` union all `)}) sums
        ) ranked where n <= ${FACET_VALUES} order by dimension, n`,
    );
    const facets = Object.fromEntries(DIMENSIONS.map((d) => [d, [] as Count[]])) as Facets;
    for (const row of rows) {
      facets[DIMENSIONS[Number(row.dimension)] as FacetDimension].push({
        value: row.value,
        count: Number(row.count),
      });
    }
    return facets;
  });
}

/** Facets of My Companies: the caller's saved rows, counted under the role. */
function savedFacets(db: Db, caller: Caller, query: CompanyQuery): Promise<Facets> {
  return withUser(db, caller.id, async (tx) => {
    const facets = {} as Facets;
    for (const dimension of DIMENSIONS) {
      const column = FACET_COLUMNS[dimension];
      const parts = [...conditions(query, dimension), sql`${column} is not null`];
      const rows = await queryRows<{ value: string; count: string | number }>(
        tx,
        sql`select ${column} as value, count(*) as count from ${FROM} ${where(parts)}
          group by 1 order by 2 desc, 1 limit ${FACET_VALUES}`,
      );
      facets[dimension] = rows.map((row) => ({ value: row.value, count: Number(row.count) }));
    }
    return facets;
  });
}

export type CompanyDetail = CompanyRow & { similar: CompanyRow[] };

/**
 * One company by id, or by its name as the company pages address it (/sales-account-development/Apple);
 * with similar companies: the same industry, closest first by size and place.
 */
export async function getCompany(db: Db, caller: Caller, idOrName: string): Promise<CompanyDetail | null> {
  const id = isUuid(idOrName) ? idOrName : await idByName(db, caller, idOrName);
  if (!id) return null;
  return withUser(db, caller.id, async (tx) => {
    // Row-level security: an id the caller may not see finds nothing.
    const [company] = await selectCompanies(tx, sql`select ${COLUMNS} from ${FROM} where c.id = ${id}::uuid`);
    if (!company) return null;
    const similar = company.primaryIndustry
      ? await selectCompanies(
          tx,
          sql`select ${COLUMNS} from ${FROM}
            where c.primary_industry = ${company.primaryIndustry} and c.id <> ${company.id}::uuid
            order by (c.size is not distinct from ${company.size})::int
              + (c.country is not distinct from ${company.country})::int
              + (c.region is not distinct from ${company.region})::int desc, c.name
            limit 6`,
        )
      : [];
    const [scored, ...similarScored] = await withFit(tx, caller.id, [company, ...similar], { store: true });
    return scored ? { ...scored, similar: similarScored } : null;
  });
}

/**
 * The company a name addresses, in any case: the caller's own import of that name first, then the best-known
 * shared one (listed before unlisted). Apart, as a search is (see above): under the role `lower()` could not
 * use the shared rows' index and would read every row.
 */
async function idByName(db: Db, caller: Caller, name: string): Promise<string | undefined> {
  const byName = sql`lower(c.name) = lower(${name})`;
  const [mine] = await withUser(db, caller.id, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`select c.id from company_master c where ${own(caller)} and ${byName} limit 1`,
    ),
  );
  if (mine) return mine.id;
  const [shared] = await queryRows<{ id: string }>(
    db,
    sql`select c.id from company_master c where ${SHARED} and ${byName}
      order by (c.ticker is not null) desc, c.name limit 1`,
  );
  return shared?.id;
}

/** How many companies match, counting no further than `cap` (an export's limit). */
export async function countCompanies(
  db: Db,
  caller: Caller,
  query: CompanyQuery,
  cap: number,
): Promise<number> {
  const count = (tx: Db, from: SQL, parts: SQL[]) =>
    countUpTo(tx, sql`select 1 from ${from} ${where(parts)}`, cap);
  const parts = conditions(query);
  if (query.savedOnly || query.ids) return withUser(db, caller.id, (tx) => count(tx, FROM, parts));
  // The shared rows and the caller's own apart, as a search does (see above).
  const shared = await count(db, sql`company_master c`, [SHARED, ...parts]);
  if (shared >= cap) return cap;
  const mine = await withUser(db, caller.id, (tx) =>
    count(tx, sql`company_master c`, [own(caller), ...parts]),
  );
  return Math.min(cap, shared + mine);
}
