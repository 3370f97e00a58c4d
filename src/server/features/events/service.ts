/**
 * Activity events (issue 10): what happened in a user's account, recorded by the feature where it happened,
 * inside that change's own transaction, so an event exists only if its change committed. Each event fans out to
 * the user's webhooks in the same transaction (webhooks/service.ts); the timeline at /events-results reads them.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type ActivityEvent,
  EVENTS_PAGE_DEFAULT,
  type EventList,
  type EventSubjectType,
  type EventType,
} from '../../../shared/events.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { activityEvents } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import { queueDeliveries } from '../webhooks/service.ts';

export type NewEvent = {
  userId: string;
  type: EventType;
  subjectType?: EventSubjectType | null;
  subjectId?: string | null;
  /** One line a person reads ("Berlin Ledger moved from Qualified to At risk"). */
  summary: string;
  /** What a webhook receives as `data`. */
  data?: Record<string, unknown>;
};

type EventRow = typeof activityEvents.$inferSelect;

const toEvent = (row: EventRow): ActivityEvent => ({
  id: row.id,
  type: row.type,
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  summary: row.summary,
  data: (row.data ?? {}) as Record<string, unknown>,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Records an event in the caller's open, user-scoped transaction (`withUser`), with its webhook deliveries.
 * Call it where the change is written; never after the commit in a transaction of its own if it can be helped.
 */
export async function recordEvent(tx: Db, event: NewEvent): Promise<ActivityEvent> {
  const [row] = await tx
    .insert(activityEvents)
    .values({
      userId: event.userId,
      type: event.type,
      subjectType: event.subjectType ?? null,
      subjectId: event.subjectId ?? null,
      summary: event.summary.slice(0, 500),
      data: event.data ?? {},
    })
    .returning();
  if (!row) throw new Error('the event was not written');
  await queueDeliveries(tx, {
    id: row.id,
    userId: row.userId,
    type: row.type,
    createdAt: row.createdAt,
    data: toEvent(row).data,
  });
  return toEvent(row);
}

export type EventQuery = {
  types?: string[];
  subjectType?: string;
  subjectId?: string;
  cursor?: string;
  limit?: number;
};

const INVALID_CURSOR = 'The cursor is not one this list gave out; start again without it';

/** PostgreSQL's text of a timestamptz: `2026-11-26 11:41:03.224123+00`. */
const TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;

/** A cursor is the last event's exact time (microseconds, as PostgreSQL keeps it) and id. */
function encodeCursor(at: string, id: string) {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^[0-9a-f-]{36}$/i.test(id) || !TIMESTAMP.test(at)) {
    throw new AppError('VALIDATION_ERROR', 400, INVALID_CURSOR);
  }
  return { at, id };
}

/** The caller's events, newest first, a page at a time (keyset on time and id). */
export function listEvents(db: Db, caller: Caller, query: EventQuery): Promise<EventList> {
  const limit = query.limit ?? EVENTS_PAGE_DEFAULT;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  return withUser(db, caller.id, async (tx) => {
    const rows = await tx
      .select({ event: activityEvents, at: sql<string>`${activityEvents.createdAt}::text` })
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.userId, caller.id),
          query.types?.length ? inArray(activityEvents.type, query.types) : undefined,
          query.subjectType ? eq(activityEvents.subjectType, query.subjectType) : undefined,
          query.subjectId ? eq(activityEvents.subjectId, query.subjectId) : undefined,
          after
            ? sql`(${activityEvents.createdAt}, ${activityEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      events: page.map((r) => toEvent(r.event)),
      nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.event.id) : null,
    };
  });
}
