import { type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { companyMaster } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';

export const COMPANY_SORTS = [
  'relevance',
  'name',
  '-name',
  'employees',
  '-employees',
  'founded',
  '-founded',
] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

/** A search after its filter values were validated (the stored values, never the user's words). */
export type CompanyQuery = {
  q?: string;
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
  /** Only the caller's My Companies. */
  savedOnly: boolean;
  /** Only these companies (an export of a selection). */
  ids?: string[];
  sort: CompanySort;
  limit: number;
  cursor?: string;
};

/** A company as the API shows it: its stored fields, and what it is to the caller. */
export type CompanyRow = Omit<
  typeof companyMaster.$inferSelect,
  'ownerId' | 'cik' | 'importId' | 'searchVector' | 'createdAt' | 'updatedAt'
> & {
  /** The caller imported it (only they see it). */
  imported: boolean;
  /** In the caller's My Companies. */
  saved: boolean;
};

const COLUMNS = sql`c.id, c.name, c.domain, c.website, c.primary_industry as "primaryIndustry",
  c.naics_code as "naicsCode", c.sub_industry as "subIndustry", c.size, c.employees, c.country,
  c.country_code as "countryCode", c.region, c.city, c.location, c.founded_year as "foundedYear", c.ticker,
  c.exchange, c.description, c.source, c.license, (c.owner_id is not null) as imported,
  (s.id is not null) as saved`;

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

/** Full text over name and description, or a name close to the words typed ("microsft" -> Microsoft). */
const textMatch = (q: string) =>
  sql`(c.search_vector @@ websearch_to_tsquery('simple', ${q}) or c.search_vector @@ websearch_to_tsquery('english', ${q}) or ${q} <% c.name)`;

const rank = (q: string) =>
  sql`(ts_rank(c.search_vector, websearch_to_tsquery('simple', ${q}) || websearch_to_tsquery('english', ${q}))::float8
    + word_similarity(${q}, c.name)::float8 + (lower(c.name) = lower(${q}))::int)`;

export function conditions(query: CompanyQuery, except?: FacetDimension): SQL[] {
  const q = query.q?.trim();
  const parts: (SQL | null)[] = [
    q ? textMatch(q) : null,
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

const where = (parts: SQL[]) => (parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

// ---------------------------------------------------------------------------------------------------------
// Keyset pagination: the cursor is the last row's sort value and id, so page 50 costs what page 1 costs.
// ---------------------------------------------------------------------------------------------------------

/** `type` is the SQL type of the sort value, so a cursor's number compares without a cast on the column. */
type SortSpec = { value: SQL; type: 'text' | 'int' | 'float8'; descending: boolean; nullable: boolean };

function sortSpec(sort: CompanySort, q: string | undefined): SortSpec {
  switch (sort) {
    case 'relevance':
      // Without words to rank by, relevance is the alphabetical order.
      return q ? { value: rank(q), type: 'float8', descending: true, nullable: false } : sortSpec('name', q);
    case 'name':
    case '-name':
      return { value: sql`c.name`, type: 'text', descending: sort === '-name', nullable: false };
    case 'employees':
    case '-employees':
      return { value: sql`c.employees`, type: 'int', descending: sort === '-employees', nullable: true };
    case 'founded':
    case '-founded':
      return {
        value: sql`c.founded_year`,
        type: 'int',
        descending: sort === '-founded',
        nullable: true,
      };
  }
}

type Cursor = { sort: CompanySort; value: string | number | null; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A cursor we did not make, or one made for another sort, is refused rather than guessed at. */
function decodeCursor(raw: string, sort: CompanySort, spec: SortSpec): Cursor {
  const invalid = () => new AppError('VALIDATION_ERROR', 400, 'Invalid cursor: start the search again');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = parsed as Partial<Cursor> | null;
  const valueOk =
    (c?.value === null && spec.nullable) ||
    (spec.type === 'text'
      ? typeof c?.value === 'string' && c.value.length <= 500
      : typeof c?.value === 'number' &&
        Number.isFinite(c.value) &&
        (spec.type === 'float8' || (Number.isInteger(c.value) && Math.abs(c.value) <= 2_147_483_647)));
  if (!c || c.sort !== sort || typeof c.id !== 'string' || !UUID.test(c.id) || !valueOk) throw invalid();
  return { sort, value: c.value ?? null, id: c.id };
}

function after(spec: SortSpec, cursor: Cursor): SQL {
  const cmp = spec.descending ? sql`<` : sql`>`;
  const value = sql`${cursor.value}::${sql.raw(spec.type)}`;
  if (cursor.value === null) return sql`(${spec.value} is null and c.id ${cmp} ${cursor.id}::uuid)`;
  const beyond = sql`(${spec.value} ${cmp} ${value} or (${spec.value} = ${value} and c.id ${cmp} ${cursor.id}::uuid))`;
  // Empty values sort last, after every filled one.
  return spec.nullable ? sql`(${beyond} or ${spec.value} is null)` : beyond;
}

const orderBy = (spec: SortSpec) => {
  const direction = spec.descending ? sql`desc` : sql`asc`;
  return sql`order by ${spec.value} ${direction} nulls last, c.id ${direction}`;
};

export type CompanyPage = { companies: CompanyRow[]; nextCursor: string | null };

export function searchCompanies(db: Db, caller: Caller, query: CompanyQuery): Promise<CompanyPage> {
  const q = query.q?.trim() || undefined;
  const spec = sortSpec(query.sort, q);
  const parts = conditions(query);
  if (query.cursor) parts.push(after(spec, decodeCursor(query.cursor, query.sort, spec)));
  return withUser(db, caller.id, async (tx) => {
    const rows = await queryRows<CompanyRow & { sortValue: string | number | null }>(
      tx,
      sql`select ${COLUMNS}, ${spec.value} as "sortValue" from ${FROM} ${where(parts)} ${orderBy(spec)}
        limit ${query.limit + 1}`,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? encodeCursor({
            sort: query.sort,
            value: last.sortValue,
            id: last.id,
          })
        : null;
    return { companies: page.map(({ sortValue: _sortValue, ...company }) => company), nextCursor };
  });
}

export type Facets = Record<FacetDimension, { value: string; count: number }[]>;

const FACET_COLUMNS: Record<FacetDimension, SQL> = {
  industry: sql`c.primary_industry`,
  size: sql`c.size`,
  country: sql`c.country`,
  source: sql`c.source`,
};

/** Counts per value of each filter-panel dimension, under every filter but that dimension's own. */
export function companyFacets(db: Db, caller: Caller, query: CompanyQuery): Promise<Facets> {
  return withUser(db, caller.id, async (tx) => {
    const facets = {} as Facets;
    for (const dimension of Object.keys(FACET_COLUMNS) as FacetDimension[]) {
      const column = FACET_COLUMNS[dimension];
      const parts = [...conditions(query, dimension), sql`${column} is not null`];
      const rows = await queryRows<{ value: string; count: string | number }>(
        tx,
        sql`select ${column} as value, count(*) as count from ${FROM} ${where(parts)}
          group by 1 order by 2 desc, 1 limit 100`,
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
export function getCompany(db: Db, caller: Caller, idOrName: string): Promise<CompanyDetail | null> {
  const match = UUID.test(idOrName) ? sql`c.id = ${idOrName}::uuid` : sql`lower(c.name) = lower(${idOrName})`;
  return withUser(db, caller.id, async (tx) => {
    const [company] = await queryRows<CompanyRow>(
      tx,
      // A name shared by several rows: the caller's own import first, then the best-known (listed) one.
      sql`select ${COLUMNS} from ${FROM} where ${match}
        order by (c.owner_id is not null) desc, (c.ticker is not null) desc, c.name limit 1`,
    );
    if (!company) return null;
    const similar = company.primaryIndustry
      ? await queryRows<CompanyRow>(
          tx,
          sql`select ${COLUMNS} from ${FROM}
            where c.primary_industry = ${company.primaryIndustry} and c.id <> ${company.id}::uuid
            order by (c.size is not distinct from ${company.size})::int
              + (c.country is not distinct from ${company.country})::int
              + (c.region is not distinct from ${company.region})::int desc, c.name
            limit 6`,
        )
      : [];
    return { ...company, similar };
  });
}

/** How many companies match, counting no further than `cap` (an export's limit). */
export function countCompanies(db: Db, caller: Caller, query: CompanyQuery, cap: number): Promise<number> {
  return withUser(db, caller.id, async (tx) => {
    const [row] = await queryRows<{ count: string | number }>(
      tx,
      sql`select count(*) as count from (select 1 from ${FROM} ${where(conditions(query))} limit ${cap}) capped`,
    );
    return Number(row?.count ?? 0);
  });
}
