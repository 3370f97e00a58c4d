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
  type Person,
  type Seniority,
} from '../../../shared/people.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { afterCursor, decodeCursor, keysetPage, orderBy, type SortSpec } from '../../db/keyset.ts';
import { withUser } from '../../db/user-scope.ts';

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
  sort: PeopleSort;
  limit: number;
  cursor?: string;
};

type SelectedPerson = Omit<Person, 'company'> & {
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

/** The people a caller may see with their companies, saved marks and what they found. */
const FROM = sql`company_contacts p
  join company_master m on m.id = p.company_id
  left join saved_key_people s on s.contact_id = p.id and s.user_id = ${CALLER}
  left join contact_reveals r on r.contact_id = p.id and r.user_id = ${CALLER}`;

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

/** Words safe inside a tsquery (letters and digits only), as `word:*W` terms joined by `&`. */
function tsTerms(words: readonly string[], weight: 'A' | 'B', prefix: boolean): string | null {
  const terms = words
    .map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter(Boolean)
    .map((word) => `${word}:${prefix ? '*' : ''}${weight}`);
  return terms.length > 0 ? terms.join(' & ') : null;
}

/** Every word of a name, each as the start of a name word ("pat coll" finds Patrick Collison). */
const nameQuery = (q: string) => tsTerms(q.split(/\s+/), 'A', true);
/** Every word of the title in its normalised form ("VP Sales" -> vice & president & sales). */
const titleQuery = (title: string) => tsTerms(normalizeTitle(title).split(' '), 'B', false);

/** Filters by dimension, so facets can leave out their own. */
export type PeopleFacetDimension = 'seniority' | 'department' | 'industry' | 'country';

export function conditions(query: PeopleQuery, except?: PeopleFacetDimension): SQL[] {
  const name = query.q?.trim() ? nameQuery(query.q) : null;
  const title = query.title?.trim() ? titleQuery(query.title) : null;
  const companies = query.companies.map((c) => c.trim().toLowerCase()).filter(Boolean);
  const parts: (SQL | null)[] = [
    name ? sql`p.search_vector @@ to_tsquery('simple', ${name})` : null,
    // A title made only of filler words ("of the") asks for nothing.
    title ? sql`p.search_vector @@ to_tsquery('simple', ${title})` : null,
    except === 'seniority' ? null : anyOf(sql`p.seniority`, query.seniorities),
    except === 'department' ? null : anyOf(sql`p.department`, query.departments),
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
    except === 'industry' ? null : anyOf(sql`m.primary_industry`, query.industries),
    anyOf(sql`m.size`, query.sizes),
    anyOf(sql`m.country`, query.companyCountries),
    anyOf(sql`m.region`, query.companyRegions),
    anyOf(sql`m.city`, query.companyCities),
    except === 'country' ? null : anyOf(sql`p.country`, query.countries),
    anyOf(sql`p.region`, query.regions),
    anyOf(sql`p.city`, query.cities),
    anyOf(sql`p.source`, query.sources),
    query.savedOnly ? sql`s.id is not null` : null,
    query.atSavedCompaniesOf
      ? sql`p.company_id in (select company_id from saved_target_accounts where user_id = ${query.atSavedCompaniesOf}::uuid)`
      : null,
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

export type PeoplePage = { people: Person[]; nextCursor: string | null };

const toPerson = ({
  companyId,
  companyName,
  companyDomain,
  companyIndustry,
  companySize,
  companyCountry,
  ...person
}: SelectedPerson): Person => ({
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

export async function searchPeople(db: Db, caller: Caller, query: PeopleQuery): Promise<PeoplePage> {
  const spec = sortSpec(query);
  const parts = conditions(query);
  if (query.cursor) parts.push(afterCursor(spec, decodeCursor(query.cursor, query.sort, spec)));
  const ordered = (scope: SQL | null) =>
    withUser(db, caller.id, (tx) =>
      queryRows<SelectedPerson & { sortValue: string | number | null }>(
        tx,
        sql`select ${COLUMNS}, ${spec.value} as "sortValue" from ${FROM}
          ${where(scope ? [scope, ...parts] : parts)} ${orderBy(spec)} limit ${query.limit + 1}`,
      ),
    );
  let rows: (SelectedPerson & { sortValue: string | number | null })[];
  if (query.savedOnly) rows = await ordered(null);
  else {
    // The best `limit + 1` shared rows after the cursor, then those and the caller's own rows, together.
    const shared = await queryRows<{ id: string }>(
      db,
      sql`select p.id from company_contacts p join company_master m on m.id = p.company_id
        ${where([SHARED, ...parts])} ${orderBy(spec)} limit ${query.limit + 1}`,
    );
    rows = await ordered(
      sql`(p.id = any(${`{${shared.map((row) => row.id).join(',')}}`}::uuid[]) or ${own(caller)})`,
    );
  }
  const page = keysetPage(rows, query.limit, query.sort);
  return { people: page.rows.map(toPerson), nextCursor: page.nextCursor };
}

export type PeopleFacets = Record<PeopleFacetDimension, { value: string; count: number }[]>;

const FACET_COLUMNS: Record<PeopleFacetDimension, SQL> = {
  seniority: sql`p.seniority`,
  department: sql`p.department`,
  industry: sql`m.primary_industry`,
  country: sql`p.country`,
};
const DIMENSIONS = Object.keys(FACET_COLUMNS) as PeopleFacetDimension[];
const FACET_VALUES = 100;

/**
 * Counts per value of each filter-panel dimension under every filter but its own: the shared rows counted
 * without the role, the caller's own rows (or saved people) under it, summed.
 */
export async function peopleFacets(db: Db, caller: Caller, query: PeopleQuery): Promise<PeopleFacets> {
  const facets = {} as PeopleFacets;
  for (const dimension of DIMENSIONS) {
    const column = FACET_COLUMNS[dimension];
    const parts = [...conditions(query, dimension), sql`${column} is not null`];
    const count = (tx: Db, from: SQL, scope: SQL | null) =>
      queryRows<{ value: string; count: string | number }>(
        tx,
        sql`select ${column} as value, count(*) as count from ${from} ${where(scope ? [scope, ...parts] : parts)}
          group by 1`,
      );
    const counted = await Promise.all([
      query.savedOnly
        ? []
        : count(db, sql`company_contacts p join company_master m on m.id = p.company_id`, SHARED),
      withUser(db, caller.id, (tx) => count(tx, FROM, query.savedOnly ? null : own(caller))),
    ]);
    const sums = new Map<string, number>();
    for (const row of counted.flat()) sums.set(row.value, (sums.get(row.value) ?? 0) + Number(row.count));
    facets[dimension] = [...sums]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, FACET_VALUES);
  }
  return facets;
}
