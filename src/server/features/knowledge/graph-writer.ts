/**
 * Writes what a document contributes (its passages, entity and relationship evidence) and takes it back out.
 * Every function here runs inside the caller's user-scoped transaction (`withUser`), so a document is indexed
 * whole or not at all. Graph writes of one user are serialised by an advisory lock: entity counts and orphan
 * removal read what other documents contributed, and two documents sharing an entity must not race.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { EntityType } from '../../../shared/knowledge.ts';
import type { Db } from '../../db/client.ts';
import {
  documentChunks,
  documentReferences,
  entityDocumentRefs,
  knowledgeEntities,
  knowledgeRelationships,
  relationshipDocumentRefs,
} from '../../db/schema.ts';
import type { Chunk } from './chunk.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, few round trips. */
const BATCH = 500;

export type EntityEvidence = {
  type: EntityType;
  canonical: string;
  /** The spelling the document uses most. */
  name: string;
  /** chunk id -> mentions in that passage */
  chunks: Map<string, number>;
};

export type RelationshipEvidence = {
  source: { type: EntityType; canonical: string };
  target: { type: EntityType; canonical: string };
  relation: string;
  /** chunk id -> the sentence it was read from (the relation is the linking phrase's normal form) */
  chunks: Map<string, string>;
};

/** A processed document, ready to be written in one transaction. */
export type DocumentContribution = {
  chunks: (Chunk & { id: string })[];
  entities: EntityEvidence[];
  relationships: RelationshipEvidence[];
  pageCount: number | null;
  /** The document's own title, replacing the one made from its file name. */
  title?: string;
};

const entityKey = (type: string, canonical: string) => `${type}\u0000${canonical}`;

function batches<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Serialises graph writes of one user until the transaction ends. */
export async function lockUserGraph(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`knowledge:${userId}`}, 0))`);
}

/** Entity counts from their evidence; entities left without any are removed (their relationships with them). */
async function recountEntities(tx: Db, ids: readonly string[]): Promise<void> {
  for (const batch of batches([...new Set(ids)])) {
    await tx.execute(sql`
      update knowledge_entities e
      set mention_count = coalesce(s.mentions, 0), document_count = coalesce(s.documents, 0), updated_at = now()
      from (
        select k.id,
          (select sum(r.mention_count) from entity_document_refs r where r.entity_id = k.id)::int as mentions,
          (select count(distinct r.document_id) from entity_document_refs r where r.entity_id = k.id)::int as documents
        from knowledge_entities k where k.id in (${idList(batch)})
      ) s
      where e.id = s.id`);
    await tx.execute(
      sql`delete from knowledge_entities where id in (${idList(batch)}) and mention_count = 0`,
    );
  }
}

/** Relationship weights = passages that say so; relationships left without any are removed. */
async function reweighRelationships(tx: Db, ids: readonly string[]): Promise<void> {
  for (const batch of batches([...new Set(ids)])) {
    await tx.execute(sql`
      update knowledge_relationships k
      set weight = (select count(*) from relationship_document_refs r where r.relationship_id = k.id)::int,
        updated_at = now()
      where k.id in (${idList(batch)})`);
    await tx.execute(sql`delete from knowledge_relationships where id in (${idList(batch)}) and weight = 0`);
  }
}

/**
 * Adds (+1) or takes out (-1) a document's passages in the user's word counts (the rarity retrieval weighs words
 * by); words no passage holds any more are dropped. Call `lockUserGraph` first: it serialises the counts.
 */
export async function countWords(tx: Db, documentId: string, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`
    insert into knowledge_word_counts (user_id, lexeme, passages)
    select c.user_id, w.lexeme, ${sign} * count(*)::int
    from document_chunks c, unnest(c.search_vector) w
    where c.document_id = ${documentId}
    group by c.user_id, w.lexeme
    on conflict (user_id, lexeme) do update set passages = knowledge_word_counts.passages + excluded.passages`);
  if (sign < 0) {
    await tx.execute(sql`delete from knowledge_word_counts
      where user_id = (select user_id from document_references where id = ${documentId}) and passages <= 0`);
  }
}

/**
 * Takes a document's contribution out: its passages and the evidence pointing at them; entities and
 * relationships that stood only on it disappear, the others are recounted. Call `lockUserGraph` first.
 */
export async function removeContribution(tx: Db, documentId: string): Promise<void> {
  const entityRefs = await tx
    .delete(entityDocumentRefs)
    .where(eq(entityDocumentRefs.documentId, documentId))
    .returning({ id: entityDocumentRefs.entityId });
  const relationshipRefs = await tx
    .delete(relationshipDocumentRefs)
    .where(eq(relationshipDocumentRefs.documentId, documentId))
    .returning({ id: relationshipDocumentRefs.relationshipId });
  await countWords(tx, documentId, -1);
  await tx.delete(documentChunks).where(eq(documentChunks.documentId, documentId));
  await reweighRelationships(
    tx,
    relationshipRefs.map((r) => r.id),
  );
  await recountEntities(
    tx,
    entityRefs.map((r) => r.id),
  );
}

/**
 * Replaces what a document contributed with `contribution` and marks it indexed, in the caller's transaction.
 * Returns false (writing nothing) when the document was deleted or replaced by a newer file meanwhile.
 */
export async function writeContribution(
  tx: Db,
  userId: string,
  document: { id: string; checksum: string },
  contribution: DocumentContribution,
): Promise<boolean> {
  await lockUserGraph(tx, userId);
  const [current] = await tx
    .select({ checksum: documentReferences.checksum })
    .from(documentReferences)
    .where(eq(documentReferences.id, document.id))
    .for('update');
  if (!current || current.checksum !== document.checksum) return false;

  await removeContribution(tx, document.id);

  for (const batch of batches(contribution.chunks)) {
    await tx.insert(documentChunks).values(
      batch.map((chunk) => ({
        id: chunk.id,
        userId,
        documentId: document.id,
        ordinal: chunk.ordinal,
        section: chunk.section,
        page: chunk.page,
        text: chunk.text,
      })),
    );
  }
  await countWords(tx, document.id, 1);

  const entityIds = new Map<string, string>();
  for (const batch of batches(contribution.entities)) {
    const rows = await tx
      .insert(knowledgeEntities)
      .values(
        batch.map((e) => ({
          userId,
          name: e.name,
          canonicalName: e.canonical,
          entityType: e.type,
          mentionCount: [...e.chunks.values()].reduce((sum, n) => sum + n, 0),
        })),
      )
      .onConflictDoUpdate({
        target: [knowledgeEntities.userId, knowledgeEntities.entityType, knowledgeEntities.canonicalName],
        // The name shown is the spelling used most: this document's when it mentions the entity more often
        // than all the others together did.
        set: {
          name: sql`case when excluded.mention_count > knowledge_entities.mention_count then excluded.name else knowledge_entities.name end`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        id: knowledgeEntities.id,
        type: knowledgeEntities.entityType,
        canonical: knowledgeEntities.canonicalName,
      });
    for (const row of rows) entityIds.set(entityKey(row.type, row.canonical), row.id);
  }

  const entityRefs = contribution.entities.flatMap((e) => {
    const entityId = entityIds.get(entityKey(e.type, e.canonical));
    return entityId
      ? [...e.chunks].map(([chunkId, mentionCount]) => ({
          userId,
          entityId,
          documentId: document.id,
          chunkId,
          mentionCount,
        }))
      : [];
  });
  for (const batch of batches(entityRefs)) await tx.insert(entityDocumentRefs).values(batch);

  const relationships = contribution.relationships.flatMap((r) => {
    const sourceEntityId = entityIds.get(entityKey(r.source.type, r.source.canonical));
    const targetEntityId = entityIds.get(entityKey(r.target.type, r.target.canonical));
    return sourceEntityId && targetEntityId && sourceEntityId !== targetEntityId
      ? [{ evidence: r, sourceEntityId, targetEntityId }]
      : [];
  });
  const relationshipRefs: (typeof relationshipDocumentRefs.$inferInsert)[] = [];
  for (const batch of batches(relationships)) {
    const rows = await tx
      .insert(knowledgeRelationships)
      .values(
        batch.map((r) => ({
          userId,
          sourceEntityId: r.sourceEntityId,
          targetEntityId: r.targetEntityId,
          relation: r.evidence.relation,
          weight: r.evidence.chunks.size,
        })),
      )
      .onConflictDoUpdate({
        target: [
          knowledgeRelationships.userId,
          knowledgeRelationships.sourceEntityId,
          knowledgeRelationships.targetEntityId,
          knowledgeRelationships.relation,
        ],
        set: { updatedAt: sql`now()` },
      })
      .returning({
        id: knowledgeRelationships.id,
        source: knowledgeRelationships.sourceEntityId,
        target: knowledgeRelationships.targetEntityId,
        relation: knowledgeRelationships.relation,
      });
    const byKey = new Map(rows.map((row) => [`${row.source}|${row.target}|${row.relation}`, row.id]));
    for (const r of batch) {
      const relationshipId = byKey.get(`${r.sourceEntityId}|${r.targetEntityId}|${r.evidence.relation}`);
      if (!relationshipId) continue;
      for (const [chunkId, phrase] of r.evidence.chunks) {
        relationshipRefs.push({ userId, relationshipId, documentId: document.id, chunkId, phrase });
      }
    }
  }
  for (const batch of batches(relationshipRefs)) await tx.insert(relationshipDocumentRefs).values(batch);

  // Counts over every document's evidence, for the entities and relationships this one touches.
  await tx.execute(sql`
    update knowledge_entities e
    set mention_count = s.mentions, document_count = s.documents
    from (
      select entity_id, sum(mention_count)::int as mentions, count(distinct document_id)::int as documents
      from entity_document_refs
      where entity_id in (select entity_id from entity_document_refs where document_id = ${document.id})
      group by entity_id
    ) s
    where e.id = s.entity_id`);
  await tx.execute(sql`
    update knowledge_relationships k
    set weight = s.passages
    from (
      select relationship_id, count(*)::int as passages
      from relationship_document_refs
      where relationship_id in (
        select relationship_id from relationship_document_refs where document_id = ${document.id})
      group by relationship_id
    ) s
    where k.id = s.relationship_id`);

  await tx
    .update(documentReferences)
    .set({
      status: 'indexed',
      stage: 'indexed',
      progress: 100,
      error: null,
      chunkCount: contribution.chunks.length,
      pageCount: contribution.pageCount,
      ...(contribution.title ? { title: contribution.title } : {}),
      processedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(documentReferences.id, document.id), eq(documentReferences.userId, userId)));
  return true;
}
