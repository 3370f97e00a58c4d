import { and, eq, sql } from 'drizzle-orm';
import type { TargetAccountStatus } from '../../../shared/companies.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { savedTargetAccounts } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';

export type SavedAccount = {
  companyId: string;
  notes: string;
  tags: string[];
  status: TargetAccountStatus;
  savedAt: string;
  updatedAt: string;
};

export type SavedAccountChange = { notes?: string; tags?: string[]; status?: TargetAccountStatus };

const toSaved = (row: typeof savedTargetAccounts.$inferSelect): SavedAccount => ({
  companyId: row.companyId,
  notes: row.notes,
  tags: row.tags,
  status: row.status as TargetAccountStatus,
  savedAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const COMPANY_NOT_FOUND = 'Company not found';

/** Saves a company to My Companies, or changes its notes, tags or status if it is saved already. */
export function saveAccount(
  db: Db,
  caller: Caller,
  companyId: string,
  change: SavedAccountChange,
): Promise<{ saved: SavedAccount; created: boolean }> {
  return withUser(db, caller.id, async (tx) => {
    // Row-level security hides other users' imports: a company the caller cannot see cannot be saved.
    const [visible] = await queryRows<{ id: string }>(
      tx,
      sql`select id from company_master where id = ${companyId}`,
    );
    if (!visible) throw new AppError('NOT_FOUND', 404, COMPANY_NOT_FOUND);
    const [existing] = await tx
      .select({ id: savedTargetAccounts.id })
      .from(savedTargetAccounts)
      .where(and(eq(savedTargetAccounts.userId, caller.id), eq(savedTargetAccounts.companyId, companyId)));
    const [row] = await tx
      .insert(savedTargetAccounts)
      .values({ userId: caller.id, companyId, ...change })
      .onConflictDoUpdate({
        target: [savedTargetAccounts.userId, savedTargetAccounts.companyId],
        set: { ...change, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('saving the account returned no row');
    return { saved: toSaved(row), created: !existing };
  });
}

export function unsaveAccount(db: Db, caller: Caller, companyId: string): Promise<boolean> {
  return withUser(db, caller.id, async (tx) => {
    const removed = await tx
      .delete(savedTargetAccounts)
      .where(and(eq(savedTargetAccounts.userId, caller.id), eq(savedTargetAccounts.companyId, companyId)))
      .returning({ id: savedTargetAccounts.id });
    return removed.length > 0;
  });
}
