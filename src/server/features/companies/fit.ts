import { sql } from 'drizzle-orm';
import { type FitScore, scoreCompany } from '../../../shared/fit-score.ts';
import type { IcpSegment } from '../../../shared/profile.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { prospectScores } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { getProfile } from '../profile/service.ts';
import type { CompanyRow } from './search.ts';

/** The caller's ICP segments, read once per request. */
export const icpSegments = async (db: Db, caller: Caller): Promise<IcpSegment[]> =>
  (await getProfile(db, caller)).idealCustomerProfile.segments;

/** Fit is computed from the current ICP on every read, so an ICP change shows at once. */
export const withFit = <T extends CompanyRow>(companies: T[], segments: readonly IcpSegment[]) =>
  companies.map((company) => ({ ...company, fit: scoreCompany(company, segments) }));

/**
 * Keeps `prospect_scores` current for the caller's saved companies (what reports, sorting by fit and the
 * integrations read), whenever those companies are shown with a fresh score.
 */
export async function storeScores(
  db: Db,
  caller: Caller,
  companies: readonly { id: string; saved: boolean; fit: FitScore | null }[],
): Promise<void> {
  const rows = companies.filter((c) => c.saved && c.fit);
  if (rows.length === 0) return;
  await withUser(db, caller.id, (tx) =>
    tx
      .insert(prospectScores)
      .values(
        rows.map((c) => ({
          userId: caller.id,
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
      }),
  );
}
