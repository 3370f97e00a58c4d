import { z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { savedKeyPeople } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';

export type SavedPerson = {
  contactId: string;
  notes: string;
  tags: string[];
  savedAt: string;
  updatedAt: string;
};

export type SavedPersonChange = { notes?: string; tags?: string[] };

/** A My People entry's notes and tags, as the API and the people import take them. */
export const savedPersonChangeSchema = z
  .object({
    notes: z.string().max(5000, 'must be at most 5000 characters').optional(),
    tags: z
      .array(z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'))
      .max(20, 'must have at most 20 tags')
      .transform((tags) => [...new Set(tags)])
      .optional(),
  })
  .strict();

export const PERSON_NOT_FOUND = 'Person not found';

const toSaved = (row: typeof savedKeyPeople.$inferSelect): SavedPerson => ({
  contactId: row.contactId,
  notes: row.notes,
  tags: row.tags,
  savedAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Saves a person to My People, or changes their notes or tags if they are saved already. */
export function savePerson(
  db: Db,
  caller: Caller,
  contactId: string,
  change: SavedPersonChange,
): Promise<{ saved: SavedPerson; created: boolean }> {
  return withUser(db, caller.id, async (tx) => {
    // Row-level security hides other users' imports: a person the caller cannot see cannot be saved.
    const [visible] = await queryRows<{ id: string }>(
      tx,
      sql`select id from company_contacts where id = ${contactId}`,
    );
    if (!visible) throw new AppError('NOT_FOUND', 404, PERSON_NOT_FOUND);
    const [existing] = await tx
      .select({ id: savedKeyPeople.id })
      .from(savedKeyPeople)
      .where(and(eq(savedKeyPeople.userId, caller.id), eq(savedKeyPeople.contactId, contactId)));
    const [row] = await tx
      .insert(savedKeyPeople)
      .values({ userId: caller.id, contactId, ...change })
      .onConflictDoUpdate({
        target: [savedKeyPeople.userId, savedKeyPeople.contactId],
        set: { ...change, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('saving the person returned no row');
    return { saved: toSaved(row), created: !existing };
  });
}

export function unsavePerson(db: Db, caller: Caller, contactId: string): Promise<boolean> {
  return withUser(db, caller.id, async (tx) => {
    const removed = await tx
      .delete(savedKeyPeople)
      .where(and(eq(savedKeyPeople.userId, caller.id), eq(savedKeyPeople.contactId, contactId)))
      .returning({ id: savedKeyPeople.id });
    return removed.length > 0;
  });
}

/** The caller's My People entry for a person, or null when not saved. */
export function getSavedPerson(db: Db, caller: Caller, contactId: string): Promise<SavedPerson | null> {
  return withUser(db, caller.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(savedKeyPeople)
      .where(and(eq(savedKeyPeople.userId, caller.id), eq(savedKeyPeople.contactId, contactId)));
    return row ? toSaved(row) : null;
  });
}
