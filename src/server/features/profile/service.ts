import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  type IcpSegment,
  type IcpSegmentInput,
  type IdealCustomerProfile,
  icpSegmentInputSchema,
  type Profile,
  type ProfileUpdate,
} from '../../../shared/profile.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { userProfiles } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';

type ProfileRow = typeof userProfiles.$inferSelect;

function toProfile(row: ProfileRow): Profile {
  const icp = row.idealCustomerProfile as IdealCustomerProfile;
  return {
    onboardingCompleted: row.onboardingCompleted,
    company: {
      name: row.companyName ?? '',
      website: row.companyWebsite ?? '',
      industry: row.companyIndustry ?? '',
      offering: row.offering ?? '',
    },
    idealCustomerProfile: { segments: icp.segments ?? [], summary: icp.summary ?? '' },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The caller's row, created with defaults on first use (one row per user). RLS scopes every statement; the
 * explicit WHERE says the same. Writers lock the row so concurrent segment edits never lose one another.
 */
async function loadRow(tx: Db, caller: Caller, lock = false): Promise<ProfileRow> {
  const select = () => {
    const query = tx.select().from(userProfiles).where(eq(userProfiles.userId, caller.id));
    return lock ? query.for('update') : query;
  };
  const [existing] = await select();
  if (existing) return existing;
  await tx.insert(userProfiles).values({ userId: caller.id }).onConflictDoNothing();
  const [created] = await select();
  if (!created) throw new Error('profile row missing after insert');
  return created;
}

export function getProfile(db: Db, caller: Caller): Promise<Profile> {
  return withUser(db, caller.id, async (tx) => toProfile(await loadRow(tx, caller)));
}

export function updateProfile(db: Db, caller: Caller, update: ProfileUpdate): Promise<Profile> {
  return withUser(db, caller.id, async (tx) => {
    const row = await loadRow(tx, caller, true);
    const icp = row.idealCustomerProfile as IdealCustomerProfile;
    const [saved] = await tx
      .update(userProfiles)
      .set({
        onboardingCompleted: update.onboardingCompleted ?? row.onboardingCompleted,
        companyName: update.company?.name ?? row.companyName,
        companyWebsite: update.company?.website ?? row.companyWebsite,
        companyIndustry: update.company?.industry ?? row.companyIndustry,
        offering: update.company?.offering ?? row.offering,
        idealCustomerProfile: { ...icp, summary: update.summary ?? icp.summary },
        updatedAt: new Date(),
      })
      .where(eq(userProfiles.userId, caller.id))
      .returning();
    if (!saved) throw new Error('profile update returned no row');
    return toProfile(saved);
  });
}

/** Applies `change` to the caller's segments in one transaction (spec 1 §4: each change rewrites the ICP). */
function changeSegments(
  db: Db,
  caller: Caller,
  change: (segments: IcpSegment[]) => IcpSegment[],
): Promise<Profile> {
  return withUser(db, caller.id, async (tx) => {
    const row = await loadRow(tx, caller, true);
    const icp = row.idealCustomerProfile as IdealCustomerProfile;
    const [saved] = await tx
      .update(userProfiles)
      .set({ idealCustomerProfile: { ...icp, segments: change(icp.segments ?? []) }, updatedAt: new Date() })
      .where(eq(userProfiles.userId, caller.id))
      .returning();
    if (!saved) throw new Error('segment update returned no row');
    return toProfile(saved);
  });
}

const segmentNotFound = () => new AppError('NOT_FOUND', 404, 'ICP segment not found');

function findIndex(segments: IcpSegment[], id: string): number {
  const index = segments.findIndex((segment) => segment.id === id);
  if (index < 0) throw segmentNotFound();
  return index;
}

export function addSegment(db: Db, caller: Caller, input: IcpSegmentInput): Promise<Profile> {
  const fields = icpSegmentInputSchema.parse(input);
  return changeSegments(db, caller, (segments) => {
    if (segments.length >= 50)
      throw new AppError('BAD_REQUEST', 400, 'An ideal customer profile has at most 50 segments');
    return [...segments, { ...fields, id: randomUUID(), updatedAt: new Date().toISOString() }];
  });
}

export function updateSegment(
  db: Db,
  caller: Caller,
  id: string,
  input: Partial<IcpSegmentInput>,
): Promise<Profile> {
  return changeSegments(db, caller, (segments) => {
    const index = findIndex(segments, id);
    const current = segments[index] as IcpSegment;
    const merged = icpSegmentInputSchema.parse({ ...current, ...input });
    const next = [...segments];
    next[index] = { ...merged, id, updatedAt: new Date().toISOString() };
    return next;
  });
}

export function deleteSegment(db: Db, caller: Caller, id: string): Promise<Profile> {
  return changeSegments(db, caller, (segments) => {
    findIndex(segments, id);
    return segments.filter((segment) => segment.id !== id);
  });
}

export function toggleSegment(db: Db, caller: Caller, id: string): Promise<Profile> {
  return changeSegments(db, caller, (segments) => {
    const index = findIndex(segments, id);
    const current = segments[index] as IcpSegment;
    const next = [...segments];
    next[index] = { ...current, isActive: !current.isActive, updatedAt: new Date().toISOString() };
    return next;
  });
}
