import { sql } from 'drizzle-orm';
import type { FilterVocabulary } from '../../../shared/filter-validator.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { withUser } from '../../db/user-scope.ts';

/** Shared data changes only when it is loaded or generated: a few minutes of staleness costs nothing. */
const SHARED_TTL_MS = 5 * 60_000;
/** A user's imports change their own vocabulary (a new city): they see it within a few seconds. */
const USER_TTL_MS = 10_000;

type Cached = { at: number; vocabulary: FilterVocabulary };

const distinctValues = async (tx: Db, owner: 'shared' | 'own') => {
  const scope = owner === 'shared' ? sql`owner_id is null` : sql`owner_id is not null`;
  const [row] = await queryRows<Record<keyof FilterVocabulary, string[] | null>>(
    tx,
    sql`select
      array(select distinct primary_industry from company_master where ${scope} and primary_industry is not null) as industries,
      array(select distinct size from company_master where ${scope} and size is not null) as sizes,
      array(select distinct country from company_master where ${scope} and country is not null) as countries,
      array(select distinct region from company_master where ${scope} and region is not null) as regions,
      array(select distinct city from company_master where ${scope} and city is not null) as cities`,
  );
  return {
    industries: row?.industries ?? [],
    sizes: row?.sizes ?? [],
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
 * it is built once.
 */
export function createVocabulary(db: Db) {
  let shared: Cached | null = null;
  const perUser = new Map<string, Cached>();

  async function sharedVocabulary(): Promise<FilterVocabulary> {
    if (!shared || Date.now() - shared.at > SHARED_TTL_MS) {
      shared = { at: Date.now(), vocabulary: await distinctValues(db, 'shared') };
    }
    return shared.vocabulary;
  }

  return {
    async forCaller(caller: Pick<Caller, 'id'>): Promise<FilterVocabulary> {
      const base = await sharedVocabulary();
      const cached = perUser.get(caller.id);
      if (cached && Date.now() - cached.at < USER_TTL_MS && shared && cached.at >= shared.at) {
        return cached.vocabulary;
      }
      // Row-level security limits "own" to the caller's imports.
      const own = await withUser(db, caller.id, (tx) => distinctValues(tx, 'own'));
      const empty = Object.values(own).every((values) => values.length === 0);
      const vocabulary = empty ? base : merge(base, own);
      if (perUser.size > 10_000) perUser.clear();
      perUser.set(caller.id, { at: Date.now(), vocabulary });
      return vocabulary;
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
