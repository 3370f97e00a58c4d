/**
 * Enterprise file search (issue 8 point 5): the caller's passages that hold the words searched for (web-search
 * syntax: "quoted phrases", or, -excluded), best first by PostgreSQL's cover density, with the matches marked
 * for highlighting, filtered by document type, upload date and entity. When no passage holds every word, the
 * passages holding some of them are shown instead, and the answer says so. Free.
 */
import { type SQL, sql } from 'drizzle-orm';
import { DOCUMENT_FORMATS, type KnowledgeSearchResponse, type Passage } from '../../../shared/knowledge.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  afterCursor,
  type Cursor,
  decodeCursor,
  keysetPage,
  orderBy,
  type SortSpec,
} from '../../db/keyset.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import { ENTITY_NOT_FOUND } from './graph.ts';
import { RANK_WEIGHTS } from './retrieval.ts';

/** What `type=` accepts: an extension we read, or its MIME type. */
export const SEARCH_TYPES = [
  ...new Set([
    ...Object.keys(DOCUMENT_FORMATS),
    ...Object.values(DOCUMENT_FORMATS).map((format) => format.mimeType),
  ]),
] as [string, ...string[]];

export type SearchInput = {
  q: string;
  /** Extensions or MIME types; empty for all. */
  types: readonly string[];
  /** Documents uploaded from this instant (inclusive)... */
  from?: Date;
  /** ...and before this one (exclusive). */
  to?: Date;
  entityId?: string;
  limit: number;
  cursor?: string;
};

/** `2026-11-03` as the start of that day (UTC), or an ISO date and time as given. */
export function startOf(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** The end of a `to` filter: a bare date includes its whole day. */
export function endOf(value: string): Date {
  const date = startOf(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

const mimeTypesOf = (types: readonly string[]) => [
  ...new Set(
    types.map((type) =>
      type in DOCUMENT_FORMATS ? DOCUMENT_FORMATS[type as keyof typeof DOCUMENT_FORMATS].mimeType : type,
    ),
  ),
];

/** ts_headline's options: matches between « and », two fragments of up to 35 words. */
const HEADLINE =
  'StartSel=«, StopSel=», MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "';

type Mode = 'all' | 'any';
const SORT = { all: 'relevance-all', any: 'relevance-any' } as const;

/** Every word (web-search syntax), or any of the words. */
function tsquery(mode: Mode, q: string): SQL {
  return mode === 'all'
    ? sql`websearch_to_tsquery('english', ${q})`
    : sql`replace(plainto_tsquery('english', ${q})::text, ' & ', ' | ')::tsquery`;
}

const spec = (query: SQL): SortSpec => ({
  value: sql`ts_rank_cd(${RANK_WEIGHTS}::float4[], c.search_vector, ${query}, 32)::float8`,
  id: sql`c.id`,
  type: 'float8',
  descending: true,
  nullable: false,
});

type Row = {
  id: string;
  document_id: string;
  title: string;
  filename: string;
  mime_type: string;
  section: string | null;
  page: number | null;
  created_at: Date | string;
  sortValue: number;
  highlighted: string;
};

async function page(
  tx: Db,
  userId: string,
  input: SearchInput,
  mode: Mode,
  cursor: Cursor | null,
): Promise<{ passages: Passage[]; nextCursor: string | null }> {
  const query = tsquery(mode, input.q);
  const sort = spec(query);
  const filters: SQL[] = [sql`c.user_id = ${userId}`, sql`d.status = 'indexed'`];
  if (input.types.length > 0) {
    filters.push(
      sql`d.mime_type in (${sql.join(
        mimeTypesOf(input.types).map((type) => sql`${type}`),
        sql`, `,
      )})`,
    );
  }
  if (input.from) filters.push(sql`d.created_at >= ${input.from.toISOString()}::timestamptz`);
  if (input.to) filters.push(sql`d.created_at < ${input.to.toISOString()}::timestamptz`);
  if (input.entityId) {
    filters.push(
      sql`exists (select 1 from entity_document_refs r
                  where r.user_id = ${userId} and r.entity_id = ${input.entityId} and r.chunk_id = c.id)`,
    );
  }
  if (cursor) filters.push(afterCursor(sort, cursor));
  // The headline is made for the page only: it reads the whole passage again.
  const rows = await queryRows<Row>(
    tx,
    // The matching passages through the search index (knowledge_passages_matching: under row-level security
    // `@@` cannot use it), materialized first so that the planner starts from them.
    sql`with matching as materialized (select id from knowledge_passages_matching(${query}) as m(id))
        select found.*, ts_headline('english', replace(replace(found.text, '«', '"'), '»', '"'), ${query},
          ${HEADLINE}) as highlighted
        from (
          select c.id, c.document_id, d.title, d.filename, d.mime_type, c.section, c.page, c.text, d.created_at,
            ${sort.value} as "sortValue"
          from matching m
          join document_chunks c on c.id = m.id
          join document_references d on d.id = c.document_id and d.user_id = ${userId}
          where ${sql.join(filters, sql` and `)}
          ${orderBy(sort)}
          limit ${input.limit + 1}
        ) found
        order by found."sortValue" desc, found.id desc`,
  );
  const { rows: passages, nextCursor } = keysetPage(
    rows.map((row) => ({ ...row, score: row.sortValue })),
    input.limit,
    SORT[mode],
  );
  return {
    passages: passages.map((row) => ({
      chunkId: row.id,
      documentId: row.document_id,
      title: row.title,
      filename: row.filename,
      mimeType: row.mime_type,
      section: row.section,
      page: row.page,
      highlighted: row.highlighted,
      score: Math.round(row.score * 1000) / 1000,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    nextCursor,
  };
}

/** A page of the search; a cursor carries whether it pages through all the words or any of them. */
export function searchPassages(db: Db, userId: string, input: SearchInput): Promise<KnowledgeSearchResponse> {
  return withUser(db, userId, async (tx) => {
    if (input.entityId) {
      const known = await queryRows<{ id: string }>(
        tx,
        sql`select id from knowledge_entities where user_id = ${userId} and id = ${input.entityId}`,
      );
      if (known.length === 0) throw new AppError('NOT_FOUND', 404, ENTITY_NOT_FOUND);
    }
    if (input.cursor) {
      const mode = cursorMode(input.cursor);
      const cursor = decodeCursor(input.cursor, SORT[mode], spec(tsquery(mode, input.q)));
      return { ...(await page(tx, userId, input, mode, cursor)), matchedAllWords: mode === 'all' };
    }
    const all = await page(tx, userId, input, 'all', null);
    if (all.passages.length > 0) return { ...all, matchedAllWords: true };
    return { ...(await page(tx, userId, input, 'any', null)), matchedAllWords: false };
  });
}

/** Which search a cursor continues (decodeCursor then checks all of it). */
function cursorMode(raw: string): Mode {
  try {
    const { sort } = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { sort?: unknown };
    return sort === SORT.any ? 'any' : 'all';
  } catch {
    return 'all';
  }
}
