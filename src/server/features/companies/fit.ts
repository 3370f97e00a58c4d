import { eq, sql } from 'drizzle-orm';
import { type FitScore, scoreCompany } from '../../../shared/fit-score.ts';
import type { IcpSegment, IdealCustomerProfile } from '../../../shared/profile.ts';
import type { Db } from '../../db/client.ts';
import { prospectScores, userProfiles } from '../../db/schema.ts';
import type { StoredCompany } from './search.ts';

/**
 * The caller's ICP segments, read in the caller's transaction (one statement, no extra round trips for a
 * transaction of its own). No profile yet means no segments.
 */
async function icpSegments(tx: Db, userId: string): Promise<readonly IcpSegment[]> {
  const [row] = await tx
    .select({ icp: userProfiles.idealCustomerProfile })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return segmentsOf(row?.icp);
}

/** The segments of a stored ICP (`user_profiles.ideal_customer_profile`); none without one. */
export const segmentsOf = (icp: unknown): readonly IcpSegment[] =>
  (icp as IdealCustomerProfile | null | undefined)?.segments ?? [];

/** Companies with their fit against these segments. */
export const scored = <T extends StoredCompany>(companies: readonly T[], segments: readonly IcpSegment[]) =>
  companies.map((company) => ({ ...company, fit: scoreCompany(company, segments) }));

/**
 * Companies with their fit against the caller's current ICP, computed on every read so that an ICP change
 * shows at once. Fit shown for saved companies is also kept in `prospect_scores` (what reports, sorting by
 * fit and the integrations read) when `store` is set.
 */
export async function withFit<T extends StoredCompany>(
  tx: Db,
  userId: string,
  companies: readonly T[],
  { store = false } = {},
): Promise<(T & { fit: FitScore | null })[]> {
  if (companies.length === 0) return [];
  const withScores = scored(companies, await icpSegments(tx, userId));
  const saved = withScores.filter((c) => c.saved && c.fit);
  if (store && saved.length > 0) {
    await tx
      .insert(prospectScores)
      .values(
        saved.map((c) => ({
          userId,
          companyId: c.id,
          score: c.fit?.score ?? 0,
          tier: c.fit?.tier ?? 'C',
          reason: c.fit?.reason ?? '',
          segmentId: c.fit?.segmentId ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [prospectScores.userId, prospectScores.companyId],
        set: {
          score: sql`excluded.score`,
          tier: sql`excluded.tier`,
          reason: sql`excluded.reason`,
          segmentId: sql`excluded.segment_id`,
          computedAt: sql`now()`,
        },
      });
  }
  return withScores;
}
