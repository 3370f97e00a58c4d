/**
 * The graph API (issue 8 point 5, the explorer's data): entities found by name, the neighbourhood of one entity
 * (one or two hops, strongest relationships first, capped), an overview of the most connected entities, and
 * the passages behind a node or an edge. Everything is the caller's own (withUser and an explicit user filter
 * on every table).
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type EntityType,
  type EvidencePassage,
  GRAPH_MAX_NODES,
  type GraphColumns,
  type GraphEdgeKey,
  type GraphEvidence,
  type GraphNode,
} from '../../../shared/knowledge.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';

export const ENTITY_NOT_FOUND = 'Entity not found';
export const RELATIONSHIP_NOT_FOUND = 'Relationship not found';

/** Edges kept per node kept: enough to show how the nodes hang together, not every link among thousands. */
const EDGES_PER_NODE = 3;
const SNIPPET_CHARS = 300;

type NodeRow = {
  id: string;
  name: string;
  entity_type: EntityType;
  mention_count: number;
  document_count: number;
};

const node = (row: NodeRow): GraphNode => ({
  id: row.id,
  name: row.name,
  type: row.entity_type,
  mentionCount: row.mention_count,
  documentCount: row.document_count,
});

/** A PostgreSQL array literal of ids (checked UUIDs) or of our own enum values. */
const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`;

const typeFilter = (column: SQL, types: readonly EntityType[]) =>
  types.length === 0 ? sql`true` : sql`${column} = any(${arrayLiteral(types)}::text[])`;

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Entities by name: exact and prefix matches first, then substrings and similar spellings (trigram), the most
 * mentioned first; without a name, the most mentioned entities.
 */
export function searchEntities(
  db: Db,
  userId: string,
  input: { q: string; types: readonly EntityType[]; limit: number },
): Promise<GraphNode[]> {
  const q = input.q.trim();
  return withUser(db, userId, async (tx) => {
    const match = q === '' ? sql`true` : sql`(e.name ilike ${`%${likeEscape(q)}%`} or e.name % ${q})`;
    const order =
      q === ''
        ? sql`e.mention_count desc, e.name, e.id`
        : sql`(lower(e.name) = lower(${q})) desc, (e.name ilike ${`${likeEscape(q)}%`}) desc,
              similarity(e.name, ${q}) desc, e.mention_count desc, e.id`;
    const rows = await queryRows<NodeRow>(
      tx,
      sql`select e.id, e.name, e.entity_type, e.mention_count, e.document_count
          from knowledge_entities e
          where e.user_id = ${userId} and ${typeFilter(sql`e.entity_type`, input.types)} and ${match}
          order by ${order}
          limit ${input.limit}`,
    );
    return rows.map(node);
  });
}

/** A node's fields as the graph answers them, from `knowledge_entities e`. */
const ENTITY_FIELDS = sql.raw(
  `e.name, e.entity_type as type, e.mention_count as "mentionCount", e.document_count as "documentCount"`,
);

/** The JSON array of a column of the rows aggregated (an empty array, not null, when there are none). */
const column = (expression: SQL, keep: SQL) =>
  sql`coalesce(array_agg(${expression}) filter (where ${keep}), '{}')`;

/**
 * A graph answer in columns: `kept` (a CTE of a node's ENTITY_FIELDS with its `id` and its `position` from 0,
 * at most `limit + 1` rows) gives the nodes in order; the edges are the strongest among the first `limit` of
 * them, at most EDGES_PER_NODE per node. Each part comes back as one JSON text (PGlite hands tens of thousands
 * of rows over one by one at twice the cost), aggregated from a sorted subquery so that it keeps that order;
 * one row more than wanted says that more were left out.
 */
async function graphOf(tx: Db, userId: string, ctes: SQL, limit: number): Promise<GraphColumns> {
  const inLimit = sql`position < ${limit}`;
  const [found] = await queryRows<{ nodes: string; more: boolean }>(
    tx,
    sql`with ${ctes}
        select json_build_object(
            'id', ${column(sql`id`, inLimit)}, 'name', ${column(sql`name`, inLimit)},
            'type', ${column(sql`type`, inLimit)}, 'mentionCount', ${column(sql`"mentionCount"`, inLimit)},
            'documentCount', ${column(sql`"documentCount"`, inLimit)}
          )::text as nodes,
          count(*) > ${limit} as more
        from (select * from kept order by position) k`,
  );
  const nodes = JSON.parse(found?.nodes ?? 'null') as GraphColumns['nodes'];
  const moreNodes = found?.more ?? false;
  const edgeLimit = limit * EDGES_PER_NODE;
  const inEdgeLimit = sql`n <= ${edgeLimit}`;
  const noEdges = { source: [], target: [], relation: [], weight: [] };
  if (nodes.id.length < 2) return { nodes, edges: noEdges, truncated: moreNodes };
  // The kept ids as a constant list: the planner then knows how many there are and hashes them.
  const [linked] = await queryRows<{ edges: string; more: boolean }>(
    tx,
    sql`with kept as (
          select id, (i - 1)::int as i from unnest(${arrayLiteral(nodes.id)}::uuid[]) with ordinality as k(id, i)
        )
        select json_build_object(
            'source', ${column(sql`source`, inEdgeLimit)}, 'target', ${column(sql`target`, inEdgeLimit)},
            'relation', ${column(sql`relation`, inEdgeLimit)}, 'weight', ${column(sql`weight`, inEdgeLimit)}
          )::text as edges,
          count(*) > ${edgeLimit} as more
        from (
          select s.i as source, t.i as target, r.relation, r.weight,
            row_number() over (order by r.weight desc, s.i, t.i, r.relation) as n
          from knowledge_relationships r
          join kept s on s.id = r.source_entity_id
          join kept t on t.id = r.target_entity_id
          where r.user_id = ${userId}
          order by n
          limit ${edgeLimit + 1}
        ) x`,
  );
  const edges = JSON.parse(linked?.edges ?? 'null') as GraphColumns['edges'];
  return { nodes, edges, truncated: moreNodes || (linked?.more ?? false) };
}

async function entityRow(tx: Db, userId: string, entityId: string): Promise<NodeRow> {
  const [row] = await queryRows<NodeRow>(
    tx,
    sql`select id, name, entity_type, mention_count, document_count from knowledge_entities
        where user_id = ${userId} and id = ${entityId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 404, ENTITY_NOT_FOUND);
  return row;
}

/**
 * The entity and its neighbours up to `depth` hops (only through entities of `types` when given): the nearest
 * first, then the most strongly related (the sum of the weights linking them in), at most `limit` nodes with
 * the entity itself; and the strongest edges among them. `truncated` says that more were left out.
 */
export function neighbourhood(
  db: Db,
  userId: string,
  input: { entityId: string; depth: 1 | 2; types: readonly EntityType[]; limit: number },
): Promise<GraphColumns> {
  const limit = Math.min(input.limit, GRAPH_MAX_NODES);
  return withUser(db, userId, async (tx) => {
    const center = await entityRow(tx, userId, input.entityId);
    const allowed = typeFilter(sql`e.entity_type`, input.types);
    // Both directions of a relationship, through the (user, source) and (target) indexes.
    const hop = (from: SQL) => sql`
      select r.target_entity_id as id, r.weight from knowledge_relationships r
      join ${from} f on f.id = r.source_entity_id where r.user_id = ${userId}
      union all
      select r.source_entity_id as id, r.weight from knowledge_relationships r
      join ${from} f on f.id = r.target_entity_id where r.user_id = ${userId}`;
    // The first hop's entities of the wanted types: the second goes only through them.
    const firstHop = sql`select id, sum(weight)::int as strength from hop1 where id <> ${center.id} group by id`;
    const n1 =
      input.types.length === 0
        ? firstHop
        : sql`select h.id, h.strength from (${firstHop}) h
              join knowledge_entities e on e.id = h.id and e.user_id = ${userId} where ${allowed}`;
    const second =
      input.depth === 2
        ? sql`, hop2 as (${hop(sql`n1`)}),
              n2 as (
                select id, sum(weight)::int as strength from hop2
                where id <> ${center.id} and id not in (select id from n1)
                group by id
              )`
        : sql``;
    // The entities' fields are joined once, to the ids ranked (joining them to each hop took longer).
    return graphOf(
      tx,
      userId,
      sql`center as (select ${center.id}::uuid as id),
          hop1 as (${hop(sql`center`)}),
          n1 as (${n1})${second},
          ranked as (
            select id, 0 as distance, 0 as strength from center
            union all select id, 1, strength from n1
            ${input.depth === 2 ? sql`union all select id, 2, strength from n2` : sql``}
          ),
          kept as (
            select e.id, ${ENTITY_FIELDS},
              row_number() over (order by k.distance, k.strength desc, e.mention_count desc, e.id) - 1 as position
            from ranked k join knowledge_entities e on e.id = k.id and e.user_id = ${userId}
            where k.distance = 0 or ${allowed}
            order by position
            limit ${limit + 1}
          )`,
      limit,
    );
  });
}

/** The first view: the most connected entities (then the most mentioned) and the edges among them. */
export function overview(
  db: Db,
  userId: string,
  input: { types: readonly EntityType[]; limit: number },
): Promise<GraphColumns> {
  const limit = Math.min(input.limit, GRAPH_MAX_NODES);
  return withUser(db, userId, (tx) =>
    graphOf(
      tx,
      userId,
      sql`degree as (
            select id, count(*)::int as degree from (
              select source_entity_id as id from knowledge_relationships where user_id = ${userId}
              union all
              select target_entity_id from knowledge_relationships where user_id = ${userId}
            ) ends group by id
          ),
          kept as (
            select e.id, ${ENTITY_FIELDS},
              row_number() over (order by coalesce(d.degree, 0) desc, e.mention_count desc, e.id) - 1 as position
            from knowledge_entities e left join degree d on d.id = e.id
            where e.user_id = ${userId} and ${typeFilter(sql`e.entity_type`, input.types)}
            order by position
            limit ${limit + 1}
          )`,
      limit,
    ),
  );
}

/** Up to SNIPPET_CHARS of a passage around the first place it says `words` (its opening when it does not). */
export function snippetAround(text: string, words: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const at = words ? flat.toLowerCase().indexOf(words.toLowerCase().replace(/\s+/g, ' ')) : -1;
  const start = at <= 0 ? 0 : Math.max(0, at - Math.floor((SNIPPET_CHARS - words.length) / 2));
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  let snippet = flat.slice(start, end);
  if (start > 0) snippet = `…${snippet.replace(/^\S*\s/, '')}`;
  if (end < flat.length) snippet = `${snippet.replace(/\s\S*$/, '')}…`;
  return snippet;
}

type EvidenceRow = {
  chunk_id: string;
  document_id: string;
  title: string;
  filename: string;
  section: string | null;
  page: number | null;
  text: string;
  phrase: string | null;
};

/** The passages behind a node (where the entity is mentioned) or an edge (where the link was read). */
export function evidence(
  db: Db,
  userId: string,
  input: { entityId: string; limit: number } | (GraphEdgeKey & { limit: number }),
): Promise<GraphEvidence> {
  return withUser(db, userId, async (tx) => {
    const passages = (rows: EvidenceRow[], words: (row: EvidenceRow) => string): EvidencePassage[] =>
      rows.slice(0, input.limit).map((row) => ({
        chunkId: row.chunk_id,
        documentId: row.document_id,
        title: row.title,
        filename: row.filename,
        section: row.section,
        page: row.page,
        snippet: snippetAround(row.text, words(row)),
        phrase: row.phrase,
      }));
    const documentJoin = sql`
      join document_chunks c on c.id = x.chunk_id and c.user_id = ${userId}
      join document_references d on d.id = x.document_id and d.user_id = ${userId}`;

    if ('entityId' in input) {
      const entity = await entityRow(tx, userId, input.entityId);
      const rows = await queryRows<EvidenceRow>(
        tx,
        sql`select x.chunk_id, x.document_id, d.title, d.filename, c.section, c.page, c.text, null as phrase
            from entity_document_refs x ${documentJoin}
            where x.user_id = ${userId} and x.entity_id = ${entity.id}
            order by x.mention_count desc, d.created_at desc, c.ordinal, x.chunk_id
            limit ${input.limit + 1}`,
      );
      return {
        entity: node(entity),
        relationship: null,
        passages: passages(rows, () => entity.name),
        truncated: rows.length > input.limit,
      };
    }

    const [relationship] = await queryRows<{
      id: string;
      source_entity_id: string;
      target_entity_id: string;
      relation: string;
      weight: number;
      source_name: string;
      target_name: string;
    }>(
      tx,
      sql`select r.id, r.source_entity_id, r.target_entity_id, r.relation, r.weight,
            s.name as source_name, t.name as target_name
          from knowledge_relationships r
          join knowledge_entities s on s.id = r.source_entity_id and s.user_id = ${userId}
          join knowledge_entities t on t.id = r.target_entity_id and t.user_id = ${userId}
          where r.user_id = ${userId} and r.source_entity_id = ${input.source}
            and r.target_entity_id = ${input.target} and r.relation = ${input.relation}`,
    );
    if (!relationship) throw new AppError('NOT_FOUND', 404, RELATIONSHIP_NOT_FOUND);
    const rows = await queryRows<EvidenceRow>(
      tx,
      sql`select x.chunk_id, x.document_id, d.title, d.filename, c.section, c.page, c.text, x.phrase
          from relationship_document_refs x ${documentJoin}
          where x.user_id = ${userId} and x.relationship_id = ${relationship.id}
          order by d.created_at desc, c.ordinal, x.chunk_id
          limit ${input.limit + 1}`,
    );
    return {
      entity: null,
      relationship: {
        source: relationship.source_entity_id,
        target: relationship.target_entity_id,
        relation: relationship.relation,
        weight: relationship.weight,
        sourceName: relationship.source_name,
        targetName: relationship.target_name,
      },
      passages: passages(rows, (row) => row.phrase ?? relationship.source_name),
      truncated: rows.length > input.limit,
    };
  });
}
