import { type SQL, sql } from 'drizzle-orm';
import { COMPANY_SIZES } from '../../../shared/companies.ts';
import type { FilterVocabulary } from '../../../shared/filter-validator.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { withUser } from '../../db/user-scope.ts';

/** Shared data changes only when it is loaded or generated: a few minutes of staleness costs nothing. */
const SHARED_TTL_MS = 5 * 60_000;
/** A user's imports change their own vocabulary (a new city): they see it within a few seconds. */
const USER_TTL_MS = 10_000;

type Cached = { at: number; vocabulary: Promise<FilterVocabulary> };

const NO_VALUES: FilterVocabulary = { industries: [], sizes: [], countries: [], regions: [], cities: [] };

/** The places of companies and of people (a person's city may be none of a company's). */
const places = (column: 'country' | 'region' | 'city', scope: SQL) =>
  sql`select ${sql.raw(column)} from company_master where ${scope} and ${sql.raw(column)} is not null
    union select ${sql.raw(column)} from company_contacts where ${scope} and ${sql.raw(column)} is not null`;

/** The distinct values of the shared rows, or (with a caller) of that caller's own imports. */
const distinctValues = async (tx: Db, ownerId: string | null) => {
  // `owner_id = caller` rather than `is not null` under the role: the index finds the caller's rows alone
  // instead of every user's imports for the policy to discard.
  const scope = ownerId === null ? sql`owner_id is null` : sql`owner_id = ${ownerId}::uuid`;
  const [row] = await queryRows<Record<Exclude<keyof FilterVocabulary, 'sizes'>, string[] | null>>(
    tx,
    sql`select
      array(select distinct primary_industry from company_master where ${scope} and primary_industry is not null) as industries,
      array(${places('country', scope)}) as countries,
      array(${places('region', scope)}) as regions,
      array(${places('city', scope)}) as cities`,
  );
  return {
    industries: row?.industries ?? [],
    // The size bands are a scale, not data: '50-200 employees' is a valid request whatever sizes we hold
    // (the search then says how many companies have a known size). They are the shared values' alone, so that
    // a user without imports gets the shared vocabulary itself, whose index the validator has already built
    // (a merged copy per user rebuilt it: a second per user's first search at a million companies).
    sizes: ownerId === null ? [...COMPANY_SIZES] : [],
    countries: row?.countries ?? [],
    regions: row?.regions ?? [],
    cities: row?.cities ?? [],
  };
};

const merge = (a: FilterVocabulary, b: FilterVocabulary): FilterVocabulary => ({
  industries: [...new Set([...a.industries, ...b.industries])],
  sizes: [...new Set([...a.sizes, ...b.sizes])],
  countries: [...new Set([...a.countries, ...b.countries])],
  regions: [...new Set([...(a.regions ?? []), ...(b.regions ?? [])])],
  cities: [...new Set([...(a.cities ?? []), ...(b.cities ?? [])])],
});

/**
 * The values filters are validated against (spec 3 §5 "against company master data"): what the shared data
 * holds plus the caller's own imports. The same object is returned while fresh, so the validator's index of
 * it is built once. Reading the shared values takes a second or more at a million rows, so it is done once
 * for all the requests that need it at the same time, started when the routes are made, and redone in the
 * background when stale (requests meanwhile get the previous values).
 */
export function createVocabulary(db: Db) {
  let shared: Cached | null = null;
  let refreshing: Promise<unknown> | null = null;
  const perUser = new Map<string, Cached>();

  function readShared(): Cached {
    const entry: Cached = { at: Date.now(), vocabulary: distinctValues(db, null) };
    entry.vocabulary.catch(() => {
      if (shared === entry) shared = null;
    });
    return entry;
  }

  async function sharedVocabulary(): Promise<{ at: number; vocabulary: FilterVocabulary }> {
    if (!shared) shared = readShared();
    else if (Date.now() - shared.at > SHARED_TTL_MS && !refreshing) {
      const next = readShared();
      refreshing = next.vocabulary
        .then(() => {
          shared = next;
        })
        .catch(() => {})
        .finally(() => {
          refreshing = null;
        });
    }
    const current = shared;
    return { at: current.at, vocabulary: await current.vocabulary };
  }

  return {
    async forCaller(caller: Pick<Caller, 'id'>): Promise<FilterVocabulary> {
      const base = await sharedVocabulary();
      const cached = perUser.get(caller.id);
      if (cached && Date.now() - cached.at < USER_TTL_MS && cached.at >= base.at) {
        return cached.vocabulary;
      }
      // Row-level security limits the statement to the caller's rows as well.
      const vocabulary = withUser(db, caller.id, (tx) => distinctValues(tx, caller.id)).then((own) =>
        Object.values(own).every((values) => values.length === 0)
          ? base.vocabulary
          : merge(base.vocabulary, own),
      );
      if (perUser.size > 10_000) perUser.clear();
      const entry = { at: Date.now(), vocabulary };
      perUser.set(caller.id, entry);
      vocabulary.catch(() => {
        if (perUser.get(caller.id) === entry) perUser.delete(caller.id);
      });
      return vocabulary;
    },
    /** As forCaller, when there are `filters` values to check: a search without any does not wait for them. */
    forFilters(caller: Pick<Caller, 'id'>, filters: number): Promise<FilterVocabulary> {
      return filters > 0 ? this.forCaller(caller) : Promise.resolve(NO_VALUES);
    },
    /** The shared values alone (what every user's filters can match: the copilot's lexicon). */
    async shared(): Promise<FilterVocabulary> {
      return (await sharedVocabulary()).vocabulary;
    },
    /** Reads the shared values now, so that the first search does not wait for them. */
    warm(): void {
      sharedVocabulary().catch(() => {});
    },
    /** After new data was loaded or imported. */
    forget(callerId?: string) {
      if (callerId) perUser.delete(callerId);
      else {
        shared = null;
        perUser.clear();
      }
    },
  };
}

export type Vocabulary = ReturnType<typeof createVocabulary>;
