/**
 * People search (issue 6): names, titles in the words people use ("VP Sales" finds "Vice President of
 * Sales"), seniority, department, the person's company (by name, domain or id, and its industry, size and
 * place) and the person's location, with keyset pages and facet counts.
 *
 * As for companies (see companies/search.ts), the shared rows are searched without the application role, so
 * that full-text conditions can use their index, and the caller's own rows and saved marks are read under the
 * role in the statement that orders them together.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type Department,
  normalizeTitle,
  type PeopleSort,
  type SearchedPerson,
  type Seniority,
} from '../../../shared/people.ts';
import type { Caller } from '../../context.ts';
import { countUpTo, type Db, queryRows } from '../../db/client.ts';
import { afterCursor, decodeCursor, keysetPage, orderBy, type SortSpec } from '../../db/keyset.ts';
import { withUser } from '../../db/user-scope.ts';
import { cached, type SharedCache } from '../companies/search.ts';
import type { PayForRead } from '../credits/charger.ts';
import type { Charge } from '../credits/service.ts';

/** A search after its filter values were validated (stored values, never the user's words). */
export type PeopleQuery = {
  /** Words of a name. */
  q?: string;
  /** A title in any spelling; matched in its normalised form. */
  title?: string;
  seniorities: Seniority[];
  departments: Department[];
  /** Company names or domains, as typed (matched without case). */
  companies: string[];
  companyId?: string;
  industries: string[];
  sizes: string[];
  /** Where the company is. */
  companyCountries: string[];
  companyRegions: string[];
  companyCities: string[];
  /** Where the person is. */
  countries: string[];
  regions: string[];
  cities: string[];
  sources: string[];
  /** Only the caller's My People. */
  savedOnly: boolean;
  /** Only people at the companies of this user's My Companies (key people). */
  atSavedCompaniesOf?: string;
  /** Only these people (an export of a selection). */
  ids?: string[];
  sort: PeopleSort;
  limit: number;
  cursor?: string;
};

type SelectedPerson = Omit<SearchedPerson, 'company'> & {
  companyId: string;
  companyName: string;
  companyDomain: string | null;
  companyIndustry: string | null;
  companySize: string | null;
  companyCountry: string | null;
};

const COLUMNS = sql`p.id, p.first_name as "firstName", p.last_name as "lastName", p.full_name as "fullName",
  p.title, p.seniority, p.department, p.city, p.region, p.country,
  (p.email is not null) as "hasEmail", (p.phone is not null) as "hasPhone", r.email, r.email_status as "emailStatus",
  r.email_confidence as "emailConfidence", r.phone, p.source, p.license,
  (p.owner_id is not null) as imported, (s.id is not null) as saved,
  m.id as "companyId", m.name as "companyName", m.domain as "companyDomain",
  m.primary_industry as "companyIndustry", m.size as "companySize", m.country as "companyCountry"`;

const CALLER = sql`nullif(current_setting('app.user_id', true), '')::uuid`;

const WITH_COMPANIES = sql`company_contacts p join company_master m on m.id = p.company_id`;

/** The people with their companies, `user`'s saved marks and what `user` found. */
const fromFor = (user: SQL) => sql`${WITH_COMPANIES}
  left join saved_key_people s on s.contact_id = p.id and s.user_id = ${user}
  left join contact_reveals r on r.contact_id = p.id and r.user_id = ${user}`;

/** The people a caller may see (under the role), with their companies, saved marks and what they found. */
const FROM = fromFor(CALLER);

const ID = sql`p.id`;
const SHARED = sql`p.owner_id is null`;
const own = (caller: Caller) => sql`p.owner_id = ${caller.id}::uuid`;

const where = (parts: SQL[]) => (parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

const anyOf = (column: SQL, values: readonly string[]) =>
  values.length > 0
    ? sql`${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : null;

/**
 * Words as tsquery terms hold them: lower case, letters and digits only, split where PostgreSQL's parser splits
 * them ("O'Keefe" is indexed as "o" and "keefe", "D’Angelo" as "d" and "angelo").
 */
const lexemes = (words: readonly string[]) =>
  words.flatMap((word) => word.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);

function tsTerms(words: readonly string[], weight: 'A' | 'B', prefix: boolean): string | null {
  const terms = lexemes(words).map((word) => `${word}:${prefix ? '*' : ''}${weight}`);
  return terms.length > 0 ? terms.join(' & ') : null;
}

/** Every word of a name, each as the start of a name word ("pat coll" finds Patrick Collison). */
const nameQuery = (q: string) => tsTerms(q.split(/\s+/), 'A', true);
/** Every word of the title in its normalised form ("VP Sales" -> vice & president & sales). */
const titleQuery = (title: string) => tsTerms(normalizeTitle(title).split(' '), 'B', false);

/**
 * The shared people's distinct titles with their words, kept a minute per database. A title search over five
 * million people matches these few thousand titles instead (a person's title terms are the only B-weighted
 * part of `search_vector`, so a title query matches exactly the people whose title has every word), then
 * reads the people of each title from `company_contacts_title_idx`.
 */
const TITLES_TTL_MS = 60_000;
type SharedTitle = { title: string; words: ReadonlySet<string> };
const titleCache = new WeakMap<Db, { at: number; titles: Promise<SharedTitle[]> }>();

function sharedTitles(db: Db): Promise<SharedTitle[]> {
  const cached = titleCache.get(db);
  if (cached && Date.now() - cached.at < TITLES_TTL_MS) return cached.titles;
  // A loose index scan: one index probe per distinct title, not a read of every person.
  const titles = queryRows<{ title: string; words: string[] }>(
    db,
    sql`with recursive t(title) as (
        (select title_normalized from company_contacts where owner_id is null and title_normalized is not null
          order by title_normalized limit 1)
        union all
        select (select title_normalized from company_contacts
          where owner_id is null and title_normalized > t.title order by title_normalized limit 1)
        from t where t.title is not null)
      select title, tsvector_to_array(to_tsvector('simple', title)) as words from t where title is not null`,
  ).then((rows) => rows.map((row) => ({ title: row.title, words: new Set(row.words) })));
  const entry = { at: Date.now(), titles };
  // A failed read is not kept (unless a newer one replaced it): the next search asks again.
  titles.catch(() => {
    if (titleCache.get(db) === entry) titleCache.delete(db);
  });
  titleCache.set(db, entry);
  return titles;
}

/** After writing shared people: the next title search reads the titles afresh. */
export const forgetSharedTitles = (db: Db) => titleCache.delete(db);

/** The shared titles that have every word of the title the user asked for. */
async function sharedTitlesMatching(db: Db, title: string): Promise<string[]> {
  const wanted = lexemes(normalizeTitle(title).split(' '));
  return (await sharedTitles(db))
    .filter((shared) => wanted.every((word) => shared.words.has(word)))
    .map((shared) => shared.title);
}

/** A PostgreSQL array literal of text values (quoted, so spaces and commas stay inside their value). */
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** Whether a condition reads the company row itself (the company's industry and size are on the person). */
const readsCompany = (query: PeopleQuery) =>
  [query.companies, query.companyCountries, query.companyRegions, query.companyCities].some(
    (values) => values.length > 0,
  );

/** The shared people, joined to their companies only when a condition needs them. */
const sharedFrom = (query: PeopleQuery) => (readsCompany(query) ? WITH_COMPANIES : sql`company_contacts p`);

/** The filter-panel dimensions: facets count each under every filter but its own. */
export type PeopleFacetDimension = 'seniority' | 'department' | 'industry' | 'country';

/** Each dimension's column and the filter the query puts on it (null when none). */
const FACETS: Record<PeopleFacetDimension, { column: SQL; filter: (query: PeopleQuery) => SQL | null }> = {
  seniority: { column: sql`p.seniority`, filter: (q) => anyOf(sql`p.seniority`, q.seniorities) },
  department: { column: sql`p.department`, filter: (q) => anyOf(sql`p.department`, q.departments) },
  industry: { column: sql`p.company_industry`, filter: (q) => anyOf(sql`p.company_industry`, q.industries) },
  country: { column: sql`p.country`, filter: (q) => anyOf(sql`p.country`, q.countries) },
};
const DIMENSIONS = Object.keys(FACETS) as PeopleFacetDimension[];

/**
 * The search's conditions; with `withoutFacets`, all but the filters on the facet dimensions. `sharedTitle`
 * replaces the title's full-text condition in statements over the shared rows only: the shared titles it
 * matches (see `sharedTitlesMatching`), or null to leave the title out (the caller matches it itself).
 */
function conditions(query: PeopleQuery, sharedTitle?: SQL | null, withoutFacets = false): SQL[] {
  const name = query.q?.trim() ? nameQuery(query.q) : null;
  const title = query.title?.trim() ? titleQuery(query.title) : null;
  const titleCondition =
    sharedTitle !== undefined
      ? sharedTitle
      : title
        ? sql`p.search_vector @@ to_tsquery('simple', ${title})`
        : null;
  const companies = query.companies.map((c) => c.trim().toLowerCase()).filter(Boolean);
  const parts: (SQL | null)[] = [
    name ? sql`p.search_vector @@ to_tsquery('simple', ${name})` : null,
    // A title made only of filler words ("of the") asks for nothing.
    title ? titleCondition : null,
    ...(withoutFacets ? [] : DIMENSIONS.map((dimension) => FACETS[dimension].filter(query))),
    companies.length > 0
      ? sql`(lower(m.name) in (${sql.join(
          companies.map((c) => sql`${c}`),
          sql`, `,
        )}) or lower(m.domain) in (${sql.join(
          companies.map((c) => sql`${c}`),
          sql`, `,
        )}))`
      : null,
    query.companyId ? sql`p.company_id = ${query.companyId}::uuid` : null,
    anyOf(sql`p.company_size`, query.sizes),
    anyOf(sql`m.country`, query.companyCountries),
    anyOf(sql`m.region`, query.companyRegions),
    anyOf(sql`m.city`, query.companyCities),
    anyOf(sql`p.region`, query.regions),
    anyOf(sql`p.city`, query.cities),
    anyOf(sql`p.source`, query.sources),
    query.savedOnly ? sql`s.id is not null` : null,
    query.atSavedCompaniesOf
      ? sql`p.company_id in (select company_id from saved_target_accounts where user_id = ${query.atSavedCompaniesOf}::uuid)`
      : null,
    query.ids ? sql`p.id = any(${`{${query.ids.join(',')}}`}::uuid[])` : null,
  ];
  return parts.filter((part): part is SQL => part !== null);
}

function sortSpec(query: PeopleQuery): SortSpec {
  const words = [
    query.q?.trim() ? nameQuery(query.q) : null,
    query.title?.trim() ? titleQuery(query.title) : null,
  ]
    .filter(Boolean)
    .join(' & ');
  if (query.sort === 'relevance' && words) {
    return {
      value: sql`ts_rank(p.search_vector, to_tsquery('simple', ${words}))::float8`,
      id: ID,
      type: 'float8',
      descending: true,
      nullable: false,
    };
  }
  return {
    value: sql`p.full_name`,
    id: ID,
    type: 'text',
    descending: query.sort === '-name',
    nullable: false,
  };
}

export type PeoplePage = { people: SearchedPerson[]; nextCursor: string | null };

const toPerson = ({
  companyId,
  companyName,
  companyDomain,
  companyIndustry,
  companySize,
  companyCountry,
  ...person
}: SelectedPerson): SearchedPerson => ({
  ...person,
  company: {
    id: companyId,
    name: companyName,
    domain: companyDomain,
    industry: companyIndustry,
    size: companySize,
    country: companyCountry,
  },
});

type PersonRow = SelectedPerson & { sortValue: string | number | null };

export async function searchPeople(
  db: Db,
  caller: Caller,
  query: PeopleQuery,
  pay?: PayForRead,
): Promise<PeoplePage & { charge: Charge | null }> {
  const spec = sortSpec(query);
  const parts = conditions(query);
  if (query.cursor) parts.push(afterCursor(spec, decodeCursor(query.cursor, query.sort, spec)));
  const select = (from: SQL, scope: SQL | null) =>
    sql`select ${COLUMNS}, ${spec.value} as "sortValue" from ${from}
      ${where(scope ? [scope, ...parts] : parts)} ${orderBy(spec)} limit ${query.limit + 1}`;
  let rows: PersonRow[];
  let charge: Charge | null = null;
  if (query.savedOnly) {
    // My People: the caller's own list, never paid for (so `pay` is not used).
    rows = await withUser(db, caller.id, (tx) => queryRows<PersonRow>(tx, select(FROM, null)));
  } else {
    // The best `limit + 1` shared rows after the cursor, then those and the caller's own rows, together: one
    // statement (and the charge with it), on the connection's own role, outside a transaction, naming the
    // caller's rows as the row-level security policies would (as companies' sharedAndOwnPage does).
    const me = sql`${caller.id}::uuid`;
    const shared = await sharedPage(db, query, spec);
    const scope = shared ? sql`(p.id = any(array(select id from shared)) or ${own(caller)})` : own(caller);
    const byRow = orderBy({ ...spec, value: sql`r."sortValue"`, id: sql`r.id` });
    const statement = sql`${shared ? sql`with shared as materialized (${shared}) ` : sql``}select
      coalesce((select json_agg(r ${byRow}) from (${select(fromFor(me), scope)}) r), '[]') as rows`;
    type Page = { rows: PersonRow[] };
    const read = pay
      ? await pay<Page>({ statement, found: sql`json_array_length(rows) > 0` })
      : { row: (await queryRows<Page>(db, statement))[0], charge: null };
    rows = read.row?.rows ?? [];
    charge = read.charge;
  }
  const page = keysetPage(rows, query.limit, query.sort);
  return { people: page.rows.map(toPerson), nextCursor: page.nextCursor, charge };
}

/**
 * The title condition of a statement over the shared people: the shared titles the title matches (undefined
 * without a title: the default conditions), or false when none does (no shared person can match).
 */
async function sharedTitleCondition(db: Db, query: PeopleQuery): Promise<SQL | undefined | false> {
  if (!(query.title?.trim() && titleQuery(query.title))) return undefined;
  const titles = await sharedTitlesMatching(db, query.title);
  return titles.length > 0 ? sql`p.title_normalized = any(${textArray(titles)}::text[])` : false;
}

/** The statement of the ids of the best `limit + 1` shared people after the cursor; null when none can match. */
async function sharedPage(db: Db, query: PeopleQuery, spec: SortSpec): Promise<SQL | null> {
  const limit = query.limit + 1;
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, spec) : null;
  const title = await sharedTitleCondition(db, query);
  if (title === false) return null;
  const words = query.title ? titleQuery(query.title) : null;
  if (title === undefined || !words || query.sort !== 'relevance' || query.q?.trim()) {
    const parts = [SHARED, ...conditions(query, title)];
    if (cursor) parts.push(afterCursor(spec, cursor));
    return sql`select p.id from ${sharedFrom(query)} ${where(parts)} ${orderBy(spec)} limit ${limit}`;
  }
  // Ranked by title alone: everyone with the same title ranks the same, so each title's best people are its
  // first by id, read from the title index; the titles' pages are then merged by rank.
  const byTitle: SortSpec = {
    value: sql`t.rank`,
    id: sql`p.id`,
    type: 'float8',
    descending: true,
    nullable: false,
  };
  const parts = [SHARED, sql`p.title_normalized = t.title`, ...conditions(query, null)];
  if (cursor) parts.push(afterCursor(byTitle, cursor));
  const titles = await sharedTitlesMatching(db, query.title ?? '');
  return sql`with t as materialized (
        select title, ts_rank(setweight(to_tsvector('simple', title), 'B'), to_tsquery('simple', ${words}))::float8 as rank
        from unnest(${textArray(titles)}::text[]) as title)
      select x.id from t cross join lateral (
        select p.id from ${sharedFrom(query)} ${where(parts)} order by p.id desc limit ${limit}) x
      order by t.rank desc, x.id desc limit ${limit}`;
}

/** How many people a search finds, counted up to `cap` (an export's quote). */
export async function countPeople(db: Db, caller: Caller, query: PeopleQuery, cap: number): Promise<number> {
  const count = (tx: Db, from: SQL, parts: SQL[]) =>
    countUpTo(tx, sql`select 1 from ${from} ${where(parts)}`, cap);
  const parts = conditions(query);
  if (query.savedOnly || query.ids) return withUser(db, caller.id, (tx) => count(tx, FROM, parts));
  // The shared rows and the caller's own apart, as a search does (see above).
  const title = await sharedTitleCondition(db, query);
  const shared =
    title === false ? 0 : await count(db, sharedFrom(query), [SHARED, ...conditions(query, title)]);
  if (shared >= cap) return cap;
  const mine = await withUser(db, caller.id, (tx) => count(tx, WITH_COMPANIES, [own(caller), ...parts]));
  return Math.min(cap, shared + mine);
}

export type PeopleFacets = Record<PeopleFacetDimension, { value: string; count: number }[]>;

const FACET_VALUES = 100;

/**
 * Counts per value of each filter-panel dimension under every filter but its own, in one pass per scope: the
 * rows that fail at most one facet filter are grouped by each dimension, and each dimension counts the rows
 * that pass the other dimensions' filters. The shared rows are counted without the role, the caller's own
 * rows (or saved people) under it, and the two summed.
 */
/** What the shared people's counts depend on: every criterion but the page's (sort, limit, cursor). */
const criteriaKey = ({ sort: _sort, limit: _limit, cursor: _cursor, ...criteria }: PeopleQuery) =>
  JSON.stringify(criteria);

/**
 * The counts of the shared people are kept a minute per criteria in `cache` (as companies' are: shared data
 * changes only when it is loaded); the caller's own rows are counted every time.
 */
export async function peopleFacets(
  db: Db,
  caller: Caller,
  query: PeopleQuery,
  cache?: SharedCache,
): Promise<PeopleFacets> {
  const filters = DIMENSIONS.map((dimension) => FACETS[dimension].filter(query));
  const passed = filters.map((filter) => (filter ? sql`coalesce(${filter}, false)` : sql`true`));
  const failedAtMostOne =
    filters.filter(Boolean).length > 1
      ? [
          sql`(${sql.join(
            passed.map((pass) => sql`${pass}::int`),
            sql` + `,
          )}) >= ${DIMENSIONS.length - 1}`,
        ]
      : [];
  const counts = DIMENSIONS.map((_, i) => {
    const others = passed.filter((_, j) => j !== i);
    return sql`count(*) filter (where ${sql.join(others, sql` and `)}) as ${sql.identifier(`n${i}`)}`;
  });
  const columns = DIMENSIONS.map((dimension) => FACETS[dimension].column);
  const count = (tx: Db, from: SQL, parts: SQL[]) =>
    queryRows<Record<string, string | number | null>>(
      tx,
      sql`select ${sql.join(
        columns.map((column, i) => sql`${column} as ${sql.identifier(`v${i}`)}`),
        sql`, `,
      )}, ${sql.join(counts, sql`, `)}
        from ${from} ${where([...parts, ...failedAtMostOne])}
        group by grouping sets (${sql.join(
          columns.map((column) => sql`(${column})`),
          sql`, `,
        )})`,
    );
  const title = query.savedOnly ? false : await sharedTitleCondition(db, query);
  const counted = await Promise.all([
    title === false
      ? []
      : cached(cache, `facets:${criteriaKey(query)}`, () =>
          count(db, sharedFrom(query), [SHARED, ...conditions(query, title, true)]),
        ),
    withUser(db, caller.id, (tx) =>
      query.savedOnly
        ? count(tx, FROM, conditions(query, undefined, true))
        : count(tx, WITH_COMPANIES, [own(caller), ...conditions(query, undefined, true)]),
    ),
  ]);
  const sums = DIMENSIONS.map(() => new Map<string, number>());
  for (const row of counted.flat()) {
    // A grouping set's row has its own dimension's value and nulls in the others.
    DIMENSIONS.forEach((_, i) => {
      const value = row[`v${i}`];
      const n = Number(row[`n${i}`]);
      if (typeof value === 'string' && n > 0) sums[i]?.set(value, (sums[i]?.get(value) ?? 0) + n);
    });
  }
  const facets = {} as PeopleFacets;
  DIMENSIONS.forEach((dimension, i) => {
    facets[dimension] = [...(sums[i] ?? [])]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, FACET_VALUES);
  });
  return facets;
}
