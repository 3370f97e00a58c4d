import { type SQL, sql } from 'drizzle-orm';
import type { CompanySort, TargetAccountStatus } from '../../../shared/companies.ts';
import type { FitScore } from '../../../shared/fit-score.ts';
import { isUuid } from '../../../shared/uuid.ts';
import type { Caller } from '../../context.ts';
import { countUpTo, type Db, queryRows } from '../../db/client.ts';
import { afterCursor, decodeCursor, keysetPage, orderBy, type SortSpec } from '../../db/keyset.ts';
import { type companyMaster, prominence } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import type { PayForRead } from '../credits/charger.ts';
import type { Charge } from '../credits/service.ts';
import { scored, segmentsOf, withFit } from './fit.ts';
import type { SavedAccount } from './saved.ts';

/** A search after its filter values were validated (the stored values, never the user's words). */
export type CompanyQuery = {
  q?: string;
  /** Named companies, by their exact name in any case. */
  names?: string[];
  /**
   * What the request is about, in the user's words ("payments", "software"): not a filter, an order. Without
   * free text, the companies matching the most (and the rarest) of these words come first.
   */
  about?: string[];
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
  'ownerId' | 'cik' | 'importId' | 'searchVector' | 'mergedCompanyId' | 'createdAt' | 'updatedAt'
> & {
  /** The caller imported it (only they see it). */
  imported: boolean;
  /** The shared company an import merged with (it filled the fields the file left empty), or null. */
  mergedWith: { id: string; name: string; source: string; license: string } | null;
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
  (select jsonb_build_object('id', m.id, 'name', m.name, 'source', m.source, 'license', m.license)
    from company_master m where m.id = c.merged_company_id) as "mergedWith",
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
  return storedCompanies<T>(await queryRows<SelectedRow & T>(tx, query));
}

type SelectedRow = Omit<StoredCompany, 'savedAccount'> & SavedColumns;

/** Selected rows of COLUMNS as companies: the saved columns become the `savedAccount`. */
function storedCompanies<T extends object = object>(rows: (SelectedRow & T)[]): (StoredCompany & T)[] {
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

/** How well known a company is, for ordering a search without words (see the schema's `prominence`). */
const PROMINENCE = prominence({ employees: sql`c.employees`, source: sql`c.source`, ticker: sql`c.ticker` });

/** The most words of a request that rank a search. */
export const MAX_CONCEPTS = 6;

/** A word of the request and how much finding it says: the rarer among the shared rows, the more. */
type ConceptWeight = { word: string; weight: number };

/** A company's text (name, industry, sub-industry or SIC title, description) holds the word. */
const mentions = (word: string) =>
  sql`(c.search_vector @@ plainto_tsquery('simple', ${word}) or c.search_vector @@ plainto_tsquery('english', ${word}))`;

/**
 * Each word weighs its inverse document frequency over the shared rows (in thousandths): "payments software"
 * puts the few payment companies before the many software ones, and a company with both first.
 */
async function conceptWeights(db: Db, words: string[], cache?: SharedCache): Promise<ConceptWeight[]> {
  if (words.length === 0) return [];
  const counts = await cached(cache, `concepts:${JSON.stringify(words)}`, async () => {
    const [row] = await queryRows<Record<string, string | number>>(
      db,
      sql`select count(*) as n, ${sql.join(
        words.map((word, i) => sql`count(*) filter (where ${mentions(word)}) as ${sql.raw(`w${i}`)}`),
        sql`, `,
      )} from company_master c where ${SHARED}`,
    );
    return row ?? {};
  });
  const n = Number(counts.n ?? 0);
  return words.flatMap((word, i) => {
    const found = Number(counts[`w${i}`] ?? 0);
    // A word no company holds cannot order anything.
    return found > 0 ? [{ word, weight: Math.round(1000 * Math.log((n + 1) / found)) }] : [];
  });
}

/**
 * The summed weight of the words a company holds, then its prominence: one number, so that keyset pages
 * work (a weight sum is a whole number of thousandths, and a head count stays below 10^8).
 */
const conceptRank = (concepts: ConceptWeight[]) =>
  sql`((${sql.join(
    concepts.map(({ word, weight }) => sql`${weight}::int * ${mentions(word)}::int`),
    sql` + `,
  )})::float8 * 1e8 + least(${PROMINENCE}, 99999999))`;

/** How a sort orders the rows (keyset pages: see db/keyset.ts). */
function sortSpec(sort: CompanySort, q: string | undefined, concepts: ConceptWeight[]): SortSpec {
  switch (sort) {
    case 'relevance':
      // Without words to rank by, every company the filters find is as relevant as the next: the best known
      // first (what a seller prospects first), never the alphabet ('1 800 Flowers' before Stripe).
      if (q) return { value: rank(q), id: ID, type: 'float8', descending: true, nullable: false };
      if (concepts.length > 0) {
        return { value: conceptRank(concepts), id: ID, type: 'float8', descending: true, nullable: false };
      }
      return { value: PROMINENCE, id: ID, type: 'int', descending: true, nullable: false };
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

/** `compute`, through `cache` when there is one. */
export const cached = <T>(cache: SharedCache | undefined, key: string, compute: () => Promise<T>) =>
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
/**
 * A shared company one of the caller's imports merged with: to the caller it is that import, so searches and
 * counts leave it out for them (the import stands in its place).
 */
const mergedByCaller = (caller: Caller) =>
  sql`c.id in (select m.merged_company_id from company_master m
    where m.owner_id = ${caller.id}::uuid and m.merged_company_id is not null)`;

export async function searchCompanies(
  db: Db,
  caller: Caller,
  query: CompanyQuery,
  cache?: SharedCache,
  pay?: PayForRead,
): Promise<CompanyPage & { charge: Charge | null }> {
  const q = query.q?.trim() || undefined;
  const concepts = query.sort === 'relevance' && !q ? await conceptWeights(db, query.about ?? [], cache) : [];
  const spec = sortSpec(query.sort, q, concepts);
  const parts = conditions(query);
  if (query.cursor) parts.push(afterCursor(spec, decodeCursor(query.cursor, query.sort, spec)));
  if (query.savedOnly || query.ids) {
    // My Companies and a selection: a few rows, under the role; My Companies keeps its shown scores.
    const rows = await withUser(db, caller.id, async (tx) =>
      withFit(
        tx,
        caller.id,
        await selectCompanies<SortValue>(
          tx,
          sql`select ${COLUMNS}, ${spec.value} as "sortValue" from ${FROM} ${where(parts)}
            ${orderBy(spec)} limit ${query.limit + 1}`,
        ),
        { store: query.savedOnly },
      ),
    );
    // The page is read in a transaction of its own, so it is paid for by a statement of its own.
    const charge =
      pay && rows.length > 0 ? (await pay({ statement: sql`select`, found: sql`true` })).charge : null;
    const page = keysetPage(rows, query.limit, query.sort);
    return { companies: page.rows, nextCursor: page.nextCursor, charge };
  }
  const { rows, charge } = await sharedAndOwnPage(
    db,
    caller,
    await cached(
      cache,
      `search:${criteriaKey(query)}:${JSON.stringify(query.about ?? [])}:${query.sort}:${query.limit}:${query.cursor ?? ''}`,
      async () =>
        (
          await queryRows<{ id: string }>(
            db,
            sql`select c.id from company_master c ${where([SHARED, ...parts])} ${orderBy(spec)}
                    limit ${query.limit + 1 + MERGED_SLACK}`,
          )
        ).map((row) => row.id),
    ),
    parts,
    spec,
    query.limit,
    pay,
  );
  const page = keysetPage(rows, query.limit, query.sort);
  return { companies: page.rows, nextCursor: page.nextCursor, charge };
}

type SortValue = { sortValue: string | number | null };

/** How many shared rows of a page a caller's imports may replace (see sharedAndOwnPage). */
const MERGED_SLACK = 10;

/**
 * A page of the shared rows found (`ids`) and the caller's own imports, in order, with the caller's saved
 * marks and fit: one statement, one round trip (the rows come back as one JSON array beside the caller's
 * ICP). It runs on the connection's own role, outside a transaction, and names the caller's rows as the
 * row-level security policies would: their imports (`owner_id`) and their saved marks (`user_id`). A shared
 * row the caller's import merged with leaves the page to that import (the shared rows found include
 * MERGED_SLACK more than a page needs, so that a page stays full when some of them leave).
 */
async function sharedAndOwnPage(
  db: Db,
  caller: Caller,
  ids: string[],
  parts: SQL[],
  spec: SortSpec,
  limit: number,
  pay: PayForRead | undefined,
): Promise<{ rows: (CompanyRow & SortValue)[]; charge: Charge | null }> {
  const me = sql`${caller.id}::uuid`;
  const inPage = sql`(c.id = any(${`{${ids.join(',')}}`}::uuid[]) or c.owner_id = ${me})`;
  const notImported = sql`not ${mergedByCaller(caller)}`;
  const statement = sql`select
      (select p.ideal_customer_profile from user_profiles p where p.user_id = ${me}) as icp,
      coalesce((select json_agg(r ${orderBy({ ...spec, value: sql`r."sortValue"`, id: sql`r.id` })}) from (
        select ${COLUMNS}, ${spec.value} as "sortValue" from company_master c
          left join saved_target_accounts s on s.company_id = c.id and s.user_id = ${me}
          ${where([inPage, notImported, ...parts])} ${orderBy(spec)} limit ${limit + 1}
      ) r), '[]') as rows`;
  type Page = { icp: unknown; rows: (SelectedRow & SortValue)[] };
  const { row, charge } = pay
    ? await pay<Page>({ statement, found: sql`json_array_length(rows) > 0` })
    : { row: (await queryRows<Page>(db, statement))[0], charge: null };
  return { rows: scored(storedCompanies<SortValue>(row?.rows ?? []), segmentsOf(row?.icp)), charge };
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
    const rest = [...conditions(query, dimension), sql`${column} is not null`];
    // The shared counts, plus the caller's own rows, less the shared rows their imports stand in for.
    return sql`select ${i}::int as dimension, value, sum(count)::int8 as count from (
        select value, count from jsonb_to_recordset(${JSON.stringify(shared[i])}::jsonb) as t(value text, count int8)
        union all
        select ${column}, count(*) from company_master c ${where([own(caller), ...rest])} group by 1
        union all
        select ${column}, -count(*) from company_master c ${where([mergedByCaller(caller), ...rest])} group by 1
      ) counted group by value having sum(count) > 0`;
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
              and c.id is distinct from ${company.mergedWith?.id ?? null}::uuid
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
  const [mine, replaced] = await withUser(db, caller.id, async (tx) => [
    await count(tx, sql`company_master c`, [own(caller), ...parts]),
    await count(tx, sql`company_master c`, [mergedByCaller(caller), ...parts]),
  ]);
  return Math.min(cap, shared + mine - (replaced ?? 0));
}
