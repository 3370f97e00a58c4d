/**
 * Sales Q&A (issue 9, Emma): a question is answered from the answer library when an approved entry asks the
 * same thing (free: a person wrote it), else from the knowledge base with citations (one knowledge_chat
 * credit, as the knowledge chat). The library (owner, category, tags, last reviewed), thumbs up or down on
 * answers (shown with the entry they came from) and the review list of questions nobody answered yet.
 * RFP drafting uses matchLibrary and addLibraryEntry too.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  ANSWER_CATEGORIES,
  type AnswerCategory,
  type AnswerReview,
  type AskResponse,
  categorize,
  type FeedbackSummary,
  LIBRARY_ENTRY_NOT_FOUND,
  LIBRARY_PAGE_SIZE,
  type LibraryEntry,
  type LibraryEntryPatch,
  type LibraryList,
  REVIEW_AFTER_DAYS,
  REVIEW_NOT_FOUND,
  REVIEW_RESOLVED,
} from '../../../shared/answers.ts';
import type { AiEngine } from '../../ai/port.ts';
import type { AppDeps, Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { answerFeedback, answerLibrary, answerReviews } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { askKnowledge } from '../knowledge/service.ts';

/**
 * How closely a question must match a library entry's to be answered by it: the larger of their trigram
 * similarity and the share of their words (stemmed, without stopwords) they have in common. 0.6 takes
 * "Do you encrypt data at rest?" for "Is customer data encrypted at rest?" and not "Do you encrypt backups?".
 */
export const LIBRARY_MATCH_MIN = 0.6;
/** Library candidates read for a question before the closest is picked. */
const MATCH_CANDIDATES = 20;
/** Comments shown with an entry's feedback. */
const FEEDBACK_COMMENTS = 3;

type EntryRow = typeof answerLibrary.$inferSelect;

const emptyFeedback: FeedbackSummary = { helpful: 0, unhelpful: 0, comments: [] };

function toEntry(row: EntryRow, feedback: FeedbackSummary = emptyFeedback): LibraryEntry {
  const due = Date.now() - row.lastReviewedAt.getTime() > REVIEW_AFTER_DAYS * 24 * 60 * 60 * 1000;
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    category: (ANSWER_CATEGORIES as readonly string[]).includes(row.category)
      ? (row.category as AnswerCategory)
      : 'other',
    tags: row.tags,
    owner: row.owner,
    origin: row.origin,
    lastReviewedAt: row.lastReviewedAt.toISOString(),
    reviewDue: due,
    feedback,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tags as kept: trimmed, lower-cased, each once. */
const normalTags = (tags: readonly string[]) => [...new Set(tags.map((tag) => tag.trim().toLowerCase()))];

/** The thumbs and latest comments of each entry. */
async function feedbackOf(
  tx: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, FeedbackSummary>> {
  const summaries = new Map<string, FeedbackSummary>();
  if (ids.length === 0) return summaries;
  const rows = await tx
    .select({
      entryId: answerFeedback.entryId,
      rating: answerFeedback.rating,
      comment: answerFeedback.comment,
      createdAt: answerFeedback.createdAt,
    })
    .from(answerFeedback)
    .where(and(eq(answerFeedback.userId, userId), inArray(answerFeedback.entryId, [...ids])))
    .orderBy(desc(answerFeedback.createdAt));
  for (const row of rows) {
    if (!row.entryId) continue;
    const summary = summaries.get(row.entryId) ?? { helpful: 0, unhelpful: 0, comments: [] };
    if (row.rating > 0) summary.helpful += 1;
    else summary.unhelpful += 1;
    if (row.comment && summary.comments.length < FEEDBACK_COMMENTS) {
      summary.comments.push({
        rating: row.rating,
        comment: row.comment,
        createdAt: row.createdAt.toISOString(),
      });
    }
    summaries.set(row.entryId, summary);
  }
  return summaries;
}

async function ownEntry(tx: Db, userId: string, id: string): Promise<EntryRow> {
  const [row] = await tx
    .select()
    .from(answerLibrary)
    .where(and(eq(answerLibrary.id, id), eq(answerLibrary.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 404, LIBRARY_ENTRY_NOT_FOUND);
  return row;
}

/**
 * The library entry that asks what `question` asks, with how closely (LIBRARY_MATCH_MIN or more), or null.
 * Candidates share a word with it (full text) or look like it (trigram); the closest wins, then the most
 * recently reviewed.
 */
export async function matchLibrary(
  tx: Db,
  userId: string,
  question: string,
): Promise<{ entry: EntryRow; match: number } | null> {
  const rows = await queryRows<{ id: string; similarity: number; words: string[]; asked: string[] }>(
    tx,
    sql`with asked as (
          select tsvector_to_array(to_tsvector('english', ${question})) as words,
            (select string_agg(quote_literal(lexeme), ' | ') from unnest(to_tsvector('english', ${question})))
              as any_word
        )
        select e.id, similarity(lower(e.question), lower(${question}))::float8 as similarity,
          tsvector_to_array(to_tsvector('english', e.question)) as words, asked.words as asked
        from answer_library e, asked
        where e.user_id = ${userId}
          and (e.question % ${question}
            or (asked.any_word is not null and e.search_vector @@ asked.any_word::tsquery))
        order by similarity(lower(e.question), lower(${question})) desc, e.last_reviewed_at desc, e.id
        limit ${MATCH_CANDIDATES}`,
  );
  let best: { id: string; match: number } | null = null;
  for (const row of rows) {
    const asked = new Set(row.asked);
    const shared = row.words.filter((word) => asked.has(word)).length;
    const overlap = shared / Math.max(1, row.words.length, asked.size);
    const match = Math.max(row.similarity, overlap);
    if (match >= LIBRARY_MATCH_MIN && (!best || match > best.match)) best = { id: row.id, match };
  }
  if (!best) return null;
  return { entry: await ownEntry(tx, userId, best.id), match: Math.round(best.match * 1000) / 1000 };
}

/**
 * `POST /api/v1/answers/ask`: the library's answer when an entry matches (free), else the knowledge base's
 * cited answer (one knowledge_chat credit when it answers; "I don't know" is free).
 */
export async function askQuestion(
  deps: Pick<AppDeps, 'credits' | 'database'>,
  engine: AiEngine,
  caller: Caller,
  input: { question: string; signal?: AbortSignal },
  logger: Logger,
): Promise<AskResponse> {
  const { question } = input;
  const db = deps.database.db;
  const matched = await withUser(db, caller.id, async (tx) => {
    const found = await matchLibrary(tx, caller.id, question);
    if (!found) return null;
    const feedback = await feedbackOf(tx, caller.id, [found.entry.id]);
    return { entry: toEntry(found.entry, feedback.get(found.entry.id)), match: found.match };
  });
  if (matched) {
    return {
      question,
      answer: matched.entry.answer,
      sources: [],
      fromLibrary: true,
      libraryEntry: matched.entry,
      match: matched.match,
      answered: true,
      category: matched.entry.category,
      creditsCharged: 0,
    };
  }
  const knowledge = await askKnowledge(
    deps,
    engine,
    caller,
    { query: question, history: [], signal: input.signal },
    logger,
  );
  return {
    question,
    answer: knowledge.response,
    sources: knowledge.sources,
    fromLibrary: false,
    libraryEntry: null,
    match: null,
    answered: knowledge.answered,
    category: categorize(question),
    creditsCharged: knowledge.creditsCharged,
    ...(knowledge.modelUnavailable ? { modelUnavailable: true } : {}),
  };
}

// The library ----------------------------------------------------------------------------------------------

export type LibraryFilter = {
  q?: string;
  category?: AnswerCategory;
  tag?: string;
  limit?: number;
  offset?: number;
};

export function listLibrary(db: Db, caller: Caller, filter: LibraryFilter): Promise<LibraryList> {
  return withUser(db, caller.id, async (tx) => {
    const conditions: SQL[] = [eq(answerLibrary.userId, caller.id)];
    const q = filter.q?.trim();
    if (q) {
      conditions.push(
        sql`(${answerLibrary.searchVector} @@ websearch_to_tsquery('english', ${q})
          or ${answerLibrary.question} ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
      );
    }
    if (filter.category) conditions.push(eq(answerLibrary.category, filter.category));
    if (filter.tag) conditions.push(sql`${filter.tag.toLowerCase()} = any(${answerLibrary.tags})`);
    const where = and(...conditions);
    const rows = await tx
      .select()
      .from(answerLibrary)
      .where(where)
      .orderBy(
        ...(q
          ? [sql`ts_rank(${answerLibrary.searchVector}, websearch_to_tsquery('english', ${q})) desc`]
          : []),
        desc(answerLibrary.updatedAt),
        answerLibrary.id,
      )
      .limit(filter.limit ?? LIBRARY_PAGE_SIZE)
      .offset(filter.offset ?? 0);
    const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(answerLibrary).where(where);
    const categories = await queryRows<{ category: string; count: number }>(
      tx,
      sql`select category, count(*)::int as count from answer_library where user_id = ${caller.id} group by category`,
    );
    const tags = await queryRows<{ tag: string; count: number }>(
      tx,
      sql`select tag, count(*)::int as count from answer_library, unnest(tags) tag
          where user_id = ${caller.id} group by tag order by count(*) desc, tag limit 50`,
    );
    const feedback = await feedbackOf(
      tx,
      caller.id,
      rows.map((row) => row.id),
    );
    return {
      entries: rows.map((row) => toEntry(row, feedback.get(row.id))),
      total: count?.total ?? 0,
      categories: Object.fromEntries(categories.map((row) => [row.category, row.count])),
      tags,
    };
  });
}

export function getLibraryEntry(db: Db, caller: Caller, id: string): Promise<LibraryEntry> {
  return withUser(db, caller.id, async (tx) => {
    const row = await ownEntry(tx, caller.id, id);
    return toEntry(row, (await feedbackOf(tx, caller.id, [id])).get(id));
  });
}

export type NewLibraryEntry = {
  question: string;
  answer: string;
  category?: AnswerCategory;
  tags?: readonly string[];
  owner?: string;
  origin?: EntryRow['origin'];
};

/** Adds an entry (in the caller's transaction when `tx` is given: an RFP approval or a review answered). */
export async function addLibraryEntry(tx: Db, caller: Caller, input: NewLibraryEntry): Promise<EntryRow> {
  const [row] = await tx
    .insert(answerLibrary)
    .values({
      userId: caller.id,
      question: input.question,
      answer: input.answer,
      category: input.category ?? categorize(input.question),
      tags: normalTags(input.tags ?? []),
      owner: input.owner ?? caller.name,
      origin: input.origin ?? 'library',
    })
    .returning();
  if (!row) throw new Error('the library entry was not written');
  return row;
}

/** Replaces an entry's answer within the caller's transaction (an RFP answer saved again), marking it reviewed. */
export async function updateLibraryAnswer(tx: Db, caller: Caller, id: string, answer: string): Promise<void> {
  await tx
    .update(answerLibrary)
    .set({ answer, lastReviewedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(answerLibrary.id, id), eq(answerLibrary.userId, caller.id)));
}

/**
 * `POST /api/v1/answers/library`. The same question with the same answer is already an entry (a "Save to
 * library" clicked twice, a request sent again): that entry is returned and `created` is false. Additions of
 * one user are serialised, so two requests at once cannot both add it.
 */
export function createLibraryEntry(
  db: Db,
  caller: Caller,
  input: NewLibraryEntry,
): Promise<{ entry: LibraryEntry; created: boolean }> {
  return withUser(db, caller.id, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`answer-library:${caller.id}`}, 0))`,
    );
    const question = input.question.trim();
    const answer = input.answer.trim();
    const [same] = await tx
      .select()
      .from(answerLibrary)
      .where(
        and(
          eq(answerLibrary.userId, caller.id),
          eq(answerLibrary.question, question),
          eq(answerLibrary.answer, answer),
        ),
      )
      .limit(1);
    if (same)
      return {
        entry: toEntry(same, (await feedbackOf(tx, caller.id, [same.id])).get(same.id)),
        created: false,
      };
    return {
      entry: toEntry(await addLibraryEntry(tx, caller, { ...input, question, answer })),
      created: true,
    };
  });
}

export function updateLibraryEntry(
  db: Db,
  caller: Caller,
  id: string,
  patch: LibraryEntryPatch,
): Promise<LibraryEntry> {
  return withUser(db, caller.id, async (tx) => {
    await ownEntry(tx, caller.id, id);
    const changesContent = patch.question !== undefined || patch.answer !== undefined;
    const [row] = await tx
      .update(answerLibrary)
      .set({
        ...(patch.question !== undefined ? { question: patch.question } : {}),
        ...(patch.answer !== undefined ? { answer: patch.answer } : {}),
        ...(patch.category !== undefined ? { category: patch.category } : {}),
        ...(patch.tags !== undefined ? { tags: normalTags(patch.tags) } : {}),
        ...(patch.owner !== undefined ? { owner: patch.owner } : {}),
        // Rewriting an answer, or confirming it, is a review.
        ...(changesContent || patch.reviewed ? { lastReviewedAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(answerLibrary.id, id), eq(answerLibrary.userId, caller.id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 404, LIBRARY_ENTRY_NOT_FOUND);
    return toEntry(row, (await feedbackOf(tx, caller.id, [id])).get(id));
  });
}

export function deleteLibraryEntry(db: Db, caller: Caller, id: string): Promise<void> {
  return withUser(db, caller.id, async (tx) => {
    const deleted = await tx
      .delete(answerLibrary)
      .where(and(eq(answerLibrary.id, id), eq(answerLibrary.userId, caller.id)))
      .returning({ id: answerLibrary.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404, LIBRARY_ENTRY_NOT_FOUND);
  });
}

// Feedback and the review list ------------------------------------------------------------------------------

export function addFeedback(
  db: Db,
  caller: Caller,
  input: { question: string; answer: string; rating: 1 | -1; entryId?: string | null; comment?: string },
): Promise<{ id: string }> {
  return withUser(db, caller.id, async (tx) => {
    if (input.entryId) await ownEntry(tx, caller.id, input.entryId);
    const [row] = await tx
      .insert(answerFeedback)
      .values({
        userId: caller.id,
        entryId: input.entryId ?? null,
        question: input.question,
        answer: input.answer,
        rating: input.rating,
        comment: input.comment || null,
      })
      .returning({ id: answerFeedback.id });
    if (!row) throw new Error('the feedback was not written');
    return row;
  });
}

type ReviewRow = typeof answerReviews.$inferSelect;

const toReview = (row: ReviewRow): AnswerReview => ({
  id: row.id,
  question: row.question,
  note: row.note,
  status: row.status,
  entryId: row.entryId,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** Sends a question to the review list; the same open question twice is one request. */
export function requestReview(
  db: Db,
  caller: Caller,
  input: { question: string; note?: string },
): Promise<{ review: AnswerReview; created: boolean }> {
  return withUser(db, caller.id, async (tx) => {
    const [open] = await tx
      .select()
      .from(answerReviews)
      .where(
        and(
          eq(answerReviews.userId, caller.id),
          eq(answerReviews.status, 'open'),
          sql`lower(${answerReviews.question}) = lower(${input.question})`,
        ),
      );
    if (open) return { review: toReview(open), created: false };
    const [row] = await tx
      .insert(answerReviews)
      .values({ userId: caller.id, question: input.question, note: input.note || null })
      .returning();
    if (!row) throw new Error('the review request was not written');
    return { review: toReview(row), created: true };
  });
}

export function listReviews(
  db: Db,
  caller: Caller,
  status: AnswerReview['status'] | undefined,
): Promise<AnswerReview[]> {
  return withUser(db, caller.id, async (tx) => {
    const rows = await tx
      .select()
      .from(answerReviews)
      .where(and(eq(answerReviews.userId, caller.id), ...(status ? [eq(answerReviews.status, status)] : [])))
      .orderBy(desc(answerReviews.createdAt), answerReviews.id)
      .limit(200);
    return rows.map(toReview);
  });
}

/** Answers a review request (the answer joins the library) or dismisses it. */
export function resolveReview(
  db: Db,
  caller: Caller,
  id: string,
  resolution:
    | { status: 'answered'; answer: string; category: AnswerCategory; tags: string[] }
    | { status: 'dismissed' },
): Promise<{ review: AnswerReview; entry: LibraryEntry | null }> {
  return withUser(db, caller.id, async (tx) => {
    const [review] = await tx
      .select()
      .from(answerReviews)
      .where(and(eq(answerReviews.id, id), eq(answerReviews.userId, caller.id)))
      .for('update');
    if (!review) throw new AppError('NOT_FOUND', 404, REVIEW_NOT_FOUND);
    if (review.status !== 'open') throw new AppError('CONFLICT', 409, REVIEW_RESOLVED);
    const entry =
      resolution.status === 'answered'
        ? await addLibraryEntry(tx, caller, {
            question: review.question,
            answer: resolution.answer,
            category: resolution.category,
            tags: resolution.tags,
            origin: 'review',
          })
        : null;
    const [row] = await tx
      .update(answerReviews)
      .set({ status: resolution.status, entryId: entry?.id ?? review.entryId, resolvedAt: new Date() })
      .where(eq(answerReviews.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 404, REVIEW_NOT_FOUND);
    return { review: toReview(row), entry: entry ? toEntry(entry) : null };
  });
}
